"""A rule sweep: every cell of a grid of rule values simulated, and a report of win shares and
game length against each value.

Every cell plays the same seeds (game i of each cell uses derive_seed(seed, i)), so the cells
differ by their rules and not by luck of the draw more than they must.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import plots
from .backends import Backend
from .batch import GameResult, run_batch
from .grid import Axis, cells, show
from .page import Page
from .plan import Plan
from .progress import Bar
from .report import Run, mean_interval, setup_section, shares_of, write_games_csv
from .sides import SideShares, side_shares


@dataclass(frozen=True)
class Cell(Run):
    """One combination of rule values and its games."""

    values: dict[str, Any]


def run_sweep(plan: Plan, axes: list[Axis], backend: Backend,
              bar: Bar | None = None) -> list[Cell]:
    """Simulate every cell of the grid with the plan's bots, games and seed."""
    out = []
    grid = cells(axes)
    for k, values in enumerate(grid, 1):
        cell_plan = plan.with_rules(values)
        if bar is not None:
            bar.describe(f"cell {k}/{len(grid)}: " + ", ".join(
                f"{n}={show(v)}" for n, v in values.items()))
        results = run_batch(plan.game, plan.players, plan.bots, plan.games, plan.seed,
                            cell_plan.overrides, progress=bar.advance if bar else None,
                            backend=backend)
        out.append(Cell(cell_plan, results, shares_of(cell_plan, results), values))
    return out


def table_rows(cells_: Sequence[Cell], sep: str = " ",
               decisions: bool = True) -> tuple[list[str], list[list[str]]]:
    """Headers and rows of the sweep's summary table (one row per cell); `sep` goes between a
    share and its interval."""
    first = cells_[0]
    headers = [*first.values, *first.shares.sides.short_names, "rounds",
               *(["decisions"] if decisions else []), "capped"]
    rows = []
    for cell in cells_:
        rounds = cell.rounds
        rows.append([*(show(v) for v in cell.values.values()),
                     *(f"{s:.3f}{sep}({lo:.2f}-{hi:.2f})" for s, lo, hi in
                       zip(cell.shares.share, cell.shares.low, cell.shares.high, strict=True)),
                     "-" if rounds is None else f"{rounds[0]:.2f}",
                     *([f"{cell.decisions[0]:.1f}"] if decisions else []), str(cell.capped)])
    return headers, rows


def _pooled(cells_: Sequence[Cell], axis: Axis) -> list[tuple[SideShares, list[GameResult]]]:
    """Per value of `axis`, the games of every cell with that value (other axes pooled)."""
    out = []
    for value in axis.values:
        results = [r for c in cells_ if c.values[axis.name] == value for r in c.results]
        out.append((side_shares(results, cells_[0].shares.sides), results))
    return out


def axis_figures(page: Page, cells_: Sequence[Cell], axis: Axis, pooled: bool) -> None:
    sides = cells_[0].shares.sides
    per_value = _pooled(cells_, axis)
    xs = [show(v) for v in axis.values]
    note = (" Games of the other rules' values are pooled at each value." if pooled else "")
    series = {name: ([s.share[i] for s, _ in per_value], [s.low[i] for s, _ in per_value],
                     [s.high[i] for s, _ in per_value])
              for i, name in enumerate(sides.names)}
    page.heading(axis.name, 3)
    page.figure(plots.against(xs, series, axis.name, "share of games won", 1 / len(sides.names),
                              percent=True),
                f"Line chart of win shares against {axis.name}: " + "; ".join(
                    f"{axis.name}={x}: " + ", ".join(f"{n} {s.share[i]:.1%}"
                                                    for i, n in enumerate(sides.names))
                    for x, (s, _) in zip(xs, per_value, strict=True)),
                "Win shares with 95% Wilson intervals; the dashed line is an even share." + note)
    rounds = [mean_interval([r.rounds for r in res if r.rounds is not None] or [0.0])
              for _, res in per_value]
    decisions = [mean_interval([r.decisions for r in res]) for _, res in per_value]
    if all(r.rounds is not None for c in cells_ for r in c.results):
        series_len = {"rounds": tuple(list(x) for x in zip(*rounds, strict=True))}
        label = "rounds per game"
        values = rounds
    else:
        series_len = {"decisions": tuple(list(x) for x in zip(*decisions, strict=True))}
        label = "decisions per game"
        values = decisions
    page.figure(plots.against(xs, series_len, axis.name, label),
                f"Line chart of mean {label} against {axis.name}: " + ", ".join(
                    f"{x}: {v[0]:.1f}" for x, v in zip(xs, values, strict=True)),
                f"Mean {label} with its 95% interval." + note)


