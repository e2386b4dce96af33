"""Storage on SQLite and PostgreSQL: migrations, tables, moves, the tables to resume."""

import pytest
from sqlalchemy import inspect
from sqlalchemy.exc import IntegrityError

from ratking.server.storage import Storage, TableRow, now


@pytest.fixture(params=["sqlite", "postgresql"])
def storage(request, tmp_path):
    """A fresh store: a SQLite file, or a PostgreSQL schema of this test's own."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'store.db'}"
    else:
        url = request.getfixturevalue("postgres")
    store = Storage(url)
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
    with pytest.raises(IntegrityError, match=r"(?i)unique|duplicate"):
        storage.add_move("t2", 0, "roll:2", 0, "human", over=False)
    assert storage.load("t2").actions == ["roll:1"]
