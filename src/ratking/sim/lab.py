"""The designer's lab behind `ratking simulate`, `sweep` and `tune`: checking the input,
running on a backend with a progress bar, printing the results, writing the reports.

Everything is checked before the first game (bad input raises RatkingError with a one-line
reason, and nothing is written); the command line only turns those errors into messages.

Ctrl-C stops a run within a second or so (batch.Interrupted): what was finished is printed and
kept (the JSON, the report marked partial, a sweep's finished cells, a study's trials), and the
command exits with STOPPED (130, as a shell reports an interrupted program).
"""

from __future__ import annotations

import json
import os
import shlex
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from ..core import RatkingError, make
from ..outputs import check_writable_file
from .backends import BACKENDS, open_backend
from .batch import GameResult, Interrupted, run_batch
from .folders import check_report_dir
from .native_batch import CORE_NAMES
from .plan import Plan, check_workers, file_options, prepare, with_files
from .progress import progress_bar
from .sides import FirstPlayer, first_player, sides_of
from .stats import Summary, moves_line, percent, span, summarize

STOPPED = 130  # the exit code after Ctrl-C


def need_lab(what: str) -> None:
    """Fail early, with the fix, if the lab's optional packages are missing."""
    try:
        import matplotlib  # noqa: F401
        import scipy  # noqa: F401
    except ImportError:
        raise RatkingError(f"{what} needs the report extra: pip install -e '.[report]'") from None


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
        check_report_dir(report)


@contextmanager
def announced(console: Console, backend: str, workers: int, address: str | None,
              message: str) -> Iterator[Any]:
    """The backend, opened, and then `message` (what is about to run) printed: a backend
    that cannot be reached (a Ray address where nothing answers) is refused before anything
    is announced."""
    with open_backend(backend, workers, address) as engine:
        console.print(message, highlight=False)
        yield engine


# --- simulate -------------------------------------------------------------------------------


def prepare_run(game: str, players: int, bots: str, games: int, seed: int,
                rules: dict[str, Any], workers: int, backend: str, address: str | None,
                report: Path | None, json_out: Path | None,
                files: dict[str, str] | None = None, core: str = "auto",
                first: str = "rules") -> Plan:
    """A checked simulate run: the plan, and the outputs known to be writable."""
    plan = prepare(game, players, bots, games, seed, rules, files, core, first)
    _check_outputs(workers, backend, address, report)
    if json_out is not None:
        check_writable_file(json_out, "--json")
    return plan


@dataclass
class Played:
    """A simulate run's games (those resumed from its JSON file first), whether Ctrl-C
    stopped it, and the seconds its own games took."""

    results: list[GameResult]
    seconds: float
    stopped: bool = False
    resumed: int = 0
    planned: int = 0

    @property
    def partial(self) -> bool:
        return len(self.results) < self.planned


def resume_games(path: Path, plan: Plan) -> list[GameResult]:
    """The games of `plan` already in the JSON file at `path` (none if it does not exist);
    a file of another run (game, players, bots, rules or seed) raises RatkingError."""
    if not path.exists():
        return []
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        wanted = {"game": plan.game, "players": plan.players, "bots": list(plan.bots),
                  "rules": plan.rules, "seed": plan.seed, **plan.files_json(),
                  "first_seat": plan.first_json()}
        for key, value in wanted.items():
            if files_in(data, plan, key) != value:
                raise RatkingError(f"--resume: {path} holds another run ({key} "
                                   f"{data.get(key)!r}, not {value!r}); give its own "
                                   "options, or a new file")
        games = [GameResult.from_dict(g) for g in data["games"]]
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise RatkingError(f"--resume: {path} is not a JSON file written by ratking simulate "
                           f"({exc.__class__.__name__})") from None
    return [g for g in games if g.index < plan.games]


