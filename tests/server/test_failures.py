"""Every API answer is JSON, also when the database is down or its disk full (503), and
when the server fails (500); each carries the security headers."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, event

from ratking.server import create_app

from .conftest import free_port

TABLE = {"game": "rat-a-tat-roll", "players": 2, "seats": ["human", "bot"]}


def assert_json(answer, status):
    assert answer.status_code == status, answer.text
    assert answer.headers["content-type"] == "application/json"
    assert "error" in answer.json()
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert "content-security-policy" in answer.headers


def test_a_full_disk_is_answered_in_json_and_changes_nothing(tmp_path):
    """SQLite refuses to grow the file past max_page_count: the same error as a full disk
    ("database or disk is full")."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 't.db'}", bot_delay=0)) as client:
        assert client.post("/api/tables", json=TABLE).status_code == 201
        engine = client.app.state.rooms.storage.engine

        @event.listens_for(engine, "connect")
        def full(dbapi_connection, _record):
            pages = dbapi_connection.execute("PRAGMA page_count").fetchone()[0]
            dbapi_connection.execute(f"PRAGMA max_page_count = {pages}")

        engine.dispose()  # new connections, each with its disk full
        storage = client.app.state.rooms.storage
        made = storage.count()
        for _ in range(30):  # until a page is needed
            answer = client.post("/api/tables", json=TABLE)
            if answer.status_code != 201:
                break
            made = storage.count()
        assert_json(answer, 503)
        assert answer.headers["retry-after"] == "5"
        assert storage.count() == made  # nothing half-written
        event.remove(engine, "connect", full)
        engine.dispose()
        assert client.post("/api/tables", json=TABLE).status_code == 201


def test_a_database_that_is_down_is_answered_in_json(postgres):
    with TestClient(create_app(postgres, bot_delay=0)) as client:
        storage = client.app.state.rooms.storage
        working = storage.engine
        storage.engine = create_engine(f"postgresql+psycopg://nobody:x@127.0.0.1:{free_port()}/x")
        try:
            assert_json(client.get("/api/tables"), 503)
            assert_json(client.post("/api/tables", json=TABLE), 503)
        finally:
            storage.engine.dispose()
            storage.engine = working
        assert client.post("/api/tables", json=TABLE).status_code == 201


def test_a_failure_of_the_server_is_answered_in_json(tmp_path, monkeypatch):
    app = create_app(f"sqlite:///{tmp_path / 't.db'}", bot_delay=0)
    with TestClient(app, raise_server_exceptions=False) as client:
        def broken():
            raise RuntimeError("a bug")

        monkeypatch.setattr(client.app.state.rooms, "listing", broken)
        monkeypatch.setattr(client.app.state.rooms.storage, "listed", lambda *a, **k: broken())
        assert_json(client.get("/api/tables"), 500)
