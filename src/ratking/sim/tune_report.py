"""The tuning report: DIR/index.html (the study, its leaders played again, the best checked)
and DIR/games.csv (the best's games)."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from pathlib import Path

from . import plots
from .grid import show
from .page import Page
from .plan import Plan
from .report import (
    batch_sections,
    files_section,
    games_of,
    save_report,
    setup_section,
    write_games_csv,
)
from .stats import percent, short_span, span
from .tune import Objective, Param, Rerun, finished, importances, rounds_text, trial_values


def share_cell(share: float, low: float, high: float, terse: bool = False) -> str:
    """A share and its interval: "48.3% (45.1% - 51.5%)", or for the terminal "48.3%
    (45-52%)" on two lines."""
    if terse:
        return f"{percent(share)}\n({short_span(low, high)})"
    return f"{percent(share)} ({span(low, high)})"


def _share_cells(attrs: dict, terse: bool = False) -> list[str]:
    shares = attrs.get("shares", [])
    lows, highs = attrs.get("lows"), attrs.get("highs")
    if lows is None or highs is None:  # a trial of an older study: no intervals kept
        return [percent(s) for s in shares]
    return [share_cell(s, lo, hi, terse) for s, lo, hi in zip(shares, lows, highs, strict=True)]


def _rounds(rounds, terse: bool) -> str:
    """The mean rounds and its interval; terse: "17.3" over "±0.4" (a mean's interval is
    symmetric)."""
    if terse and rounds is not None:
        return f"{rounds[0]:.1f}\n±{(rounds[2] - rounds[1]) / 2:.1f}"
    return rounds_text(rounds)


def _rounds_cell(attrs: dict, terse: bool = False) -> str:
    rounds = attrs.get("rounds")
    if isinstance(rounds, int | float):
        return f"{rounds:.1f}"
    return _rounds(rounds, terse)


def objective_text(value: float, objective: Objective) -> str:
    return percent(value) if objective.kind == "fair" else f"{value:.1f}"


def objective_span(got: tuple[float, float, float], objective: Objective,
                   terse: bool = False) -> str:
    """A value with its 95% interval, as objective_text prints them (terse: on two lines)."""
    value, low, high = got
    if terse:
        between = (short_span(low, high) if objective.kind == "fair" else
                   span(low, high, lambda x: objective_text(x, objective)).replace(" - ", "-"))
        return f"{objective_text(value, objective)}\n({between})"
    return (f"{objective_text(value, objective)} "
            f"({span(low, high, lambda x: objective_text(x, objective))})")


def _head(objective: Objective, what: str, terse: bool) -> str:
    return f"{objective.kind} {what}" if terse else f"{objective.short}: {what}"


def trial_rows(study, params: Sequence[Param], objectives: Sequence[Objective],
               shown: int = 15, terse: bool = False) -> tuple[list[str], list[list[str]]]:
    """The best trials first (by their summed objectives): headers and rows, each share and
    the rounds with its 95% interval (terse: shorter, for the terminal)."""
    best = sorted(finished(study), key=lambda t: (sum(t.values), t.number))[:shown]
    sides = best[0].user_attrs.get("sides", []) if best else []
    headers = ["trial", *(p.name for p in params),
               *(o.kind if terse else o.short for o in objectives), *sides, "rounds"]
    rows = []
    for t in best:
        rows.append([str(t.number + 1), *(show(t.params.get(p.name)) for p in params),
                     *(objective_text(v, o) for v, o in zip(trial_values(t), objectives,
                                                             strict=True)),
                     *_share_cells(t.user_attrs, terse), _rounds_cell(t.user_attrs, terse)])
    return headers, rows


def rerun_rows(reruns: Sequence[Rerun], params: Sequence[Param],
               objectives: Sequence[Objective], best: int,
               terse: bool = False) -> tuple[list[str], list[list[str]]]:
    headers = ["trial", *(p.name for p in params),
               *(_head(o, "study", terse) for o in objectives),
               *(_head(o, "fresh (95%)", terse) for o in objectives),
               *reruns[0].run.shares.sides.short_names, "rounds"]
    rows = []
    for i, r in enumerate(reruns):
        shares = r.run.shares
        mark = " best" if terse else " (best)"
        rows.append([f"{r.trial}{mark if i == best else ''}",
                     *(show(r.values.get(p.name)) for p in params),
                     *(objective_text(v, o) for v, o in zip(r.study, objectives, strict=True)),
                     *(objective_span(got, o, terse) for got, o in zip(r.fresh, objectives,
                                                                       strict=True)),
                     *(share_cell(s, lo, hi, terse) for s, lo, hi in
                       zip(shares.share, shares.low, shares.high, strict=True)),
                     _rounds(r.run.rounds, terse)])
    return headers, rows


def tune_command(plan: Plan, params: Sequence[Param], objectives: Sequence[Objective],
                 trials: int, check_games: int, storage: Path) -> str:
    return (plan.command("tune") + "".join(f" --param {shlex.quote(p.describe())}"
                                           for p in params)
            + f" --objective {','.join(map(str, objectives))} --trials {trials} "
            f"--check-games {check_games} --storage {shlex.quote(str(storage))}")