def files_in(data: dict[str, Any], plan: Plan, key: str) -> Any:
    """`data[key]` of a run's JSON file; a file written before runs named their component
    files holds none, and was played with the game's own files (and one written before runs
    named who starts started every game as its rules said)."""
    if key == "first_seat" and key not in data:
        return data.get("rules", {}).get(key)
    if key in data or key not in ("cards", "board"):
        return data.get(key)
    return make(plan.game).describe_files().get(key)


def play(plan: Plan, console: Console, backend: str = "local", workers: int = 1,
         address: str | None = None, done: list[GameResult] | None = None) -> Played:
    """Play the plan's games on the backend, with a progress bar, but those `done` already
    (a resumed run); a Ctrl-C stops it with the games finished so far."""
    check_backend(backend)
    done = list(done or [])
    have = {g.index for g in done}
    todo = [i for i in range(plan.games) if i not in have]
    if done:
        console.print(f"Resuming: {len(done):,} of {plan.games:,} games are in the file, "
                      f"{len(todo):,} to play.")
    start = time.perf_counter()
    stopped = False
    played: list[GameResult] = []
    if todo:
        try:
            with announced(console, backend, workers, address,
                           f"Playing {len(todo):,} games on {CORE_NAMES[plan.ran_on]} "
                           "(Ctrl+C stops and keeps the games finished).") as engine, \
                    progress_bar(console, plan.game, len(todo)) as bar:
                played = run_batch(plan.game, plan.players, plan.bots, plan.games, plan.seed,
                                   plan.play_rules, progress=bar.advance, backend=engine,
                                   indices=todo, core=plan.core, rotate=plan.rotate)
        except Interrupted as stop:
            played, stopped = stop.results, True
    results = sorted(done + played, key=lambda r: r.index)
    return Played(results, time.perf_counter() - start, stopped, len(done), plan.games)


def finish_simulate(console: Console, plan: Plan, run: Played, json_out: Path | None,
                    report_dir: Path | None, backend: str, workers: int,
                    drama_games: int = 0, skill_games: int = 0) -> None:
    """Print the run and write its outputs; a stopped run keeps the games it finished.
    `drama_games` of the first games are played again for the drama measures, and
    `skill_games` deals strong against weak for skill or luck (0: not measured)."""
    got = len(run.results)
    if run.stopped:
        console.print(f"\nStopped: {got:,} of {plan.games:,} games finished.")
    if not got:
        console.print("No game finished: nothing written.")
        return
    print_summary(console, plan, run.results)
    if (effect := first_player_of(plan, run.results)) is not None:
        console.print(effect.verdict(), highlight=False)
    with console.status("Measuring drama and skill..."):
        extra = designer_measures(plan, run.results, drama_games, skill_games)
    for line in measures_lines(extra):
        console.print(line, highlight=False)
    if json_out is not None:
        write_json(json_out, plan, run.results, extra)
        console.print(f"Wrote {json_out}" + (f" ({got:,} of {plan.games:,} games; the same "
                                             "command with --resume plays the rest)"
                                             if run.partial else ""))
    if report_dir is not None:
        with console.status("Drawing the report..."):
            page = report(report_dir, plan, run.results, backend, workers, run.seconds)
        console.print(f"Wrote {page} and {page.with_name('games.csv')}"
                      + (" (partial)" if run.partial else ""))


def write_trajectories(console: Console, directory: Path, plan: Plan,
                       results: list[GameResult]) -> None:
    """Replay the run's games and write every decision to `directory` (sim/trajectories)."""
    from . import trajectories

    with progress_bar(console, f"{plan.game} trajectories", len(results)) as bar:
        games, decisions = trajectories.write(directory, plan, results, bar.advance)
    console.print(f"Wrote {games:,} games and {decisions:,} decisions to {directory}")


