"""The drama measures as a section of the lab's reports (`simulate --report`, the tuning
check, `arena --report`, each sweep cell's page): the run's games are played again from their
seeds (sim/sections.py) and measured as a review measures one game."""

from __future__ import annotations

from typing import Any

from ..sim.page import Page
from ..sim.plots import colour
from ..sim.sections import ReportGames
from ..sim.sides import sides_of
from ..sim.stats import percent, span
from .drama import drama_figure, drama_summary, skill_or_luck

DRAMA_GAMES = 100  # the first games of a run that a report measures (each is played again)
CELL_GAMES = 30  # at most this many first games of each sweep cell are measured
SWEEP_GAMES = 300  # ... and about this many over a whole sweep (each game is played again)
MIN_CELL_GAMES = 5  # but at least this many per cell
SKILL_GAMES = 30  # deals a report plays strong against weak for "skill or luck"
SKILL_CELL_GAMES = 10  # ... and each sweep cell
STRONG, WEAK = "heuristic", "random"


def skill_of(games: ReportGames, deals: int, k: int = 0) -> dict[str, Any]:
    """Skill or luck under the rules (and card files) of the run's k-th game: STRONG's share
    against WEAK in every other seat over `deals` deals, the strong seat rotated."""
    return skill_or_luck(games.game, deals, games.results[k].seed if games.results else 0,
                         STRONG, WEAK, games.players, games.rules[k])


def skill_text(got: dict[str, Any]) -> str:
    """'93.3% (78.7% - 98.2%), fair share 50.0%'."""
    return (f"{percent(got['share'])} ({span(got['low'], got['high'])}), fair share "
            f"{percent(got['fair'])}")


def skill_section(page: Page, games: ReportGames) -> None:
    """Skill or luck: how much of the game a better player wins, under the run's rules."""
    if not games.results:
        return
    got = skill_of(games, SKILL_GAMES)
    page.heading("Skill or luck")
    page.text(f"The {STRONG} bot's share of the games against {WEAK} play in every other seat, "
              f"over {SKILL_GAMES} deals under this run's rules (the strong seat rotated, a "
              "Wilson 95% interval): near 100% in a game of skill, near the fair share (the "
              "share of the sides one seat's side holds) in a game of luck.")
    page.table(["strong", "weak", "deals", "strong's share (95% interval)"],
               [[STRONG, WEAK, str(SKILL_GAMES), skill_text(got)]], [False, False, True, True])


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
    """A sweep's drama and skill: the three drama measures of each cell (named by its rule
    values) over its first games (CELL_GAMES, fewer in a sweep of many cells: about
    SWEEP_GAMES in all, at least MIN_CELL_GAMES a cell), each played again from its seed;
    and skill or luck over SKILL_CELL_GAMES deals of the cell's rules."""
    rows = []
    each = min(CELL_GAMES, max(MIN_CELL_GAMES, SWEEP_GAMES // max(1, len(cells))))
    for label, games in cells:
        shown = min(len(games.results), each)
        if not shown:
            continue
        summary = drama_summary(games.replay(k) for k in range(shown))
        rows.append([label, str(shown), interval(summary["lead_changes"], "mean"),
                     interval(summary["decisive_moment"], "mean"),
                     interval(summary["comebacks"], "share"),
                     skill_text(skill_of(games, SKILL_CELL_GAMES))])
    if not rows:
        return
    page.heading("Drama: how the chances moved")
    page.text(f"Each cell's first {each} games (or all, if fewer), played again from "
              "their seeds and read after every decision with the game's own evaluation. "
              "Lead changes: how often the side most likely to win changed. Decisive moment: "
              "the share of the game after which the winner's chance stayed at 0.9 or more. "
              "Comebacks: the winners who were once under 0.25. Skill: the "
              f"{STRONG} bot's share against {WEAK} in every other seat over "
              f"{SKILL_CELL_GAMES} deals of the cell's rules. 95% intervals.")
    page.table(["cell", "games", "lead changes a game", "decisive moment",
                "comebacks (share of winners)", f"skill: {STRONG} against {WEAK}"], rows,
               [False, True, True, True, True, True])
