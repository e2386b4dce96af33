"""Storage on SQLite and PostgreSQL: migrations, tables, moves, the tables to resume."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import inspect, select

from ratking.server.storage.tables import LimitReached, Limits, MoveConflict, Storage, TableRow, now


@pytest.fixture
def storage(db_url):
    """A fresh store: a SQLite file, or a PostgreSQL schema of this test's own."""
    store = Storage(db_url)
    yield store
    store.close()


def row(table_id, status="playing"):
    stamp = now()
    return TableRow(id=table_id, game="rat-a-tat-roll", rules={"cards": 4}, players=2,
                    seed=2**62 + 5, names=["Ana", "Bo"],
                    seats=[{"kind": "human", "token": "ab"}, {"kind": "heuristic", "token": None}],
                    bot_delay=0.5, turn_timer=None, status=status, created_at=stamp,
                    updated_at=stamp)


def test_migrations_create_the_schema_and_run_twice(storage):
    names = set(inspect(storage.engine).get_table_names())
    assert {"tables", "moves", "alembic_version"} <= names
    Storage(storage.url).close()  # starting again finds the schema current


def test_tables_and_moves_round_trip(storage):
    storage.create(row("t1"))
    for i, action in enumerate(["roll:2", "go", "take:face"]):
        storage.add_move("t1", i, action, i % 2, "human", over=False)
    stored = storage.load("t1")
    assert stored.actions == ["roll:2", "go", "take:face"]
    assert stored.row.seed == 2**62 + 5 and stored.row.names == ["Ana", "Bo"]
    assert stored.row.rules == {"cards": 4} and stored.row.seats[1]["kind"] == "heuristic"
    assert storage.load("missing") is None


def test_only_unfinished_tables_are_resumed(storage):
    storage.create(row("live"))
    storage.create(row("done"))
    storage.add_move("done", 0, "roll:1", 0, "bot", over=True)
    assert [t.row.id for t in storage.load_playing()] == ["live"]
    assert storage.count() == 2
    assert next(r.id for r in storage.recent()) == "done"  # most recently moved first


def test_a_move_index_is_written_once(storage):
    storage.create(row("t2"))
    storage.add_move("t2", 0, "roll:1", 0, "human", over=False)
    with pytest.raises(MoveConflict):
        storage.add_move("t2", 0, "roll:2", 0, "human", over=False)
    assert storage.load("t2").actions == ["roll:1"]


def test_a_lease_has_one_holder_until_it_runs_out(storage):
    storage.create(row("t3"))
    assert storage.leases.acquire("t3", "a", 30)
    assert not storage.leases.acquire("t3", "b", 30)  # a holds it
    assert storage.leases.acquire("t3", "a", 30)  # renewing one's own
    assert storage.leases.renew("a", 30) == {"t3"} and storage.leases.renew("b", 30) == set()
    assert storage.leases.orphans() == []
    storage.leases.release("t3", "a")
    assert storage.leases.acquire("t3", "b", 0.2)
    import time

    time.sleep(0.4)  # b stops renewing: its lease runs out and the table is an orphan
    with storage.engine.begin() as conn:
        conn.exec_driver_sql("UPDATE tables SET drivable = true")
    assert storage.leases.orphans() == ["t3"]
    assert storage.leases.renew("b", 30) == set()  # too late to renew
    assert storage.leases.acquire("t3", "a", 30)


def test_only_the_leases_asked_for_are_renewed(storage):
    storage.create(row("l1"))
    storage.create(row("l2"))
    assert storage.leases.acquire("l1", "a", 30) and storage.leases.acquire("l2", "a", 30)

    def until():
        with storage.engine.connect() as conn:
            return dict(conn.execute(select(TableRow.id, TableRow.driver_until)).all())

    before = until()
    assert storage.leases.renew("a", 60, ["l1"]) == {"l1"}
    after = until()
    assert after["l1"] > before["l1"] and after["l2"] == before["l2"]  # l2: left to run out
    assert storage.leases.renew("a", 60, []) == set()
    assert storage.leases.renew("a", 60) == {"l1", "l2"}  # all of them


def test_a_lease_taken_while_the_leases_are_renewed_is_kept(tmp_path):
    # the renewal's statement read the table before this process took its lease: the room
    # must not stop driving (its lease would then be renewed forever, and nobody drive it)
    import asyncio

    from ratking.server.rooms import Rooms
    from ratking.server.settings import Settings

    async def scenario():
        storage = Storage(f"sqlite:///{tmp_path / 'lease.db'}")
        rooms = Rooms(storage, Settings(bot_delay=10))
        try:
            room, _tokens, _owner = await rooms.create("rat-a-tat-roll", 2, ["bot", "bot"],
                                                       {}, None, None, None)
            room.driving = False  # as it was before its lease was taken
            storage.leases.release(room.id, rooms.me)
            renew = storage.leases.renew

            def renew_while_the_lease_is_taken(me, seconds, *tables):
                held = renew(me, seconds, *tables)  # read before the lease below
                room.driving = storage.leases.acquire(room.id, me, seconds)  # take_lease, meanwhile
                return held

            storage.leases.renew = renew_while_the_lease_is_taken
            await rooms.renew()
            storage.leases.renew = renew
            return room.driving, storage.leases.renew(rooms.me, 30), room.id
        finally:
            await rooms.close()
            storage.close()

    driving, held, table_id = asyncio.run(scenario())
    assert driving and held == {table_id}  # it drives, and holds the lease


