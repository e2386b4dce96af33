"""Balance tuning: an Optuna study searches rule values and bot settings for one aim or
several (fairness, a game length), then the leading trials are played again on fresh seeds
and the best of them is named with intervals.

The study lives in a SQLite file, so it can be stopped (Ctrl+C) and resumed by running the same
command again: a study is named after everything that defines it (game, seats, bots, games,
seed, fixed rules, objectives and ranges), and `--trials K` means K finished trials in all.
Every trial plays the same seeds (common random numbers), so two trials differ by their
values; the leaders' re-runs play other seeds. With several objectives the study is
multi-objective (Optuna's TPE sampler) and its leaders are its Pareto front.

A parameter is a rule (`unrest_to_win=12..36`) or a setting of every seat's bot
(`bot:iters=100..800`, `bot:eps=0,0.1,0.3`, `bot:prior=0..1.0`): the bot's spec gets the option,
so a designer asks whether a better player breaks a variant with the same command.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..bots import make_bot
from ..core import RatkingError
from .backends import Backend
from .batch import GameResult, Interrupted, run_batch
from .cardvalues import default_value
from .grid import parse_range, show, split_assignment, typed_value
from .plan import Plan
from .progress import Bar
from .report import Run, mean_interval, shares_of
from .sides import SideShares, distance_interval
from .stats import span

# each leader is played again on at least this many fresh games: a win share's 95% interval
# is then at most about 2.2 points either side, narrow enough to call a game fair or not
CHECK_GAMES = 2000
LEADERS = 3  # trials played again before the best is named (a study's value at 150 games
# is good to about 8 points, so the study's own best is often luck)
FRONT = 5  # at most this many Pareto-front trials played again
BOT = "bot:"


@dataclass(frozen=True)
class Param:
    """A rule or a bot setting to tune: numbers from low to high (whole, or decimal when an
    end is written with a point), or a list of choices."""

    name: str
    low: float | None = None
    high: float | None = None
    choices: tuple[Any, ...] | None = None
    decimal: bool = False

    @property
    def bot(self) -> bool:
        return self.name.startswith(BOT)

    def suggest(self, trial) -> Any:
        if self.choices is not None:
            return trial.suggest_categorical(self.name, list(self.choices))
        if self.decimal:
            return trial.suggest_float(self.name, self.low, self.high)
        return trial.suggest_int(self.name, int(self.low), int(self.high))

    def contains(self, value: Any) -> bool:
        if self.choices is not None:
            return value in self.choices
        if isinstance(value, bool) or not isinstance(value, int | float):
            return False
        return (self.decimal or isinstance(value, int)) and self.low <= value <= self.high

    def describe(self) -> str:
        if self.choices is not None:
            return f"{self.name}={','.join(show(c) for c in self.choices)}"
        return f"{self.name}={show(self.low)}..{show(self.high)}"


def with_option(spec: str, key: str, value: Any) -> str:
    """A bot spec with one option set (replacing it if the spec sets it)."""
    name, *parts = spec.split(":")
    kept = [p for p in parts if p.partition("=")[0].strip().lower() != key]
    return ":".join([name, *kept, f"{key}={show(value)}"])


def decimal_range(values: str, name: str) -> tuple[float, float] | None:
    low_text, dots, high_text = values.partition("..")
    if not dots or "." not in low_text + high_text:
        return None
    try:
        low, high = float(low_text), float(high_text)
    except ValueError:
        raise RatkingError(f"--param {name}: a range is LOW..HIGH, not {values!r}") from None
    if not low < high:
        raise RatkingError(f"--param {name}: the range {values!r} is empty (LOW is not below "
                           "HIGH)")
    return low, high


def parse_bot_param(bots: Sequence[str], text: str) -> Param:
    """bot:KEY=LOW..HIGH or bot:KEY=A,B,...: every seat's bot must take the option at
    both ends (or every choice)."""
    name, values = split_assignment(text, "--param")
    key = name[len(BOT):].strip().lower()
    if not key:
        raise RatkingError(f"--param {name}: name the bot's option, e.g. bot:iters=100..800")
    span = decimal_range(values, name)
    if span is not None:
        param = Param(name, span[0], span[1], decimal=True)
    elif (whole := parse_range(values, "--param", name)) is not None:
        if whole[0] == whole[1]:
            raise RatkingError(f"--param {name}: the range {values!r} holds one value")
        param = Param(name, whole[0], whole[1])
    else:
        choices = tuple(v.strip() for v in values.split(","))
        if len(choices) < 2 or len(set(choices)) != len(choices) or not all(choices):
            raise RatkingError(f"--param {name}: give LOW..HIGH or two or more different "
                               "values")
        param = Param(name, choices=choices)
    tried = param.choices if param.choices is not None else (param.low, param.high)
    for spec in set(bots):
        for value in tried:
            try:
                make_bot(with_option(spec, key, value), 0)
            except RatkingError as exc:
                raise RatkingError(f"--param {name}: {exc}") from None
    return param


def parse_param(game: str, base: dict[str, Any], text: str,
                bots: Sequence[str] = ("heuristic",)) -> Param:
    """NAME=LOW..HIGH (a whole-number rule; both ends checked against the rule's bounds),
    NAME=A,B,... (choices, each checked), or bot:KEY=... (a setting of every seat's bot)."""
    name, values = split_assignment(text, "--param")
    if name.startswith(BOT):
        return parse_bot_param(bots, text)
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


def apply(plan: Plan, params: Sequence[Param], values: dict[str, Any]) -> Plan:
    """The plan under a trial's values: rules set, bot settings given to every seat."""
    rules = {p.name: values[p.name] for p in params if not p.bot}
    bots = plan.bots
    for p in params:
        if p.bot:
            bots = tuple(with_option(b, p.name[len(BOT):].strip().lower(), values[p.name])
                         for b in bots)
    return plan.with_rules(rules).with_bots(bots)


@dataclass(frozen=True)
class Objective:
    """One aim a study minimises: "fair" (the largest distance of a side's win share from an
    even share), "length" with a `target` (distance of the mean game length in rounds from
    it) or with `low`..`high` (distance outside that span, 0 inside)."""

    kind: str
    target: float | None = None
    low: float | None = None
    high: float | None = None

    def __str__(self) -> str:
        if self.kind == "fair":
            return "fair"
        if self.target is not None:
            return f"length={self.target:g}"
        return f"length:{self.low:g}..{self.high:g}"

    @property
    def label(self) -> str:
        if self.kind == "fair":
            return "distance from an even share"
        if self.target is not None:
            return f"distance from {self.target:g} rounds"
        return f"rounds outside {self.low:g}-{self.high:g}"

    @property
    def short(self) -> str:
        return "unfairness" if self.kind == "fair" else "length off"

    def interval(self, shares: SideShares, results: Sequence[GameResult]
                 ) -> tuple[float, float, float]:
        """The objective over these games and its 95% interval."""
        if self.kind == "fair":
            return (shares.gap, *shares.gap_interval())
        rounds = [r.rounds for r in results if r.rounds is not None]
        if not rounds:
            raise RatkingError("this game does not count rounds: use --objective fair")
        mean, lo, hi = mean_interval(rounds)
        a, b = (self.target, self.target) if self.target is not None else (self.low, self.high)
        value = max(a - mean, 0.0, mean - b)
        return (value, *distance_interval(lo, hi, a, b))

    def value(self, shares: SideShares, results: Sequence[GameResult]) -> float:
        return self.interval(shares, results)[0]


def _one_objective(text: str) -> Objective:
    text = text.strip()
    if text == "fair":
        return Objective("fair")
    kind, sep, value = (text.partition("=") if "=" in text else text.partition(":"))
    if kind.strip() == "length" and sep:
        low_text, dots, high_text = value.partition("..")
        try:
            if dots:
                low, high = float(low_text), float(high_text)
                if 0 < low < high:
                    return Objective("length", low=low, high=high)
            elif float(value) > 0:
                return Objective("length", float(value))
        except ValueError:
            pass
        raise RatkingError(f"--objective length=R or length:LOW..HIGH needs rounds above 0 "
                           f"(LOW below HIGH), not {value!r}")
    raise RatkingError(f"--objective is fair or length=R (rounds) or length:LOW..HIGH, or "
                       f"several of them comma-separated, not {text!r}")


def parse_objectives(text: str) -> tuple[Objective, ...]:
    """"fair", "length=15", "length:12..20", or several comma-separated (a multi-objective
    study)."""
    goals = tuple(_one_objective(part) for part in text.split(","))
    if len(set(goals)) != len(goals):
        raise RatkingError(f"--objective names an aim twice in {text!r}")
    return goals


def parse_objective(text: str) -> Objective:
    """One objective (see parse_objectives)."""
    goals = parse_objectives(text)
    if len(goals) != 1:
        raise RatkingError(f"--objective: one aim expected, not {text!r}")
    return goals[0]


def study_name(plan: Plan, params: Sequence[Param], objective) -> str:
    goals = objective if isinstance(objective, tuple) else (objective,)
    fixed = ",".join(f"{k}={show(v)}" for k, v in sorted(plan.overrides.items()))
    files = " ".join(f"{kind}={made.sha256[:16]}" for kind, made in sorted(plan.files.items()))
    return (f"{plan.game} p{plan.players} bots={plan.bots_text()} games={plan.games} "
            f"seed={plan.seed} {','.join(map(str, goals))} "
            + " ".join(p.describe() for p in params) + (f" rules={fixed}" if fixed else "")
            + (f" {files}" if files else "") + (" first=rotate" if plan.rotate else ""))


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


def open_study(path: Path, name: str, seed: int, objectives: int = 1):
    """The study of this name in the SQLite file (created if new), minimising `objectives`
    values (Optuna's TPE sampler, multi-objective when there are several); a file Optuna
    cannot use raises RatkingError."""
    import optuna
    from sqlalchemy.exc import SQLAlchemyError

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    check_storage(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        return optuna.create_study(storage=f"sqlite:///{path}", study_name=name,
                                   directions=["minimize"] * objectives, load_if_exists=True,
                                   sampler=optuna.samplers.TPESampler(seed=seed))
    except (SQLAlchemyError, optuna.exceptions.OptunaError, RuntimeError) as exc:
        reason = " ".join(str(exc).split())[:200]
        raise RatkingError(f"--storage {path} cannot be used as a study file ({reason})"
                           ) from None


def finished(study) -> list:
    import optuna

    return [t for t in study.trials if t.state == optuna.trial.TrialState.COMPLETE]


def trial_values(trial) -> tuple[float, ...]:
    """A finished trial's objective values (one per objective)."""
    return tuple(trial.values)


def measure_run(run: Run, objectives: Sequence[Objective]) -> dict[str, Any]:
    """What a trial keeps of its games: each side's share with its interval, the rounds with
    theirs, the games capped, and each objective with its interval."""
    shares = run.shares
    rounds = run.rounds
    return {"sides": list(shares.sides.short_names), "shares": list(shares.share),
            "lows": list(shares.low), "highs": list(shares.high),
            "rounds": None if rounds is None else list(rounds),
            "capped": run.capped,
            "objectives": [list(o.interval(shares, run.results)) for o in objectives]}


REPEATS = 50  # suggestions in a row that repeat played values before a study gives up


def space_size(params: Sequence[Param]) -> float:
    """How many different value sets the parameters hold (infinite with a decimal range)."""
    size = 1.0
    for p in params:
        if p.choices is not None:
            size *= len(p.choices)
        elif p.decimal:
            return float("inf")
        else:
            size *= int(p.high) - int(p.low) + 1
    return size


def run_study(study, plan: Plan, params: Sequence[Param], objective, trials: int,
              backend: Backend, bar: Bar | None = None) -> None:
    """Run trials until the study has `trials` finished ones. A suggestion that repeats a
    finished trial's values is not played and not counted: it is marked pruned (Optuna's
    word for a trial given up) with a line saying which trial it repeats, and the study asks
    again; after REPEATS repeats in a row the study stops short (few new values are left).
    Ctrl-C raises Interrupted once the study has stopped, its finished trials stored."""
    import optuna

    goals = objective if isinstance(objective, tuple) else (objective,)
    done = finished(study)
    if not done and not study.trials:
        defaults = {p.name: default_value(plan.game, plan.files, p.name) if "." in p.name
                    else plan.rules[p.name] for p in params if not p.bot}
        if len(defaults) == len(params) and all(p.contains(defaults[p.name]) for p in params):
            study.enqueue_trial(defaults)  # the rulebook's numbers first, as a baseline
    if trials - len(done) <= 0:
        return
    known = {tuple(sorted(t.params.items())): t.number for t in done}
    repeats = [0]

    def measure(trial) -> tuple[float, ...]:
        values = {p.name: p.suggest(trial) for p in params}
        key = tuple(sorted(values.items()))
        said = ", ".join(f"{n}={show(v)}" for n, v in values.items())
        if key in known:
            repeats[0] += 1
            if bar is not None:
                bar.log(f"Trial {trial.number + 1} repeats trial {known[key] + 1} ({said}): "
                        "skipped, not counted")
            if repeats[0] >= REPEATS:
                study.stop()
            raise optuna.TrialPruned(f"repeats trial {known[key] + 1}")
        repeats[0] = 0
        if bar is not None:
            bar.describe(f"trial {trial.number + 1}: {said}")
        trial_plan = apply(plan, params, values)
        results = run_batch(plan.game, plan.players, trial_plan.bots, plan.games, plan.seed,
                            trial_plan.play_rules, progress=bar.advance if bar else None,
                            backend=backend, rotate=plan.rotate)
        attrs = measure_run(Run(trial_plan, results, shares_of(trial_plan, results)), goals)
        for attr, value in attrs.items():
            trial.set_user_attr(attr, value)
        got = tuple(o[0] for o in attrs["objectives"])
        known[key] = trial.number
        if bar is not None:
            bar.log(f"Trial {trial.number + 1} done: {said} -> "
                    + ", ".join(f"{v:.4f}" for v in got))
        return got

    stopped = []

    def play(trial):
        # Ctrl-C: the trial under way is given up (pruned, not failed, so Optuna prints no
        # traceback), the study stops, and the finished trials stay in the storage
        try:
            got = measure(trial)
        except KeyboardInterrupt:
            stopped.append(trial.number)
            study.stop()
            raise optuna.TrialPruned("stopped by Ctrl-C") from None
        return got[0] if len(goals) == 1 else got

    count = optuna.study.MaxTrialsCallback(trials, states=(optuna.trial.TrialState.COMPLETE,))
    try:
        study.optimize(play, callbacks=[count])
    except KeyboardInterrupt:  # Ctrl-C between trials, in Optuna's own code: the same stop
        stopped.append(None)
    except UnboundLocalError as exc:
        # Optuna's _run_trial, interrupted outside the objective, fails in its own cleanup
        # (`updated_state`) with the interrupt as the cause: a stop all the same
        if not isinstance(exc.__context__, KeyboardInterrupt):
            raise
        stopped.append(None)
    if stopped:
        raise Interrupted([])
    if repeats[0] >= REPEATS and bar is not None:
        bar.log(f"The sampler suggested played values {REPEATS} times in a row: the study "
                f"stops at {len(finished(study))} trials (few new values are left to try).")


def leaders(study, objectives: int, count: int = LEADERS) -> list:
    """The trials to play again: with one objective the `count` best, with several the
    Pareto front (at most FRONT, those with the least summed values first)."""
    done = finished(study)
    if objectives == 1:
        return sorted(done, key=lambda t: (t.values[0], t.number))[:count]
    front = study.best_trials
    return sorted(front, key=lambda t: (sum(t.values), t.number))[:FRONT]


@dataclass(frozen=True)
class Rerun:
    """A leading trial played again on fresh seeds, with each objective and its interval."""

    trial: int  # the trial's number (from 1)
    values: dict[str, Any]  # its parameter values
    study: tuple[float, ...]  # its objective values in the study
    run: Run
    fresh: tuple[tuple[float, float, float], ...]  # (value, low, high) per objective


def rerun_leaders(plan: Plan, params: Sequence[Param], objectives: Sequence[Objective],
                  trials: Sequence, games: int, backend: Backend,
                  bar: Bar | None = None) -> list[Rerun]:
    """Play each leading trial again: `games` games with the seed after the study's."""
    out = []
    for k, t in enumerate(trials, 1):
        trial_plan = apply(plan, params, t.params).with_games(games, plan.seed + 1)
        if bar is not None:
            bar.describe(f"leader {k}/{len(trials)} (trial {t.number + 1}) on {games:,} fresh "
                         "games")
        results = run_batch(plan.game, plan.players, trial_plan.bots, games, trial_plan.seed,
                            trial_plan.play_rules, progress=bar.advance if bar else None,
                            backend=backend, rotate=plan.rotate)
        run = Run(trial_plan, results, shares_of(trial_plan, results))
        fresh = tuple(o.interval(run.shares, results) for o in objectives)
        out.append(Rerun(t.number + 1, dict(t.params), trial_values(t), run, fresh))
    return out


def check_best(plan: Plan, best: dict[str, Any], games: int, backend: Backend,
               bar: Bar | None = None, params: Sequence[Param] = ()) -> Run:
    """Play `games` games under the best values with the seed after the study's."""
    check_plan = (apply(plan, params, best) if params else plan.with_rules(best)
                  ).with_games(games, plan.seed + 1)
    if bar is not None:
        bar.describe(f"checking the best values on {games:,} fresh games")
    results = run_batch(plan.game, plan.players, check_plan.bots, games, check_plan.seed,
                        check_plan.play_rules, progress=bar.advance if bar else None,
                        backend=backend, rotate=plan.rotate)
    return Run(check_plan, results, shares_of(check_plan, results))


def rounds_text(rounds: Sequence[float] | None) -> str:
    if rounds is None:
        return "-"
    return f"{rounds[0]:.1f} ({span(rounds[1], rounds[2], lambda x: f'{x:.1f}')})"


def importances(study, objectives: int, names: Sequence[str]) -> list[list[float]] | None:
    """Each parameter's importance to each objective over the study's finished trials
    (Optuna's default evaluator, PED-ANOVA: which parameters the low values depend on),
    each objective's column summing to 1: a row per name in `names`. None with fewer than
    two finished trials, or when Optuna cannot tell (every trial alike)."""
    import warnings

    import optuna

    if len(finished(study)) < 2:
        return None
    columns = []
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # its note that low values are the aim: they are
            for k in range(objectives):
                got = optuna.importance.get_param_importances(
                    study, target=lambda t, k=k: t.values[k])
                columns.append([got.get(n, 0.0) for n in names])
    except (RuntimeError, ValueError, ZeroDivisionError):
        return None
    return [list(row) for row in zip(*columns, strict=True)]
