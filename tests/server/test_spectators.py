"""Spectators: the players are told who watches (names, or "a guest"), over the table's socket;
spectators have a chat of their own, which other spectators read at once and the players only
once the game is over (never in a state message), with its own quota per person."""

import asyncio

import orjson

from ratking.server.people import quotas
from ratking.server.play.delta import apply
from ratking.server.rooms import Connection, Rooms, chat
from ratking.server.settings import Settings
from ratking.server.storage.tables import Storage

from .conftest import expect, new_table, receive_state, waiting
from .test_broadcasts import Sink
from .test_lobby import finish
from .test_socket import join


def watching_until(ws, names: list[str]) -> dict:
    """The player's state messages until the spectators named are `names`."""
    for _ in waiting(10, f"the spectators {names}"):
        state = receive_state(ws)
        if state["type"] == "state" and state["watching"]["names"] == names:
            return state


def test_the_players_are_told_who_watches_over_the_socket(client):
    table = new_table(client, seats=("human", "human"))
    token = table["seats"][0]["token"]
    with join(client, table, [token]) as (player, first):
        assert first["watching"] == {"names": [], "count": 0}
        with join(client, table) as (ann, seen):
            assert "watching" not in seen  # a spectator's own message names nobody
            watching_until(player, ["a guest"])
            ann.send_json({"type": "hello", "tokens": [], "name": "Ann"})
            assert "watching" not in receive_state(ann)
            watching_until(player, ["Ann"])
            with join(client, table) as (_bob, _seen):
                state = watching_until(player, ["a guest", "Ann"])
                assert state["watching"]["count"] == 2


async def comings_and_goings(db: str) -> tuple[list[list[str]], list[int]]:
    rooms = Rooms(Storage(db), Settings(bot_delay=0, botonly_min_delay=0))
    room, _tokens, _owner = await rooms.create("rat-a-tat-roll", 2, ["human", "human"], {},
                                               None, None, 0)
    player = Sink()
    await room.joined(Connection(player, (0,)))  # type: ignore[arg-type]
    sinks = [Sink() for _ in range(3)]
    conns = [Connection(s, who="address-1") for s in sinks]  # type: ignore[arg-type]
    conns[1].name = "Ann"
    conns[2].account_id, conns[2].account_name = 7, "Bob"
    for conn in conns:
        await room.joined(conn)
    await room.joined(Connection(Sink(), who="address-1"))  # the first guest's second socket
    for conn in conns:
        await room.left(conn)
    told, held = [], {}
    for text in player.texts:
        message = orjson.loads(text)
        held = message if message["type"] == "state" else apply(held, message["ops"])
        told.append(held["watching"]["names"])
    await rooms.close()
    rooms.storage.close()
    return told, [len(s.texts) for s in sinks]


def test_a_spectator_coming_and_going_tells_the_players_alone(tmp_path):
    told, spectators = asyncio.run(comings_and_goings(f"sqlite:///{tmp_path / 'w.db'}"))
    # the first guest's second socket changes nothing, and keeps them listed when the first
    # one goes
    assert told == [[], ["a guest"], ["a guest", "Ann"], ["a guest", "Ann", "Bob"],
                    ["a guest", "Bob"], ["a guest"]]
    assert spectators == [1, 1, 1]  # each its own table, nothing of the others' comings


def test_the_spectators_chat_is_read_by_players_only_after_the_game(client):
    table = new_table(client, seats=("human", "bot"))
    token = table["seats"][0]["token"]
    secret = "psst, the bot holds a seven"
    with join(client, table, [token]) as (player, _state), \
            join(client, table) as (ann, _s), join(client, table) as (other, _t):
        ann.send_json({"type": "hello", "tokens": [], "name": "Ann"})
        receive_state(ann)
        ann.send_json({"type": "chat", "channel": "spectators", "text": secret})
        line = expect(ann, "chat")["lines"][0]
        assert line["name"] == "Ann" and line["seat"] is None
        assert line["channel"] == "spectators" and line["text"] == secret
        assert expect(other, "chat")["lines"] == [line]
        with join(client, table) as (third, _u):  # a newcomer has it after its hello
            third.send_json({"type": "hello", "tokens": []})
            assert expect(third, "chat")["lines"] == [line]
        # the player: no line, no word of it in any message, until their own line comes
        player.send_json({"type": "chat", "text": "my line"})
        for _ in waiting(10, "the player's own line"):
            message = player.receive_json()
            assert secret not in orjson.dumps(message).decode()
            if message["type"] == "chat":
                assert [x["text"] for x in message["lines"]] == ["my line"]
                break
        for spectator in (ann, other):  # the spectators read the players' chat
            assert expect(spectator, "chat")["lines"][0]["text"] == "my line"
        # a player may not write there, nor a spectator in the players' chat
        player.send_json({"type": "chat", "channel": "spectators", "text": "hi"})
        assert expect(player, "error")["code"] == "not-a-spectator"
        ann.send_json({"type": "chat", "text": "hi"})
        assert expect(ann, "error")["code"] == "not-your-seat"
    assert client.get(f"/api/tables/{table['id']}/chat/spectators").status_code == 409
    with client.websocket_connect(f"/ws/tables/{table['id']}") as late:  # a player's page
        assert receive_state(late)["type"] == "state"
        history = expect(late, "chat")["lines"]  # sent before its hello: no secret
        assert [x["text"] for x in history] == ["my line"]
        late.send_json({"type": "hello", "tokens": [token]})
        receive_state(late)
        late.send_json({"type": "ping"})  # and none after it
        assert expect(late, "pong")
    finish(client, table)
    lines = client.get(f"/api/tables/{table['id']}/chat/spectators").json()["lines"]
    assert [(x["name"], x["text"]) for x in lines] == [("Ann", secret)]
    with client.websocket_connect(f"/ws/tables/{table['id']}") as after:
        assert receive_state(after)["type"] == "state"
        history = expect(after, "chat")["lines"]
        assert [x["text"] for x in history] == [secret, "my line"]


def test_the_spectators_chat_has_its_own_quota_per_person(client):
    table = new_table(client, seats=("human", "bot"))
    token = table["seats"][0]["token"]
    limit, _window = quotas.SPECTATOR_CHAT
    with join(client, table) as (one, _s), join(client, table) as (two, _t), \
            join(client, table, [token]) as (player, _state):
        for i in range(limit):  # one person's two sockets share it
            socket = (one, two)[i % 2]
            socket.send_json({"type": "chat", "channel": "spectators", "text": f"line {i}"})
            for reader in (one, two):
                assert expect(reader, "chat")["lines"][0]["text"] == f"line {i}"
        two.send_json({"type": "chat", "channel": "spectators", "text": "one too many"})
        assert expect(two, "error")["code"] == "slow-down"
        one.send_json({"type": "chat", "channel": "spectators", "text": "still too many"})
        assert expect(one, "error")["code"] == "slow-down"
        player.send_json({"type": "chat", "text": "the players' quota is apart"})
        assert expect(player, "chat")["lines"][0]["text"] == "the players' quota is apart"
    stored = client.app.state.rooms.storage.chat.recent(table["id"], 50)
    assert sum(row.seat == chat.SPECTATORS for row in stored) == limit
