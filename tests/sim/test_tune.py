"""Tuning: parameters and objectives as written on the command line, a study that stops and
resumes from its SQLite file, and the check of the best values on fresh seeds."""

from __future__ import annotations

import pytest

from ratking.core import RatkingError, RulesError
from ratking.sim.backends import open_backend
from ratking.sim.plan import prepare
from ratking.sim.tune import (
    Objective,
    check_best,
    finished,
    open_study,
    parse_objective,
    parse_param,
    run_study,
    study_name,
)

GAME = "rat-a-tat-roll"

optuna = pytest.importorskip("optuna")


def test_params_are_ranges_of_whole_numbers_or_choices():
    p = parse_param(GAME, {}, "cards=3..6")
    assert (p.name, p.low, p.high, p.choices) == ("cards", 3, 6, None)
    assert p.contains(4) and not p.contains(7) and p.describe() == "cards=3..6"
    q = parse_param("rat-and-duck", {}, "shuffle_places=yes,no")
    assert q.choices == (True, False) and q.describe() == "shuffle_places=true,false"


@pytest.mark.parametrize(("text", "error", "phrase"), [
    ("cards", RatkingError, "takes NAME=VALUES"),
    ("cards=6..3", RatkingError, "is empty"),
    ("cards=3..3", RatkingError, "holds one value"),
    ("cards=x..4", RatkingError, "whole numbers"),
    ("cards=0..4", RulesError, "at least"),
    ("cards=3..99", RulesError, "at most"),
    ("cards=4", RatkingError, "two or more different values"),
    ("cards=4,4", RatkingError, "two or more different values"),
    ("nope=1..3", RulesError, "unknown rule"),
])
def test_bad_params_are_refused(text, error, phrase):
    with pytest.raises(error, match=phrase):
        parse_param(GAME, {}, text)


def test_only_whole_number_rules_take_a_range():
    with pytest.raises(RatkingError, match="whole-number rules"):
        parse_param("rat-and-duck", {}, "shuffle_places=0..1")


def test_objectives():
    assert parse_objective("fair") == Objective("fair")
    assert parse_objective(" length=12.5 ") == Objective("length", 12.5)
    for bad in ("fairest", "length", "length=", "length=0", "length=-3", "length=abc",
                "size=3"):
        with pytest.raises(RatkingError, match="--objective"):
            parse_objective(bad)


def run(tmp_path, trials, file="study.sqlite3"):
    plan = prepare(GAME, 2, "random", 16, 3, {})
    params = (parse_param(GAME, {}, "cards_two_players=3..7"),)
    objective = parse_objective("length=5")
    study = open_study(tmp_path / file, study_name(plan, params, objective), plan.seed)
    with open_backend("local", 1) as backend:
        run_study(study, plan, params, objective, trials, backend)
        check = check_best(plan, study.best_trial.params, 40, backend)
    return study, check


def test_a_study_resumes_where_it_stopped_and_is_repeatable(tmp_path):
    study, check = run(tmp_path, 3)
    first = [(t.params, t.value) for t in finished(study)]
    assert len(first) == 3
    # the rulebook's numbers come first, as a baseline
    assert first[0][0] == {"cards_two_players": 5}
    again, _ = run(tmp_path, 5)
    assert len(finished(again)) == 5
    assert [(t.params, t.value) for t in finished(again)][:3] == first
    other, other_check = run(tmp_path, 3, "other.sqlite3")
    assert [(t.params, t.value) for t in finished(other)] == first
    assert other_check.results == check.results
    # the check plays fresh seeds under the best values
    assert check.plan.seed == 4 and check.plan.games == 40
    assert check.plan.overrides == study.best_trial.params
    assert all(0 <= lo <= s <= hi <= 1 for s, lo, hi in
               zip(check.shares.share, check.shares.low, check.shares.high, strict=True))
    # each trial keeps what it measured
    attrs = finished(other)[0].user_attrs
    assert attrs["sides"] == ["seat 1", "seat 2"] and len(attrs["shares"]) == 2
    assert abs(attrs["rounds"][0] - 5) == pytest.approx(first[0][1])
    assert attrs["lows"][0] <= attrs["shares"][0] <= attrs["highs"][0]


def test_a_study_stopped_mid_trial_keeps_its_finished_trials(tmp_path):
    """Ctrl+C during a trial: the trials already finished stay in the file, and the same
    command goes on from there."""
    from ratking.sim.backends import LocalBackend

    class StopsOnSecondBatch(LocalBackend):
        batches = 0

        def run(self, fn, jobs, done):
            StopsOnSecondBatch.batches += 1
            if StopsOnSecondBatch.batches == 2:
                raise KeyboardInterrupt
            super().run(fn, jobs, done)

    plan = prepare(GAME, 2, "random", 8, 3, {})
    params = (parse_param(GAME, {}, "cards_two_players=3..7"),)
    objective = parse_objective("fair")
    path = tmp_path / "s.sqlite3"
    study = open_study(path, study_name(plan, params, objective), plan.seed)
    with pytest.raises(KeyboardInterrupt):
        run_study(study, plan, params, objective, 4, StopsOnSecondBatch(1))
    kept = len(finished(study))
    assert 1 <= kept < 4  # the baseline at least; a repeat of known values needs no batch
    assert study.trials[-1].state.name == "PRUNED"  # the stopped trial: not counted, no traceback
    resumed = open_study(path, study_name(plan, params, objective), plan.seed)
    run_study(resumed, plan, params, objective, 4, LocalBackend(1))
    assert len(finished(resumed)) == 4


