"""Batch statistics: Wilson intervals and the summary of a batch."""

from __future__ import annotations

import json
import math
from statistics import NormalDist

import pytest

from ratking.sim import GameResult, run_batch, summarize, wilson
from ratking.sim.stats import Z95

# --- wilson ------------------------------------------------------------------------------------


def test_z95_is_the_two_sided_95_percent_normal_quantile():
    assert abs(Z95 - NormalDist().inv_cdf(0.975)) < 1e-12


@pytest.mark.parametrize(("successes", "trials", "low", "high"), [
    (50, 100, 0.4038, 0.5962),
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (1, 10, 0.0179, 0.4042),
    (9, 10, 0.5958, 0.9821),
    (30, 40, 0.5980, 0.8581),
])
def test_wilson_known_values(successes, trials, low, high):
    lo, hi = wilson(successes, trials)
    assert lo == pytest.approx(low, abs=5e-4)
    assert hi == pytest.approx(high, abs=5e-4)


def test_wilson_edges_are_exact():
    n = 25
    assert wilson(0, n)[0] == 0.0
    assert wilson(n, n)[1] == 1.0
    z2 = Z95 * Z95
    assert wilson(0, n)[1] == pytest.approx(z2 / (n + z2))
    assert wilson(n, n)[0] == pytest.approx(n / (n + z2))


