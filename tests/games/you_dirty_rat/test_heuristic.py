"""You Dirty Rat's heuristic: legal, reads only what its seat may know, takes what pays."""

from __future__ import annotations

import random

import ratking
from ratking.bots import HeuristicBot

from .helpers import new, ready, set_hand


def test_heuristic_games_end_and_ignore_what_the_seat_cannot_know():
    game = ratking.make("you-dirty-rat")
    for seed in range(6):
        state = game.new_game(2 + seed % 3, seed=seed)
        while not state.is_over:
            seat = state.to_move
            twin = state.determinize(seat, seed=seed + 99)
            assert HeuristicBot(1).choose(twin).id == HeuristicBot(1).choose(state).id
            state.apply(HeuristicBot(seed).choose(state))


def choose(s):
    return s.game.heuristic(s, random.Random(0)).id


def test_commits_a_heist_and_robs_the_richest():
    s = ready(new(3))
    set_hand(s, 0, "Forger", "Hacker", "Accountant")
    assert choose(s) == f"heist:{s.tops[1]}"
    set_hand(s, 0, "Enforcer")
    s.money[2] = 900
    s.apply("play:enforcer")
    assert choose(s) == "target:2"