def test_closing_and_archiving_end_the_lease(storage):
    from datetime import timedelta

    storage.create(row("t4"))
    storage.create(row("t5"))
    assert storage.leases.acquire("t4", "a", 30)
    assert storage.set_status("t4", "closed")
    assert not storage.set_status("t4", "closed")  # only a playing table closes
    assert storage.leases.renew("a", 30) == set()
    assert storage.archive_stale(now() + timedelta(seconds=1)) == ["t5"]
    assert storage.load("t5").row.status == "archived" and storage.count_playing() == 0
    assert [r.id for r in storage.recent()] == []  # neither is listed


def test_counts_for_the_limits(storage):
    from datetime import timedelta

    for i in range(3):
        table = row(f"c{i}")
        table.client = "abc" if i < 2 else "other"
        storage.create(table)
    since = now() - timedelta(seconds=60)
    assert storage.count_created("abc", since) == 2 and storage.count_created("zzz", since) == 0
    assert storage.count_playing() == 3 and storage.count_playing("other") == 1
    limits = Limits("abc", per_minute=2, per_client=9, total=9)
    with pytest.raises(LimitReached) as over:
        storage.create(row("c3"), limits)
    assert over.value.which == "per-minute" and storage.load("c3") is None  # nothing stored
    storage.create(row("c4"), Limits("zzz", per_minute=2, per_client=9, total=9))
    with pytest.raises(LimitReached) as full:
        storage.create(row("c5"), Limits(None, per_minute=0, per_client=0, total=4))
    assert full.value.which == "total" and storage.count_playing() == 4


def test_seats_change_on_what_is_stored_and_a_rematch_is_made_once(storage):
    storage.create(row("s1"))

    def take(seats, status):
        assert status == "playing"
        return None if seats[0].get("claimed") else [dict(seats[0], claimed=True), seats[1]]

    seats, status = storage.update_seats("s1", take)
    assert status == "playing"
    assert seats[0]["claimed"] is True and storage.load("s1").row.seats == seats
    assert storage.update_seats("s1", take) == (seats, "playing")  # taken: left as it is
    assert storage.update_seats("missing", take) is None
    first, second = row("r1"), row("r2")
    first.seats = second.seats = []
    assert storage.create_rematch("s1", first) == "r1"
    assert storage.create_rematch("s1", second) == "r1"  # the one already made
    assert storage.load("r2") is None and storage.load("s1").row.rematch == "r1"
    assert storage.load("r1").row.seats == seats  # the seats as stored


def test_a_move_is_written_only_at_the_version_it_was_made_at(storage):
    """A move names the table's version; after an undo the versions go on growing, so a
    move made for the position before the undo is refused, and so is a gap."""
    storage.create(row("cas"))
    storage.add_move("cas", 0, "roll:1", 0, "human", version=0)
    storage.add_move("cas", 1, "go", 1, "bot", version=1)
    storage.take_back("cas", 2, keep=1)  # the version is 3 now, one move stands
    for index, version in ((1, 2), (1, 1), (2, 3), (0, 3)):  # stale, older, a gap, taken
        with pytest.raises(MoveConflict):
            storage.add_move("cas", index, "stale", 1, "human", version=version)
    with pytest.raises(MoveConflict):
        storage.take_back("cas", 2, keep=0)  # an undo at a version gone by
    storage.add_move("cas", 1, "keep", 1, "human", version=3)
    stored = storage.load("cas")
    assert stored.actions == ["roll:1", "keep"]
    assert (stored.row.moves, stored.row.version) == (2, 4)
    assert storage.moves_since("cas", 1) == (4, ["keep"])
    assert storage.moves_since("missing", 0) is None


@pytest.fixture(scope="module")
def one_store(tmp_path_factory):
    """One SQLite store for many examples (each on a table of its own)."""
    store = Storage(f"sqlite:///{tmp_path_factory.mktemp('cas') / 'tables.db'}")
    yield store
    store.close()


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(-2, 2), st.integers(1, 2)),
                max_size=25))
def test_writes_at_any_version_keep_one_history(one_store, ops):
    """Moves and undos sent at versions near the table's (stale, current, ahead): exactly
    those at the current version are written, the version only grows, and the stored moves
    are always the model's, with no gap."""
    storage, table_id = one_store, f"p{one_store.count()}"
    storage.create(row(table_id))
    model, version = [], 0
    for n, (is_move, off, steps) in enumerate(ops):
        at = version + off
        if is_move:
            try:
                storage.add_move(table_id, len(model), f"a{n}", 0, "human", version=at)
            except MoveConflict:
                assert at != version
            else:
                assert at == version
                model.append(f"a{n}")
                version += 1
        else:
            keep = len(model) - steps
            try:
                storage.take_back(table_id, at, keep)
            except ValueError:
                assert keep < 0
            except MoveConflict:
                assert at != version
            else:
                assert at == version
                del model[keep:]
                version += 1
        stored = storage.load(table_id)
        assert stored.actions == model
        assert (stored.row.version, stored.row.moves) == (version, len(model))