def _study_figures(page: Page, study, params: Sequence[Param],
                   objectives: Sequence[Objective]) -> None:
    ordered = sorted(finished(study), key=lambda t: t.number)
    if len(objectives) == 1:
        values = [t.values[0] for t in ordered]
        label = objectives[0].label
        fair = objectives[0].kind == "fair"
        page.figure(plots.trials(values, label, fair),
                    f"Scatter of each trial's objective in order, with the best so far; the "
                    f"best is {objective_text(min(values), objectives[0])}",
                    "Every trial plays the same seeds.")
        page.figure(plots.scatter_grid({p.name: [t.params[p.name] for t in ordered]
                                        for p in params}, values, label, fair),
                    "Scatter plots of the objective against each tuned value",
                    "Where the study looked, and what it found there.")
        return
    front = {t.number for t in study.best_trials}
    first, second = objectives[0], objectives[1]
    page.figure(plots.pareto([t.values[0] for t in ordered], [t.values[1] for t in ordered],
                             [t.number in front for t in ordered],
                             [str(t.number + 1) for t in ordered], first.label, second.label,
                             first.kind == "fair", second.kind == "fair"),
                f"Scatter of every trial's {first.label} against its {second.label}; the "
                f"Pareto front ({len(front)} trials) joined by a line",
                "Lower is better on both axes. A trial is on the front when no other trial is "
                "at least as good on every objective and better on one; the numbers name the "
                "front's trials.")


def _importance(page: Page, study, params: Sequence[Param],
                objectives: Sequence[Objective]) -> None:
    """Which parameter the objectives depend on most, by Optuna's parameter importance."""
    names = [p.name for p in params]
    table = importances(study, len(objectives), names)
    if table is None:
        return
    page.heading("Which parameter matters", 3)
    page.text("Optuna's parameter importance (PED-ANOVA) over the study's trials: how much of "
              "each objective's low values each parameter accounts for, each column summing "
              "to 100%. It reads the trials the sampler chose, on the study's own seeds, so it "
              "says where the study found its differences, not a law of the game.")
    rows = sorted(zip(names, table, strict=True), key=lambda r: -max(r[1]))
    page.table(["parameter", *(o.short for o in objectives)],
               [[n, *(percent(v) for v in row)] for n, row in rows],
               [False] + [True] * len(objectives))


def write_tune_report(folder: Path, plan: Plan, params: Sequence[Param],
                      objectives: Sequence[Objective], study, storage: Path,
                      reruns: Sequence[Rerun], best: int, backend: str, workers: int,
                      reason: str = "") -> Path:
    """folder/index.html and folder/games.csv (the best's games on fresh seeds)."""
    done = finished(study)
    aims = ", ".join(map(str, objectives))
    page = Page(f"{plan.title}: tuning {', '.join(p.name for p in params)}",
                f"ratking tune report: objective {aims}, {len(done)} trials of "
                f"{plan.games:,} games, bots {plan.bots_text()}, seed {plan.seed}.")
    check = reruns[best].run
    command = tune_command(plan, params, objectives, len(done), check.plan.games, storage)
    setup_section(page, plan, backend, workers, None, command, "per trial",
                  varied="; ".join(p.describe() for p in params) + " (searched)")
    kind = "multi-objective, " if len(objectives) > 1 else ""
    page.text(f"The study is {study.study_name!r} in {storage} (Optuna, {kind}TPE sampler); "
              "run the same command to go on with it.", "note")
    page.heading("The study")
    headers, rows = trial_rows(study, params, objectives)
    page.text(f"The best {len(rows)} of {len(done)} trials (objectives: "
              + "; ".join(f"{o.short}: {o.label}" for o in objectives)
              + f", lower is better). Each share and the rounds with its 95% interval over the "
              f"trial's {plan.games:,} games: a share is good to about "
              f"{100 * 1.96 * (0.25 / plan.games) ** 0.5:.0f} points either side.")
    numeric = [True] + [False] * len(params) + [True] * (len(headers) - len(params) - 1)
    page.table(headers, rows, numeric)
    _study_figures(page, study, params, objectives)
    _importance(page, study, params, objectives)
    page.heading("The leaders, played again")
    which = ("the Pareto front" if len(objectives) > 1 else f"the {len(reruns)} best trials")
    page.text(f"A trial's value is measured on the study's own seeds, and the best of many "
              f"trials is partly the luckiest. So {which} were each played again on "
              f"{check.plan.games:,} fresh games (seed {check.plan.seed}) before naming the "
              f"best. {reason[:1].upper()}{reason[1:]}")
    headers, rows = rerun_rows(reruns, params, objectives, best)
    page.table(headers, rows, [True] + [False] * len(params) + [True] *
               (len(headers) - len(params) - 1))
    best_values = ", ".join(f"{k}={show(v)}" for k, v in reruns[best].values.items())
    page.heading("The best values, checked")
    page.text(f"Best: {best_values} (trial {reruns[best].trial}). Its fresh games: "
              + "; ".join(f"{o.label} {objective_span(got, o)}"
                          for got, o in zip(reruns[best].fresh, objectives, strict=True))
              + " (95% intervals).")
    page.code(check.plan.command())
    batch_sections(page, check.plan, check.results)
    files_section(page, "one row per game of the best's fresh games")
    games = games_of(check.plan, check.results)
    return save_report(folder, page, lambda out: write_games_csv(out / "games.csv", games))
