"""The designer's lab behind `ratking simulate`, `sweep` and `tune`: checking the input,
running on a backend with a progress bar, printing the results, writing the reports.

Everything is checked before the first game (bad input raises RatkingError with a one-line
reason, and nothing is written); the command line only turns those errors into messages.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from ..core import RatkingError
from ..outputs import check_writable_dir, check_writable_file
from .backends import BACKENDS, open_backend
from .batch import GameResult, run_batch
from .plan import Plan, check_workers, prepare
from .progress import progress_bar
from .stats import Summary, summarize


def need_lab(what: str) -> None:
    """Fail early, with the fix, if the lab's optional packages are missing."""
    try:
        import matplotlib  # noqa: F401
        import scipy  # noqa: F401
    except ImportError:
        raise RatkingError(f"{what} needs the lab extra: pip install -e '.[lab]'") from None


def check_backend(name: str) -> None:
    if name not in BACKENDS:
        raise RatkingError(f"--backend is one of {', '.join(BACKENDS)}, not {name!r}")


def _check_outputs(workers: int, backend: str, address: str | None,
                   report: Path | None) -> None:
    check_workers(workers)
    check_backend(backend)
    if address is not None and backend != "ray":
        raise RatkingError("--ray-address needs --backend ray")
    if report is not None:
        need_lab("--report")
        check_writable_dir(report)


# --- simulate -------------------------------------------------------------------------------


def prepare_run(game: str, players: int, bots: str, games: int, seed: int,
                rules: dict[str, Any], workers: int, backend: str, address: str | None,
                report: Path | None, json_out: Path | None) -> Plan:
    """A checked simulate run: the plan, and the outputs known to be writable."""
    plan = prepare(game, players, bots, games, seed, rules)
    _check_outputs(workers, backend, address, report)
    if json_out is not None:
        check_writable_file(json_out, "--json")
    return plan


def play(plan: Plan, console: Console, backend: str = "local", workers: int = 1,
         address: str | None = None) -> tuple[list[GameResult], float]:
    """Play the plan's games on the backend, with a progress bar; (results, seconds)."""
    check_backend(backend)
    with open_backend(backend, workers, address) as engine, \
            progress_bar(console, plan.game, plan.games) as bar:
        start = time.perf_counter()
        results = run_batch(plan.game, plan.players, plan.bots, plan.games, plan.seed,
                            plan.overrides, progress=bar.advance, backend=engine)
        return results, time.perf_counter() - start


def print_summary(console: Console, plan: Plan, results: list[GameResult]) -> None:
    summary = summarize(results)
    over = (f"; win shares over the {summary.decided} decided" if summary.undecided else "")
    table = Table(title=f"{plan.game}: {plan.games} games, {plan.players} players, "
                        f"seed {plan.seed}{over}")
    table.add_column("seat", justify="right")
    table.add_column("bot")
    table.add_column("win share", justify="right")
    table.add_column("95% interval", justify="center")
    if summary.mean_score is not None:
        table.add_column("mean score", justify="right")
    for i in range(plan.players):
        row = [str(i + 1), plan.bots[i], f"{summary.win_share[i]:.3f}",
               f"{summary.win_low[i]:.3f} - {summary.win_high[i]:.3f}"]
        if summary.mean_score is not None:
            row.append(f"{summary.mean_score[i]:.2f}")
        table.add_row(*row)
    console.print(table)
    length = (f"Game length: {summary.mean_decisions:.1f} decisions "
              f"(sd {summary.sd_decisions:.1f})")
    if summary.mean_rounds is not None:
        length += f", {summary.mean_rounds:.2f} rounds"
    console.print(length)
    console.print(f"Round cap: {plan.describe_cap()}")
    console.print(capped_line(summary))


