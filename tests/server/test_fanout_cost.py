"""What a move costs a process that only hears of it (PostgreSQL): the notice carries the
move, so the process applies it without reading the database, and it does not try to take
the lease of a table another process drives (once per move, that was most of its work)."""

import asyncio
from collections import Counter

import psycopg
import pytest

from ratking.server.rooms import Connection, Rooms
from ratking.server.settings import Settings
from ratking.server.storage.tables import MoveConflict, Storage, libpq_url

from .conftest import GAME_WAIT
from .test_broadcasts import Sink
from .test_storage import row


def counted(storage: Storage, calls: Counter, names: tuple[str, ...]) -> None:
    """Count the calls of `storage`'s methods `names` (on this object only; a part's method
    by its dotted name, `leases.acquire`)."""
    for name in names:
        *path, last = name.split(".")
        owner = storage
        for part in path:
            owner = getattr(owner, part)
        method = getattr(owner, last)

        def wrapper(*args, _method=method, _name=name, **kwargs):
            calls[_name] += 1
            return _method(*args, **kwargs)

        setattr(owner, last, wrapper)


def test_a_process_that_hears_a_move_asks_the_database_nothing(postgres):
    async def scenario():
        storage_a, storage_b = Storage(postgres), Storage(postgres)
        settings = Settings(bot_delay=0, botonly_min_delay=0, botonly_max_rounds=10**6)
        a, b = Rooms(storage_a, settings), Rooms(storage_b, settings)
        calls: Counter = Counter()
        try:
            await a.start()
            await b.start()
            room, _tokens, _owner = await a.create("rat-a-tat-roll", 3, ["heuristic"] * 3,
                                                   {}, None, None, 0)
            room.task.cancel()  # the bots start once b watches the table
            watched = await b.get(room.id)
            assert room.driving and not watched.driving
            sink = Sink()
            await watched.joined(Connection(sink))  # type: ignore[arg-type]
            counted(storage_b, calls, ("leases.acquire", "moves_since", "row", "load", "add_move"))
            room.schedule()
            loop = asyncio.get_running_loop()
            deadline = loop.time() + GAME_WAIT
            while (room.playing or watched.version < room.version) and loop.time() < deadline:
                await asyncio.sleep(0.02)
            return room.version, watched.version, watched.state.record(), \
                room.state.record(), len(sink.texts), calls
        finally:
            for rooms, storage in ((a, storage_a), (b, storage_b)):
                await rooms.close()
                storage.close()

    version_a, version_b, record_b, record_a, frames, calls = asyncio.run(scenario())
    assert version_a > 20 and version_b == version_a and record_b == record_a
    assert frames > 1  # b's spectator followed the game
    # not one lease tried, not one move read: every move came whole in its notice
    assert calls == Counter(), calls


def test_a_move_is_written_counted_and_told_in_one_statement(postgres):
    """The move, the table's count and its notice go as one statement on PostgreSQL: a
    written move is told once, a refused one (its index taken) writes and tells nothing."""
    storage = Storage(postgres)
    listener = psycopg.connect(libpq_url(postgres), autocommit=True)
    try:
        listener.execute(f'LISTEN "{storage.channel}"')
        storage.create(row("t1"))
        storage.add_move("t1", 0, "roll:1", 0, "human")
        with pytest.raises(MoveConflict):
            storage.add_move("t1", 0, "roll:2", 0, "human")
        storage.add_move("t1", 1, "keep", 1, "bot")
        told = [n.payload for n in listener.notifies(timeout=2, stop_after=3)]
        assert told == ["m t1 0 0 roll:1", "m t1 1 1 keep"]
        assert storage.moves_since("t1", 0) == (2, ["roll:1", "keep"])
        assert storage.row("t1").moves == 2 and storage.row("t1").version == 2
    finally:
        listener.close()
        storage.close()
