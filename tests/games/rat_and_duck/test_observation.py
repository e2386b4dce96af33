"""Rat & Duck's `reach` slice (observation.py): per place, its nearness to the nearest goal of
each kind, checked over random play against a breadth-first search of the map's links and
the goals read from the state by their definitions."""

from __future__ import annotations

import random
from collections import deque

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratking
from ratking.games.rat_and_duck.observation import REACH, REACH_FAR
from ratking.games.rat_and_duck.params import GOVERNMENT, POLICE
from ratking.sim import random_play


def moves_from(adj: tuple[tuple[int, ...], ...], start: int) -> dict[int, int]:
    """The fewest moves from `start` to every place, by breadth-first search."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in adj[here]:
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def goals(s, seat: int | None) -> list[set[int]]:
    """The places of each goal of `REACH`, in its order, as `seat` may know them."""
    g, city, r = s.game, s.game.city, s.game.rules
    government = seat is not None and g.seat_teams(s.players)[seat] == GOVERNMENT
    return [
        {city.lab},
        {s.civ_at[c] for c in s.civs if s.link[c] < 0 and s.civ_at[c] != city.lab},
        set(s.held) if government else set(),
        {s.pos[d] for d in g.dissents
         if s.wanted[d] >= r.arrest_wanted and s.pos[d] != city.prison},
        {p for p in range(city.civilian) if s.unrest[p]},
        {s.pos[u] for u, role in enumerate(g.roles) if role == POLICE},
        {s.civ_at[c] for c in s.civs},
        {p for p in range(city.civilian) if s.unrest[p] < r.max_unrest},
    ]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 300),
       setup=st.sampled_from([(2, {}), (4, {}), (2, {"units": "PPS-DDD"})]))
def test_reach_is_each_places_nearness_to_the_nearest_goal_of_each_kind(seed, moves, setup):
    players, rules = setup
    game = ratking.make("rat-and-duck", **rules)
    state = game.new_game(players, seed=seed)
    random_play(state, random.Random(seed), moves)
    lay = game.observation_layout(players)
    places, kinds = game.city.size, len(REACH)
    far = [moves_from(state.layout.adj, p) for p in range(places)]
    for seat in [None, *range(players)]:
        start = lay.at["reach"]
        reach = state.observation(seat)[start:start + places * kinds].reshape(places, kinds)
        expected = np.zeros((places, kinds), np.float32)
        for k, targets in enumerate(goals(state, seat)):
            for p in range(places):
                if targets:
                    expected[p, k] = max(0.0, 1 - min(far[p][t] for t in targets) / REACH_FAR)
        np.testing.assert_array_equal(reach, expected, err_msg=f"seat {seat}")
        if seat is None or game.seat_teams(players)[seat] != GOVERNMENT:
            assert not reach[:, 2].any()  # the location cards are the government's secret
