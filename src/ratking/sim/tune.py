"""Balance tuning: an Optuna study searches rule values for fairness or a target length, then
the best values are checked on a fresh run with intervals.

The study lives in a SQLite file, so it can be stopped (Ctrl+C) and resumed by running the same
command again: a study is named after everything that defines it (game, seats, bots, games,
seed, fixed rules, objective and ranges), and `--trials K` means K finished trials in all.
Every trial plays the same seeds (common random numbers), so two trials differ by their rules;
the check plays other seeds.
"""

from __future__ import annotations

import shlex
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core import RatkingError
from . import plots
from .backends import Backend
from .batch import GameResult, Interrupted, run_batch
from .grid import parse_range, show, split_assignment, typed_value
from .page import Page
from .plan import Plan
from .progress import Bar
from .report import (
    Run,
    batch_sections,
    files_section,
    games_of,
    save_report,
    setup_section,
    shares_of,
    write_games_csv,
)
from .sides import SideShares

# the best values are checked on at least this many fresh games: a win share's 95% interval
# is then at most about 2.2 points either side, narrow enough to call a game fair or not
CHECK_GAMES = 2000


@dataclass(frozen=True)
class Param:
    """A rule to tune: whole numbers from low to high, or a list of choices."""

    name: str
    low: int | None = None
    high: int | None = None
    choices: tuple[Any, ...] | None = None

    def suggest(self, trial) -> Any:
        if self.choices is not None:
            return trial.suggest_categorical(self.name, list(self.choices))
        return trial.suggest_int(self.name, self.low, self.high)

    def contains(self, value: Any) -> bool:
        if self.choices is not None:
            return value in self.choices
        return isinstance(value, int) and self.low <= value <= self.high

    def describe(self) -> str:
        if self.choices is not None:
            return f"{self.name}={','.join(show(c) for c in self.choices)}"
        return f"{self.name}={self.low}..{self.high}"


def parse_param(game: str, base: dict[str, Any], text: str) -> Param:
    """NAME=LOW..HIGH (a whole-number rule; both ends checked against the rule's bounds) or
    NAME=A,B,... (choices, each checked)."""
    name, values = split_assignment(text, "--param")
    span = parse_range(values, "--param", name)
    if span is not None:
        low, high = span
        if low == high:
            raise RatkingError(f"--param {name}: the range {values!r} holds one value; "
                               f"fix it with --rule {name}={low} instead")
        for end in (low, high):
            if type(typed_value(game, base, name, str(end))) is not int:
                raise RatkingError(f"--param {name}: only whole-number rules take a range")
        return Param(name, low, high)
    choices = [typed_value(game, base, name, v.strip()) for v in values.split(",")]
    if len(choices) < 2 or len(set(map(repr, choices))) != len(choices):
        raise RatkingError(f"--param {name}: give LOW..HIGH or two or more different values")
    return Param(name, choices=tuple(choices))


@dataclass(frozen=True)
class Objective:
    """What a study minimises: "fair" (the largest distance of a side's win share from an even
    share) or "length" (distance of the mean game length in rounds from `target`)."""

    kind: str
    target: float | None = None

    def __str__(self) -> str:
        return self.kind if self.target is None else f"length={self.target:g}"

    @property
    def label(self) -> str:
        if self.kind == "fair":
            return "distance from an even share"
        return f"distance from {self.target:g} rounds"

    def value(self, shares: SideShares, results: Sequence[GameResult]) -> float:
        if self.kind == "fair":
            return shares.gap
        rounds = [r.rounds for r in results if r.rounds is not None]
        if not rounds:
            raise RatkingError("this game does not count rounds: use --objective fair")
        return abs(statistics.fmean(rounds) - self.target)


def parse_objective(text: str) -> Objective:
    text = text.strip()
    if text == "fair":
        return Objective("fair")
    kind, eq, value = text.partition("=")
    if kind.strip() == "length" and eq:
        try:
            target = float(value)
        except ValueError:
            target = -1.0
        if target > 0:
            return Objective("length", target)
        raise RatkingError(f"--objective length=R needs a number of rounds above 0, not "
                           f"{value!r}")
    raise RatkingError(f"--objective is fair or length=R (rounds), not {text!r}")


