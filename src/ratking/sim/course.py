"""The course of games: each side's main counters round by round, and who moved first.

Every game keeps a trail (batch.snapshot at the start of each round and at its end): each
row's progress toward its goal in the game's "how to win" panel (Rat & Duck: the dissent's
unrest and the government's Bio-Sci, each as a share of its goal; Target: Rats: rats out of the
nest, or nest tokens), then each seat's score (You Dirty Rat: cash). The report draws them as
bands over the games: the median, the middle half and the middle 90%. A game that has ended
keeps its final values, so late rounds show where games finished as well as where they stand.

The game's own metrics hook is not used here: it describes a finished game (Rat & Duck's
names the ending, which an unfinished game does not have yet).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy

from ..core import make
from . import plots
from .batch import GameResult
from .page import Page
from .sides import Sides, SideShares, first_player
from .stats import percent, span, wilson


@dataclass(frozen=True)
class Measure:
    """One counter of a trail: its name, its place in each snapshot, its side (for the
    colour), and whether it is a share of a goal."""

    name: str
    index: int
    side: int
    share: bool


def measures(game_id: str, players: int, rules: dict, sides: Sides) -> list[Measure]:
    """The counters a trail of this game holds, in snapshot order; scores per side (a team's
    seats score alike, so its first seat stands for it)."""
    game = make(game_id, **rules)
    state = game.new_game(players, seed=0)
    side_of = {seat: k for k, seats in enumerate(sides.seats) for seat in seats}
    out: list[Measure] = []
    index = 0
    if game.standing is not None:
        for row in game.standing(state.view(None))["rows"]:
            if row.get("progress") is None:
                continue
            seat = row.get("seats", [index])[0]
            text = row["text"].split(";")[0].split(" of ")[0].rstrip("0123456789 ")
            out.append(Measure(f"{row['name']}: {text or 'progress'}".strip(), index,
                               side_of.get(seat, 0), True))
            index += 1
    if state.scores() is not None:
        for k, seats in enumerate(sides.seats):
            out.append(Measure(sides.short_names[k], index + seats[0], k, False))
    return out


def bands(results: Sequence[GameResult], measure: Measure
          ) -> tuple[list[int], list[list[float]]]:
    """Rounds played (0, 1, ...) and, per round, the 5th, 25th, 50th, 75th and 95th
    percentiles of the measure over the games (an ended game keeps its final value)."""
    trails = [r.trail for r in results if r.trail]
    length = max(len(t) for t in trails)
    grid = numpy.array([[t[min(k, len(t) - 1)][measure.index] for k in range(length)]
                        for t in trails])
    qs = numpy.percentile(grid, [5, 25, 50, 75, 95], axis=0)
    return list(range(length)), [list(map(float, q)) for q in qs]


def course_section(page: Page, game_id: str, players: int, rules: dict,
                   results: Sequence[GameResult], sides: Sides) -> None:
    """The game's progress over time, as bands per side."""
    if not any(r.trail for r in results):
        return
    found = measures(game_id, players, rules, sides)
    if not found:
        return
    page.heading("How games unfold")
    running = [sum(1 for r in results if len(r.trail) > k + 1)
               for k in range(max(len(r.trail) for r in results))]
    page.text("Each side's main counters at the start of every round, over all the games: "
              "the line is the median game, the dark band the middle half of the games, the "
              "light band the middle 90%. A game that has ended keeps its final values. "
              "Games still running after 5, 10 and 20 rounds: "
              + ", ".join(f"{running[k]:,}" if k < len(running) else "0"
                          for k in (5, 10, 20)) + f" of {len(results):,}.", "note")
    for share in (True, False):
        group = [m for m in found if m.share == share]
        if not group:
            continue
        series = {}
        for m in group:
            xs, qs = bands(results, m)
            series[m.name] = qs
        label = "share of its goal" if share else "score"
        page.figure(plots.bands(xs, series, [plots.colour(m.side) for m in group],
                                "rounds played", label, percent=share),
                    f"Band chart of {label} by round: " + "; ".join(
                        f"{name}: median {_show(q[2][min(10, len(q[2]) - 1)], share)} after "
                        f"{min(10, len(q[2]) - 1)} rounds, {_show(q[2][-1], share)} at the end"
                        for name, q in series.items()),
                    ("Progress toward each side's goal, as the table's \"how to win\" panel "
                     "shows it." if share else "Each side's score as the game keeps it.")
                    + " Each side in its colour, as in every chart of the report.")


def _show(value: float, share: bool) -> str:
    return percent(value) if share else f"{value:,.0f}"


def first_player_section(page: Page, results: Sequence[GameResult], shares: SideShares,
                         choosable: bool = False) -> None:
    """The first player's effect told apart from the side's, where the games allow it;
    `choosable`: the game's rules let the players pick who starts (a first_seat rule)."""
    sides = shares.sides
    side_of = {seat: k for k, seats in enumerate(sides.seats) for seat in seats}
    decided = [r for r in results if r.decided]
    if not decided:
        return
    page.heading("Moving first")
    starts = [side_of[r.first] for r in decided]
    if len(set(starts)) == 1:
        who = sides.names[starts[0]]
        kind = "team" if sides.teams else "seat"
        how = ("To tell them apart, run again with --first-seat rotate: game i then starts at "
               "seat i mod the players, so every seat starts equally often."
               if choosable else "This game's rules fix who starts, so no run tells them "
               "apart.")
        page.text(f"Every game started with {who}: here the first player's effect and the "
                  f"{kind}'s own cannot be told apart, and the {kind}'s win share above holds "
                  f"both. {how}")
        return
    effect = first_player(results, sides)
    if effect is not None:
        page.text(effect.verdict() + " Interval: 95% (Wilson).")
    rows = []
    for k, name in enumerate(sides.names):
        first = [sides.per_game(r.returns)[k] for r, s in zip(decided, starts, strict=True)
                 if s == k]
        later = [sides.per_game(r.returns)[k] for r, s in zip(decided, starts, strict=True)
                 if s != k]
        rows.append([name, *_cell(first), *_cell(later)])
    page.text("Each side's win share in the games it moved first and in the others: the "
              "difference is the first player's effect for that side, apart from the side's "
              "own strength.")
    page.table(["side", "moved first: games", "win share", "moved later: games", "win share"],
               rows, [False, True, True, True, True])


def _cell(values: Sequence[float]) -> list[str]:
    if not values:
        return ["0", "-"]
    wins = sum(values)
    low, high = wilson(wins, len(values))
    return [f"{len(values):,}", f"{percent(wins / len(values))} ({span(low, high)})"]
