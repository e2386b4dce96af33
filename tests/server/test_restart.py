"""A server killed mid-game (kill -9) and started again resumes every table, losing nothing."""

import json
import time

import httpx
from websockets.sync.client import connect

import ratking

from .conftest import Server, free_port


def state_of(server, table_id, tokens):
    with connect(f"{server.ws}/ws/tables/{table_id}") as ws:
        ws.recv(timeout=10)
        ws.send(json.dumps({"type": "hello", "tokens": tokens}))
        while True:
            message = json.loads(ws.recv(timeout=10))
            if message["type"] == "state" and message["you"] == [0]:
                return message


def test_kill_9_and_restart_resumes_every_table(tmp_path):
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    server = Server(db, free_port())
    try:
        bots = httpx.post(server.url + "/api/tables", json={
            "game": "rat-a-tat-roll", "players": 4, "seats": ["bot"] * 4,
            "bot_delay": 0.05}).json()
        people = httpx.post(server.url + "/api/tables", json={
            "game": "rat-a-tat-roll", "players": 2, "seats": ["human", "human"]}).json()
        token = people["seats"][0]["token"]
        with connect(f"{server.ws}/ws/tables/{people['id']}") as ws:
            ws.recv(timeout=10)
            ws.send(json.dumps({"type": "hello", "tokens": [token]}))
            seen = None
            while seen is None or seen["version"] < 2:
                message = json.loads(ws.recv(timeout=10))
                if message["type"] != "state" or message["you"] != [0]:
                    continue
                seen = message
                if seen["actions"] and seen["version"] < 2:
                    ws.send(json.dumps({"type": "move", "seat": 0, "version": seen["version"],
                                        "action": seen["actions"][0]["id"]}))
                elif not seen["actions"]:
                    break
        while httpx.get(f"{server.url}/api/tables/{bots['id']}").json()["version"] < 5:
            time.sleep(0.05)
        before = httpx.get(f"{server.url}/api/tables/{bots['id']}").json()
        assert before["status"] == "playing"
    finally:
        server.kill()

    server = Server(db, free_port())
    try:
        after = state_of(server, people["id"], [token])
        assert after["version"] == seen["version"]
        for key in ("view", "svg", "actions", "log"):
            assert after[key] == seen[key], key
        bot_table = httpx.get(f"{server.url}/api/tables/{bots['id']}").json()
        assert bot_table["version"] >= before["version"]
        deadline = time.monotonic() + 60
        while bot_table["status"] != "over":  # the bots carry on by themselves
            assert time.monotonic() < deadline, "the bot table did not resume"
            time.sleep(0.1)
            bot_table = httpx.get(f"{server.url}/api/tables/{bots['id']}").json()
        record = httpx.get(f"{server.url}/api/tables/{bots['id']}/record").json()
        assert ratking.replay(record).is_over
    finally:
        server.kill()
