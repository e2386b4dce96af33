"""The head-to-head benchmark against OpenSpiel's ISMCTS (benchmarks/openspiel_h2h.py) runs:
both bots play whole games of the same OpenSpiel game, and every search is counted."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).parents[2] / "benchmarks" / "openspiel_h2h.py"


@pytest.fixture(scope="module")
def h2h():
    spec = importlib.util.spec_from_file_location("openspiel_h2h", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game_id", ["rat-a-tat-roll", "you-dirty-rat"])
def test_both_bots_play_whole_games_and_are_counted(h2h, game_id):
    share, (low, high), tallies = h2h.match(game_id, 2, "ismcts:iters=8:depth=4", 4, seed=3)
    assert 0.0 <= low <= share <= high <= 1.0
    for name in ("ratking", "openspiel"):
        assert tallies[name].iterations > 0 and tallies[name].seconds > 0
    # ratking's side searched 8 iterations a decision, OpenSpiel's 4
    assert tallies["ratking"].iterations % 8 == 0 and tallies["openspiel"].iterations % 4 == 0


def test_the_same_seed_plays_the_same_games(h2h):
    first = h2h.match("rat-a-tat-roll", 2, "ismcts:iters=8:depth=4", 4, seed=5)
    second = h2h.match("rat-a-tat-roll", 2, "ismcts:iters=8:depth=4", 4, seed=5)
    assert first[0] == second[0]
    assert first[2]["ratking"].iterations == second[2]["ratking"].iterations