def print_summary(console: Console, plan: Plan, results: list[GameResult]) -> None:
    summary = summarize(results)
    over = (f"; win shares over the {summary.decided} decided" if summary.undecided else "")
    games = (f"{len(results)} of {plan.games} games (stopped)" if len(results) < plan.games
             else f"{plan.games} games")
    table = Table(title=f"{plan.game}: {games}, {plan.players} players, "
                        f"seed {plan.seed}{over}")
    table.add_column("seat", justify="right")
    table.add_column("bot")
    table.add_column("win share", justify="right")
    table.add_column("95% interval", justify="center")
    if summary.mean_score is not None:
        table.add_column("mean score", justify="right")
    for i in range(plan.players):
        row = [str(i + 1), plan.bots[i], percent(summary.win_share[i]),
               span(summary.win_low[i], summary.win_high[i])]
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
    if (moves := moves_line(summary)) is not None:
        console.print(moves, highlight=False)


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


def designer_measures(plan: Plan, results: list[GameResult], drama_games: int,
                      skill_games: int) -> dict[str, Any]:
    """{"drama": drama_summary of the first `drama_games` games (played again), "skill":
    skill_or_luck of the heuristic against random over `skill_games` deals}, each left out
    at 0."""
    from ..review.drama import drama_summary, skill_or_luck

    out: dict[str, Any] = {}
    games = plan.report_games(results)
    shown = min(drama_games, len(results))
    if shown:
        summary = drama_summary(games.replay(k) for k in range(shown))
        out["drama"] = {k: v for k, v in summary.items() if k != "chance_over_length"}
    if skill_games:
        out["skill"] = skill_or_luck(plan.game, skill_games, results[0].seed, "heuristic",
                                     "random", plan.players, plan.full_rules)
    return out


def measures_lines(extra: dict[str, Any]) -> list[str]:
    """The drama and skill measures as the terminal prints them."""
    lines = []
    if "drama" in extra:
        d = extra["drama"]
        lead, moment, back = d["lead_changes"], d["decisive_moment"], d["comebacks"]
        lines.append(f"Drama over the first {d['games']} games (95% intervals): "
                     f"{lead['mean']:.2f} lead changes a game ({lead['low']:.2f} to "
                     f"{lead['high']:.2f}); decided {moment['mean']:.0%} of the way in "
                     f"({moment['low']:.0%} to {moment['high']:.0%}); comebacks "
                     f"{percent(back['share'])} of winners ({span(back['low'], back['high'])}).")
    if "skill" in extra:
        s = extra["skill"]
        lines.append(f"Skill or luck: the heuristic wins {percent(s['share'])} "
                     f"({span(s['low'], s['high'])}) against random play over {s['games']} "
                     f"deals; the fair share is {percent(s['fair'])}.")
    return lines


def first_player_of(plan: Plan, results: list[GameResult]) -> FirstPlayer | None:
    """The first player's win share, where the run's games started with several sides."""
    return first_player(results, sides_of(plan.game, plan.players, plan.rules))


def write_json(path: Path, plan: Plan, results: list[GameResult],
               extra: dict[str, Any] | None = None) -> None:
    """The run as JSON, written whole (a new file renamed into place); `extra`: the drama
    and skill measures (designer_measures)."""
    payload = {"game": plan.game, "players": plan.players, "bots": list(plan.bots),
               "rules": plan.rules, **plan.files_json(), "round_cap_added": plan.cap_added,
               "seed": plan.seed, "core": plan.ran_on, "first_seat": plan.first_json(),
               "games_planned": plan.games, "partial": len(results) < plan.games,
               "summary": summarize(results).to_dict(), **(extra or {}),
               "first_player": None if (effect := first_player_of(plan, results)) is None
               else effect.to_dict(),
               "games": [r.to_dict() for r in results]}
    write_whole(path, json.dumps(payload, indent=1) + "\n")


