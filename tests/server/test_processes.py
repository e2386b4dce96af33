"""Several server processes on one PostgreSQL: moves written by one reach people connected to
the other, exactly one process drives each table's bots, and a process that dies hands its
tables over. No table freezes, and no move is lost or made twice."""

import json
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from sqlalchemy import create_engine, text
from websockets.sync.client import connect

import ratking

from .conftest import Server, free_port, full_message

FAST = {"lease_seconds": 3, "maintenance_every": 0.3}


def create(server, seats, **extra):
    answer = httpx.post(server.url + "/api/tables", json={
        "game": "rat-a-tat-roll", "players": len(seats), "seats": list(seats), **extra},
        timeout=30)
    assert answer.status_code == 201, answer.text
    return answer.json()


def play(server, table_id, token=None, seat=None, limit=120):
    """A person at `seat` (or a spectator): moves whenever it may, until the game ends.
    Returns every version it was shown and the last state."""
    versions, last = [], None
    with connect(f"{server.ws}/ws/tables/{table_id}", max_size=None) as ws:
        if token:
            ws.send(json.dumps({"type": "hello", "tokens": [token]}))
        deadline = time.monotonic() + limit
        while True:
            assert time.monotonic() < deadline, f"table {table_id} froze at {last['version']}"
            message = full_message(ws, json.loads(ws.recv(timeout=30)))
            if message["type"] != "state" or (token and message["you"] != [seat]):
                continue
            last = message
            versions.append(message["version"])
            if message["result"] is not None:
                return versions, last
            if message["actions"]:
                ws.send(json.dumps({"type": "move", "seat": seat, "version": message["version"],
                                    "action": message["actions"][0]["id"]}))


def moves_in(url):
    """Per table: how many moves are stored and whether their indexes run 0..n-1."""
    engine = create_engine(url)
    with engine.connect() as conn:
        rows = conn.execute(text('SELECT table_id, count(*), max("index") FROM moves '
                                 "GROUP BY table_id")).all()
    engine.dispose()
    return {t: (n, top == n - 1) for t, n, top in rows}


def wait_over(server, table_id, limit=90):
    deadline = time.monotonic() + limit
    while True:
        info = httpx.get(f"{server.url}/api/tables/{table_id}", timeout=30).json()
        if info["status"] == "over":
            return info
        assert time.monotonic() < deadline, f"table {table_id} froze at {info['version']}"
        time.sleep(0.2)


def check_record(server, table_id, stored):
    record = httpx.get(f"{server.url}/api/tables/{table_id}/record", timeout=30).json()
    assert ratking.replay(record).is_over  # every move legal, in order
    assert stored[table_id] == (len(record["actions"]), True)  # none lost, none doubled
    return record


def test_two_servers_share_tables_people_and_bots(postgres):
    with Server(postgres, free_port(), bot_delay=0.02, **FAST) as a, \
            Server(postgres, free_port(), bot_delay=0.02, **FAST) as b:
        bot_tables = [create(s, ["bot", "bot", "random"]) for s in (a, b, a, b)]
        people = [create(s, ["human", "human", "bot"]) for s in (a, b)]
        with ThreadPoolExecutor(12) as pool:
            jobs = []
            for table in people:  # seat 1 on one server, seat 2 on the other, watchers on both
                tokens = [s["token"] for s in table["seats"]]
                jobs.append(pool.submit(play, a, table["id"], tokens[0], 0))
                jobs.append(pool.submit(play, b, table["id"], tokens[1], 1))
                jobs.append(pool.submit(play, b, table["id"]))
            for table in bot_tables[:2]:
                jobs.append(pool.submit(play, a if table is bot_tables[1] else b, table["id"]))
            seen = [job.result() for job in jobs]
        for table in bot_tables:
            wait_over(a, table["id"])
        stored = moves_in(postgres)
        for table in bot_tables + people:
            record = check_record(a, table["id"], stored)
            assert check_record(b, table["id"], stored) == record
        for versions, last in seen:  # each socket ends at the last move, in order
            assert versions == sorted(versions)
            assert last["version"] == stored[last["table"]["id"]][0]
        for versions, _last in seen[:6:3]:  # the people saw every move of theirs and more
            assert len(versions) > 4
        a.check()
        b.check()


