"""Fewer clicks: a group's move to a destination in one click (routes made of the kernel's own
step decisions), and a decision with one legal action made for the person, said in the log."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratking
from ratking.server import create_app
from ratking.server.messages import board_message
from ratking.server.routes import ROUTE, STEP, STOP, route_actions, routes
from ratking.sim import random_play

from .conftest import expect, new_table, receive_state


def moving(game_id: str = "target-rats"):
    """A Target: Rats game where seat 1 has formed a group of 4 rats at its home nest."""
    s = ratking.make(game_id).new_game(3, seed=5)
    s.apply("group:H0")
    s.apply("take:0:4")
    return s


def test_each_destination_is_one_click_made_of_steps():
    # seed 000, MOVEMENT: a group moves up to 4 spaces, one step at a time, and may stop
    s = moving()
    found = routes(s, 0)
    assert found["route:S0"] == [["step:S0", STOP]]
    assert found["route:RC"] == [["step:S0", "step:U0", "step:RC", STOP]]
    for rid, paths in found.items():
        for path in paths:
            probe = s.clone()
            for action in path:
                probe.apply(action)  # every decision is the kernel's own, legal in turn
            assert probe.history[-len(path):] == path
            last = [a for a in path if a.startswith(STEP)][-1]
            assert rid == ROUTE + last[len(STEP):]
            assert not any(a.id.startswith(STEP) for a in probe.legal_actions())


def test_no_routes_off_turn_or_without_steps():
    s = moving()
    assert routes(s, 1) == {} and routes(s, None) == {}
    assert routes(ratking.make("target-rats").new_game(3, seed=5), 0) == {}  # group first
    assert routes(ratking.make("rat-a-tat-roll").new_game(3, seed=5), 0) == {}


def test_several_paths_to_one_space_are_all_offered():
    """Simplified (seed 001): a long roll reaches a space by more than one way; the person
    chooses which, since the ways use different spaces and dice."""
    s = ratking.make("target-rats-simplified").new_game(3, seed=1)
    s.apply("rat:H0:unfed")
    found = routes(s, 0)
    assert any(len(paths) > 1 for paths in found.values())
    for paths in found.values():
        assert len({tuple(p) for p in paths}) == len(paths)


def test_routes_as_board_actions_cover_their_single_step():
    s = moving()
    drawn = route_actions(s, routes(s, 0))
    first = next(a for a in drawn if a["id"] == "route:S0")
    assert first["covers"] == "step:S0" and first["label"].startswith("Move to surface 0")
    svg = s.game.render_svg(s.view(0), board_message(s, 0)["actions"] + drawn)
    assert 'data-action="route:RC"' in svg and 'data-covers="step:S0"' in svg


@pytest.mark.parametrize("game_id", ["target-rats", "target-rats-simplified"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 250))
def test_routes_use_only_what_the_mover_may_know(game_id, seed, moves):
    """Routes from random positions: each path is legal, and a re-deal of everything the
    mover cannot see gives the very same routes (so they reveal nothing hidden)."""
    s = ratking.make(game_id).new_game(3, seed=seed)
    random_play(s, random.Random(seed), moves)
    seat = s.current_player
    if seat is None:
        return
    found = routes(s, seat)
    assert found == routes(s.determinize(seat, seed + 1), seat)
    for paths in found.values():
        for path in paths:
            probe = s.clone()
            for action in path:
                probe.apply(action)


def first_state(ws, token):
    ws.send_json({"type": "hello", "tokens": [token]})
    while True:
        message = receive_state(ws)
        if message["type"] == "state" and message["you"] == [0]:
            return message


def test_a_forced_move_is_checked_and_the_log_says_so(tmp_path):
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(db, bot_delay=0)) as client:
        table = new_table(client, seats=("human", "bot", "bot"), game="target-rats")
        token = table["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            receive_state(ws)
            state = first_state(ws, token)
            # two legal actions: a move sent as forced is refused and changes nothing
            ws.send_json({"type": "move", "seat": 0, "action": "group:H0",
                          "version": state["version"], "forced": True})
            assert expect(ws, "error")["code"] == "not-forced"
            assert receive_state(ws)["version"] == state["version"]
            for action in ("group:H0", "take:0:4"):
                ws.send_json({"type": "move", "seat": 0, "action": action,
                              "version": state["version"]})
                state = receive_state(ws)
            assert [a["id"] for a in state["actions"]] == ["step:S0"]
            assert "route:RC" in state["routes"]
            ws.send_json({"type": "move", "seat": 0, "action": "step:S0",
                          "version": state["version"], "forced": True})
            state = receive_state(ws)
            note = "Player 1 had one possible move: it was made for them."
            assert note in state["log"]
    # the note is kept with the move: a restarted server still says so
    with TestClient(create_app(db, bot_delay=0)) as client, \
            client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        assert note in first_state(ws, token)["log"]
