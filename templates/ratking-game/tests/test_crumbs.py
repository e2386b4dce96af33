"""Crumbs' own tests: the kernel contract (`ratking check crumbs`), and its rules, each test
citing the section of rules.md it checks. Run from this folder: `python -m pytest tests`."""

from __future__ import annotations

import pytest

import ratking
from ratking.testing import check


def test_crumbs_keeps_the_kernel_contract():
    failed = [outcome.line() for outcome in check("crumbs", games=4) if not outcome.passed]
    assert not failed, "\n".join(failed)


def test_a_swap_shows_the_old_card_to_everyone_and_the_new_one_to_the_swapper():
    # rules.md: the old card goes face up on the discard pile; you then take crumbs
    state = ratking.make("crumbs").new_game(2, seed=3)
    old = state.secret[0]
    state.apply("swap")
    assert state.view(1)["discard"] == [old] and state.view(1)["seats"][0]["card"] is None
    assert state.view(0)["seats"][0]["card"] == state.secret[0]
    assert [a.id for a in state.legal_actions()] == ["take:1", "take:2", "take:3"]
    with pytest.raises(ratking.IllegalAction, match="take crumbs now"):
        state.apply("swap")


def test_the_best_score_wins_and_equal_best_scores_share():
    # rules.md: crumbs plus your card is your score; equal best scores share the win
    state = ratking.make("crumbs", pile=4, most=2).new_game(2, seed=1)
    state.secret = [3, 1]
    for action in ("take:2", "take:1", "take:1"):
        state.apply(action)
    assert state.scores() == [6.0, 2.0] and state.returns() == [1.0, 0.0]
    tie = ratking.make("crumbs", pile=4, most=2).new_game(2, seed=1)
    tie.secret = [1, 1]
    for action in ("take:2", "take:2"):
        tie.apply(action)
    assert tie.returns() == [0.5, 0.5]
