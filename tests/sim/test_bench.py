"""Engine speed measurement: counts only, never timing values."""

from __future__ import annotations

import pytest

from ratking.core import RatkingError, RulesError
from ratking.sim import BENCH_MAX_ROUNDS, BenchResult, bench, bench_game

GAME = "rat-a-tat-roll"


def test_bench_counts_finished_games_and_their_decisions():
    r = bench(GAME, 3, seconds=0.05, seed=1)
    assert isinstance(r, BenchResult)
    assert r.game == GAME and r.players == 3
    assert r.games >= 1
    assert r.decisions >= r.games  # every game takes at least one decision
    assert r.seconds > 0
    assert r.decisions_per_second > 0 and r.games_per_second > 0
    assert r.decisions_per_game == pytest.approx(r.decisions / r.games)


def test_bench_with_no_time_plays_one_whole_game_repeatably():
    a = bench(GAME, 2, seconds=0, seed=4)
    b = bench(GAME, 2, seconds=0, seed=4)
    assert a.games == b.games == 1
    assert a.decisions == b.decisions > 1


def test_bench_takes_rule_variants():
    short = bench(GAME, 2, seconds=0, seed=4, rules={"max_rounds": 1})
    assert short.games == 1
    assert short.decisions < bench(GAME, 2, seconds=0, seed=4).decisions


def test_bench_result_arithmetic():
    r = BenchResult(GAME, 2, seconds=2.0, decisions=300, games=10)
    assert r.decisions_per_second == 150
    assert r.games_per_second == 5
    assert r.decisions_per_game == 30
    assert BenchResult(GAME, 2, 1.0, 0, 0).decisions_per_game == 0.0


def test_bench_rejects_bad_input():
    with pytest.raises(RatkingError, match="2 to 5 players"):
        bench(GAME, 1, seconds=0.01)
    with pytest.raises(RulesError, match="nope"):
        bench(GAME, 2, seconds=0.01, rules={"nope": 1})


def test_random_play_stops_at_the_limit_or_the_end():
    import random

    import ratking
    from ratking.sim import random_play

    state = ratking.make("rat-a-tat-roll").new_game(3, seed=4)
    assert random_play(state, random.Random(1), 5) == 5 and len(state.history) == 5
    rest = random_play(state, random.Random(1))
    assert state.is_over and len(state.history) == 5 + rest
    assert random_play(state, random.Random(1)) == 0


def test_bench_caps_a_game_that_has_no_round_cap():
    # random rats almost never win Target: Rats Simplified: uncapped, one game could run for
    # millions of decisions
    assert bench_game("target-rats-simplified").rules.max_rounds == BENCH_MAX_ROUNDS
    r = bench("target-rats-simplified", 2, seconds=0, seed=1)
    assert r.games == 1 and r.decisions > 0


def test_bench_keeps_a_games_own_cap_and_the_callers():
    assert bench_game("rat-and-duck").rules.max_rounds == 25  # its rulebook limit
    assert bench_game(GAME, {"max_rounds": 7}).rules.max_rounds == 7


def test_path_costs_time_the_points_a_game_reaches():
    from ratking.sim import path_costs

    costs = path_costs("target-rats", 2, at=(1_000, 10), calls=2)
    assert [(c.game, c.players, c.at) for c in costs] == [("target-rats", 2, 10),
                                                         ("target-rats", 2, 1_000)]
    assert all(c.clone_us > 0 and c.determinize_us > 0 for c in costs)
    # a short game: the point past its end is left out
    assert [c.at for c in path_costs(GAME, 2, at=(5, 10_000), calls=2)] == [5]


def test_path_costs_check_the_player_count():
    from ratking.sim import path_costs

    with pytest.raises(RatkingError):
        path_costs(GAME, 9)


def test_a_clock_bar_fills_with_the_clock_and_stops_with_its_run(monkeypatch):
    import io
    import threading
    import time

    from rich.console import Console

    from ratking.sim import progress

    start = time.monotonic()
    now = [start]
    monkeypatch.setattr(progress.time, "monotonic", lambda: now[0])
    console = Console(file=io.StringIO(), force_terminal=True, width=100)
    with progress.clock_bar(console, "measuring", 30) as bar:
        task = bar._progress.tasks[0]
        assert (task.total, task.completed) == (30, 0)
        now[0] = start + 12.5  # twelve seconds go by
        deadline = time.time() + 10
        while task.completed < 12 and time.time() < deadline:
            time.sleep(0.05)
        assert task.completed == 12
        now[0] = start + 99  # never past the planned length
        while task.completed < 30 and time.time() < deadline:
            time.sleep(0.05)
        assert task.completed == 30
    assert not any(t.name == "ratking-clock-bar" for t in threading.enumerate())
