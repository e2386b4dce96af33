"""The web app on PostgreSQL (a schema of the test's own in RATKING_TEST_POSTGRES): a game
played to the end over the websocket, and a second server on the same database resuming a
table the first one left unfinished."""

from fastapi.testclient import TestClient

import ratking
from ratking.server import create_app

from .conftest import GAME_WAIT, new_table, receive_state, waiting
from .test_socket import join, play_to_the_end


def test_the_web_app_plays_and_resumes_on_postgresql(postgres):
    app = create_app(postgres, bot_delay=0)
    with TestClient(app) as client:
        assert not app.state.rooms.storage.local  # writes go to a worker thread
        table = new_table(client, seats=("human", "bot"), game="target-rats-simplified")
        with join(client, table, [table["seats"][0]["token"]]) as (ws, first):
            messages = play_to_the_end(ws, first)
        record = client.get(f"/api/tables/{table['id']}/record").json()
        assert ratking.replay(record).returns() == messages[-1]["result"]["returns"]
        # a table of bots left unfinished: a human seat that never moves holds it up
        waiting_table = new_table(client, seats=("bot", "human"), game="rat-a-tat-roll")
        for _ in waiting(GAME_WAIT, "the bot's first turn"):
            info = client.get(f"/api/tables/{waiting_table['id']}").json()
            if info["to_move"] == 1:
                break
        moves = info["version"]
        assert moves > 0 and info["status"] == "playing"

    again = create_app(postgres, bot_delay=0)
    with TestClient(again) as client:
        lists = client.get("/api/tables").json()
        listed = {t["id"]: t for t in lists["tables"]}  # live tables; the ended ones apart
        assert table["id"] not in listed
        assert {t["id"]: t for t in lists["finished"]}[table["id"]]["status"] == "over"
        assert listed[waiting_table["id"]]["version"] == moves
        token = waiting_table["seats"][1]["token"]
        with join(client, waiting_table, [token]) as (ws, state):
            assert state["seat"] == 1 and state["actions"] and state["version"] == moves
            ws.send_json({"type": "move", "seat": 1, "action": state["actions"][0]["id"],
                          "version": moves})
            for _ in waiting(GAME_WAIT, "the move to be stored and the bot to answer"):
                state = receive_state(ws)
                if state["version"] > moves:
                    break
        assert client.get(f"/api/tables/{waiting_table['id']}").json()["version"] > moves