def study_name(plan: Plan, params: Sequence[Param], objective: Objective) -> str:
    fixed = ",".join(f"{k}={show(v)}" for k, v in sorted(plan.overrides.items()))
    return (f"{plan.game} p{plan.players} bots={plan.bots_text()} games={plan.games} "
            f"seed={plan.seed} {objective} " + " ".join(p.describe() for p in params)
            + (f" rules={fixed}" if fixed else ""))


SQLITE_HEADER = b"SQLite format 3\x00"


def check_storage(path: Path) -> Path:
    """`path` as a study file Optuna may open: new, empty, or an SQLite database that is empty
    or holds Optuna's tables. Anything else (a text file, another program's database) raises
    RatkingError and is left untouched: the check only reads."""
    import sqlite3

    if not path.is_file() or path.stat().st_size == 0:
        return path
    with path.open("rb") as fh:
        if fh.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
            raise RatkingError(f"--storage {path} is not an SQLite file: give a new file name, "
                               "or a study file written by ratking tune")
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            tables = {row[0] for row in db.execute("select name from sqlite_master "
                                                   "where type = 'table'")}
        finally:
            db.close()
    except sqlite3.Error as exc:
        raise RatkingError(f"--storage {path} cannot be read as SQLite ({exc})") from None
    if tables and "studies" not in tables:
        raise RatkingError(f"--storage {path} is an SQLite database of another program, not "
                           "a study file written by ratking tune")
    return path