def capped_line(summary: Summary) -> str:
    """The games the round cap stopped, said with how the win shares count them, and the
    decided games every seat tied."""
    kept = summary.capped - summary.undecided
    notes = []
    if summary.undecided:
        notes.append(f"{summary.undecided} draws there, left out of the win shares")
    if kept:
        notes.append(f"{kept} scored there by the game's own rule, counted")
    line = f"Stopped by the round cap: {summary.capped}"
    line += f" ({'; '.join(notes)})." if notes else "."
    return (f"{line} Every seat tied (a draw or a win shared by all): {summary.draws} of the "
            f"{summary.decided} decided games.")


def write_json(path: Path, plan: Plan, results: list[GameResult]) -> None:
    payload = {"game": plan.game, "players": plan.players, "bots": list(plan.bots),
               "rules": plan.rules, "round_cap_added": plan.cap_added, "seed": plan.seed,
               "summary": summarize(results).to_dict(),
               "games": [r.to_dict() for r in results]}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")


def report(folder: Path, plan: Plan, results: list[GameResult], backend: str, workers: int,
           seconds: float) -> Path:
    from .report import write_batch_report

    return write_batch_report(folder, plan, results, backend, workers, seconds)


# --- sweep ----------------------------------------------------------------------------------


def prepare_sweep(game: str, rules: list[str], players: int, bots: str, games: int, seed: int,
                  workers: int, backend: str, address: str | None, report: Path | None):
    from .grid import parse_grid

    need_lab("ratking sweep")
    fixed, axes = parse_grid(game, rules)
    plan = prepare(game, players, bots, games, seed, fixed)
    _check_outputs(workers, backend, address, report)
    return plan, axes


def sweep(plan: Plan, axes, console: Console, backend: str = "local", workers: int = 1,
          address: str | None = None):
    """Every cell of the grid, with one progress bar over all their games."""
    from .grid import cells
    from .sweep import run_sweep

    check_backend(backend)
    total = len(cells(axes)) * plan.games
    with open_backend(backend, workers, address) as engine, \
            progress_bar(console, "sweep", total) as bar:
        start = time.perf_counter()
        got = run_sweep(plan, axes, engine, bar)
        return got, time.perf_counter() - start


def print_sweep(console: Console, plan: Plan, cells) -> None:
    from .sweep import table_rows

    headers, rows = table_rows(cells, "\n", decisions=False)
    table = Table(title=f"{plan.game}: {len(cells)} cells of {plan.games} games, "
                        f"{plan.players} players, bots {plan.bots_text()}, seed {plan.seed}",
                  box=box.SIMPLE_HEAD)
    for k, header in enumerate(headers):
        rule = k < len(cells[0].values)
        table.add_column(header, justify="left" if rule else "right",
                         min_width=len(header) if rule else None)
    for row in rows:
        table.add_row(*row)
    console.print(table)
    console.print("Win shares with 95% intervals (a team game counts teams), over the decided "
                  "games: the capped column counts the games the round cap stopped, and those "
                  f"it stopped as draws are left out of the shares. Round cap: "
                  f"{plan.describe_cap()}")


def sweep_report(folder: Path, plan: Plan, axes, cells, backend: str, workers: int,
                 seconds: float) -> Path:
    from .sweep import write_sweep_report

    return write_sweep_report(folder, plan, axes, cells, backend, workers, seconds)


# --- tune -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class TuneSetup:
    plan: Plan
    params: tuple[Any, ...]
    objective: Any
    trials: int
    check_games: int
    storage: Path


@dataclass(frozen=True)
class TuneOutcome:
    study: Any
    best: dict[str, Any]
    check: Any


