"""Refusals and rules pages speak to players, for every game: the reason an action is refused
names no rulebook file (`seed 001`), no source file, no engine word (a phase code, an action id)
and counts agree with their nouns; a rules page names no source path and no Python call. The
rulebook sections live in code comments and tests."""

from __future__ import annotations

import random
import re

import pytest

import ratking
from ratking import IllegalAction, RulesError
from ratking.core import game_class

GAMES = [info.id for info in ratking.list_games()]
INTERNAL = re.compile(r"seed \d|RULINGS|\.py\b|\.toml\b|\bstate\b|\bphase\b|pre-move|pre-action"
                      r"|skip-move|_|\(\)"
                      r"|\b1 (?!of\b|has\b|is\b|was\b|does\b)[a-z]+s\b")


def plain(reason: str, where: str) -> None:
    assert reason and not INTERNAL.search(reason), (where, reason)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_refusal_reads_as_plain_words(game_id):
    game = ratking.make(game_id, max_rounds=20)
    every = list(game._actions)
    told = 0
    for seed in range(4):
        players = game.player_counts()[seed % len(game.player_counts())]
        state = game.new_game(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = {a.id for a in state.legal_actions()}
            for action_id in rng.sample(every, min(30, len(every))):
                if action_id in legal:
                    continue
                with pytest.raises(IllegalAction) as refused:
                    state.apply(action_id)
                plain(refused.value.reason, f"{game_id} {action_id}")
                told += 1
            state.apply(rng.choice(state.legal_actions()))
    assert told > min(100, 5 * len(every))  # fewer in a game of few actions


@pytest.mark.parametrize("units", ["PP-DD", "PS-DDD"])
def test_a_bad_team_in_rat_and_duck_is_refused_in_plain_words(units):
    with pytest.raises(RulesError) as refused:
        ratking.make("rat-and-duck", units=units)
    plain(str(refused.value), units)


def test_rat_and_duck_says_why_a_unit_cannot_move_where_it_stands():
    state = ratking.make("rat-and-duck").new_game(4, seed=1)
    game = state.game
    unit = state.active
    here = state.pos[unit]
    move = next(a for a in game._actions if a.startswith("move:")
                and game.action_by_id(a).key[1] == here)
    with pytest.raises(IllegalAction, match=r"is already at the .*: choose to stay instead"):
        state.apply(move)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_page_speaks_to_players(game_id):
    page = game_class(game_id).rules_page.read_text(encoding="utf-8")
    for internal in ("src/", ".py", ".toml", "ratking.", "make(", "seed 00", "RULINGS",
                     "round-cap"):
        assert internal not in page, (game_id, internal)


def test_target_rats_says_a_push_toward_the_exterminator_stops_on_him():
    page = game_class("target-rats").rules_page.read_text(encoding="utf-8")
    assert "A push toward the Exterminator stops on his space" in " ".join(page.split())
