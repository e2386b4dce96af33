"""What people hold open (sockets, reviews being computed) is counted in the database: the
limits hold over two server processes sharing PostgreSQL, a closed socket gives its place
back, and the rows of a process that died stop counting once they expire."""

import time

import pytest
from sqlalchemy import update
from sqlalchemy.exc import OperationalError
from starlette.testclient import TestClient

from ratking.server import create_app
from ratking.server.storage.holds import HoldRow, Holds, new_holder
from ratking.server.storage.tables import Storage

from .conftest import expect, receive_state, sign_up, waiting


def socket_url(client, who) -> str:
    """The socket of a new table of `who`'s against a bot."""
    body = {"game": "rat-a-tat-roll", "players": 2, "seats": ["human", "bot"]}
    return f"/ws/tables/{client.post('/api/tables', json=body, headers=who).json()['id']}"


def test_a_persons_sockets_are_limited_over_two_processes(postgres):
    # two apps on one PostgreSQL, as two server processes are: the limit is over both
    apps = [create_app(postgres, bot_delay=0, max_sockets_per_client=2) for _ in range(2)]
    with TestClient(apps[0]) as one, TestClient(apps[1]) as two:
        ann = sign_up(one, "Ann")
        url = socket_url(one, ann)
        with one.websocket_connect(url, headers=ann) as a, \
                two.websocket_connect(url, headers=ann) as b:
            receive_state(a), receive_state(b)
            for client in (one, two):
                with client.websocket_connect(url, headers=ann) as third:
                    refused = expect(third, "error")
                    assert refused["code"] == "too-many-sockets"
        me = one.get("/api/me", headers=ann).json()
        holds = apps[0].state.rooms.holds
        for _ in waiting(10, "the closed sockets' rows to go"):
            if holds.count(f"socket:account:{me['id']}") == 0:
                break
        # their places are free again, on either process
        with two.websocket_connect(url, headers=ann) as again, \
                one.websocket_connect(url, headers=ann) as more:
            assert receive_state(again)["type"] == receive_state(more)["type"] == "state"


def test_holds_count_over_processes_and_a_dead_ones_expire(db_url):
    storage = Storage(db_url)
    try:
        alive = Holds(storage, "alive", seconds=60)
        dead = Holds(storage, "dead", seconds=60)  # a process killed while holding
        limits = [("review:account:1", 2), ("review:address:x", 6)]
        assert dead.take(limits, new_holder()) is None
        kept = new_holder()
        assert alive.take(limits, kept) is None
        assert alive.take(limits, new_holder()) == "review:account:1"  # at its limit
        assert alive.count("review:address:x") == 2
        # the dead process renews nothing: once its rows expire, they stop counting
        with storage.engine.begin() as conn:
            conn.execute(update(HoldRow).where(HoldRow.process == "dead")
                         .values(expires=time.time() - 1))
            conn.execute(update(HoldRow).where(HoldRow.process == "alive")
                         .values(expires=time.time() + 1))
        alive.renew()  # the live one's rows go on counting
        assert alive.take(limits, new_holder()) is None
        assert alive.count("review:account:1") == 2
        # released rows give their place back; a stopping process releases all of its own
        alive.release(kept)
        assert alive.count("review:account:1") == 1
        alive.release_process()
        assert alive.count("review:address:x") == 0
    finally:
        storage.close()


def test_an_address_holds_three_times_a_persons_sockets(db_url):
    with TestClient(create_app(db_url, bot_delay=0, max_sockets_per_client=1)) as client:
        people = [sign_up(client, name) for name in ("Ann", "Bea", "Cid", "Dan")]
        url = socket_url(client, people[0])
        with client.websocket_connect(url, headers=people[0]) as a, \
                client.websocket_connect(url, headers=people[1]) as b, \
                client.websocket_connect(url, headers=people[2]) as c:
            for ws in (a, b, c):
                receive_state(ws)
            with client.websocket_connect(url, headers=people[3]) as d:
                refused = expect(d, "error")
                assert refused["code"] == "too-many-sockets"
                assert "3 sockets from one address" in refused["message"]


def test_a_row_its_process_stops_renewing_stops_counting(db_url):
    storage = Storage(db_url)
    try:
        gone = Holds(storage, "gone", seconds=1)  # a process killed after it took the row
        assert gone.take([("socket:x", 1)], new_holder()) is None
        assert gone.take([("socket:x", 1)], new_holder()) == "socket:x"
        time.sleep(1.2)
        assert Holds(storage, "other", seconds=60).take([("socket:x", 1)], new_holder()) \
            is None
    finally:
        storage.close()


def test_a_live_process_renews_its_sockets_rows(db_url):
    # rows counting for 2 s, renewed every 0.2 s by the sweep: an open socket keeps its row
    app = create_app(db_url, bot_delay=0, lease_seconds=2, maintenance_every=0.2)
    with TestClient(app) as client:
        ann = sign_up(client, "Ann")
        url = socket_url(client, ann)
        me = client.get("/api/me", headers=ann).json()
        holds = app.state.rooms.holds
        with client.websocket_connect(url, headers=ann) as ws:
            receive_state(ws)
            time.sleep(3)
            assert holds.count(f"socket:account:{me['id']}") == 1
        for _ in waiting(10, "the closed socket's row to go"):
            if holds.count(f"socket:account:{me['id']}") == 0:
                break


class Down:
    """An engine whose database cannot be reached."""

    def begin(self):
        raise OperationalError("DELETE", {}, ConnectionError("the database is down"))


def test_a_release_the_database_missed_is_made_at_the_next_renewal(db_url):
    storage = Storage(db_url)
    try:
        holds = Holds(storage, "here", seconds=60)
        holder = new_holder()
        assert holds.take([("socket:y", 5)], holder) is None
        engine, storage.engine = storage.engine, Down()
        with pytest.raises(OperationalError):
            holds.release(holder)
        storage.engine = engine
        assert holds.count("socket:y") == 1  # still counted (and renewed) until...
        holds.renew()  # ...the next sweep, with the database back
        assert holds.count("socket:y") == 0 and not holds.unreleased
    finally:
        storage.close()
