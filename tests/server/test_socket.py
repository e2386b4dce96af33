"""The table websocket: seats and tokens, moves and versions, bad input, and secrets."""

import json
from collections import Counter
from contextlib import contextmanager

import pytest
from starlette.websockets import WebSocketDisconnect

import ratking
from ratking.server.play.messages import board_message

from ..own import own_games
from .conftest import GAME_WAIT, board_svg, expect, new_table, receive_json, receive_state, waiting


@contextmanager
def join(client, table, tokens=()):
    """A socket at the table (holding `tokens`), and the first state it was sent."""
    with client.websocket_connect(f"/ws/tables/{table['id']}") as socket:
        first = receive_state(socket)
        assert first["type"] == "state"
        if tokens:
            socket.send_json({"type": "hello", "tokens": list(tokens)})
            first = receive_state(socket)
        yield socket, first


def test_unknown_table_is_refused_and_closed(client):
    with client.websocket_connect("/ws/tables/nope") as ws:
        message = receive_json(ws)
        assert message == {"type": "error", "code": "unknown-table",
                           "message": "no table 'nope'"}
        with pytest.raises(WebSocketDisconnect) as closed:
            receive_json(ws)
        assert closed.value.code == 4404


def test_spectators_see_no_hand_and_act_for_no_seat(client):
    table = new_table(client, seats=("human", "human", "human"))
    with join(client, table) as (ws, state):
        assert state["seat"] is None and state["actions"] == [] and state["you"] == []
        assert all(card is None for seat in state["view"]["seats"] for card in seat["cards"])
        assert 'data-action' not in board_svg(state)
        ws.send_json({"type": "move", "seat": 0, "action": "roll:1", "version": 0})
        assert expect(ws, "error")["code"] == "not-your-seat"
        ws.send_json({"type": "ping"})
        assert expect(ws, "pong") == {"type": "pong"}


def test_a_seat_token_unlocks_that_seat_only(client):
    table = new_table(client, seats=("human", "human", "bot"))
    token0, token1 = table["seats"][0]["token"], table["seats"][1]["token"]
    with join(client, table, [token1]) as (ws, state):
        assert state["you"] == [1] and state["seat"] == 1 and state["actions"] == []
        ws.send_json({"type": "move", "seat": 0, "action": "roll:1", "version": 0})
        assert expect(ws, "error")["code"] == "not-your-seat"
        ws.send_json({"type": "hello", "tokens": ["forged"]})
        assert expect(ws, "error")["code"] == "bad-token"
    with join(client, table, [token0]) as (ws, state):
        assert state["seat"] == 0 and [a["id"] for a in state["actions"]] == \
            ["roll:1", "roll:2", "roll:3"]
        # the page makes a button of each, so each comes with its label for people
        assert [a["label"] for a in state["actions"]] == \
            ["Roll 1 die", "Roll 2 dice", "Roll 3 dice"]


def test_bad_messages_get_clear_errors_and_the_socket_stays_usable(client):
    table = new_table(client, seats=("human", "human", "bot"))
    with join(client, table, [table["seats"][0]["token"]]) as (ws, _state):
        for text, code in [("{not json", "malformed"), ("[1, 2]", "malformed"),
                           (json.dumps({"type": "dance"}), "unknown-type"),
                           ("x" * 5000, "too-large"),
                           (json.dumps({"type": "move", "seat": 0}), "malformed"),
                           (json.dumps({"type": "hello", "tokens": "abc"}), "malformed")]:
            ws.send_text(text)
            answer = expect(ws, "error")
            assert answer["code"] == code, (text[:20], answer)
        ws.send_json({"type": "ping"})
        assert expect(ws, "pong") == {"type": "pong"}
        assert client.get(f"/api/tables/{table['id']}").json()["version"] == 0


def test_stale_and_illegal_moves_change_nothing(client):
    table = new_table(client, seats=("human", "human", "bot"))
    with join(client, table, [table["seats"][0]["token"]]) as (ws, _state):
        ws.send_json({"type": "move", "seat": 0, "action": "roll:1", "version": 5})
        answer = receive_state(ws)
        assert answer["code"] == "stale" and "version 5" in answer["message"]
        assert receive_state(ws)["version"] == 0  # and the current state comes with it
        ws.send_json({"type": "move", "seat": 0, "action": "skip", "version": 0})
        answer = receive_state(ws)
        assert answer["code"] == "illegal" and "only the Wild die" in answer["message"]
        receive_state(ws)
        ws.send_json({"type": "move", "seat": 0, "action": "fly", "version": 0})
        assert receive_state(ws)["message"] == "no such action in this game"
        receive_state(ws)
        assert client.get(f"/api/tables/{table['id']}").json()["version"] == 0
        ws.send_json({"type": "move", "seat": 0, "action": "roll:2", "version": 0})
        assert receive_state(ws)["version"] == 1


