"""Undo through the table's websocket, on SQLite and PostgreSQL: only the person to move may
take back their own last move, refused with a reason (and nothing changed) otherwise; every
socket gets the state before the move and a log line; the stored record loses the move."""

from __future__ import annotations

import ratking
from ratking.core.undo import closes_undo

from .conftest import expect, new_table, receive_state, waiting
from .test_socket import join


def undoable_move(ws, seat, state):
    """Make moves for `seat` until it may take one back; the state then, and the move."""
    for _ in waiting(30, "a move that can be taken back"):
        assert state["seat"] == seat and state["actions"], state["log"][-3:]
        action = state["actions"][0]["id"]
        ws.send_json({"type": "move", "seat": seat, "action": action,
                      "version": state["version"]})
        state = receive_state(ws)
        if state["can_undo"]:
            return state, action
        assert state["seat"] == seat and state["actions"], "the turn passed before an undo"


def test_the_person_to_move_takes_back_their_move_and_everyone_sees_it(app_client):
    table = new_table(app_client, seats=("human", "human"), game="rat-and-duck")
    tokens = [s["token"] for s in table["seats"]]
    with join(app_client, table, [tokens[0]]) as (mine, state), \
            join(app_client, table, [tokens[1]]) as (theirs, _), \
            join(app_client, table) as (watcher, _):
        assert state["seat"] == 0 and state["can_undo"] is False
        mine.send_json({"type": "undo"})  # nothing made yet
        refused = expect(mine, "error")
        assert refused["code"] == "cannot-undo" and "no step" in refused["message"]
        state, action = undoable_move(mine, 0, state)
        version = state["version"]
        theirs.send_json({"type": "undo"})
        assert expect(theirs, "error")["code"] == "not-your-turn"
        theirs.send_json({"type": "undo", "seat": 0})
        assert expect(theirs, "error")["code"] == "not-your-seat"
        watcher.send_json({"type": "undo"})
        assert expect(watcher, "error")["code"] == "not-your-seat"
        mine.send_json({"type": "undo", "version": version - 3})
        assert expect(mine, "error")["code"] == "stale"
        assert app_client.get(f"/api/tables/{table['id']}").json()["version"] == version
        mine.send_json({"type": "undo"})
        for ws in (mine, theirs, watcher):
            for _ in waiting(15, "the state after the undo"):
                seen = receive_state(ws)
                if seen["version"] == version + 1:  # an undo moves the version on too
                    break
            assert seen["table"]["steps"] == version - 1
            assert any("took back 1 step" in line for line in seen["log"]), seen["log"][-3:]
            if ws is not mine:
                assert seen["can_undo"] is False  # offered to the person to move only
        summary = app_client.get(f"/api/tables/{table['id']}").json()
        assert (summary["version"], summary["steps"]) == (version + 1, version - 1)
        # the move taken back, sent again at the version it was made at: stale
        mine.send_json({"type": "move", "seat": 0, "action": action, "version": version - 1})
        assert expect(mine, "error")["code"] == "stale"
        # a different move now, then the record: the undone move is not in it
        others = [a["id"] for a in seen["actions"] if a["id"] != action] or [action]
        mine.send_json({"type": "move", "seat": 0, "action": others[0],
                        "version": version + 1})
        # the state after the undo may come again first (on PostgreSQL, its notice as well)
        for _ in waiting(15, "the state after the new move"):
            seen = receive_state(mine)
            assert seen["version"] in (version + 1, version + 2)
            if seen["version"] == version + 2:
                break
        assert seen["table"]["steps"] == version
    owner = {"authorization": f"Bearer {table['owner_token']}"}
    assert app_client.delete(f"/api/tables/{table['id']}", headers=owner).status_code == 200
    record = app_client.get(f"/api/tables/{table['id']}/record").json()
    assert len(record["actions"]) == version and record["actions"][-1] == others[0]
    replayed = ratking.replay(record)
    assert replayed.steps == version
    board = app_client.get(f"/api/tables/{table['id']}/replay/{version}").json()
    assert not any("took back" in line for line in board["log"])


def test_undo_is_refused_after_a_roll(app_client):
    """Rat-a-Tat Roll's first decision rolls dice: chance, so nothing can be taken back."""
    table = new_table(app_client, seats=("human", "human"))
    with join(app_client, table, [table["seats"][0]["token"]]) as (ws, state):
        ws.send_json({"type": "move", "seat": 0, "action": "roll:2", "version": 0})
        state = receive_state(ws)
        assert state["version"] == 1 and state["can_undo"] is False
        ws.send_json({"type": "undo"})
        refused = expect(ws, "error")
        assert refused["code"] == "cannot-undo" and "chance" in refused["message"]
        assert app_client.get(f"/api/tables/{table['id']}").json()["version"] == 1