def open_study(path: Path, name: str, seed: int):
    """The study of this name in the SQLite file (created if new); a file Optuna cannot use
    raises RatkingError."""
    import optuna
    from sqlalchemy.exc import SQLAlchemyError

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    check_storage(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        return optuna.create_study(storage=f"sqlite:///{path}", study_name=name,
                                   direction="minimize", load_if_exists=True,
                                   sampler=optuna.samplers.TPESampler(seed=seed))
    except (SQLAlchemyError, optuna.exceptions.OptunaError, RuntimeError) as exc:
        reason = " ".join(str(exc).split())[:200]
        raise RatkingError(f"--storage {path} cannot be used as a study file ({reason})"
                           ) from None


def finished(study) -> list:
    import optuna

    return [t for t in study.trials if t.state == optuna.trial.TrialState.COMPLETE]


def run_study(study, plan: Plan, params: Sequence[Param], objective: Objective, trials: int,
              backend: Backend, bar: Bar | None = None) -> None:
    """Run trials until the study has `trials` finished ones; a trial whose values were
    already played reuses that result (same values, same seeds, same games). Ctrl-C raises
    Interrupted once the study has stopped, its finished trials stored."""
    done = finished(study)
    if not done and not study.trials:
        defaults = {p.name: plan.rules[p.name] for p in params}
        if all(p.contains(defaults[p.name]) for p in params):
            study.enqueue_trial(defaults)  # the rulebook's numbers first, as a baseline
    remaining = trials - len(done)
    if remaining <= 0:
        return
    known = {tuple(sorted(t.params.items())): (t.value, t.user_attrs) for t in done}

    def measure(trial) -> float:
        values = {p.name: p.suggest(trial) for p in params}
        key = tuple(sorted(values.items()))
        if bar is not None:
            bar.describe(f"trial {trial.number + 1}: " + ", ".join(
                f"{n}={show(v)}" for n, v in values.items()))
        if key in known:
            value, attrs = known[key]
            for attr, got in attrs.items():
                trial.set_user_attr(attr, got)
            if bar is not None:
                bar.advance(plan.games)
            return value
        trial_plan = plan.with_rules(values)
        results = run_batch(plan.game, plan.players, plan.bots, plan.games, plan.seed,
                            trial_plan.overrides, progress=bar.advance if bar else None,
                            backend=backend)
        shares = shares_of(trial_plan, results)
        rounds = [r.rounds for r in results if r.rounds is not None]
        attrs = {"sides": list(shares.sides.short_names), "shares": list(shares.share),
                 "rounds": statistics.fmean(rounds) if rounds else None,
                 "capped": sum(1 for r in results if r.end == "round-cap")}
        for attr, got in attrs.items():
            trial.set_user_attr(attr, got)
        value = objective.value(shares, results)
        known[key] = (value, attrs)
        if bar is not None:
            bar.log(f"Trial {trial.number + 1} done: " + ", ".join(
                f"{n}={show(v)}" for n, v in values.items()) + f" -> {value:.4f}")
        return value

    stopped = []

    def play(trial) -> float:
        # Ctrl-C: the trial under way is given up (pruned, not failed, so Optuna prints no
        # traceback), the study stops, and the finished trials stay in the storage
        try:
            return measure(trial)
        except KeyboardInterrupt:
            import optuna

            stopped.append(trial.number)
            study.stop()
            raise optuna.TrialPruned("stopped by Ctrl-C") from None

    study.optimize(play, n_trials=remaining)
    if stopped:
        raise Interrupted([])


def check_best(plan: Plan, best: dict[str, Any], games: int, backend: Backend,
               bar: Bar | None = None) -> Run:
    """Play `games` games under the best values with the seed after the study's."""
    check_plan = plan.with_rules(best).with_games(games, plan.seed + 1)
    if bar is not None:
        bar.describe(f"checking the best values on {games:,} fresh games")
    results = run_batch(plan.game, plan.players, plan.bots, games, check_plan.seed,
                        check_plan.overrides, progress=bar.advance if bar else None,
                        backend=backend)
    return Run(check_plan, results, shares_of(check_plan, results))


def trial_rows(study, params: Sequence[Param], shown: int = 15) -> tuple[list[str], list[list]]:
    """The best trials first: headers and rows."""
    best = sorted(finished(study), key=lambda t: (t.value, t.number))[:shown]
    sides = best[0].user_attrs.get("sides", []) if best else []
    headers = ["trial", *(p.name for p in params), "objective", *sides, "rounds"]
    rows = []
    for t in best:
        rounds = t.user_attrs.get("rounds")
        shares = t.user_attrs.get("shares", [])
        rows.append([str(t.number + 1), *(show(t.params.get(p.name)) for p in params),
                     f"{t.value:.4f}", *(f"{s:.3f}" for s in shares),
                     "-" if rounds is None else f"{rounds:.2f}"])
    return headers, rows


def write_tune_report(folder: Path, plan: Plan, params: Sequence[Param], objective: Objective,
                      study, storage: Path, check: Run, backend: str, workers: int) -> Path:
    """folder/index.html (the study and the check) and folder/games.csv (the check's games)."""
    done = finished(study)
    page = Page(f"{plan.title}: tuning {', '.join(p.name for p in params)}",
                f"ratking tune report: objective {objective}, {len(done)} trials of "
                f"{plan.games:,} games, bots {plan.bots_text()}, seed {plan.seed}.")
    command = (plan.command("tune") + "".join(f" --param {p.describe()}" for p in params)
               + f" --objective {objective} --trials {len(done)} --check-games "
               f"{check.plan.games} --storage {shlex.quote(str(storage))}")
    setup_section(page, plan, backend, workers, None, command, "per trial",
                  varied="; ".join(p.describe() for p in params) + " (searched)")
    page.text("Searched: " + "; ".join(p.describe() for p in params) + f". The study is "
              f"{study.study_name!r} in {storage} (Optuna, TPE sampler); run the same command "
              f"to go on with it.", "note")
    page.heading("The study")
    headers, rows = trial_rows(study, params)
    page.text(f"The best {len(rows)} of {len(done)} trials (objective: {objective.label}, "
              f"lower is better).")
    page.table(headers, rows, [True] + [False] * len(params) + [True] * (len(headers) -
                                                                       len(params) - 1))
    ordered = sorted(done, key=lambda t: t.number)
    values = [t.value for t in ordered]
    page.figure(plots.trials(values, objective.label),
                f"Scatter of each trial's objective in order, with the best so far; the best "
                f"is {min(values):.4f}", "Every trial plays the same seeds.")
    page.figure(plots.scatter_grid({p.name: [t.params[p.name] for t in ordered]
                                    for p in params}, values, objective.label),
                "Scatter plots of the objective against each tuned rule",
                "Where the study looked, and what it found there.")
    best = ", ".join(f"{k}={show(v)}" for k, v in check.plan.overrides.items())
    page.heading("The best values, checked")
    page.text(f"Best rules: {best}. Played again on {check.plan.games:,} fresh games "
              f"(seed {check.plan.seed}), so the figures below are not the luck of the seeds "
              f"the study chose them on.")
    page.code(check.plan.command())
    batch_sections(page, check.plan, check.results)
    files_section(page, "one row per game of the check")
    games = games_of(check.plan, check.results)
    return save_report(folder, page, lambda out: write_games_csv(out / "games.csv", games))