def test_a_server_that_dies_hands_its_tables_to_the_other(postgres):
    with Server(postgres, free_port(), bot_delay=0.05, **FAST) as a, \
            Server(postgres, free_port(), bot_delay=0.05, **FAST) as b:
        tables = [create(a, ["bot", "bot", "bot"]) for _ in range(3)]
        deadline = time.monotonic() + 30
        while min(httpx.get(f"{a.url}/api/tables/{t['id']}").json()["version"]
                  for t in tables) < 3:
            assert time.monotonic() < deadline
            time.sleep(0.1)
        a.kill()  # kill -9: its leases run out and b takes the tables over
        for table in tables:
            wait_over(b, table["id"])
        stored = moves_in(postgres)
        for table in tables:
            check_record(b, table["id"], stored)
        b.check()


def test_serve_with_workers_on_postgresql(postgres):
    with Server(postgres, free_port(), bot_delay=0.02, workers=2, **FAST) as server:
        assert len(server.pids) == 2  # both workers answered, and the server still runs
        tables = [create(server, ["human", "bot"]) for _ in range(4)]
        with ThreadPoolExecutor(8) as pool:
            jobs = [pool.submit(play, server, t["id"], t["seats"][0]["token"], 0)
                    for t in tables]
            jobs += [pool.submit(play, server, t["id"]) for t in tables]
            results = [job.result() for job in jobs]
        stored = moves_in(postgres)
        for table in tables:
            check_record(server, table["id"], stored)
        assert all(last["result"] for _versions, last in results)
        server.check()  # no worker failed meanwhile (uvicorn would have stopped them all)


def _running(pid: int) -> bool:
    """Whether process `pid` still runs (a zombie, dead but not yet reaped, does not)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_workers_leave_when_their_supervisor_is_killed(postgres):
    server = Server(postgres, free_port(), bot_delay=0.02, workers=2, **FAST)
    try:
        workers = set(server.pids) - {server.process.pid}
        assert len(workers) == 2 and all(_running(pid) for pid in workers)
        server.process.kill()  # kill -9 of the supervisor alone: its workers are not told
        server.process.wait(10)
        deadline = time.monotonic() + 30
        while any(_running(pid) for pid in workers):
            assert time.monotonic() < deadline, "orphaned server workers kept running"
            time.sleep(0.2)
    finally:
        server.kill()


def test_workers_need_postgresql(tmp_path):
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "ratking.cli", "serve", "--workers", "2",
                           "--db", f"sqlite:///{tmp_path / 'x.db'}"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2
    assert "needs PostgreSQL" in done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr


def test_a_second_server_on_one_sqlite_file_is_refused(tmp_path):
    import subprocess
    import sys

    db = f"sqlite:///{tmp_path / 'one.db'}"
    with Server(db, free_port()):
        done = subprocess.run([sys.executable, "-m", "ratking.cli", "serve", "--db", db,
                               "--port", str(free_port())], capture_output=True, text=True,
                              timeout=60)
        assert done.returncode == 2 and "another ratking server" in done.stdout + done.stderr


pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_chat_reaches_people_on_another_server(postgres):
    # a chat line stored by one process is announced (NOTIFY) to the other, which passes it
    # on to the people it serves; both write lines in turn, none lost and none doubled
    with Server(postgres, free_port(), bot_delay=0.02, **FAST) as a, \
            Server(postgres, free_port(), bot_delay=0.02, **FAST) as b:
        table = create(a, ["human", "human"])
        tokens = [s["token"] for s in table["seats"]]
        with connect(f"{a.ws}/ws/tables/{table['id']}", max_size=None) as on_a, \
                connect(f"{b.ws}/ws/tables/{table['id']}", max_size=None) as on_b:
            on_a.send(json.dumps({"type": "hello", "tokens": tokens[:1]}))
            on_b.send(json.dumps({"type": "hello", "tokens": tokens[1:]}))
            seen = {"a": [], "b": []}

            def lines_until(ws, who, count):
                deadline = time.monotonic() + 30
                while len(seen[who]) < count:
                    assert time.monotonic() < deadline, f"{who} saw only {seen[who]}"
                    message = json.loads(ws.recv(timeout=30))
                    if message["type"] == "chat":
                        seen[who] += [line["text"] for line in message["lines"]]

            for i in range(3):
                on_a.send(json.dumps({"type": "chat", "text": f"a{i}"}))
                lines_until(on_a, "a", 2 * i + 1)
                lines_until(on_b, "b", 2 * i + 1)
                on_b.send(json.dumps({"type": "chat", "text": f"b{i}"}))
                lines_until(on_b, "b", 2 * i + 2)
                lines_until(on_a, "a", 2 * i + 2)
        assert seen["a"] == seen["b"] == ["a0", "b0", "a1", "b1", "a2", "b2"]


def one_line_error(done, *parts):
    """`ratking serve` stopped with exit code 2 and a one-line reason, and never opened."""
    out = done.stdout + done.stderr
    assert done.returncode == 2, out
    assert "Traceback" not in out and "is open at" not in out, out
    errors = [line for line in done.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and all(part in errors[0] for part in parts), out


def test_serve_migrates_once_and_a_bad_database_fails_before_any_worker(postgres, tmp_path):
    import subprocess
    import sys

    engine = create_engine(postgres)  # a schema stamped by a newer ratking than this one
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE alembic_version (version_num VARCHAR(32) PRIMARY KEY)"))
        conn.execute(text("INSERT INTO alembic_version VALUES ('9999')"))
    engine.dispose()
    serve = [sys.executable, "-m", "ratking.cli", "serve", "--port", str(free_port())]
    done = subprocess.run([*serve, "--db", postgres, "--workers", "2"], capture_output=True,
                          text=True, timeout=120)
    one_line_error(done, "cannot bring the database to this version's tables", "9999")
    garbage = tmp_path / "not-a-database.db"  # one process, on a file that is no database
    garbage.write_bytes(b"this is not SQLite " * 100)
    done = subprocess.run([*serve, "--db", f"sqlite:///{garbage}"], capture_output=True,
                          text=True, timeout=120)
    one_line_error(done, "cannot bring the database", "not a database")


# the supervisor of `ratking serve --workers N`, on workers that cannot start
FAILING_WORKERS = """
import sys
from ratking.server.serve.processes import run_workers
ok = run_workers("ratking.server.web.app:app_from_env", 2, host="127.0.0.1", port=int(sys.argv[1]),
                 log_level="warning")