def write_sweep_report(folder: Path, plan: Plan, axes: list[Axis], cells_: Sequence[Cell],
                       backend: str, workers: int, seconds: float | None) -> Path:
    """folder/index.html (the grid's table and plots) and folder/games.csv (every game of
    every cell, with the cell's rule values first)."""
    folder.mkdir(parents=True, exist_ok=True)
    total = len(cells_) * plan.games
    page = Page(f"{plan.title}: a sweep of {' x '.join(a.name for a in axes)}",
                f"ratking sweep report: {len(cells_)} cells of {plan.games:,} games "
                f"({total:,} games), bots {plan.bots_text()}, seed {plan.seed}.")
    setup_section(page, plan, backend, workers, None, sweep_command(plan, axes), "per cell")
    swept = "; ".join(f"{a.name} = {', '.join(show(v) for v in a.values)}" for a in axes)
    took = f" The run took {seconds:.1f} s." if seconds else ""
    page.text(f"Swept: {swept}. Every cell plays the same {plan.games:,} seeds.{took}", "note")
    page.heading("Every cell")
    headers, rows = table_rows(cells_)
    page.table(headers, rows, [False] * len(axes) + [True] * (len(headers) - len(axes)))
    page.heading("Against each rule")
    for axis in axes:
        axis_figures(page, cells_, axis, len(axes) > 1)
    if len(axes) == 2:
        _heatmap(page, cells_, axes)
    page.heading("Files")
    page.text("games.csv beside this page holds one row per game of every cell: the cell's "
              "rule values, then the game's seed, ending, length, results, scores and the "
              "game's own measures. figures/ holds each plot as an SVG file.")
    results = [r for c in cells_ for r in c.results]
    extra = [{f"rule {n}": show(v) for n, v in c.values.items()} for c in cells_
             for _ in c.results]
    write_games_csv(folder / "games.csv", results, plan.players, extra)
    index = folder / "index.html"
    page.write(index)
    return index


def sweep_command(plan: Plan, axes: list[Axis]) -> str:
    """The `ratking sweep` command line that plays this grid."""
    swept = "".join(f" --rule {a.name}={','.join(show(v) for v in a.values)}" for a in axes)
    return plan.command("sweep") + swept


def _heatmap(page: Page, cells_: Sequence[Cell], axes: list[Axis]) -> None:
    rows_axis, cols_axis = axes
    sides = cells_[0].shares.sides
    two = len(sides.names) == 2
    lookup = {(show(c.values[rows_axis.name]), show(c.values[cols_axis.name])): c for c in cells_}
    ys = [show(v) for v in rows_axis.values]
    xs = [show(v) for v in cols_axis.values]
    if two:
        grid = [[lookup[(y, x)].shares.share[0] for x in xs] for y in ys]
        label = f"{sides.short_names[0]}: win share"
    else:
        grid = [[lookup[(y, x)].shares.gap for x in xs] for y in ys]
        label = "distance from even"
    page.heading("Both rules at once", 3)
    page.figure(plots.heatmap(grid, xs, ys, cols_axis.name, rows_axis.name, label,
                              centre=0.5 if two else None),
                f"Heat map of {label} for each {rows_axis.name} and {cols_axis.name}: " +
                "; ".join(f"{rows_axis.name}={y}, {cols_axis.name}={x}: {grid[i][j]:.2f}"
                          for i, y in enumerate(ys) for j, x in enumerate(xs)),
                "Each cell's value over its games" + (" (white: even)." if two else "."))

