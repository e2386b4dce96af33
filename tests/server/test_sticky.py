"""`ratking serve --workers 2 --sticky`: two processes behind a real nginx on a real
PostgreSQL. Every request and socket of a table lands on one process (nginx names the one
that served in X-Ratking-Upstream), a table made through the router lives where it was made,
moves reach every seat, a process killed with -9 hands its tables to the other and the game
goes on, and a client's forged X-Forwarded-For is not believed."""

import json
import os
import signal
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, text
from websockets.sync.client import connect

from ratking.server.rooms.router import home, render, table_id
from ratking.server.serve.ports import port_problem
from ratking.server.serve.sticky import nginx_path, peers_of
from ratking.server.settings import Settings

from .conftest import Server, free_port
from .test_processes import FAST, check_record, moves_in, play, wait_over

UPSTREAM = "x-ratking-upstream"


def needs_nginx() -> None:
    if nginx_path() is None:
        if os.environ.get("CI"):
            pytest.fail("CI must have nginx (scripts/test-services.sh installs it)")
        pytest.skip("nginx is not installed (scripts/test-services.sh installs it)")


def sticky_port() -> int:
    """A port whose next two are free too (the processes behind the router)."""
    return free_port(3)


def sticky_server(postgres, **settings_) -> Server:
    return Server(postgres, sticky_port(), workers=2, args=["--sticky"], **settings_)


def create(server, seats, headers=None, **extra):
    return httpx.post(server.url + "/api/tables", headers=headers, timeout=30, json={
        "game": "rat-a-tat-roll", "players": len(seats), "seats": list(seats), **extra})


def served_by(server, table) -> set[str]:
    """The processes (as nginx names them) that served each way of reaching a table."""
    seen = set()
    for path in (f"/api/tables/{table}", f"/t/{table}", f"/api/tables/{table}/record"):
        seen.add(httpx.get(server.url + path, timeout=30).headers[UPSTREAM])
    with connect(f"{server.ws}/ws/tables/{table}") as ws:
        seen.add(ws.response.headers[UPSTREAM])
    return seen


def pid_at(upstream: str) -> int:
    return httpx.get(f"http://{upstream}/healthz", timeout=30).json()["pid"]


# --- the ring, without nginx -------------------------------------------------------------

@settings(max_examples=30, deadline=None)
@given(st.integers(2, 5), st.data())
def test_a_new_table_id_is_routed_to_the_process_that_made_it(workers, data):
    peers = peers_of(9000, workers)
    me = data.draw(st.sampled_from(peers))
    fresh = table_id(",".join(peers), me)
    assert home(fresh, peers) == me
    assert 0 < len(fresh) <= 24  # as the registry loads ids


def test_every_process_gets_a_share_of_the_ring():
    peers = peers_of(9000, 3)
    shares = {p: 0 for p in peers}
    for i in range(3000):
        shares[home(f"table-{i}", peers)] += 1
    assert min(shares.values()) > 500  # 1,000 each if even; consistent hashing is lumpy


def test_without_a_router_ids_are_plain_and_settings_are_checked():
    assert len(table_id("", "")) == 11
    with pytest.raises(ValueError, match="sticky_self"):
        Settings(sticky_peers="127.0.0.1:1,127.0.0.1:2", sticky_self="127.0.0.1:3").checked()


def test_the_configuration_routes_by_the_table_id_and_drops_a_forged_address():
    conf = render("127.0.0.1:8000", peers_of(8000, 2))
    assert "hash $table_key consistent;" in conf
    assert "server 127.0.0.1:8001" in conf and "server 127.0.0.1:8002" in conf
    assert "X-Forwarded-For $remote_addr;" in conf  # replaced, never appended to


def test_router_config_prints_what_serve_sticky_runs():
    from typer.testing import CliRunner

    from ratking.cli import app

    done = CliRunner().invoke(app, ["router-config", "--workers", "3", "--port", "9000"])
    assert done.exit_code == 0
    assert done.output == render("127.0.0.1:9000", peers_of(9000, 3))
    refused = CliRunner().invoke(app, ["router-config", "--port", "65535"])
    assert refused.exit_code == 2 and "--port must be 1 to 65533" in refused.output


@pytest.mark.parametrize(("extra", "message"), [
    (["--workers", "1"], "give --workers 2 or more"),
    (["--workers", "2", "--forwarded-allow-ips", "10.0.0.1"], "drop --forwarded-allow-ips"),
])
def test_serve_sticky_refuses_what_it_cannot_do_in_one_line(extra, message, tmp_path):
    from typer.testing import CliRunner

    from ratking.cli import app

    done = CliRunner().invoke(app, ["serve", "--sticky", "--db",
                                    f"sqlite:///{tmp_path / 'x.db'}", *extra])
    assert done.exit_code == 2
    assert message in done.output and "Traceback" not in done.output
    assert not (tmp_path / "x.db").exists()  # nothing made


