"""People on two server processes sharing one PostgreSQL: two accounts pressing "Play now"
at once, each on another server, sit at one table; playing it to the end rates it once."""

import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
from sqlalchemy import create_engine, text
from websockets.sync.client import connect

from ratking.server.lobby.accounts import COOKIE

from .conftest import Server, free_port, full_message

# every account rated: the test's accounts are all made from one address
FAST = {"lease_seconds": 3, "maintenance_every": 0.3, "rated_account_window": 0}


def account(server, name):
    client = httpx.Client(base_url=server.url, timeout=30)
    answer = client.post("/api/accounts", json={"name": name, "password": "correct horse"})
    assert answer.status_code == 201, answer.text
    return client


def play(server, table_id, cookie, seat, limit=120):
    """A signed-in person (no token): moves whenever it may until the game ends."""
    with connect(f"{server.ws}/ws/tables/{table_id}", max_size=None,
                 additional_headers={"cookie": f"{COOKIE}={cookie}"}) as ws:
        ws.send(json.dumps({"type": "hello", "tokens": []}))
        deadline = time.monotonic() + limit
        while True:
            assert time.monotonic() < deadline, f"table {table_id} froze"
            message = full_message(ws, json.loads(ws.recv(timeout=30)))
            if message["type"] != "state" or message["you"] != [seat]:
                continue
            if message["result"] is not None:
                return message
            if message["actions"]:
                ws.send(json.dumps({"type": "move", "seat": seat, "version": message["version"],
                                    "action": message["actions"][0]["id"]}))


def test_two_servers_seat_two_presses_at_one_table_and_rate_it_once(postgres):
    with Server(postgres, free_port(), bot_delay=0.02, **FAST) as a, \
            Server(postgres, free_port(), bot_delay=0.02, **FAST) as b:
        ann, bea = account(a, "Ann"), account(b, "Bea")
        barrier = threading.Barrier(2)

        def press(client):
            barrier.wait()
            answer = client.post("/api/quickmatch", json={"game": "rat-a-tat-roll",
                                                          "players": 2})
            assert answer.status_code == 200, answer.text
            return answer.json()

        with ThreadPoolExecutor(2) as pool:
            first, second = pool.map(press, (ann, bea))
        assert first["id"] == second["id"]
        assert {first["seat"], second["seat"]} == {0, 1}
        table = first["id"]
        with ThreadPoolExecutor(2) as pool:
            ends = list(pool.map(lambda job: play(*job), [
                (a, table, ann.cookies[COOKIE], first["seat"]),
                (b, table, bea.cookies[COOKIE], second["seat"])]))
        # the same result on both (the rating changes may reach the process that did not
        # rate the table a moment after the end: they are left out here)
        first_end, second_end = ({k: v for k, v in end["result"].items()
                                  if k != "rating_changes"} for end in ends)
        assert first_end == second_end
        for server in (a, b):
            board = httpx.get(f"{server.url}/api/leaderboard/rat-a-tat-roll", timeout=30).json()
            assert sorted((p["name"], p["games"]) for p in board["players"]) \
                == [("Ann", 1), ("Bea", 1)]
        engine = create_engine(postgres)
        with engine.connect() as conn:
            assert conn.scalar(text("SELECT count(*) FROM rated_tables")) == 1
        engine.dispose()
        a.check()
        b.check()