def test_several_objectives_and_length_spans():
    from ratking.sim.tune import parse_objectives

    assert parse_objectives("fair,length:12..20") == (Objective("fair"),
                                                      Objective("length", low=12, high=20))
    assert str(Objective("length", low=12, high=20)) == "length:12..20"
    for bad in ("fair,fair", "length:20..12", "length:0..4", "fair,"):
        with pytest.raises(RatkingError, match="--objective"):
            parse_objectives(bad)


def test_a_length_span_is_zero_inside_and_its_interval_is_honest():
    from ratking.sim.sides import distance_interval

    assert distance_interval(13.0, 15.0, 12, 20) == (0.0, 0.0)
    assert distance_interval(8.0, 10.0, 12, 20) == (2.0, 4.0)
    assert distance_interval(11.0, 13.0, 12, 20) == (0.0, 1.0)
    assert distance_interval(0.45, 0.55, 0.5, 0.5) == (0.0, pytest.approx(0.05))


def test_a_multi_objective_study_returns_a_front_and_replays_it_on_fresh_seeds(tmp_path):
    from ratking.sim.choose import PickRule, choose
    from ratking.sim.tune import leaders, parse_objectives, rerun_leaders

    plan = prepare(GAME, 2, "random", 20, 3, {})
    params = (parse_param(GAME, {}, "cards_two_players=3..7"),)
    goals = parse_objectives("fair,length:4..5")
    study = open_study(tmp_path / "mo.sqlite3", study_name(plan, params, goals), plan.seed, 2)
    with open_backend("local", 1) as backend:
        run_study(study, plan, params, goals, 5, backend)
        front = leaders(study, 2)
        reruns = rerun_leaders(plan, params, goals, front, 30, backend)
    assert len(finished(study)) == 5 and 1 <= len(front) <= 5
    assert {t.number for t in front} <= {t.number for t in study.best_trials}
    for t in finished(study):  # each trial kept both objectives with their intervals
        assert len(t.values) == 2 and len(t.user_attrs["objectives"]) == 2
        for value, low, high in t.user_attrs["objectives"]:
            assert 0 <= low <= value <= high
    for rerun in reruns:  # fresh seeds, both objectives measured again
        assert rerun.run.plan.seed == 4 and rerun.run.plan.games == 30
        assert len(rerun.fresh) == 2
    from ratking.sim.tune import importances

    # one parameter: it accounts for everything, for each objective
    assert importances(study, 2, ["cards_two_players"]) == [[pytest.approx(1.0)] * 2]
    best, reason = choose([r.fresh for r in reruns], [r.trial for r in reruns],
                          ["fair", "length"], PickRule())
    assert 0 <= best < len(reruns) and f"trial {reruns[best].trial}" in reason


def test_a_bot_setting_is_tuned_with_the_rules():
    from ratking.sim.tune import apply, with_option

    assert with_option("ismcts:iters=50:depth=3", "iters", 200) == "ismcts:depth=3:iters=200"
    param = parse_param(GAME, {}, "bot:eps=0.0..0.5", ("heuristic", "heuristic"))
    assert (param.low, param.high, param.decimal) == (0.0, 0.5, True)
    plan = prepare(GAME, 2, "heuristic,ismcts:iters=5", 4, 1, {})
    iters = parse_param(GAME, {}, "bot:iters=5..9", ("ismcts:iters=5",))
    assert apply(plan.with_bots(("ismcts:iters=5",) * 2), (iters,),
                 {"bot:iters": 7}).bots == ("ismcts:iters=7",) * 2
    with pytest.raises(RatkingError, match=r"--param bot:iters: .*heuristic has no option"):
        parse_param(GAME, {}, "bot:iters=5..9", plan.bots)
    with pytest.raises(RatkingError, match="takes no options"):
        parse_param(GAME, {}, "bot:iters=5..9", ("hard",))


def test_a_study_of_a_bot_setting_plays_its_trials_with_it(tmp_path):
    plan = prepare(GAME, 2, "heuristic", 12, 2, {})
    params = (parse_param(GAME, {}, "bot:eps=0,1", plan.bots),)
    goal = parse_objective("fair")
    study = open_study(tmp_path / "b.sqlite3", study_name(plan, params, goal), plan.seed)
    with open_backend("local", 1) as backend:
        run_study(study, plan, params, goal, 2, backend)
    seen = {t.params["bot:eps"] for t in finished(study)}
    assert seen == {"0", "1"} and len(finished(study)) == 2


def test_a_repeated_suggestion_is_skipped_not_counted(tmp_path):
    """Five values and five trials: TPE suggests some twice; each repeat is pruned (no
    games played for it) and the study still ends with five different finished trials."""
    from ratking.sim.backends import LocalBackend

    class Counts(LocalBackend):
        batches = 0

        def run(self, fn, jobs, done):
            Counts.batches += 1
            super().run(fn, jobs, done)

    plan = prepare(GAME, 2, "random", 4, 3, {})
    params = (parse_param(GAME, {}, "cards_two_players=3..7"),)
    objective = parse_objective("fair")
    study = open_study(tmp_path / "s.sqlite3", study_name(plan, params, objective), plan.seed)
    run_study(study, plan, params, objective, 5, Counts(1))
    done = finished(study)
    assert sorted(t.params["cards_two_players"] for t in done) == [3, 4, 5, 6, 7]
    assert Counts.batches == 5  # one batch per finished trial, none for a repeat
    assert len(study.trials) > 5  # TPE did repeat itself here: the skips are real
    assert all(t.state.name == "PRUNED" for t in study.trials if t not in done)
