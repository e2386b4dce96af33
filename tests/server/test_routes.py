"""Fewer clicks: a group's move to a destination in one click (routes made of the kernel's own
decisions: which group, how many, its steps), only the choices that are open asked, and a
decision with one legal action made for the person, said in the log."""

from __future__ import annotations

import json
import random

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import ratking
from ratking.server import create_app
from ratking.server.play import board_routes as routes_module
from ratking.server.play.board_routes import PROBE_SEED, ROUTE, STEP, STOP, route_actions, routes
from ratking.server.play.messages import board_message
from ratking.sim import random_play

from .conftest import expect, new_table, receive_state, waiting


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


def test_no_routes_off_turn_or_without_moves():
    s = moving()
    assert routes(s, 1) == {} and routes(s, None) == {}
    assert routes(ratking.make("rat-a-tat-roll").new_game(3, seed=5), 0) == {}
    # a group picked by its space: the person means to choose its size (buttons) first
    s = ratking.make("target-rats").new_game(3, seed=5)
    s.apply("group:H0")
    assert routes(s, 0) == {}


@pytest.mark.parametrize("game_id, start", [("target-rats", ["group:H0", "take:0:4"]),
                                            ("target-rats-simplified", ["rat:H0:unfed"])])
def test_a_whole_group_moves_to_a_destination_in_one_click(game_id, start):
    """At the start the only group is the whole home nest (Simplified: its one kind of rat):
    every destination is one click, made of the group's choice and its steps."""
    s = ratking.make(game_id).new_game(3, seed=5)
    found = routes(s, 0)
    assert found and all(paths[0][:len(start)] == start for paths in found.values())
    assert found["route:S0"] == [[*start, "step:S0", STOP]]
    drawn = {a["id"]: a["label"] for a in route_actions(s, found)}
    assert drawn["route:S0"].startswith("Move to surface 0 (1 step): ")
    if game_id == "target-rats":  # one way to each space: no path to choose
        assert all(len(paths) == 1 for paths in found.values())
        assert drawn["route:RC"].endswith("a group from White home nest, 4 unfed rats")


def test_a_move_over_the_probe_budget_is_picked_first(monkeypatch):
    """Where the choices before the steps cannot all be tried within the budget, no route is
    offered (one found early might not be the only group that can go there)."""
    monkeypatch.setattr(routes_module, "MAX_PROBES", 5)
    s = ratking.make("target-rats").new_game(3, seed=5)
    assert routes(s, 0) == {}
    assert "group:H0" in {a.id for a in s.legal_actions()}


def move_starts(game_id: str, seed: int, moves: int):
    """A game played at random for `moves` moves, then on to where a move starts (a group or
    a rat to pick), or None if it ended first."""
    s = ratking.make(game_id).new_game(3, seed=seed)
    rng = random.Random(seed)
    random_play(s, rng, moves)
    for _ in range(300):
        if s.is_over:
            return None
        if any(a.id.startswith(("group:", "rat:")) for a in s.legal_actions()):
            return s
        s.apply(rng.choice(s.legal_actions()))
    return None


def end_state(s, path: list[str]) -> str:
    """The state a way leaves (all but its history and log), to compare ways."""
    probe = s.clone()
    for action in path:
        probe.apply(action)
    data = probe.to_json()
    del data["history"], data["log"]
    return json.dumps(data, sort_keys=True)


def walk_all(s, seat, path=()):
    """Every way a move of `seat` can end from here, by brute force: {space: [paths]}."""
    out: dict[str, list[list[str]]] = {}
    for action in s.legal_actions():
        if not action.id.startswith(("group:", "take:", "rat:", STEP)):
            continue
        probe = s.clone()
        drawn = probe.rng.pos
        probe.apply(action)
        steps = [*path, action.id]
        going = (probe.current_player == seat and not probe.is_over
                 and probe.rng.pos == drawn)
        after = {a.id for a in probe.legal_actions()} if going else set()
        moving = any(a.startswith(STEP) for a in after)
        if action.id.startswith(STEP) and not moving:
            out.setdefault(action.id[len(STEP):], []).append(steps)
        elif action.id.startswith(STEP) and STOP in after:
            out.setdefault(action.id[len(STEP):], []).append([*steps, STOP])
        if going and (moving or not action.id.startswith(STEP)):
            for space, paths in walk_all(probe, seat, steps).items():
                out.setdefault(space, []).extend(paths)
    return out


@pytest.mark.parametrize("game_id", ["target-rats", "target-rats-simplified"])
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 200))
@example(seed=2626, moves=167)  # Simplified: two ways into Rat City that only a roll tells apart
def test_only_the_choices_that_are_open_are_asked(game_id, seed, moves):
    """From positions where a move starts, against every way there found by brute force:
    the ways offered to a space all leave different states (no choice that changes
    nothing), and every way is offered unless the same group's whole can go there (then
    the whole is the one click, and a part is a choice made by picking the group first)."""
    s = move_starts(game_id, seed, moves)
    if s is None:
        return
    seat = s.current_player
    found = routes(s, seat)
    if not found:  # over the probe budget: nothing offered
        return
    every = walk_all(s, seat)
    assert set(found) == {ROUTE + space for space in every}
    # ways are told apart as the mover may know them: where a way ends on a roll, in the
    # world the routes are probed in (a re-deal with a fixed seed), never by the real roll
    world = s.determinize(seat, PROBE_SEED)
    for space, ways in every.items():
        offered = found[ROUTE + space]
        ends = [end_state(world, p) for p in offered]
        assert len(set(ends)) == len(ends), offered
        by_group: dict[str, set[str]] = {}
        for way in ways:
            by_group.setdefault(way[0], set()).add(way[1])
        for way in ways:
            takes = by_group[way[0]]
            whole = _whole_of(s, way[0])
            if whole is not None and whole in takes and way[1] != whole:
                assert all(p[0] != way[0] or p[1] == whole for p in offered)
            else:
                assert end_state(world, way) in ends, (way, offered)


def _whole_of(s, group: str) -> str | None:
    """The take of a group's every rat, if the kernel offers it (Target: Rats)."""
    if not group.startswith("group:"):
        return None
    probe = s.clone()
    probe.apply(group)
    takes = [a.id.split(":") for a in probe.legal_actions()]
    whole = f"take:{max(int(t[1]) for t in takes)}:{max(int(t[2]) for t in takes)}"
    return whole if whole in {":".join(t) for t in takes} else None


@pytest.mark.parametrize("game_id", ["target-rats", "target-rats-simplified"])
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 200), pick=st.integers(0, 99))
def test_a_move_in_flight_reads_its_routes_from_the_first_probe(game_id, seed, moves, pick):
    """While the page sends a route's decisions, each new position's routes are read from
    the probes made where the move began, and equal a fresh probe of that position."""
    s = move_starts(game_id, seed, moves)
    if s is None:
        return
    seat = s.current_player
    found = routes(s, seat)
    if not found:
        return
    paths = [p for ps in found.values() for p in ps]
    path = paths[pick % len(paths)]
    for action in path[:-1]:
        s.apply(action)  # the same state object, as a table's
        if s.current_player == seat:
            assert routes(s, seat) == routes(s.clone(), seat)


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
@example(seed=331, moves=55)  # Simplified: ways into Rat City told apart by the next roll
def test_routes_use_only_what_the_mover_may_know(game_id, seed, moves):
    """Routes from random positions: each path is legal, and a re-deal of everything the
    mover cannot see, chance to come included, gives the very same routes (so they reveal
    nothing hidden: not even which ways the next roll would tell apart)."""
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
    for _ in waiting(30, "the state seen from seat 0"):
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