def prepare_tune(game: str, params: list[str], objective: str, trials: int, games: int,
                 check_games: int, storage: Path | None, players: int, bots: str, seed: int,
                 rules: dict[str, Any], workers: int, backend: str, address: str | None,
                 report: Path | None) -> TuneSetup:
    from .tune import CHECK_GAMES, check_storage, parse_objective, parse_param

    need_lab("ratking tune")
    try:
        import optuna  # noqa: F401
    except ImportError:
        raise RatkingError("ratking tune needs the lab extra: pip install -e '.[lab]'") from None
    if trials < 1:
        raise RatkingError(f"--trials must be at least 1, not {trials}")
    if check_games < CHECK_GAMES:
        raise RatkingError(f"--check-games must be at least {CHECK_GAMES:,} (fewer give "
                           f"intervals too wide to judge the best values), not {check_games}")
    plan = prepare(game, players, bots, games, seed, rules)
    goal = parse_objective(objective)
    names: set[str] = set()
    parsed = []
    for text in params:
        param = parse_param(game, plan.overrides, text)
        if param.name in names:
            raise RatkingError(f"--param {param.name} is given twice")
        if param.name in plan.overrides:
            raise RatkingError(f"rule {param.name} is both fixed (--rule) and tuned (--param)")
        names.add(param.name)
        parsed.append(param)
    storage = check_writable_file(storage or Path(f"tune-{game}.sqlite3"), "--storage")
    check_storage(storage)
    _check_outputs(workers, backend, address, report)
    return TuneSetup(plan, tuple(parsed), goal, trials, check_games, storage)


def tune(setup: TuneSetup, console: Console, backend: str = "local", workers: int = 1,
         address: str | None = None) -> TuneOutcome:
    """Run the study to its number of trials, then check the best values on fresh games."""
    from .tune import check_best, finished, open_study, run_study, study_name

    check_backend(backend)
    plan = setup.plan
    name = study_name(plan, setup.params, setup.objective)
    study = open_study(setup.storage, name, plan.seed)
    done = len(finished(study))
    todo = max(0, setup.trials - done)
    console.print(f"Study {name!r} in {setup.storage}: {done} trials done, {todo} to run "
                  f"(Ctrl+C stops; the same command goes on).")
    with open_backend(backend, workers, address) as engine, \
            progress_bar(console, "tune", todo * plan.games + setup.check_games) as bar:
        run_study(study, plan, setup.params, setup.objective, setup.trials, engine, bar)
        best = dict(study.best_trial.params)
        check = check_best(plan, best, setup.check_games, engine, bar)
    return TuneOutcome(study, best, check)


def print_tune(console: Console, setup: TuneSetup, outcome: TuneOutcome) -> None:
    from .grid import show
    from .tune import trial_rows

    headers, rows = trial_rows(outcome.study, setup.params, 10)
    table = Table(title=f"The best trials (objective: {setup.objective.label}; "
                        f"{setup.plan.games} games each)", box=box.SIMPLE_HEAD,
                  pad_edge=False, collapse_padding=True)
    for k, header in enumerate(headers):
        rule = 0 < k <= len(setup.params)
        # long rule names may wrap at their underscores (the line below names them exactly)
        table.add_column(header.replace("_", " ") if rule else header,
                         justify="left" if rule else "right",
                         min_width=5 if rule else len(header))
    for row in rows:
        table.add_row(*row)
    console.print(table)
    check = outcome.check
    best = ", ".join(f"{k}={show(v)}" for k, v in outcome.best.items())
    console.print(f"Best: {best}. Checked on {check.plan.games:,} fresh games "
                  f"(seed {check.plan.seed}):")
    shares = check.shares
    for name, s, lo, hi in zip(shares.sides.names, shares.share, shares.low, shares.high,
                               strict=True):
        console.print(f"  {name}: wins {s:.3f} (95% interval {lo:.3f} - {hi:.3f})")
    rounds = check.rounds
    if rounds is not None:
        console.print(f"  rounds: {rounds[0]:.2f} (95% interval {rounds[1]:.2f} - "
                      f"{rounds[2]:.2f})")
    console.print(f"  {shares.verdict()} {capped_line(summarize(check.results))}")
    console.print(f"  The check as a command: {check.plan.command()}")


def tune_report(folder: Path, setup: TuneSetup, outcome: TuneOutcome, backend: str,
                workers: int) -> Path:
    from .tune import write_tune_report

    return write_tune_report(folder, setup.plan, setup.params, setup.objective, outcome.study,
                             setup.storage, outcome.check, backend, workers)