def write_whole(path: Path, text: str) -> None:
    """`text` into `path` by way of a new file beside it, renamed into place: a stop leaves
    the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    new = path.with_name(f".{path.name}.{os.getpid()}.new")
    new.write_text(text, encoding="utf-8")
    new.replace(path)


def report(folder: Path, plan: Plan, results: list[GameResult], backend: str, workers: int,
           seconds: float) -> Path:
    from .report import write_batch_report

    return write_batch_report(folder, plan, results, backend, workers, seconds)


# --- sweep ----------------------------------------------------------------------------------


def prepare_sweep(game: str, rules: list[str], players: int, bots: str, games: int, seed: int,
                  workers: int, backend: str, address: str | None, report: Path | None,
                  json_out: Path | None = None, files: dict[str, str] | None = None,
                  cards: list[str] | None = None, core: str = "auto", first: str = "rules"):
    """A checked sweep: its plan (the fixed rules and card values applied) and its axes,
    the rules' and then the card values' (`--card PATH=VALUES`, cardvalues.py)."""
    from .cardvalues import card_axes
    from .grid import check_grid, parse_grid

    need_lab("ratking sweep")
    fixed, axes = parse_grid(game, rules, bool(cards))
    plan = prepare(game, players, bots, games, seed, fixed, files, core, first)
    if plan.rotate and any(a.name == "first_seat" for a in axes):
        raise RatkingError("--first-seat rotate sets first_seat game by game: it cannot be "
                           "swept too")
    fixed_cards, more = card_axes(game, plan.files, cards)
    axes = check_grid([*axes, *more])
    plan = plan.with_rules(fixed_cards)
    _check_outputs(workers, backend, address, report)
    if json_out is not None:
        check_writable_file(json_out, "--json")
    return plan, axes


def sweep(plan: Plan, axes, console: Console, backend: str = "local", workers: int = 1,
          address: str | None = None, json_out: Path | None = None, resume: bool = False):
    """Every cell of the grid, with one progress bar over all their games: (cells, seconds,
    stopped); a stopped sweep returns the cells it finished. With `json_out` the sweep's
    games are kept there after each cell and at a stop (the cell under way's too); with
    `resume` the games already there are not played again."""
    from .grid import cells
    from .sweep import resume_cells, sweep_payload

    check_backend(backend)
    done = resume_cells(json_out, plan, axes) if resume and json_out is not None else {}
    grid = cells(axes)
    have = sum(len(g) for g in done.values())
    total = len(grid) * plan.games - have
    if done:
        whole = sum(len(g) == plan.games for g in done.values())
        console.print(f"Resuming: {whole} of {len(grid)} cells are in the file"
                      + (f" and {have - whole * plan.games:,} games of another"
                         if have > whole * plan.games else "")
                      + f"; {total:,} games to play.", highlight=False)

    def save(finished, under_way) -> None:
        write_whole(json_out, json.dumps(sweep_payload(plan, axes, finished, under_way),
                                         indent=1) + "\n")

    return _run_sweep(plan, axes, console, backend, workers, address, done, total,
                      save if json_out is not None else None)


def _run_sweep(plan: Plan, axes, console: Console, backend: str, workers: int,
               address: str | None, done, total: int, save):
    from .grid import cells
    from .sweep import run_sweep

    start = time.perf_counter()
    try:
        with announced(console, backend, workers, address,
                       f"Sweeping {len(cells(axes))} cells of {plan.games:,} games on "
                       f"{CORE_NAMES[plan.ran_on]} (Ctrl+C stops and keeps the cells "
                       "finished).") as engine, \
                progress_bar(console, "sweep", total) as bar:
            got = run_sweep(plan, axes, engine, bar, done, save)
    except Interrupted as stop:
        return stop.partial, time.perf_counter() - start, True
    return got, time.perf_counter() - start, False


def finish_sweep(console: Console, plan: Plan, axes, cells_, report_dir: Path | None,
                 backend: str, workers: int, seconds: float, stopped: bool,
                 json_out: Path | None = None) -> None:
    """Print the sweep and write its report; a stopped sweep keeps its finished cells."""
    from .grid import cells

    planned = len(cells(axes))
    if stopped:
        kept = (f"the games of the cell under way are kept in {json_out}; the same command "
                "with --resume goes on" if json_out is not None else
                "the games of the cell under way are not kept; with --json FILE they are, "
                "and --resume goes on")
        console.print(f"\nStopped: {len(cells_)} of {planned} cells finished ({kept}).")
    if not cells_:
        console.print("No cell finished: nothing written.")
        return
    print_sweep(console, plan, cells_)
    if json_out is not None:
        console.print(f"Wrote {json_out}")
    if report_dir is not None:
        with console.status("Drawing the report..."):
            page = sweep_report(report_dir, plan, axes, cells_, backend, workers, seconds)
        console.print(f"Wrote {page} and {page.with_name('games.csv')}"
                      + (" (partial)" if stopped else ""))


def print_sweep(console: Console, plan: Plan, cells) -> None:
    from .sweep import table_rows
    from .tables import terminal_table

    headers, rows = table_rows(cells, "\n", decisions=False)
    console.print(terminal_table(f"{plan.game}: {len(cells)} cells of {plan.games} games, "
                                 f"{plan.players} players, bots {plan.bots_text()}, seed "
                                 f"{plan.seed}", headers, rows, len(cells[0].values) - 1))
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
    objectives: tuple[Any, ...]
    trials: int
    check_games: int
    storage: Path
    leaders: int = 3
    pick: Any = None  # a choose.PickRule: how several objectives name the best

    @property
    def name(self) -> str:
        from .tune import study_name

        goals = self.objectives[0] if len(self.objectives) == 1 else self.objectives
        return study_name(self.plan, self.params, goals)


@dataclass(frozen=True)
class TuneOutcome:
    study: Any
    reruns: list[Any]  # the leading trials played again on fresh seeds
    best: int  # which of them is best
    reason: str = ""  # how the pick rule chose it

    @property
    def check(self) -> Any:
        return self.reruns[self.best].run


def prepare_tune(game: str, params: list[str], objective: str, trials: int, games: int,
                 check_games: int, storage: Path | None, players: int, bots: str, seed: int,
                 rules: dict[str, Any], workers: int, backend: str, address: str | None,
                 report: Path | None, leaders: int = 3, pick: str | None = None,
                 files: dict[str, str] | None = None, cards: list[str] | None = None,
                 first: str = "rules") -> TuneSetup:
    from .cardvalues import card_param
    from .choose import parse_pick
    from .tune import CHECK_GAMES, check_storage, parse_objectives, parse_param, space_size

    need_lab("ratking tune")
    try:
        import optuna  # noqa: F401
    except ImportError:
        raise RatkingError("ratking tune needs the lab extra: pip install -e '.[lab]'") from None
    if trials < 1:
        raise RatkingError(f"--trials must be at least 1, not {trials}")
    if leaders < 1:
        raise RatkingError(f"--leaders must be at least 1, not {leaders}")
    if check_games < CHECK_GAMES:
        raise RatkingError(f"--check-games must be at least {CHECK_GAMES:,} (fewer give "
                           f"intervals too wide to judge the best values), not {check_games}")
    plan = prepare(game, players, bots, games, seed, rules, files, first=first)
    goals = parse_objectives(objective)
    rule = parse_pick(pick, [o.kind for o in goals])
    names: set[str] = set()
    parsed = []
    for text in params or []:
        param = parse_param(game, plan.overrides, text, plan.bots)
        if param.name in names:
            raise RatkingError(f"--param {param.name} is given twice")
        if param.name in plan.overrides:
            raise RatkingError(f"rule {param.name} is both fixed (--rule) and tuned (--param)")
        if plan.rotate and param.name == "first_seat":
            raise RatkingError("--first-seat rotate sets first_seat game by game: it cannot be "
                               "tuned too")
        names.add(param.name)
        parsed.append(param)
    for text in cards or []:
        param = card_param(game, plan.files, text)
        if param.name in names:
            raise RatkingError(f"--card {param.name} is given twice")
        names.add(param.name)
        parsed.append(param)
    if not parsed:
        raise RatkingError("give a rule to tune (--param) or a card value (--card)")
    storage = check_writable_file(storage or Path(f"tune-{game}.sqlite3"), "--storage")
    check_storage(storage)
    _check_outputs(workers, backend, address, report)
    if trials > space_size(parsed):
        raise RatkingError(f"--trials {trials} is more than the {space_size(parsed):.0f} "
                           "different value sets the parameters hold")
    return TuneSetup(plan, tuple(parsed), goals, trials, check_games, storage, leaders, rule)


def tune(setup: TuneSetup, console: Console, backend: str = "local", workers: int = 1,
         address: str | None = None) -> TuneOutcome:
    """Run the study to its number of trials, play its leaders again on fresh games, and name
    the best of them."""
    from .choose import PickRule, choose
    from .tune import finished, leaders, open_study, rerun_leaders, run_study

    check_backend(backend)
    plan = setup.plan
    study = open_study(setup.storage, setup.name, plan.seed, len(setup.objectives))
    done = len(finished(study))
    todo = max(0, setup.trials - done)
    most = setup.leaders if len(setup.objectives) == 1 else 5
    with announced(console, backend, workers, address,
                   f"Study {setup.name!r} in {setup.storage}: {done} trials done, {todo} to "
                   "run (Ctrl+C stops; the same command goes on).") as engine, \
            progress_bar(console, "tune", todo * plan.games + most * setup.check_games) as bar:
        goals = setup.objectives[0] if len(setup.objectives) == 1 else setup.objectives
        run_study(study, plan, setup.params, goals, setup.trials, engine, bar)
        leading = leaders(study, len(setup.objectives), setup.leaders)
        bar.grow(len(leading) * setup.check_games - most * setup.check_games)
        reruns = rerun_leaders(plan, setup.params, setup.objectives, leading,
                               setup.check_games, engine, bar)
    best, reason = choose([r.fresh for r in reruns], [r.trial for r in reruns],
                          [o.kind for o in setup.objectives], setup.pick or PickRule())
    return TuneOutcome(study, reruns, best, reason)


def tune_stopped(console: Console, setup: TuneSetup) -> None:
    """After Ctrl-C: how many trials the study keeps, and how to go on."""
    from .tune import finished, open_study

    done = len(finished(open_study(setup.storage, setup.name, setup.plan.seed,
                                   len(setup.objectives))))
    console.print(f"\nStopped: the study keeps {done} finished trial{'s' if done != 1 else ''} "
                  f"in {setup.storage} (the trial or re-run under way is not kept); run the "
                  "same command to go on.")


def print_tune(console: Console, setup: TuneSetup, outcome: TuneOutcome) -> None:
    from .grid import show
    from .tables import terminal_table
    from .tune_report import objective_span, rerun_rows, trial_rows

    def print_table(title: str, headers: list[str], rows: list[list[str]]) -> None:
        console.print(terminal_table(title, headers, rows, len(setup.params)))

    aims = ", ".join(str(o) for o in setup.objectives)
    print_table(f"The best trials (objective {aims}; {setup.plan.games} games each, 95% "
                "intervals)", *trial_rows(outcome.study, setup.params, setup.objectives, 10,
                                          terse=True))
    print_table(f"The leaders played again on {setup.check_games:,} fresh games",
                *rerun_rows(outcome.reruns, setup.params, setup.objectives, outcome.best,
                            terse=True))
    best = outcome.reruns[outcome.best]
    check = best.run
    values = ", ".join(f"{k}={show(v)}" for k, v in best.values.items())
    console.print(f"How the best was picked: {outcome.reason}")
    console.print(f"Best: {values} (trial {best.trial}). Checked on {check.plan.games:,} fresh "
                  f"games (seed {check.plan.seed}):")
    shares = check.shares
    for name, s, lo, hi in zip(shares.sides.names, shares.share, shares.low, shares.high,
                               strict=True):
        console.print(f"  {name}: wins {percent(s)} (95% interval {span(lo, hi)})")
    rounds = check.rounds
    if rounds is not None:
        console.print(f"  rounds: {rounds[0]:.2f} (95% interval {rounds[1]:.2f} - "
                      f"{rounds[2]:.2f})")
    for got, goal in zip(best.fresh, setup.objectives, strict=True):
        console.print(f"  {goal.label}: {objective_span(got, goal)}")
    console.print(f"  {shares.verdict()} {capped_line(summarize(check.results))}")
    console.print(f"  The check as a command: {check.plan.command()}")


def tune_report(folder: Path, setup: TuneSetup, outcome: TuneOutcome, backend: str,
                workers: int) -> Path:
    from .tune_report import write_tune_report

    return write_tune_report(folder, setup.plan, setup.params, setup.objectives, outcome.study,
                             setup.storage, outcome.reruns, outcome.best, backend, workers,
                             outcome.reason)


# --- arena ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ArenaSetup:
    game: str
    bots: tuple[str, ...]
    games: int
    players: int
    seed: int
    rules: dict[str, Any]  # as given (text), for the command that reproduces the run
    workers: int
    backend: str
    address: str | None
    json_out: Path | None
    report: Path | None
    files: dict[str, Any] = field(default_factory=dict)  # component files not the game's own

    def command(self) -> str:
        """The `ratking arena` command line that plays the same games."""
        args = ["ratking", "arena", self.game, "--bots", ",".join(self.bots), "--games",
                str(self.games), "--players", str(self.players), "--seed", str(self.seed)]
        for name, value in self.rules.items():
            args += ["--rule", f"{name}={value}"]
        for kind, made in self.files.items():
            args += file_options(kind, made)
        return shlex.join(args)


def prepare_arena(game: str, bots: str, games: int, players: int, seed: int,
                  rules: dict[str, Any], workers: int, backend: str, address: str | None,
                  json_out: Path | None, report_dir: Path | None,
                  files: dict[str, str] | None = None) -> ArenaSetup:
    """A checked arena run: the outputs known to be writable, the rules and files known to be
    good."""
    from .arena import check_arena

    _check_outputs(workers, backend, address, report_dir)
    if json_out is not None:
        check_writable_file(json_out, "--json")
    chosen = make(game, card_files=dict(files or {}), **rules)
    specs = tuple(s.strip() for s in bots.split(","))
    check_arena(game, specs, games, players, chosen.rules.as_dict())
    return ArenaSetup(game, specs, games, players, seed, dict(rules), workers, backend,
                      address, json_out, report_dir, chosen.file_overrides())


def arena(setup: ArenaSetup, console: Console):
    """Play the arena with a progress bar: (ArenaResult, stopped); a stopped arena returns
    the standings of the games it finished."""
    from .arena import run_arena

    rules = with_files(make(setup.game, **setup.rules).rules.as_dict(), setup.files)
    try:
        with announced(console, setup.backend, setup.workers, setup.address,
                       f"Playing {setup.games:,} games (Ctrl+C stops and keeps the games "
                       "finished).") as engine, \
                progress_bar(console, setup.game, setup.games) as bar:
            return run_arena(setup.game, setup.bots, setup.games, setup.players, setup.seed,
                             rules, progress=bar.advance, backend=engine), False
    except Interrupted as stop:
        return stop.partial, True


def finish_arena(console: Console, setup: ArenaSetup, result, stopped: bool) -> None:
    """Print the arena and write its outputs; a stopped arena keeps the games it finished."""
    from .arena_report import print_arena

    got = len(result.games) if result is not None else 0
    if stopped:
        console.print(f"\nStopped: {got:,} of {setup.games:,} games finished. Later line-ups "
                      "were not played, so the bots did not all play every side equally "
                      "often: read these figures with care.")
    if not got:
        console.print("No game finished: nothing written.")
        return
    print_arena(result, console)
    if setup.json_out is not None:
        write_whole(setup.json_out, json.dumps(result.to_dict(), indent=1) + "\n")
        console.print(f"Wrote {setup.json_out}")
    if setup.report is not None:
        from .arena_page import write_arena_report

        with console.status("Drawing the report..."):
            page = write_arena_report(setup.report, result, setup.command())
        console.print(f"Wrote {page} and {page.with_name('games.csv')}"
                      + (" (partial)" if stopped else ""))


# --- compare --------------------------------------------------------------------------------


@dataclass(frozen=True)
class CompareSetup:
    a: Any  # compare.Version
    b: Any
    workers: int
    json_out: Path | None
    report: Path | None
    drama_games: int
    skill_games: int
    skill: tuple[str, str]


def prepare_compare(game: str, spec_a: str, spec_b: str, players: int, bots: str, games: int,
                    seed: int, workers: int, json_out: Path | None, report: Path | None,
                    drama_games: int, skill_games: int, skill: str,
                    first: str = "rules") -> CompareSetup:
    """Both versions checked (rules, files, card values), the outputs writable."""
    from .compare import prepare_version

    need_lab("ratking compare")
    if games < 2:
        raise RatkingError(f"--games must be at least 2 to compare, not {games}")
    if drama_games < 0 or skill_games < 0:
        raise RatkingError("--drama-games and --skill-games are 0 or more")
    pair = tuple(s.strip() for s in skill.split(","))
    if len(pair) != 2 or not all(pair):
        raise RatkingError(f"--skill is STRONG,WEAK (two bot specs), not {skill!r}")
    for spec in pair:
        from ..bots import make_bot

        make_bot(spec, 0)
    a = prepare_version("A", game, spec_a, players, bots, games, seed, first)
    b = prepare_version("B", game, spec_b, players, bots, games, seed, first)
    _check_outputs(workers, "local", None, report)
    if json_out is not None:
        check_writable_file(json_out, "--json")
    return CompareSetup(a, b, workers, json_out, report, drama_games, skill_games,
                        (pair[0], pair[1]))


def compare(setup: CompareSetup, console: Console):
    """Play both versions on the same seeds (a progress bar over both), then measure."""
    from .compare import measure_all

    plan = setup.a.plan
    got = []
    with announced(console, "local", setup.workers, None,
                   f"Playing {plan.games:,} games of each version on the same seeds."
                   ) as engine, progress_bar(console, plan.game, 2 * plan.games) as bar:
        for version in (setup.a, setup.b):
            bar.describe(f"version {version.label}")
            vp = version.plan
            got.append(run_batch(vp.game, vp.players, vp.bots, vp.games, vp.seed,
                                 vp.play_rules, progress=bar.advance, backend=engine,
                                 rotate=vp.rotate))
    with console.status("Measuring (drama: the games played again; skill: strong against "
                        "weak)..."):
        return measure_all(setup.a, setup.b, got[0], got[1], setup.drama_games,
                           setup.skill_games, setup.skill)


def finish_compare(console: Console, setup: CompareSetup, result) -> None:
    """Print the verdicts and the table; write the JSON and the report."""
    from .compare import amount, headline, level, p_text
    from .tables import terminal_table

    console.print(f"\nA: {setup.a.spec or 'as printed'}\nB: {setup.b.spec or 'as printed'}",
                  highlight=False)
    for line in headline(result):
        console.print(f"- {line}", highlight=False)
    rows = [[d.measure, level(d, d.a), level(d, d.b), amount(d, d.difference).split()[0],
             f"{amount(d, d.low).split()[0]} to {amount(d, d.high).split()[0]}", p_text(d.p)]
            for d in result.differences]
    console.print(terminal_table(f"{setup.a.plan.game}: {len(result.results_a):,} paired games",
                                 ["measure", "A", "B", "B - A", "95% interval", "test"], rows,
                                 0))
    console.print("Shares in %, their differences in points; a test per measure (paired t, "
                  "McNemar or bootstrap: the report says which).", highlight=False)
    if setup.json_out is not None:
        write_whole(setup.json_out, json.dumps(result.to_dict(), indent=1) + "\n")
        console.print(f"Wrote {setup.json_out}")
    if setup.report is not None:
        from .compare_report import write_compare_report

        with console.status("Drawing the report..."):
            page = write_compare_report(setup.report, result, setup.workers)
        console.print(f"Wrote {page} and {page.with_name('games.csv')}")
