"""Target: Rats Simplified's heuristic: legal, ends games, goes for food, breeding, the throne."""

from __future__ import annotations

import random

import ratking
from ratking.bots import HeuristicBot

from .helpers import arrange, new, play


def choose(s):
    return s.game.heuristic(s, random.Random(0)).id


def test_heuristic_games_end_with_a_winner_mostly():
    game = ratking.make("target-rats-simplified", max_rounds=100)
    finished = 0
    for seed in range(6):
        s = game.new_game(2 + seed % 3, seed=seed)
        while not s.is_over:
            s.apply(HeuristicBot(seed).choose(s))
        finished += s.end_reason == "finished"
    assert finished >= 4


def test_it_takes_the_throne_with_an_exact_roll():
    s = arrange(new(4), {0: [("H0", 0), ("S5", 0)]}, dice=(1, 2))
    s.target = False
    play(s, choose(s))
    for _ in range(3):
        play(s, choose(s))
    assert s.cheese == 0


def test_it_feeds_and_breeds():
    s = arrange(new(4), {0: [("S1", 0)]}, dice=(1, 1))
    s.target = False
    play(s, "rat:S1:unfed")
    play(s, choose(s))
    assert choose(s) == "step:S3"
    s = arrange(new(4), {0: [("S4", 1), ("S5", 1)]}, dice=(2, 3))
    play(s, "rat:S4:fed", "step:S5")
    assert choose(s) == "breed"
    s = arrange(new(4), {0: [("S2", 0)], 1: [("S9", 0)] * 3}, dice=(1, 4))
    assert choose(s) == "ext:S9"
