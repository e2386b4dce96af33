"""The arena's report: DIR/index.html (standings, per side, head to head, ratings, length)
and DIR/games.csv (one row per game, with each seat's bot and the command that replays it)."""

from __future__ import annotations

from pathlib import Path

from ..core import make
from . import plots
from .arena import ArenaResult
from .grid import show
from .page import Page
from .plan import file_rows, without_files
from .report import files_section, partial_note, replay_section, save_report, write_games_csv
from .sections import ReportGames, extra_sections
from .stats import percent, span


def arena_games(result: ArenaResult) -> ReportGames:
    results = [r for _, r in result.games]
    seats = [tuple(result.specs[i] for i in lineup) for lineup, _ in result.games]
    return ReportGames(result.game, result.players, results, seats, [result.rules] * len(seats))


def _setup(page: Page, result: ArenaResult, command: str) -> None:
    sides = result.sides
    printed = make(result.game).rules.as_dict()
    rules, files = without_files(result.rules)
    changed = {k: v for k, v in rules.items() if printed.get(k) != v}
    team = sides is not None and sides.teams
    whose = "added by the simulator" if result.cap_added else "the game's own limit"
    page.heading("Set-up")
    rows = [("game", f"{make(result.game).title} ({result.game})"),
            ("games", f"{len(result.games):,}"),
            ("players", str(result.players)),
            ("bots", ", ".join(result.specs)),
            ("sides", "; ".join(sides.names) if sides else "-"),
            ("seating", ("by team: a team is one bot, every bot plays every team equally "
                         "often, never against itself") if team else
             "every bot in every seat equally often"),
            ("seed", f"{result.seed} (a line-up's rotations replay the same deals)"),
            ("rules changed", ", ".join(f"{k}={show(v)}" for k, v in changed.items())
             or "none: the rulebook's numbers"),
            *file_rows(result.game, files),
            ("round cap", "none" if result.cap is None else
             f"{result.cap} rounds ({whose}); {result.capped} games reached it")]
    page.table(None, rows)
    page.text("The same command with the same seed plays the same games:", "note")
    page.code(command)


def _standings(page: Page, result: ArenaResult) -> None:
    page.heading("Win shares")
    ranked = sorted(result.standings, key=lambda s: -s.mu)
    several = any(s.seats != s.decided for s in result.standings)
    page.table(["bot", "games", "games won", "95% interval", "fair share",
                *(["win share per side held"] if several else []), "rating (mu ± sigma)"],
               [(s.spec, f"{s.games:,}", percent(s.game_share), span(*s.game_interval),
                 percent(s.fair), *([percent(s.win_share)] if several else []),
                 f"{s.mu:.1f} ± {s.sigma:.1f}") for s in ranked],
               [False] + [True] * (6 if several else 5))
    names = [s.spec for s in result.standings]
    fair = {round(s.fair, 9) for s in result.standings}
    page.figure(plots.win_shares(names, [s.game_share for s in result.standings],
                                 [s.game_interval[0] for s in result.standings],
                                 [s.game_interval[1] for s in result.standings],
                                 "Each bot's share of the games it played",
                                 even=fair.pop() if len(fair) == 1 else None,
                                 colours=[plots.NEUTRAL] * len(names)),
                "Bar chart of each bot's share of games won: " + "; ".join(
                    f"{s.spec} {percent(s.game_share)} ({span(*s.game_interval)}), fair share "
                    f"{percent(s.fair)}" for s in result.standings),
                "The share of its decided games a bot won (a team's win counts once; a shared "
                "win or a draw as a fraction), with its 95% Wilson interval, against its fair "
                "share: the sides it held over all sides"
                + (" (the dashed line)." if len({round(s.fair, 9) for s in result.standings})
                   == 1 else ".")
                + (" A bot held several sides of some games: a game it won counts once, and "
                   "its share per side held is in the table." if several else ""))
    if result.undecided:
        page.text(f"{result.undecided} games stopped at the round cap as draws are left out "
                  "of the shares and the ratings.", "note")