def play_to_the_end(ws, first):
    """Seat's socket: take the first legal action whenever it is ours; return all messages."""
    messages, state = [first], first
    for _ in waiting(GAME_WAIT, "the end of the game"):
        if state.get("result") is not None:
            break
        if state["actions"] and state["version"] == max(m["version"] for m in messages):
            ws.send_json({"type": "move", "seat": state["seat"],
                          "action": state["actions"][0]["id"], "version": state["version"]})
        state = receive_state(ws)
        assert state["type"] == "state", state
        messages.append(state)
    return messages


GAMES = {"rat-a-tat-roll": (("human", "bot", "bot"), {"memory_aid": True}),
         "rat-and-duck": (("human", "bot"), {}),
         "target-rats": (("human", "bot"), {"max_rounds": 12}),
         "target-rats-simplified": (("human", "bot"), {}),
         "you-dirty-rat": (("human", "bot"), {})}


def test_every_game_of_ratkings_own_has_a_web_table_test():
    assert sorted(GAMES) == sorted(own_games())


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_full_game_against_bots_never_sends_more_than_the_seat_may_see(client, game_id):
    seats, rules = GAMES[game_id]
    table = new_table(client, seats=seats, rules=rules, game=game_id)
    with join(client, table, [table["seats"][0]["token"]]) as (ws, first):
        messages = play_to_the_end(ws, first)
    record = client.get(f"/api/tables/{table['id']}/record").json()
    final = ratking.replay(record)
    assert final.is_over and messages[-1]["result"]["returns"] == final.returns()
    # every message equals what seat 0's view and events give at that version, so it carries
    # exactly what the engine lets seat 0 know (and the engine's views are property-tested)
    checked = 0
    for message in messages:
        if message["seat"] != 0:
            continue
        state = ratking.replay(record, upto=message["version"])
        expected = json.loads(json.dumps(board_message(state, 0)))
        for key in ("view", "actions", "route_actions", "log"):
            assert message[key] == expected[key], key
        checked += 1
    assert checked == len(messages) > 5
    # and the record replays to the same finished game the server has
    info = client.get(f"/api/tables/{table['id']}").json()
    assert info["status"] == "over" and info["version"] == len(record["actions"])
    step = client.get(f"/api/tables/{table['id']}/replay/3").json()
    assert step["step"] == 3 and step["total"] == len(record["actions"]) and step["svg"]
    assert client.get(f"/api/tables/{table['id']}/replay/9999").status_code == 400


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_bots_play_a_table_of_bots_to_the_end(client, game_id):
    table = new_table(client, seats=("bot", "random", "bot")[:len(GAMES[game_id][0])],
                      game=game_id)
    with join(client, table) as (ws, state):
        for _ in waiting(GAME_WAIT, "the bots to finish the game"):
            if state.get("result") is not None:
                break
            state = receive_state(ws)
    assert client.get(f"/api/tables/{table['id']}").json()["status"] == "over"


def test_one_browser_may_hold_several_seats(client):
    table = new_table(client, seats=("human", "human", "bot"))
    tokens = [s["token"] for s in table["seats"][:2]]
    with join(client, table, tokens) as (ws, state):
        assert state["you"] == [0, 1] and state["seat"] == 0
        messages = play_to_the_end(ws, state)
    assert {m["seat"] for m in messages if m["actions"]} == {0, 1}  # it moved for both seats


def test_a_turn_timer_lets_a_bot_move_for_a_late_player(tmp_path):
    from fastapi.testclient import TestClient

    from ratking.server import create_app

    app = create_app(f"sqlite:///{tmp_path / 't.db'}", bot_delay=0)
    with TestClient(app) as client:
        table = new_table(client, seats=("human", "bot", "bot"), turn_timer=5)
        with join(client, table, [table["seats"][0]["token"]]) as (ws, state):
            assert 0 < state["turn_deadline"] <= 5
            room = app.state.rooms.rooms[table["id"]]
            room.row.turn_timer = 0.05  # shorten the wait for the test
            client.portal.call(room.schedule)  # on the server's event loop
            for _ in waiting(10, "the turn timer's stand-in to move"):
                if state["version"] > 0:
                    break
                state = receive_state(ws)
        moves = client.get(f"/api/tables/{table['id']}").json()["version"]
        assert moves >= 1


def test_a_move_for_a_seat_not_to_move_is_refused(client):
    table = new_table(client, seats=("human", "human", "bot"))
    tokens = [s["token"] for s in table["seats"][:2]]
    with join(client, table, tokens) as (ws, state):
        assert state["version"] == 0 and state["seat"] == 0
        ws.send_json({"type": "move", "seat": 1, "action": "roll:1", "version": 0})
        answer = receive_state(ws)
        assert answer == {"type": "error", "code": "not-your-turn",
                          "message": "it is Player 1's turn"}
        assert receive_state(ws)["version"] == 0  # the table as it is comes with it
    assert client.get(f"/api/tables/{table['id']}").json()["version"] == 0