sys.exit(0 if ok else 7)
"""


def test_workers_that_cannot_start_stop_the_server_with_a_failure(tmp_path):
    import os
    import subprocess
    import sys

    env = {**os.environ, "RATKING_DB": f"sqlite:///{tmp_path / 'no' / 'such' / 'dir.db'}"}
    done = subprocess.run([sys.executable, "-c", FAILING_WORKERS, str(free_port())],
                          capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 7, done.stderr  # not 0, as uvicorn.run would have returned
    assert "Traceback" not in done.stderr
    reasons = [line for line in done.stderr.splitlines() if "could not start" in line]
    assert reasons and all("No such file or directory" in line for line in reasons)


def summary(server, table_id):
    answer = httpx.get(f"{server.url}/api/tables/{table_id}", timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.json()


def claimed(server, table_id):
    return [seat["claimed"] for seat in summary(server, table_id)["seats"]]


def take_seat(server, table_id, seat):
    return httpx.post(f"{server.url}/api/tables/{table_id}/join", json={"seat": seat},
                      timeout=30)


def until(check, what, seconds=30):
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"waited {seconds} s for {what}"
        time.sleep(0.1)


def hello(server, table_id, token):
    """A person at the table with `token`: the seats the server says they hold."""
    with connect(f"{server.ws}/ws/tables/{table_id}", max_size=None) as ws:
        ws.send(json.dumps({"type": "hello", "tokens": [token]}))
        deadline = time.monotonic() + 30
        while True:
            assert time.monotonic() < deadline, "no answer to hello"
            message = full_message(ws, json.loads(ws.recv(timeout=30)))
            if message["type"] == "error":
                return message["code"]
            if message["type"] == "state" and message["you"]:
                return message["you"]


def test_seats_and_rematches_are_decided_once_across_servers(postgres):
    with Server(postgres, free_port(), bot_delay=0.02, **FAST) as a, \
            Server(postgres, free_port(), bot_delay=0.02, **FAST) as b:
        # a seat taken on one server is not given again by the other, which holds the table
        table = create(a, ["human", "human", "bot"], joinable=True)
        assert claimed(b, table["id"]) == [True, False, True]  # b has it in memory now
        taken = take_seat(a, table["id"], 1)
        assert taken.status_code == 200, taken.text
        again = take_seat(b, table["id"], 1)
        assert again.status_code == 409 and "taken" in again.json()["error"]
        until(lambda: claimed(b, table["id"]) == [True, True, True], "b to hear of it")
        assert hello(b, table["id"], taken.json()["token"]) == [1]  # the new token works
        assert hello(b, table["id"], table["seats"][1]["token"]) == "bad-token"  # the old not

        # both servers asked for one seat at the same moment: one of them gives it
        table = create(b, ["human", "human", "human"], joinable=True)
        assert claimed(a, table["id"]) == [True, False, False]
        with ThreadPoolExecutor(2) as pool:
            answers = list(pool.map(lambda s: take_seat(s, table["id"], 2), (a, b)))
        assert sorted(answer.status_code for answer in answers) == [200, 409]
        winner = next(answer.json()["token"] for answer in answers if answer.status_code == 200)
        assert hello(a, table["id"], winner) == hello(b, table["id"], winner) == [2]

        # a seat taken by its invite on one server is not offered by the other
        table = create(a, ["human", "human"], joinable=True)
        assert claimed(b, table["id"]) == [True, False]
        assert hello(a, table["id"], table["seats"][1]["token"]) == [1]
        refused = take_seat(b, table["id"], 1)
        assert refused.status_code == 409 and "taken" in refused.json()["error"]
        assert hello(b, table["id"], table["seats"][1]["token"]) == [1]  # the invite still works

        # a rematch asked of both servers at once is one table
        done = create(a, ["human", "random"], rules={"max_rounds": 1})
        token = done["seats"][0]["token"]
        play(a, done["id"], token, 0)
        assert summary(b, done["id"])["status"] == "over"
        with ThreadPoolExecutor(2) as pool:
            answers = list(pool.map(lambda s: httpx.post(
                f"{s.url}/api/tables/{done['id']}/rematch", json={"tokens": [token]},
                timeout=30), (a, b)))
        assert [answer.status_code for answer in answers] == [200, 200], answers[0].text
        ids = {answer.json()["id"] for answer in answers}
        assert len(ids) == 1
        (rematch,) = ids
        engine = create_engine(postgres)
        with engine.connect() as conn:
            made = conn.execute(text("SELECT count(*) FROM tables WHERE seed != 0 AND "
                                     "created_at > (SELECT created_at FROM tables "
                                     "WHERE id = :id)"), {"id": done["id"]}).scalar_one()
        engine.dispose()
        assert made == 1  # no second table left behind by the loser
        for server in (a, b):
            until(lambda s=server: summary(s, done["id"])["rematch"] == rematch,
                  "both servers to offer the rematch")
            assert hello(server, rematch, token) == [0]
        a.check()
        b.check()


def test_serve_exits_2_when_its_server_processes_fail_to_start(postgres, tmp_path,
                                                               monkeypatch):
    # the supervisor's answer (a worker failed to start), and uvicorn's own exit when the one
    # process failed to start, become one line and exit code 2, never 0
    import uvicorn
    from typer.testing import CliRunner

    from ratking import cli
    from ratking.server.serve import processes

    runner = CliRunner()
    monkeypatch.setattr(processes, "run_workers", lambda *_args, **_options: False)
    done = runner.invoke(cli.app, ["serve", "--db", postgres, "--workers", "2",
                                   "--port", str(free_port())])
    assert done.exit_code == 2, done.output
    assert done.stderr.strip().startswith("Error: a server process failed to start")
    assert len(done.stderr.strip().splitlines()) == 1

    def failed_start(*_args, **_options):
        raise SystemExit(3)  # uvicorn.config.STARTUP_FAILURE

    monkeypatch.setattr(uvicorn, "run", failed_start)
    done = runner.invoke(cli.app, ["serve", "--db", f"sqlite:///{tmp_path / 'one.db'}",
                                   "--port", str(free_port())])
    assert done.exit_code == 2, done.output
    assert done.stderr.strip().startswith("Error: the server failed to start")
    assert "Traceback" not in done.output
