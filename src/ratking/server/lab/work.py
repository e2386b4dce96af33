"""What a lab job runs in the review pool (`Rooms.review_workers`): module-level calls, so
they pickle. A job plays its games a chunk at a time (`play_games`; the page's progress moves
by chunks, a cancel stops the chunk under way), then writes the report the command line
writes (`*_report`: the folder's report/index.html and games.csv, and the run's JSON) and
answers with the lines the page shows beside the links."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ...sim.batch import GameResult, run_batch
from ...sim.lab import write_json, write_whole
from ...sim.plan import Plan
from ...sim.stats import percent, span, summarize

REPORT = "report"  # the report's folder in the job's folder (index.html, games.csv)
JSON = {"simulate": "simulate.json", "sweep": "sweep.json", "compare": "compare.json"}


def play_games(plan: Plan, indices: Sequence[int]) -> list[GameResult]:
    """Games `indices` of the plan's batch, as `ratking simulate` plays them (game i with
    derive_seed(seed, i), whichever chunk it is in)."""
    return run_batch(plan.game, plan.players, plan.bots, plan.games, plan.seed,
                     plan.play_rules, indices=indices, core=plan.core)


def simulate_report(folder: Path, got: list[list[GameResult]], seconds: float,
                    plan: Plan) -> list[str]:
    from ...sim.report import write_batch_report

    results = got[0]
    write_batch_report(folder / REPORT, plan, results, "local", 1, seconds)
    write_json(folder / JSON["simulate"], plan, results)
    summary = summarize(results)
    return [f"Seat {i + 1} ({plan.bots[i]}) wins {percent(summary.win_share[i])} "
            f"(95% interval {span(summary.win_low[i], summary.win_high[i])})."
            for i in range(plan.players)]


def sweep_report(folder: Path, got: list[list[GameResult]], seconds: float, plan: Plan,
                 axes: list[Any]) -> list[str]:
    from ...sim.grid import cells
    from ...sim.report import shares_of
    from ...sim.sweep import Cell, sweep_payload, write_sweep_report

    made = []
    for values, results in zip(cells(axes), got, strict=True):
        cell_plan = plan.with_rules(values)
        made.append(Cell(cell_plan, results, shares_of(cell_plan, results), values))
    write_sweep_report(folder / REPORT, plan, axes, made, "local", 1, seconds)
    write_whole(folder / JSON["sweep"], json.dumps(sweep_payload(plan, axes, made, []),
                                                   indent=1) + "\n")
    return [f"{len(made)} cells of {plan.games:,} games: every cell's win shares, length "
            "and drama are in the report."]


def compare_report(folder: Path, got: list[list[GameResult]], seconds: float, a: Any, b: Any,
                   drama_games: int, skill_games: int, skill: tuple[str, str]) -> list[str]:
    from ...sim.compare import headline, measure_all
    from ...sim.compare_report import write_compare_report

    result = measure_all(a, b, got[0], got[1], drama_games, skill_games, skill)
    write_compare_report(folder / REPORT, result)
    write_whole(folder / JSON["compare"], json.dumps(result.to_dict(), indent=1) + "\n")
    return headline(result)
