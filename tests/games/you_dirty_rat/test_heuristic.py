"""You Dirty Rat's heuristic: legal, reads only what its seat may know, takes what pays."""

from __future__ import annotations

import random

from .helpers import new, ready, set_hand


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
