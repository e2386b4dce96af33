"""A rule sweep: every cell of a grid of rule values simulated, and a report of win shares and
game length against each value.

Every cell plays the same seeds (game i of each cell uses derive_seed(seed, i)), so the cells
differ by their rules and not by luck of the draw more than they must.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import plots
from .backends import Backend
from .batch import GameResult, Interrupted, run_batch
from .grid import Axis, cells, show
from .page import Page
from .plan import Plan
from .progress import Bar
from .report import (
    Run,
    files_section,
    mean_interval,
    partial_note,
    save_report,
    setup_section,
    shares_of,
    write_games_csv,
)
from .sections import ReportGames, drama_by_cell
from .sides import SideShares, first_player, side_shares
from .stats import percent, short_span, span, summarize


@dataclass(frozen=True)
class Cell(Run):
    """One combination of rule values and its games."""

    values: dict[str, Any]


Saver = Callable[[list["Cell"], list[GameResult]], None]


def cell_key(values: dict[str, Any]) -> str:
    """A cell's values as one text (what a sweep's JSON file names the cell by)."""
    return ",".join(f"{n}={show(v)}" for n, v in values.items())


def run_sweep(plan: Plan, axes: list[Axis], backend: Backend, bar: Bar | None = None,
              done: dict[str, list[GameResult]] | None = None,
              save: Saver | None = None) -> list[Cell]:
    """Simulate every cell of the grid with the plan's bots, games and seed, in grid order.
    `done` holds games already played per cell (by cell_key, from a resumed sweep): a cell
    with all its games is not played again, one with some plays only the rest. `save(cells,
    under_way)` is called after each cell and at a stop with the finished cells and the games
    of the cell under way. A stop (Ctrl-C) raises Interrupted holding the finished cells (as
    `partial`) and the games of the cell under way (as `results`)."""
    out: list[Cell] = []
    done = done or {}
    grid = cells(axes)
    under_way: list[GameResult] = []
    try:
        for k, values in enumerate(grid, 1):
            cell_plan = plan.with_rules(values)
            have = sorted(done.get(cell_key(values), []), key=lambda r: r.index)
            todo = [i for i in range(plan.games) if i not in {r.index for r in have}]
            under_way = have
            if todo:
                if bar is not None:
                    bar.describe(f"cell {k}/{len(grid)}: {cell_key(values)}")
                try:
                    played = run_batch(plan.game, plan.players, plan.bots, plan.games,
                                       plan.seed, cell_plan.play_rules,
                                       progress=bar.advance if bar else None, backend=backend,
                                       indices=todo, core=plan.core, rotate=plan.rotate)
                except Interrupted as stop:
                    under_way = sorted(have + stop.results, key=lambda r: r.index)
                    raise
                have = sorted(have + played, key=lambda r: r.index)
            out.append(Cell(cell_plan, have, shares_of(cell_plan, have), values))
            under_way = []
            if save is not None:
                save(out, [])
            if bar is not None and todo:
                bar.log(f"Cell {k} of {len(grid)} done: {cell_key(values)}")
    except KeyboardInterrupt:
        if save is not None:
            save(out, under_way)
        raise Interrupted(under_way, list(out)) from None
    return out


def sweep_payload(plan: Plan, axes: Sequence[Axis], cells_: Sequence[Cell],
                  under_way: Sequence[GameResult]) -> dict[str, Any]:
    """What `sweep --json` keeps: the run's definition, each finished cell's games, and the
    games of the cell under way at a stop (its values are the next cell of the grid's)."""
    grid = cells(list(axes))
    rows = [{"values": {n: v for n, v in c.values.items()}, "games": [r.to_dict() for r in
                                                                      c.results]}
            for c in cells_]
    if under_way:
        rows.append({"values": grid[len(cells_)], "games": [r.to_dict() for r in under_way]})
    return {"game": plan.game, "players": plan.players, "bots": list(plan.bots),
            "rules": plan.rules, **plan.files_json(), "seed": plan.seed,
            "first_seat": plan.first_json(), "games_per_cell": plan.games,
            "axes": {a.name: list(a.values) for a in axes}, "cells_planned": len(grid),
            "cells_finished": len(cells_), "cells": rows}


def resume_cells(path: Path, plan: Plan, axes: Sequence[Axis]) -> dict[str, list[GameResult]]:
    """The games of each cell in the sweep's JSON file at `path` (none if it does not
    exist); a file of another sweep (game, players, bots, rules, seed, games or grid) raises
    RatkingError."""
    import json

    from ..core import RatkingError
    from .lab import files_in

    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        wanted = {"game": plan.game, "players": plan.players, "bots": list(plan.bots),
                  "rules": plan.rules, "seed": plan.seed, "games_per_cell": plan.games,
                  "axes": {a.name: list(a.values) for a in axes}, **plan.files_json(),
                  "first_seat": plan.first_json()}
        for key, value in wanted.items():
            if files_in(data, plan, key) != value:
                raise RatkingError(f"--resume: {path} holds another sweep ({key} "
                                   f"{data.get(key)!r}, not {value!r}); give its own "
                                   "options, or a new file")
        return {cell_key(row["values"]): [GameResult.from_dict(g) for g in row["games"]
                                          if g["index"] < plan.games]
                for row in data["cells"]}
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise RatkingError(f"--resume: {path} is not a JSON file written by ratking sweep "
                           f"({exc.__class__.__name__})") from None


def table_rows(cells_: Sequence[Cell], sep: str = " ",
               decisions: bool = True) -> tuple[list[str], list[list[str]]]:
    """Headers and rows of the sweep's summary table (one row per cell); `sep` goes between a
    share and its interval. Shares are printed as the plots print them (48.3%). A sweep whose
    first player rotates adds the first player's win share."""
    first = cells_[0]
    effects = [first_player(c.results, c.shares.sides) for c in cells_]
    rotated = any(e is not None for e in effects)
    headers = [*first.values, *first.shares.sides.short_names, "rounds",
               *(["decisions", "legal moves (sd)", "forced"] if decisions else []), "capped",
               *(["first player"] if rotated else [])]
    rows = []
    for cell, effect in zip(cells_, effects, strict=True):
        rounds = cell.rounds
        more = []
        if decisions:
            summary = summarize(cell.results)
            more = [f"{cell.decisions[0]:.1f}",
                    "-" if summary.moves_mean is None else
                    f"{summary.moves_mean:.1f} ({summary.moves_sd:.1f})",
                    "-" if summary.forced is None else percent(summary.forced)]
        capped = str(cell.capped) + (f" ({percent(cell.capped / len(cell.results))})"
                                     if decisions and cell.results else "")
        rows.append([*(show(v) for v in cell.values.values()),
                     *(f"{percent(s)}{sep}({span(lo, hi)})" for s, lo, hi in
                       zip(cell.shares.share, cell.shares.low, cell.shares.high, strict=True)),
                     "-" if rounds is None else f"{rounds[0]:.1f}", *more, capped,
                     *([] if not rotated else ["-"] if effect is None else
                       [f"{percent(effect.share)}{sep}({span(effect.low, effect.high)})"])])
    return headers, rows


def finished_axes(axes: Sequence[Axis], cells_: Sequence[Cell]) -> list[Axis]:
    """The axes cut to the values some finished cell has (all of them, unless stopped)."""
    return [Axis(a.name, tuple(v for v in a.values if any(c.values[a.name] == v
                                                          for c in cells_))) for a in axes]


def _pooled(cells_: Sequence[Cell], axis: Axis) -> list[tuple[SideShares, list[GameResult]]]:
    """Per value of `axis`, the games of every cell with that value (other axes pooled)."""
    out = []
    for value in axis.values:
        results = [r for c in cells_ if c.values[axis.name] == value for r in c.results]
        out.append((side_shares(results, cells_[0].shares.sides), results))
    return out


def _length(results: Sequence[GameResult]) -> tuple[str, tuple[float, float, float]]:
    """("rounds" or "decisions", its mean and 95% interval) of some games."""
    if all(r.rounds is not None for r in results):
        return "rounds", mean_interval([r.rounds for r in results])
    return "decisions", mean_interval([r.decisions for r in results])


def _aim(shares: SideShares) -> tuple[float, float, float]:
    """What a two-rule plot follows, with its 95% interval: the first side's share (with two
    sides), else the distance from even of the side furthest from it."""
    if len(shares.share) == 2:
        return shares.share[0], shares.low[0], shares.high[0]
    return (shares.gap, *shares.gap_interval())


def axis_figures(page: Page, cells_: Sequence[Cell], axis: Axis,
                 others: Sequence[Axis]) -> None:
    """Win shares and game length against one rule: with one rule swept, a line per side;
    with two, a line per value of the other rule; with more, the other rules pooled."""
    sides = cells_[0].shares.sides
    xs = [show(v) for v in axis.values]
    page.heading(axis.name, 3)
    if len(others) == 1:
        other = others[0]
        lines = {}
        lengths = {}
        for value in other.values:
            row = [next((c for c in cells_ if c.values[axis.name] == x
                         and c.values[other.name] == value), None) for x in axis.values]
            if any(c is None for c in row):
                continue  # a stopped sweep: this value's row is not complete
            got = [_aim(c.shares) for c in row]
            lines[f"{other.name}={show(value)}"] = tuple(list(v) for v in zip(*got, strict=True))
            measured = [_length(c.results) for c in row]
            length_label = measured[0][0]
            lengths[f"{other.name}={show(value)}"] = tuple(
                list(v) for v in zip(*(m[1] for m in measured), strict=True))
        two = len(sides.names) == 2
        ylabel = f"{sides.short_names[0]}: share of games won" if two else "distance from even"
        page.figure(plots.against(xs, lines, axis.name, ylabel, 0.5 if two else 0.0,
                                  percent=True, sequential=True),
                    f"Line chart of {ylabel} against {axis.name}, one line per value of "
                    f"{other.name}: " + "; ".join(
                        f"{label}: " + ", ".join(f"{x} {percent(v)}" for x, v in
                                                 zip(xs, series[0], strict=True))
                        for label, series in lines.items()),
                    f"One line per value of {other.name} (darker: lower), each point a cell "
                    "with its 95% Wilson interval; the dashed line is " +
                    ("an even share." if two else "no distance from even."))
        page.figure(plots.against(xs, lengths, axis.name, f"{length_label} per game",
                                  sequential=True),
                    f"Line chart of mean {length_label} against {axis.name}, one line per "
                    f"value of {other.name}",
                    f"Mean {length_label} per game with its 95% interval, one line per value "
                    f"of {other.name}.")
        return
    per_value = _pooled(cells_, axis)
    note = (" Games of the other rules' values are pooled at each value." if others else "")
    series = {name: ([s.share[i] for s, _ in per_value], [s.low[i] for s, _ in per_value],
                     [s.high[i] for s, _ in per_value])
              for i, name in enumerate(sides.names)}
    page.figure(plots.against(xs, series, axis.name, "share of games won", 1 / len(sides.names),
                              percent=True),
                f"Line chart of win shares against {axis.name}: " + "; ".join(
                    f"{axis.name}={x}: " + ", ".join(f"{n} {percent(s.share[i])}"
                                                    for i, n in enumerate(sides.names))
                    for x, (s, _) in zip(xs, per_value, strict=True)),
                "Win shares with 95% Wilson intervals, each side in its colour; the dashed "
                "line is an even share." + note)
    measured = [_length(res) for _, res in per_value]
    label = f"{measured[0][0]} per game"
    page.figure(plots.against(xs, {measured[0][0]: tuple(
                    list(v) for v in zip(*(m[1] for m in measured), strict=True))},
                              axis.name, label, colours=[plots.NEUTRAL]),
                f"Line chart of mean {label} against {axis.name}: " + ", ".join(
                    f"{x}: {m[1][0]:.1f}" for x, m in zip(xs, measured, strict=True)),
                f"Mean {label} with its 95% interval." + note)


def write_sweep_report(folder: Path, plan: Plan, axes: list[Axis], cells_: Sequence[Cell],
                       backend: str, workers: int, seconds: float | None) -> Path:
    """folder/index.html (the grid's table and plots) and folder/games.csv (every game of
    every cell, with the cell's rule values first). A stopped sweep's report shows the
    cells it finished and says so."""
    total = len(cells_) * plan.games
    planned = len(cells(axes))
    page = Page(f"{plan.title}: a sweep of {' x '.join(a.name for a in axes)}",
                f"ratking sweep report: {len(cells_)} cells of {plan.games:,} games "
                f"({total:,} games), bots {plan.bots_text()}, seed {plan.seed}.")
    partial_note(page, len(cells_), planned, "cells")
    swept = "; ".join(f"{a.name} = {', '.join(show(v) for v in a.values)}" for a in axes)
    setup_section(page, plan, backend, workers, None, sweep_command(plan, axes), "per cell",
                  varied=swept)
    took = f" The run took {seconds:.1f} s." if seconds else ""
    page.text(f"Every cell plays the same {plan.games:,} seeds, so cells differ by their rules "
              f"more than by the luck of the deal.{took}", "note")
    page.heading("Every cell")
    headers, rows = table_rows(cells_)
    page.table(headers, rows, [False] * len(axes) + [True] * (len(headers) - len(axes)))
    page.heading("Against each rule")
    done = finished_axes(axes, cells_)
    for axis in done:
        if len(axis.values) > 1:
            axis_figures(page, cells_, axis, [a for a in done if a is not axis])
    if len(done) == 2 and len(cells_) == len(done[0].values) * len(done[1].values):
        _heatmap(page, cells_, done)
    drama_by_cell(page, [(cell_key(c.values), c.plan.report_games(c.results)) for c in cells_])
    files_section(page, "one row per game of every cell, the cell's rule values first")
    results = [r for c in cells_ for r in c.results]
    extra = [{f"{'card' if '.' in n else 'rule'} {n}": show(v) for n, v in c.values.items()}
             for c in cells_
             for _ in c.results]
    games = ReportGames(plan.game, plan.players, results, [plan.bots] * len(results),
                        [rules for c in cells_ for rules in c.plan.report_games(c.results).rules])
    return save_report(folder, page, lambda out: write_games_csv(out / "games.csv", games,
                                                                  extra))


def sweep_command(plan: Plan, axes: list[Axis]) -> str:
    """The `ratking sweep` command line that plays this grid."""
    swept = "".join(f" --{'card' if '.' in a.name else 'rule'} "
                    f"{a.name}={','.join(show(v) for v in a.values)}" for a in axes)
    return plan.command("sweep") + swept


def _heatmap(page: Page, cells_: Sequence[Cell], axes: list[Axis]) -> None:
    rows_axis, cols_axis = axes
    sides = cells_[0].shares.sides
    two = len(sides.names) == 2
    lookup = {(show(c.values[rows_axis.name]), show(c.values[cols_axis.name])): c for c in cells_}
    ys = [show(v) for v in rows_axis.values]
    xs = [show(v) for v in cols_axis.values]
    aims = [[_aim(lookup[(y, x)].shares) for x in xs] for y in ys]
    grid = [[a[0] for a in row] for row in aims]
    notes = [[f"{percent(a[0])}\n{short_span(a[1], a[2])}" for a in row] for row in aims]
    label = f"{sides.short_names[0]}: win share" if two else "distance from even"
    page.heading("Both rules at once", 3)
    page.figure(plots.heatmap(grid, xs, ys, cols_axis.name, rows_axis.name, label,
                              centre=0.5 if two else None, notes=notes),
                f"Heat map of {label} for each {rows_axis.name} and {cols_axis.name}: " +
                "; ".join(f"{rows_axis.name}={y}, {cols_axis.name}={x}: {percent(grid[i][j])}"
                          for i, y in enumerate(ys) for j, x in enumerate(xs)),
                "Each cell: its value over its games and, below, the 95% Wilson interval in "
                "whole points" +
                (" (white: even; blue: the " + sides.short_names[0] + " wins more)."
                 if two else "."))