def test_a_move_after_the_end_is_refused(client):
    table = new_table(client, seats=("human", "bot"), game="rat-and-duck",
                      rules={"max_rounds": 2})
    with join(client, table, [table["seats"][0]["token"]]) as (ws, first):
        last = play_to_the_end(ws, first)[-1]
        ws.send_json({"type": "move", "seat": 0, "action": "end:1", "version": last["version"]})
        assert receive_state(ws) == {"type": "error", "code": "over",
                                     "message": "the game is over"}
    info = client.get(f"/api/tables/{table['id']}").json()
    assert info["status"] == "over" and info["version"] == last["version"]


def crash(state):
    raise RuntimeError("the bot broke")


def moves_by(app, table_id):
    """Who made each stored move of a table: "human", "bot", "timer" or "stand-in"."""
    with app.state.rooms.storage.engine.connect() as conn:
        rows = conn.exec_driver_sql(
            "SELECT by FROM moves WHERE table_id = ? ORDER BY \"index\"", (table_id,))
        return [r[0] for r in rows]


def test_a_crashing_bot_does_not_stall_its_table(tmp_path, caplog):
    # the choice made: the turn timer's stand-in (the heuristic) moves for a bot that fails,
    # and a random move if the stand-in fails too; each failure is logged
    from fastapi.testclient import TestClient

    from ratking.server import create_app

    app = create_app(f"sqlite:///{tmp_path / 't.db'}", bot_delay=0)
    with TestClient(app) as client:
        table = new_table(client, seats=("human", "bot", "bot"))
        workers = app.state.rooms.workers
        real, tries = workers.choose, Counter()

        async def flaky(state, spec, seed, **queue):
            # per decision: seat 1's bot fails (the stand-in moves); seat 2's bot and the
            # stand-in both fail (a random move is made)
            seat, step = state.current_player, len(state.history)
            tries[step] += 1
            if (seat == 1 and tries[step] == 1) or (seat == 2 and tries[step] <= 2):
                crash(state)
            return await real(state, spec, seed, **queue)

        workers.choose = flaky
        with join(client, table, [table["seats"][0]["token"]]) as (ws, first):
            play_to_the_end(ws, first)
        by = moves_by(app, table["id"])
        record = client.get(f"/api/tables/{table['id']}/record").json()
    assert set(by) == {"human", "stand-in"}
    assert ratking.replay(record).is_over and len(record["actions"]) == len(by)
    assert "a bot failed to move for seat 1" in caplog.text
    assert "a bot failed to move for seat 2" in caplog.text and "the bot broke" in caplog.text


def test_nested_json_and_binary_frames_get_errors_and_the_socket_stays(client):
    table = new_table(client, seats=("human", "human", "bot"))
    with join(client, table, [table["seats"][0]["token"]]) as (ws, _state):
        ws.send_text("[" * 1500 + "]" * 1500)  # 3 KB of nesting: deeper than any parser goes
        answer = expect(ws, "error")
        assert answer["code"] == "malformed" and "not JSON" in answer["message"]
        ws.send_text('{"type": "move", "seat": 0, "action": ' + "[" * 1200 + "]" * 1200 + "}")
        assert expect(ws, "error")["code"] == "malformed"
        ws.send_bytes(b'{"type": "ping"}')
        answer = expect(ws, "error")
        assert answer["code"] == "binary" and "not binary" in answer["message"]
        ws.send_bytes(b"\x00\xff" * 100)
        assert expect(ws, "error")["code"] == "binary"
        ws.send_json({"type": "ping"})
        assert expect(ws, "pong") == {"type": "pong"}
        ws.send_json({"type": "move", "seat": 0, "action": "roll:2", "version": 0})
        assert receive_state(ws)["version"] == 1  # and it still plays


def test_a_client_that_asks_gets_a_full_message(client):
    table = new_table(client, seats=("human", "human", "bot"))
    with join(client, table, [table["seats"][0]["token"]]) as (ws, state):
        ws.send_json({"type": "move", "seat": 0, "action": "roll:2", "version": 0})
        raw = receive_json(ws)
        assert raw["type"] == "delta" and raw["base"] == state["seq"]
        ws.send_json({"type": "sync"})
        full = receive_json(ws)
        assert full["type"] == "state" and full["version"] == 1


def test_a_move_lost_to_another_process_is_caught_up_and_play_goes_on(client):
    """Another process wrote the move first and its notice never came (SQLite has none): the
    room takes the stored move, refuses ours as stale, tells everyone and plays on."""
    table = new_table(client, seats=("human", "bot", "bot"))
    storage = client.app.state.rooms.storage
    with join(client, table, [table["seats"][0]["token"]]) as (ws, state):
        storage.add_move(table["id"], 0, "roll:1", 0, "human")  # behind the room's back
        ws.send_json({"type": "move", "seat": 0, "action": "roll:2", "version": 0})
        answer = expect(ws, "error")
        assert answer["code"] == "stale" and "another move" in answer["message"]
        state = receive_state(ws)
        assert state["version"] >= 1
        messages = play_to_the_end(ws, state)
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert record["actions"][0] == "roll:1" and ratking.replay(record).is_over
    assert messages[-1]["version"] == len(record["actions"])
