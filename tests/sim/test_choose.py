"""How tune names the best of its re-run leaders with several objectives: the fresh Pareto
front, then the designer's rule (an order of objectives, or weights)."""

from __future__ import annotations

import pytest

from ratking.core import RatkingError
from ratking.sim.choose import PickRule, choose, front, parse_pick

KINDS = ["fair", "length"]
# issue 46's scenario, as its re-runs measured it on 2,000 fresh games: trial 4 is 2.8 points
# from even but 3.2 rounds short of 12; trial 6 is 3.1 points from even and inside 12-20
FOUR = ((0.028, 0.006, 0.050), (3.2, 3.1, 3.3))
SIX = ((0.031, 0.009, 0.052), (0.0, 0.0, 0.0))
WORSE = ((0.2, 0.18, 0.22), (0.5, 0.4, 0.6))  # beaten by SIX on both


def test_the_order_rule_lets_length_decide_where_fairness_cannot_tell_apart():
    best, reason = choose([FOUR, SIX], [4, 6], KINDS, parse_pick("order", KINDS))
    assert best == 1
    assert "order fair, length" in reason and "length picks trial 6" in reason


def test_a_clear_first_objective_decides_alone():
    clear = ((0.001, 0.0, 0.004), (3.2, 3.1, 3.3))
    best, reason = choose([clear, SIX], [4, 6], KINDS, PickRule((0, 1)))
    assert best == 0 and "fair picks trial 4" in reason


def test_another_order_and_weights_are_the_designers_to_state():
    assert choose([FOUR, SIX], [4, 6], KINDS, parse_pick("order=length,fair", KINDS))[0] == 1
    # 2.8 points + 3.2 rounds against 3.1 points + 0 rounds: trial 6 at equal weights
    best, reason = choose([FOUR, SIX], [4, 6], KINDS, parse_pick("weights=1,1", KINDS))
    assert best == 1 and "trial 4 6.00" in reason and "trial 6 3.10" in reason
    # a designer who cares twenty times less for length: 2.8 + 0.16 < 3.1
    assert choose([FOUR, SIX], [4, 6], KINDS, parse_pick("weights=1,0.05", KINDS))[0] == 0


def test_only_the_fresh_front_is_a_candidate():
    assert front([WORSE, FOUR, SIX]) == [1, 2]
    for rule in ("order", "order=length,fair", "weights=0,1", "weights=1,0"):
        best, _ = choose([WORSE, FOUR, SIX], [1, 4, 6], KINDS, parse_pick(rule, KINDS))
        assert best != 0, rule
    best, reason = choose([WORSE, SIX], [1, 6], KINDS, PickRule())
    assert best == 1 and "trial 6 is on the front" in reason


@pytest.mark.parametrize(("text", "phrase"), [
    ("sum", "--pick is order"),
    ("order=fair", "names each objective once"),
    ("order=fair,fair", "names each objective once"),
    ("weights=1", "takes 2 numbers"),
    ("weights=1,-1", "takes 2 numbers"),
    ("weights=0,0", "takes 2 numbers"),
    ("weights=a,b", "takes 2 numbers"),
])
def test_a_bad_rule_is_refused(text, phrase):
    with pytest.raises(RatkingError, match=phrase):
        parse_pick(text, KINDS)
