"""A server killed mid-game (kill -9) and started again resumes every table, losing nothing."""

import json
import time

import httpx
from websockets.sync.client import connect

import ratking

from .conftest import GAME_WAIT, MESSAGE_WAIT, Server, free_port, full_message, waiting


def state_of(server, table_id, tokens):
    with connect(f"{server.ws}/ws/tables/{table_id}", open_timeout=MESSAGE_WAIT) as ws:
        ws.recv(timeout=MESSAGE_WAIT)
        ws.send(json.dumps({"type": "hello", "tokens": tokens}))
        for _ in waiting(MESSAGE_WAIT, "the seat's state after hello"):
            message = full_message(ws, json.loads(ws.recv(timeout=MESSAGE_WAIT)))
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
        with connect(f"{server.ws}/ws/tables/{people['id']}", open_timeout=MESSAGE_WAIT) as ws:
            ws.recv(timeout=MESSAGE_WAIT)
            ws.send(json.dumps({"type": "hello", "tokens": [token]}))
            seen = None
            for _ in waiting(MESSAGE_WAIT * 2, "two moves at the people's table"):
                if seen is not None and seen["version"] >= 2:
                    break
                message = full_message(ws, json.loads(ws.recv(timeout=MESSAGE_WAIT)))
                if message["type"] != "state" or message["you"] != [0]:
                    continue
                seen = message
                if seen["actions"] and seen["version"] < 2:
                    ws.send(json.dumps({"type": "move", "seat": 0, "version": seen["version"],
                                        "action": seen["actions"][0]["id"]}))
                elif not seen["actions"]:
                    break
        for _ in waiting(GAME_WAIT, "five bot moves"):
            if httpx.get(f"{server.url}/api/tables/{bots['id']}").json()["version"] >= 5:
                break
            time.sleep(0.05)
        before = httpx.get(f"{server.url}/api/tables/{bots['id']}").json()
        assert before["status"] == "playing"
    finally:
        server.kill()

    server = Server(db, free_port())
    try:
        after = state_of(server, people["id"], [token])
        assert after["version"] == seen["version"]
        for key in ("view", "actions", "route_actions", "log"):
            assert after[key] == seen[key], key
        bot_table = httpx.get(f"{server.url}/api/tables/{bots['id']}").json()
        assert bot_table["version"] >= before["version"]
        for _ in waiting(GAME_WAIT, "the resumed bot table to finish"):
            if bot_table["status"] == "over":  # the bots carry on by themselves
                break
            time.sleep(0.1)
            bot_table = httpx.get(f"{server.url}/api/tables/{bots['id']}").json()
        record = httpx.get(f"{server.url}/api/tables/{bots['id']}/record").json()
        assert ratking.replay(record).is_over
    finally:
        server.kill()
