"""Win shares by side (seats, or teams) and the seat-effect test."""

from __future__ import annotations

import pytest

from ratking.sim import GameResult
from ratking.sim.sides import Sides, side_shares, sides_of


def result(returns, index=0):
    return GameResult(index, index, tuple(returns), None, 10, 1, "finished")


def test_seats_are_the_sides_of_a_game_without_teams():
    sides = sides_of("rat-a-tat-roll", 3)
    assert sides.names == ("seat 1", "seat 2", "seat 3")
    assert sides.seats == ((0,), (1,), (2,)) and not sides.teams


def test_rat_and_duck_compares_its_teams():
    # seats alternate: even seats the dissent, odd seats the government (rat_and_duck/game.py)
    sides = sides_of("rat-and-duck", 4)
    assert sides.teams
    assert sides.seats == ((1, 3), (0, 2))
    assert sides.names == ("government (seats 2, 4)", "dissent (seats 1, 3)")
    assert sides.short_names == ("government", "dissent")
    assert sides_of("rat-and-duck", 3).names == ("government (seat 2)",
                                                 "dissent (seats 1, 3)")


def test_team_wins_and_draws_count_once_per_game():
    sides = sides_of("rat-and-duck", 4)
    games = [result([1, 0, 1, 0]), result([0, 1, 0, 1]), result([0.25] * 4)]
    shares = side_shares(games, sides)
    assert shares.wins == (1.5, 1.5)
    assert shares.share == (0.5, 0.5)
    assert shares.p_value == pytest.approx(1.0)


def test_an_even_batch_shows_no_effect_and_a_lopsided_one_does():
    sides = Sides(("seat 1", "seat 2"), ((0,), (1,)))
    even = side_shares([result([1, 0] if i % 2 else [0, 1], i) for i in range(200)], sides)
    assert even.share == (0.5, 0.5) and even.gap == 0 and even.p_value > 0.9
    assert "No seat effect" in even.verdict()
    lopsided = side_shares([result([1, 0] if i % 4 else [0, 1], i) for i in range(200)], sides)
    assert lopsided.share == (0.75, 0.25) and lopsided.gap == pytest.approx(0.25)
    assert lopsided.p_value < 1e-6 and "do not win equally often" in lopsided.verdict()
    for s, lo, hi in zip(lopsided.share, lopsided.low, lopsided.high, strict=True):
        assert lo < s < hi


def test_a_shared_win_splits_the_game():
    sides = sides_of("rat-a-tat-roll", 3)
    shares = side_shares([result([0.5, 0, 0.5]), result([0, 1, 0])], sides)
    assert shares.wins == (0.5, 1.0, 0.5)
    with pytest.raises(ValueError):
        side_shares([], sides)