def _by_side(page: Page, result: ArenaResult) -> None:
    sides = result.sides
    if sides is None:
        return
    page.heading("By side")
    page.text("A side is a team in a team game, otherwise a seat. Where a side wins more "
              "often whoever plays it, compare bots side by side, not overall.")
    headers = ["bot", *(f"{n}" for n in sides.names)]
    rows = []
    for s, records in zip(result.standings, result.by_side, strict=True):
        rows.append([s.spec, *("-" if r.share is None else
                               f"{percent(r.share)} ({span(*r.interval)}; {r.games} games)"
                               for r in records)])
    page.table(headers, rows, [False] + [True] * len(sides.names))
    groups = {}
    for k, name in enumerate(sides.short_names):
        recs = [records[k] for records in result.by_side]
        groups[name] = ([r.share for r in recs], [r.interval[0] for r in recs],
                        [r.interval[1] for r in recs])
    page.figure(plots.grouped_shares(result.specs, groups, "Win share on each side"),
                "Bar chart of each bot's win share on each side: " + "; ".join(
                    f"{result.specs[b]} as {name} {percent(r.share or 0)}"
                    for b, records in enumerate(result.by_side)
                    for name, r in zip(sides.short_names, records, strict=True)),
                "Bars: win share of the games the bot played on that side, with 95% Wilson "
                "intervals; each side has its colour, as in every chart of these reports.")


def _pairwise(page: Page, result: ArenaResult) -> None:
    specs = result.specs
    page.heading("Head to head")
    page.text("Row against column: the share of their games together in which the row's bot "
              "did better (equal results count a half), with the number of those games.")
    rows = []
    for a, spec in enumerate(specs):
        rows.append([spec, *("-" if result.pairwise[a][b] is None else
                             f"{percent(result.pairwise[a][b])} ({result.meetings[a][b]})"
                             for b in range(len(specs)))])
    page.table(["", *specs], rows, [False] + [True] * len(specs))
    grid = [[0.5 if result.pairwise[a][b] is None else result.pairwise[a][b]
             for b in range(len(specs))] for a in range(len(specs))]
    notes = [["-" if result.pairwise[a][b] is None else
              f"{percent(result.pairwise[a][b])}\n{result.meetings[a][b]} games"
              for b in range(len(specs))] for a in range(len(specs))]
    page.figure(plots.heatmap(grid[::-1], specs, specs[::-1], "against", "bot",
                              "share of games won by the row's bot", centre=0.5,
                              notes=notes[::-1]),
                "Heat map of head-to-head win shares: " + "; ".join(
                    f"{specs[a]} against {specs[b]} {percent(result.pairwise[a][b])}"
                    for a in range(len(specs)) for b in range(len(specs))
                    if result.pairwise[a][b] is not None),
                "Blue: the row's bot did better; red: worse; white: even.")


def _ratings(page: Page, result: ArenaResult) -> None:
    page.heading("Ratings")
    page.text("OpenSkill (Plackett-Luce): each game rates one team per side, the team's bot "
              "as one player; mu is the estimated skill, sigma its uncertainty, and mu - 3 "
              "sigma a cautious estimate. Games are rated with the line-ups in turn, so the "
              "order the line-ups were played in does not weigh.")
    ranked = sorted(result.standings, key=lambda s: -s.mu)
    page.table(["bot", "mu", "sigma", "mu - 3 sigma"],
               [(s.spec, f"{s.mu:.1f}", f"{s.sigma:.1f}", f"{s.mu - 3 * s.sigma:.1f}")
                for s in ranked], [False, True, True, True])


def write_arena_report(folder: Path, result: ArenaResult, command: str) -> Path:
    """folder/index.html and folder/games.csv for an arena; return the page."""
    title = make(result.game).title
    page = Page(f"{title}: an arena of {len(result.specs)} bots, {len(result.games):,} games",
                f"ratking arena report: {', '.join(result.specs)}; {result.players} players, "
                f"seed {result.seed}.")
    partial_note(page, len(result.games), result.planned, "games")
    _setup(page, result, command)
    _standings(page, result)
    _by_side(page, result)
    _pairwise(page, result)
    _ratings(page, result)
    page.heading("How long games ran")
    length = f"{result.mean_decisions:.1f} decisions a game"
    if result.mean_rounds is not None:
        length += f", {result.mean_rounds:.2f} rounds"
    page.text(f"Mean {length}.")
    games = arena_games(result)
    extra_sections(page, games)
    replay_section(page, games)
    files_section(page, "one row per game")
    return save_report(folder, page, lambda out: write_games_csv(out / "games.csv", games))
