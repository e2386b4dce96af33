"""The web app on PostgreSQL (a schema of the test's own in RATKING_TEST_POSTGRES): a game
played to the end over the websocket, and a second server on the same database resuming a
table the first one left unfinished."""

import subprocess
import sys

from alembic.config import Config
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect, text

import ratking
from ratking.server import create_app
from ratking.server.storage.tables import MIGRATIONS

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


# Each process imports first, says so, and waits for the word to start, so that all three
# call Storage(url) (and so migrate) on the fresh schema at the same moment.
START_TOGETHER = """
import sys
from ratking.server.storage.tables import Storage
print("ready", flush=True)
sys.stdin.readline()
Storage(sys.argv[1]).close()
"""


def test_processes_starting_together_on_a_fresh_schema_all_start(postgres):
    processes = [subprocess.Popen([sys.executable, "-c", START_TOGETHER, postgres],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True) for _ in range(3)]
    try:
        for process in processes:
            assert process.stdout.readline() == "ready\n", process.stderr.read()
        for process in processes:  # as close together as the pipes allow
            process.stdin.write("go\n")
            process.stdin.flush()
        results = [process.communicate(timeout=120) for process in processes]
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
    for process, (_out, err) in zip(processes, results, strict=True):
        assert process.returncode == 0, err[-2000:]
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    engine = create_engine(postgres)
    try:
        with engine.connect() as conn:
            stamped = conn.execute(text("SELECT version_num FROM alembic_version")).all()
        assert stamped == [(ScriptDirectory.from_config(config).get_current_head(),)]
        assert {"tables", "moves", "chat"} <= set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_a_move_told_while_another_process_loads_the_table_is_not_lost(postgres):
    # process b opens a table while process a writes a move to it: the move's notice reaches
    # b before b holds the table (so it is dropped), and b read the moves just before it
    import asyncio
    import threading

    from ratking.server.rooms import Rooms
    from ratking.server.settings import Settings
    from ratking.server.storage.tables import Storage

    async def scenario():
        storage_a, storage_b = Storage(postgres), Storage(postgres)
        a, b = Rooms(storage_a, Settings()), Rooms(storage_b, Settings())
        told = threading.Event()
        heard = b.heard

        def hearing(payload):
            heard(payload)
            if payload.startswith("m "):
                told.set()

        b.heard = hearing
        try:
            await a.start()
            await b.start()
            room, _tokens, _owner = await a.create("rat-a-tat-roll", 2, ["human", "human"],
                                                   {}, None, None, None)
            first = room.state.legal_actions()[0].id
            load = storage_b.load

            def load_while_a_moves(table_id):
                stored = load(table_id)
                storage_a.add_move(table_id, 0, first, 0, "human")
                assert told.wait(30), "b never heard of the move"
                return stored  # as read before the move

            storage_b.load = load_while_a_moves
            opened = await b.get(room.id)
            return opened.version, opened.state.record()["actions"]
        finally:
            for rooms, storage in ((a, storage_a), (b, storage_b)):
                await rooms.close()
                storage.close()

    version, actions = asyncio.run(scenario())
    assert version == 1 and len(actions) == 1  # b has the move all the same
