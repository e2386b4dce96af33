"""The drama measures as a section of the lab's reports (`simulate --report`, the tuning
check, `arena --report`, each sweep cell's page): the run's games are played again from their
seeds (sim/sections.py) and measured as a review measures one game."""

from __future__ import annotations

from ..sim.page import Page
from ..sim.plots import colour
from ..sim.sections import ReportGames
from ..sim.sides import sides_of
from .drama import drama_figure, drama_summary

DRAMA_GAMES = 100  # the first games of a run that a report measures (each is played again)
CELL_GAMES = 30  # at most this many first games of each sweep cell are measured
SWEEP_GAMES = 300  # ... and about this many over a whole sweep (each game is played again)
MIN_CELL_GAMES = 5  # but at least this many per cell


def interval(m: dict[str, float], key: str, digits: int = 2) -> str:
    """'mean (low to high)', or the value alone where the interval is one value ('none'
    where no game gave one)."""
    if not m.get("n"):
        return "none"
    value, low, high = (round(m[k], digits) for k in (key, "low", "high"))
    return f"{value}" if low == high else f"{value} ({low} to {high})"


def drama_section(page: Page, games: ReportGames) -> None:
    """Lead changes, the decisive moment, comebacks and each side's chance over the game."""
    shown = min(len(games.results), DRAMA_GAMES)
    if not shown:
        return
    summary = drama_summary(games.replay(k) for k in range(shown))
    page.heading("Drama: how the chances moved")
    page.text(f"Over the first {shown} games, each played again from its seed and read after "
              "every decision with the game's own evaluation (estimates, as a review shows "
              "them). Lead changes: how often the side most likely to win changed. Decisive "
              "moment: the share of the game after which the winner's chance stayed at 0.9 "
              "or more. Comebacks: the winners who were once under 0.25. 95% intervals.")
    page.table(["measure", "value (95% interval)"], [
        ["lead changes a game", interval(summary["lead_changes"], "mean")],
        ["decisive moment (share of the game)", interval(summary["decisive_moment"], "mean")],
        ["comebacks (share of winners)", interval(summary["comebacks"], "share")],
    ])
    names = sides_of(games.game, games.players, games.rules[0]).short_names
    page.figure(drama_figure(summary, f"Drama over {shown} games", names,
                             [colour(k) for k in range(len(names))]),
                "Line chart of each side's mean chance to win over the game's length, and "
                "the three drama measures with their intervals",
                "Left: each side's mean chance over the game, with its 95% band. Right: the "
                "measures with their intervals.")


def drama_by_cell(page: Page, cells: list[tuple[str, ReportGames]]) -> None:
    """A sweep's drama: the three measures of each cell (named by its rule values) over its
    first games (CELL_GAMES, fewer in a sweep of many cells: about SWEEP_GAMES in all, at
    least MIN_CELL_GAMES a cell), each played again from its seed."""
    rows = []
    each = min(CELL_GAMES, max(MIN_CELL_GAMES, SWEEP_GAMES // max(1, len(cells))))
    for label, games in cells:
        shown = min(len(games.results), each)
        if not shown:
            continue
        summary = drama_summary(games.replay(k) for k in range(shown))
        rows.append([label, str(shown), interval(summary["lead_changes"], "mean"),
                     interval(summary["decisive_moment"], "mean"),
                     interval(summary["comebacks"], "share")])
    if not rows:
        return
    page.heading("Drama: how the chances moved")
    page.text(f"Each cell's first {each} games (or all, if fewer), played again from "
              "their seeds and read after every decision with the game's own evaluation. "
              "Lead changes: how often the side most likely to win changed. Decisive moment: "
              "the share of the game after which the winner's chance stayed at 0.9 or more. "
              "Comebacks: the winners who were once under 0.25. 95% intervals.")
    page.table(["cell", "games", "lead changes a game", "decisive moment",
                "comebacks (share of winners)"], rows, [False, True, True, True, True])