def test_a_move_made_for_the_person_is_taken_back_with_theirs(client):
    """A forced move (the page made the only move) goes back with the person's move before
    it, or the page would make it again at once; alone, it is not taken back."""
    table = new_table(client, seats=("human", "human"), game="rat-and-duck")
    with join(client, table, [table["seats"][0]["token"]]) as (ws, state):
        state, _ = undoable_move(ws, 0, state)
        room = client.app.state.rooms.rooms[table["id"]]
        version, can = state["version"], room.state.undoable()
        room.forced.add(version - 1)  # as if that last move had been the only one, forced
        assert room.undo_steps(0) == (2 if can >= 2 else 0)
        ws.send_json({"type": "undo"})
        if can >= 2:
            for _ in waiting(15, "the state after the undo"):
                if receive_state(ws)["table"]["steps"] == version - 2:
                    break
        else:
            refused = expect(ws, "error")
            assert refused["code"] == "cannot-undo" and "made for you" in refused["message"]


def test_an_undo_reaches_people_on_another_server(postgres):
    """Taken back on one process (NOTIFY 'u'), seen on the other: the move is gone (the
    version moves on), the log says so, and the next move is played on from there on both."""
    import json
    import time

    from websockets.sync.client import connect

    from .conftest import Server, free_port, full_message
    from .test_processes import FAST, create

    def state_at(ws, version, you=None):
        deadline = time.monotonic() + 30
        while True:
            assert time.monotonic() < deadline, f"never reached version {version}"
            message = full_message(ws, json.loads(ws.recv(timeout=30)))
            if message["type"] == "state" and message["version"] == version \
                    and (you is None or message["you"] == you):
                return message

    with Server(postgres, free_port(), **FAST) as a, Server(postgres, free_port(), **FAST) as b:
        table = create(a, ["human", "human"], game="rat-and-duck")
        token = table["seats"][0]["token"]
        with connect(f"{a.ws}/ws/tables/{table['id']}", max_size=None) as on_a, \
                connect(f"{b.ws}/ws/tables/{table['id']}", max_size=None) as on_b:
            on_a.send(json.dumps({"type": "hello", "tokens": [token]}))
            state = state_at(on_a, 0, [0])
            while not state["can_undo"]:
                assert state["seat"] == 0 and state["actions"]
                version = state["version"]
                on_a.send(json.dumps({"type": "move", "seat": 0, "version": version,
                                      "action": state["actions"][0]["id"]}))
                state = state_at(on_a, version + 1)
            version = state["version"]
            state_at(on_b, version)
            on_a.send(json.dumps({"type": "undo"}))
            back = state_at(on_b, version + 1)
            assert any("took back" in line for line in back["log"])
            assert back["table"]["steps"] == version - 1
            mine = state_at(on_a, version + 1)
            with connect(f"{a.ws}/ws/tables/{table['id']}", max_size=None) as watcher:
                assert state_at(watcher, version + 1)["view"] == back["view"]
                on_a.send(json.dumps({"type": "move", "seat": 0, "version": version + 1,
                                      "action": mine["actions"][-1]["id"]}))
                assert state_at(on_b, version + 2)["view"] == \
                    state_at(watcher, version + 2)["view"]


def test_undo_is_refused_after_a_draw(client):
    """You Dirty Rat's Mastermind draws three cards and its player then keeps one: the draw
    shows hidden cards, so the Mastermind cannot be taken back."""
    table = new_table(client, seats=("human", "human"), game="you-dirty-rat")
    tokens = [s["token"] for s in table["seats"]]
    with join(client, table, tokens) as (ws, state):
        for _ in waiting(60, "a Mastermind played"):
            ids = [a["id"] for a in state["actions"]]
            action = "play:mastermind" if "play:mastermind" in ids else ids[-1]
            ws.send_json({"type": "move", "seat": state["seat"], "action": action,
                          "version": state["version"]})
            state = receive_state(ws)
            if action == "play:mastermind":
                break
        assert "Mastermind and drew" in state["log"][-1], state["log"][-2:]
        assert state["can_undo"] is False
        ws.send_json({"type": "undo"})
        refused = expect(ws, "error")
        assert refused["code"] == "cannot-undo" and "hidden card" in refused["message"]


def test_the_state_says_when_an_only_move_would_end_the_undo(client):
    """`only_move_ends_undo`: the person could take a move back and their one legal move would
    end that (the page then waits for their click). In Target: Rats, moving every group ends
    the moves, and scavenging, a draw, is all that is left."""
    table = new_table(client, seats=("human", "human"), game="target-rats")
    with join(client, table, [table["seats"][0]["token"]]) as (ws, state):
        room = client.app.state.rooms.rooms[table["id"]]
        for _ in waiting(30, "an only move that would end the undo"):
            assert state.get("seat") == 0 and state["actions"], state
            assert state["only_move_ends_undo"] == (state["can_undo"]
                                                    and closes_undo(room.state))
            if state["only_move_ends_undo"]:
                break
            ws.send_json({"type": "move", "seat": 0, "action": state["actions"][0]["id"],
                          "version": state["version"]})
            state = receive_state(ws)
        assert len(state["actions"]) == 1 and state["can_undo"]
        assert state["actions"][0]["id"].startswith("scavenge:")
        with join(client, table, [table["seats"][1]["token"]]) as (_, theirs):
            assert theirs["version"] == state["version"]
            assert theirs["only_move_ends_undo"] is False  # told to the person to move only