def test_nginx_accepts_the_configuration(tmp_path):
    needs_nginx()
    (tmp_path / "tmp").mkdir()
    conf = tmp_path / "nginx.conf"
    conf.write_text(render(f"127.0.0.1:{free_port()}", peers_of(9000, 2)))
    import subprocess

    done = subprocess.run([nginx_path(), "-t", "-p", str(tmp_path), "-c", str(conf)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


# --- two processes behind nginx ----------------------------------------------------------

def test_tables_stay_on_one_process_and_play_through_the_router(postgres):
    needs_nginx()
    with sticky_server(postgres, bot_delay=0.02, create_per_minute=30, **FAST) as server:
        assert len(server.pids) == 2
        made: dict[str, list[dict]] = {}
        while min((len(v) for v in made.values()), default=0) < 2 or len(made) < 2:
            answer = create(server, ["human", "human", "bot"])
            assert answer.status_code == 201, answer.text
            made.setdefault(answer.headers[UPSTREAM], []).append(answer.json())
            assert sum(map(len, made.values())) <= 20, "nginx sent every table to one process"
        assert sorted(made) == sorted(peers_of(int(server.url.rsplit(":", 1)[1]), 2))
        tables = [t for each in made.values() for t in each]
        for upstream, each in made.items():  # made where it lives: every way in, one process
            for table in each:
                assert served_by(server, table["id"]) == {upstream}
        with ThreadPoolExecutor(12) as pool:  # two people and a watcher per table
            jobs = []
            for table in tables[:4]:
                tokens = [s["token"] for s in table["seats"]]
                jobs += [pool.submit(play, server, table["id"], tokens[0], 0),
                         pool.submit(play, server, table["id"], tokens[1], 1),
                         pool.submit(play, server, table["id"])]
            seen = [job.result() for job in jobs]
        stored = moves_in(postgres)
        for table in tables[:4]:
            check_record(server, table["id"], stored)
        for versions, last in seen:  # every seat and watcher saw the game to its last move
            assert versions == sorted(versions)
            assert last["version"] == stored[last["table"]["id"]][0]
        # the creation limit counts the real client (nginx's peer), whatever it forges, and
        # over both processes (it is counted in the database)
        made_count = len(tables)
        for i in range(40):
            answer = create(server, ["human", "bot"],
                            headers={"X-Forwarded-For": f"203.0.113.{i}"})
            if answer.status_code == 429:
                break
            assert answer.status_code == 201, answer.text
            made_count += 1
        assert answer.status_code == 429 and made_count == 30
        # a big body reaches the app, which refuses it (nginx's workers can buffer it)
        big = httpx.post(server.url + "/api/tables", content=b"x" * 200_000, timeout=30,
                         headers={"content-type": "application/json"})
        assert big.status_code == 413, big.text
        server.check()


def test_a_killed_process_hands_its_tables_to_the_other_through_the_router(postgres):
    needs_nginx()
    with sticky_server(postgres, bot_delay=0.05, **FAST) as server:
        tables = []
        while len(tables) < 3:  # a person's table and two of bots, on the process to die
            answer = create(server, ["bot", "bot", "bot"] if tables else ["human", "bot", "bot"],
                            bot_delay=0.2)
            assert answer.status_code == 201, answer.text
            if tables and answer.headers[UPSTREAM] != tables[0][1]:
                continue
            tables.append((answer.json(), answer.headers[UPSTREAM]))
        doomed = tables[0][1]
        victim = pid_at(doomed)
        # a person plays a few moves on one of them, then loses the connection
        first = tables[0][0]
        token = first["seats"][0]["token"]
        with connect(f"{server.ws}/ws/tables/{first['id']}") as ws:
            assert ws.response.headers[UPSTREAM] == doomed
            ws.send(json.dumps({"type": "hello", "tokens": [token]}))
            ws.recv(timeout=30)
        os.kill(victim, signal.SIGKILL)
        engine = create_engine(postgres)
        try:  # another process (the other, or the killed one started again) takes the
            # leases over once the dead one's run out
            deadline = time.monotonic() + 60
            while True:
                with engine.connect() as conn:
                    drivers = set(conn.scalars(text(
                        "SELECT driver FROM tables WHERE id = ANY(:ids) AND status = 'playing'"),
                        {"ids": [t["id"] for t, _ in tables]}))
                if drivers and all(d and f":{victim}:" not in d for d in drivers):
                    break
                assert time.monotonic() < deadline, f"nobody took over: {drivers}"
                time.sleep(0.2)
        finally:
            engine.dispose()
        # the person comes back through the router and plays the game to its end
        _versions, last = play(server, first["id"], token, 0)
        assert last["result"] is not None
        for table, _ in tables:
            wait_over(server, table["id"])
        stored = moves_in(postgres)
        for table, _ in tables:
            check_record(server, table["id"], stored)
        # the supervisor started the killed process again on its port
        deadline = time.monotonic() + 90
        while True:
            try:
                if pid_at(doomed) != victim:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the killed process was not started again"
            time.sleep(0.5)
        assert "starting it again" in server.stderr
        server.check()
        # SIGTERM stops the processes and nginx, quietly
        server.process.send_signal(signal.SIGTERM)
        assert server.process.wait(60) == 0
        server._reader.join(10)
        assert "Traceback" not in server.stderr
        port = int(server.url.rsplit(":", 1)[1])
        assert not any(port_problem("127.0.0.1", port + i) for i in range(3))  # all let go