def test_wilson_with_no_trials_knows_nothing():
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("trials", [1, 7, 40, 1000])
def test_wilson_is_symmetric_and_contains_the_proportion(trials):
    for successes in range(0, trials + 1, max(1, trials // 10)):
        lo, hi = wilson(successes, trials)
        lo2, hi2 = wilson(trials - successes, trials)
        assert lo == pytest.approx(1 - hi2) and hi == pytest.approx(1 - lo2)
        assert 0.0 <= lo <= successes / trials <= hi <= 1.0


def test_wilson_narrows_with_more_trials_and_takes_fractional_wins():
    small, large = wilson(5, 10), wilson(500, 1000)
    assert large[1] - large[0] < small[1] - small[0]
    lo, hi = wilson(2.5, 10)  # shared wins count as fractions
    assert wilson(2, 10)[0] < lo < wilson(3, 10)[0]
    assert wilson(2, 10)[1] < hi < wilson(3, 10)[1]


def test_wilson_with_a_wider_z_is_wider():
    lo95, hi95 = wilson(20, 50)
    lo99, hi99 = wilson(20, 50, z=2.5758)
    assert lo99 < lo95 and hi99 > hi95


# --- summarize ---------------------------------------------------------------------------------


def result(index, returns, scores=None, decisions=30, rounds=5, end="finished"):
    return GameResult(index, 1000 + index, tuple(returns),
                      None if scores is None else tuple(scores), decisions, rounds, end)


RESULTS = [
    result(0, (1.0, 0.0, 0.0), (5, 12, 20), decisions=30, rounds=4),
    result(1, (0.0, 1.0, 0.0), (15, 3, 9), decisions=40, rounds=5),
    result(2, (0.5, 0.5, 0.0), (7, 7, 9), decisions=20, rounds=6),  # a shared win, no draw
    result(3, (1 / 3, 1 / 3, 1 / 3), (9, 14, 6), decisions=50, rounds=9, end="round-cap"),
]


def test_summarize_win_shares():
    s = summarize(RESULTS)
    assert s.games == 4 and s.players == 3
    expected = [(1 + 0.5 + 1 / 3) / 4, (1 + 0.5 + 1 / 3) / 4, (1 / 3) / 4]
    assert s.win_share == pytest.approx(expected)
    assert sum(s.win_share) == pytest.approx(1.0)
    for i in range(3):
        assert (s.win_low[i], s.win_high[i]) == pytest.approx(
            wilson(s.win_share[i] * 4, 4))


def test_summarize_counts_draws_and_round_caps():
    s = summarize(RESULTS)
    assert s.draws == 1  # only the game every seat shared
    assert s.capped == 1
    two_player_tie = [result(0, (0.5, 0.5), (4, 4)), result(1, (1.0, 0.0), (2, 9))]
    assert summarize(two_player_tie).draws == 1
    assert summarize(two_player_tie).capped == 0


def test_summarize_scores_and_length():
    s = summarize(RESULTS)
    assert s.mean_score == pytest.approx((9.0, 9.0, 11.0))
    assert s.mean_decisions == pytest.approx(35.0)
    assert s.sd_decisions == pytest.approx(math.sqrt(((5**2) * 2 + 15**2 * 2) / 3))
    assert s.mean_rounds == pytest.approx(6.0)


def test_summarize_without_scores_or_rounds():
    results = [result(0, (1.0, 0.0), None, rounds=None), result(1, (0.0, 1.0), (3, 1))]
    s = summarize(results)
    assert s.mean_score is None  # not every game has scores
    assert s.mean_rounds == pytest.approx(5.0)  # games without rounds are left out
    only = summarize([result(0, (1.0, 0.0), None, decisions=12, rounds=None)])
    assert only.mean_rounds is None
    assert only.sd_decisions == 0.0 and only.mean_decisions == 12


def test_summarize_of_nothing_is_an_error():
    with pytest.raises(ValueError, match="no games"):
        summarize([])


def test_summary_to_dict_is_json_and_per_seat():
    d = summarize(RESULTS).to_dict()
    assert json.loads(json.dumps(d)) == d
    assert d["games"] == 4 and d["draws"] == 1 and d["capped"] == 1
    assert [seat["seat"] for seat in d["seats"]] == [0, 1, 2]
    seat2 = d["seats"][2]
    assert seat2["win_share"] == pytest.approx(1 / 12)
    assert seat2["mean_score"] == pytest.approx(11.0)
    assert seat2["win_95"][0] <= seat2["win_share"] <= seat2["win_95"][1]


def test_summarize_a_real_batch():
    results = run_batch("rat-a-tat-roll", 3, ["heuristic", "random", "random"], 12, seed=2)
    s = summarize(results)
    assert s.games == 12
    assert sum(s.win_share) == pytest.approx(1.0)
    assert s.capped == 0
    assert s.mean_score is not None and len(s.mean_score) == 3
    assert s.mean_rounds >= 1


def test_summarize_a_capped_batch():
    # a game without scoring at the cap ends there as a draw: it decided nothing
    results = run_batch("rat-a-tat-roll", 2, ["random", "random"], 6, seed=2,
                        rules={"max_rounds": 1})
    s = summarize(results)
    assert (s.capped, s.undecided, s.decided, s.draws) == (6, 6, 0, 0)
    assert not any(r.decided for r in results)
    assert s.win_share == (0.0, 0.0) and (s.win_low, s.win_high) == ((0.0, 0.0), (1.0, 1.0))
    # Rat & Duck scores a game at its round limit by its own rule: those games count
    duck = run_batch("rat-and-duck", 4, ["random"] * 4, 4, seed=2, rules={"max_rounds": 1})
    assert all(r.end == "round-cap" and r.decided for r in duck)
    d = summarize(duck)
    assert (d.capped, d.undecided, d.decided) == (4, 0, 4)


def test_capped_draws_are_left_out_of_the_win_shares_and_the_ties():
    def game(returns, end="finished", decided=True):
        return GameResult(0, 0, returns, None, 10, 3, end, (), decided)

    results = [game((1.0, 0.0)), game((1.0, 0.0)), game((0.0, 1.0)), game((0.5, 0.5)),
               game((0.5, 0.5), "round-cap", False), game((0.0, 1.0), "round-cap")]
    s = summarize(results)
    assert (s.games, s.decided, s.undecided, s.capped, s.draws) == (6, 5, 1, 2, 1)
    assert s.win_share == pytest.approx((2.5 / 5, 2.5 / 5))
    assert s.to_dict()["decided"] == 5 and s.to_dict()["undecided"] == 1
