"""Broadcasts do not amplify: a socket joining, leaving or saying hello costs one frame, and
the others are sent one more only when what they see changes (a seat came online or left).
Frames are counted where the server sends them (`Connection.send_text`)."""

import asyncio
import json
from collections import Counter
from contextlib import ExitStack

from ratking.server.rooms import Connection, Rooms
from ratking.server.rooms import connection as connection_module
from ratking.server.settings import Settings
from ratking.server.storage.tables import Storage

from .conftest import expect, new_table, receive_state


class Sink:
    """A socket that keeps what it is sent."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    async def send_text(self, text: str) -> None:
        self.texts.append(text)


def sent(sinks: list[Sink]) -> int:
    return sum(len(s.texts) for s in sinks)


async def crowd(db: str) -> dict[str, int]:
    """A table of two people watched by 300 spectators: the frames each step made."""
    rooms = Rooms(Storage(db), Settings(bot_delay=0, botonly_min_delay=0))
    room, _tokens, _owner = await rooms.create("rat-a-tat-roll", 2, ["human", "human"], {},
                                               None, None, 0)
    frames: dict[str, int] = {}
    spectators = [Sink() for _ in range(300)]
    conns = [Connection(s) for s in spectators]  # type: ignore[arg-type]
    for conn in conns:
        await room.joined(conn)
    frames["300 joins"] = sent(spectators)
    for _ in range(200):  # one spectator says hello, again and again, with no token
        await room.greeted(conns[0], room.seen())
    frames["200 hellos, others"] = sent(spectators[1:]) - 299
    frames["200 hellos, itself"] = len(spectators[0].texts) - 1
    before = sent(spectators)
    person = Sink()
    await room.joined(Connection(person, (0,)))  # type: ignore[arg-type]
    frames["a person comes"] = sent(spectators) - before
    frames["the person's own"] = len(person.texts)
    before = sent(spectators)
    for conn in conns[150:]:
        await room.left(conn)
    frames["150 leave"] = sent(spectators) - before
    by_seq = {json.loads(t).get("seq") for s in spectators[1:150] for t in s.texts[1:]}
    frames["distinct messages after the first"] = len(by_seq)
    await rooms.close()
    rooms.storage.close()
    return frames


def test_joins_and_hellos_are_linear_in_the_sockets(tmp_path):
    frames = asyncio.run(crowd(f"sqlite:///{tmp_path / 'crowd.db'}"))
    assert frames == {
        "300 joins": 300,  # one each, none to the others: nobody else's screen changed
        "200 hellos, others": 0,
        "200 hellos, itself": 200,  # each hello is answered with the table in full
        "a person comes": 300,  # seat 0 comes online: each spectator is told once
        "the person's own": 1,
        "150 leave": 0,  # spectators leaving change nothing anyone sees
        "distinct messages after the first": 1,  # the same delta for every spectator
    }


def test_a_hello_through_the_socket_reaches_only_whom_it_concerns(client, monkeypatch):
    """Over the real route: a spectator's hellos are answered to it alone; a person's hello
    (their seat comes online) reaches each socket at the table once."""
    counts: Counter = Counter()
    send_text = connection_module.Connection.send_text

    async def counted(self, text):
        counts[id(self)] += 1
        return await send_text(self, text)

    monkeypatch.setattr(connection_module.Connection, "send_text", counted)
    table = new_table(client, seats=("human", "human"))
    with ExitStack() as stack:
        sockets = [stack.enter_context(client.websocket_connect(f"/ws/tables/{table['id']}"))
                   for _ in range(12)]
        for ws in sockets:
            receive_state(ws)
        assert sum(counts.values()) == 12  # one frame per join
        for _ in range(20):
            sockets[0].send_json({"type": "hello", "tokens": []})
            receive_state(sockets[0])
        sockets[0].send_json({"type": "ping"})  # its hellos are all handled once it answers
        expect(sockets[0], "pong")
        assert sum(counts.values()) == 12 + 20 + 1
        sockets[1].send_json({"type": "hello", "tokens": [table["seats"][0]["token"]]})
        assert receive_state(sockets[1])["you"] == [0]
        sockets[1].send_json({"type": "ping"})
        expect(sockets[1], "pong")
        assert sum(counts.values()) == 12 + 20 + 1 + 12 + 1  # the hello, once per socket
        for ws in sockets[2:]:
            seats = receive_state(ws)["table"]["seats"]
            assert [s["connected"] for s in seats] == [True, False]
