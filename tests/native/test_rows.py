"""The lab's rows built by the compiled core (play_rows) against the Python engine's: every
field of every game's row (its returns, scores, length, ending, counters, course and legal
moves) alike, under drawn seeds, player counts, rule values and bots."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import ratking
from ratking.core.errors import RulesError
from ratking.native import COMPILED, has_loops, load, loops
from ratking.sim.batch import batch_rules, play_one
from ratking.sim.native_batch import native_games

from .test_rat_a_tat_roll import RULES as ROLL_RULES
from .test_rat_and_duck import RULES as DUCK_RULES
from .test_target_rats_full import RULES as TRF_RULES
from .test_target_rats_simplified import RULES as TRS_RULES
from .test_you_dirty_rat import RULES as YDR_RULES

pytestmark = pytest.mark.skipif(load() is None, reason="the compiled core is not built")


def capped(rules: st.SearchStrategy) -> st.SearchStrategy:
    """Those rule values under a round cap of 1 to 30 (random play runs long)."""
    return st.tuples(rules, st.integers(1, 30)).map(lambda d: {**d[0], "max_rounds": d[1]})


# each game whose native loops build its rows, with rule values to draw (a small round cap
# where random play would otherwise run long)
RULES = {
    "rat-a-tat-roll": ROLL_RULES,
    "you-dirty-rat": YDR_RULES,
    "rat-and-duck": DUCK_RULES,
    "target-rats-simplified": capped(TRS_RULES),
    "target-rats": capped(TRF_RULES),
}
BOTS = st.sampled_from(["random", "heuristic", "heuristic:eps=0.3"])


def test_the_games_with_native_rows_are_the_ones_tested():
    built = {g for g in COMPILED if has_loops(g) and hasattr(loops(g), "play_rows")}
    assert built == set(RULES)


@pytest.mark.parametrize("game_id", sorted(RULES))
@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data(), seed=st.integers(0, 2**63 - 1), games=st.integers(1, 5))
def test_native_rows_are_the_python_engines(game_id, data, seed, games):
    drawn = data.draw(RULES[game_id], label="rules")
    try:
        rules = batch_rules(game_id, drawn)
    except RulesError:
        assume(False)
    players = data.draw(st.sampled_from(ratking.make(game_id, **rules).player_counts()),
                        label="players")
    bots = data.draw(st.lists(BOTS, min_size=players, max_size=players), label="bots")
    indices = list(range(3, 3 + games))
    native = list(native_games(game_id, rules, players, bots, seed, indices))
    for row in native:
        python = play_one(game_id, rules, players, bots, row.seed, row.index)
        assert row == python, f"game {row.index}"
