"""Bot specs: `make_bot(spec, seed)` for every bot, and clear errors for bad specs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import ratking
from ratking.bots import (
    LEVELS,
    HeuristicBot,
    LevelBot,
    RandomBot,
    SearchBot,
    level_spec,
    make_bot,
    parse_spec,
)
from ratking.bots.specs import DEFAULT_LEVELS
from ratking.core import RatkingError

from ..own import own_games

GAMES = [info.id for info in ratking.list_games()]


@pytest.mark.parametrize(("spec", "kind"), [
    ("random", RandomBot), ("heuristic", HeuristicBot), ("bot", HeuristicBot),
    ("normal", HeuristicBot), ("ismcts", SearchBot), ("ismcts:ms=500", SearchBot),
    ("ismcts:iters=2000", SearchBot), ("easy", LevelBot), ("hard", LevelBot),
    ("expert", LevelBot), (" Heuristic:eps=0.25 ", HeuristicBot),
])
def test_each_name_makes_its_bot(spec, kind):
    assert isinstance(make_bot(spec, 1), kind)


def test_search_options_are_read():
    bot = make_bot("ismcts:iters=500:rollout=heuristic:depth=20:eps=0.1:c=1.2", 3)
    s = bot.settings
    assert (s.iters, s.ms, s.rollout, s.depth, s.eps, s.c) == (500, None, "heuristic", 20, 0.1,
                                                               1.2)
    timed = make_bot("ismcts:ms=250", 3).settings
    assert timed.iters is None and timed.ms == 250  # a time budget alone: no iteration cap
    both = make_bot("ismcts:ms=250:iters=50", 3).settings
    assert (both.iters, both.ms) == (50, 250)  # whichever ends first


def test_parse_spec_returns_the_name_and_typed_options():
    assert parse_spec("bot") == ("heuristic", {})
    assert parse_spec("ISMCTS:Iters=7") == ("ismcts", {"iters": 7})
    assert parse_spec("hard") == ("hard", {})


@pytest.mark.parametrize(("spec", "message"), [
    ("genius", "no bot 'genius'"),
    ("", "empty bot spec"),
    ("hard,random", "holds a comma"),
    ("ismcts:iters=abc", "iters must be a whole number, not 'abc'"),
    ("ismcts:iters=0", "iters must be at least 1, not 0"),
    ("ismcts:ms=-5", "ms must be more than 0"),
    ("ismcts:ms=nan", "ms must be more than 0"),
    ("ismcts:depth=-1", "depth must be at least 0"),
    ("ismcts:rollout=smart", "rollout must be random or heuristic, not 'smart'"),
    ("ismcts:split=deal", "split must be action or seen, not 'deal'"),
    ("ismcts:eps=2", "eps must be at least 0 and at most 1"),
    ("ismcts:speed=3", "ismcts has no option 'speed' (options: iters, ms, rollout"),
    ("ismcts:iters", "options are key=value, not 'iters'"),
    ("ismcts:iters=5:iters=6", "option 'iters' given twice"),
    ("random:eps=0.1", "random has no option 'eps' (options: none)"),
    ("hard:iters=5", "the level 'hard' takes no options"),
])
def test_a_bad_spec_is_a_clear_error(spec, message):
    with pytest.raises(RatkingError, match=re.escape(message)):
        make_bot(spec)


def test_a_spec_must_be_a_string():
    with pytest.raises(RatkingError, match="must be a string"):
        make_bot(3)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_level_of_every_game_is_a_valid_search_or_heuristic(game_id):
    game = ratking.make(game_id)
    for level in LEVELS:
        spec = level_spec(game, level)
        name, options = parse_spec(spec)
        if level == "normal":
            assert spec == "heuristic"
        elif level == "easy":
            assert name == "heuristic" and 0 < options["eps"] < 1  # weaker, but not random
        else:
            # levels are defined by iterations, never by time, so that results reproduce
            assert name == "ismcts" and "iters" in options and "ms" not in options
    hard = parse_spec(level_spec(game, "hard"))[1]["iters"]
    expert = parse_spec(level_spec(game, "expert"))[1]["iters"]
    assert expert > hard


def test_a_game_without_levels_of_its_own_gets_the_defaults():
    class Bare:
        id = "bare"

    assert level_spec(Bare, "hard") == DEFAULT_LEVELS["hard"]
    assert level_spec(Bare, "normal") == "heuristic"


def test_a_level_bot_plays_the_game_it_is_seated_at():
    game = ratking.make("you-dirty-rat")
    state = game.new_game(2, seed=4)
    bot = make_bot("easy", 9)
    choice = bot.choose(state)
    assert choice in state.legal_actions()
    assert isinstance(bot.bot_for(game), HeuristicBot)
    assert bot.bot_for(game) is bot.bot_for(game)  # made once per game


def test_the_heuristic_with_random_moves_is_repeatable_and_mixes_in_random_choices():
    game = ratking.make("rat-a-tat-roll")
    runs = []
    for _ in range(2):
        state = game.new_game(2, seed=5)
        bots = [make_bot("heuristic:eps=0.5", 11 + i) for i in range(2)]
        while not state.is_over:
            state.apply(bots[state.to_move].choose(state))
        runs.append(state.history)
    assert runs[0] == runs[1]
    plain = game.new_game(2, seed=5)
    bots = [make_bot("heuristic", 11 + i) for i in range(2)]
    while not plain.is_over:
        plain.apply(bots[plain.to_move].choose(plain))
    assert plain.history != runs[0]


def test_the_strength_page_lists_every_games_levels_as_shipped():
    # docs/strength.md's table of levels is what players read before they pick one
    page = (Path(__file__).resolve().parents[2] / "docs" / "strength.md").read_text("utf-8")
    for game_id in own_games():  # ratking's docs list ratking's games
        game = ratking.make(game_id)
        row = (f"| {game.title} | `{level_spec(game, 'hard')}` | "
               f"`{level_spec(game, 'expert')}` |")
        assert row in page, f"{row} is not in docs/strength.md"


def test_a_game_without_a_heuristic_refuses_the_bots_that_play_with_one(monkeypatch):
    # the heuristic is an optional hook: a table is refused, seat by seat, a bot that would
    # need it (the heuristic bot, the levels built on it, a search with a prior or heuristic
    # rollouts), and plays random and plain searches
    from ratking.bots.specs import Unplayable, check_budget, needs_heuristic
    from ratking.games.rat_a_tat_roll.game import RatATatRoll

    game = ratking.make("rat-a-tat-roll")
    monkeypatch.setattr(RatATatRoll, "heuristic", None)
    for spec in ("heuristic", "bot", "normal", "easy", "hard", "expert",
                 "ismcts:iters=50:rollout=heuristic", "ismcts:iters=50:prior=0.3"):
        assert needs_heuristic(spec, game), spec
        with pytest.raises(Unplayable, match="Rat-a-Tat Roll has no heuristic"):
            check_budget(spec, game)
    for spec in ("random", "ismcts:iters=50:depth=8", "ismcts:iters=50:depth=8:prior=neural"):
        assert not needs_heuristic(spec, game), spec
        check_budget(spec, game)
