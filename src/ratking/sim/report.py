"""The report of a batch: DIR/index.html (plots, tables, the seat-effect test) and
DIR/games.csv (one row per game).

`batch_sections` writes a batch's part of a page, so the sweep and tune reports reuse it for
their own runs.
"""

from __future__ import annotations

import csv
import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import plots
from .batch import GameResult, bot_seeds
from .course import course_section, first_player_section
from .folders import replaced_folder
from .grid import show
from .native_batch import CORE_NAMES
from .page import Page
from .plan import Plan, file_rows
from .sections import ReportGames, extra_sections
from .sides import SideShares, side_shares, sides_of
from .stats import moves_line, percent, span, summarize, wilson

ENDED_BY = "ended by/"


# --- numbers --------------------------------------------------------------------------------


def metric_names(results: Sequence[GameResult]) -> list[str]:
    """Every metric any game reported, in the order the games report them."""
    names: dict[str, None] = {}
    for r in results:
        for name, _ in r.metrics:
            names.setdefault(name, None)
    return list(names)


def metric_values(results: Sequence[GameResult], name: str) -> list[float]:
    return [dict(r.metrics).get(name, 0.0) for r in results]


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95% interval (Student's t, scipy)."""
    from scipy.stats import t

    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    sd = statistics.stdev(values)
    half = t.ppf(0.975, n - 1) * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def number(x: float) -> str:
    """A measure for a table: thousands separated, otherwise three significant figures."""
    if abs(x) >= 1000:
        return f"{x:,.0f}"
    return f"{x:.3g}"


def seat_labels(plan: Plan) -> list[str]:
    return [f"seat {i + 1} ({bot})" for i, bot in enumerate(plan.bots)]


def shares_of(plan: Plan, results: Sequence[GameResult]) -> SideShares:
    return side_shares(results, sides_of(plan.game, plan.players, plan.rules))


@dataclass(frozen=True)
class Run:
    """A batch played under one plan, with its sides' win shares."""

    plan: Plan
    results: list[GameResult]
    shares: SideShares

    @property
    def rounds(self) -> tuple[float, float, float] | None:
        """Mean rounds and its 95% interval (None if the game does not count rounds)."""
        got = [r.rounds for r in self.results if r.rounds is not None]
        return mean_interval(got) if got else None

    @property
    def decisions(self) -> tuple[float, float, float]:
        return mean_interval([r.decisions for r in self.results])

    @property
    def capped(self) -> int:
        return sum(1 for r in self.results if r.end == "round-cap")


# --- games.csv ------------------------------------------------------------------------------


def write_games_csv(path: Path, games: ReportGames,
                    extra: Sequence[dict[str, Any]] | None = None) -> None:
    """One row per game: index, seed, how it ended, whether it counts in the win shares
    (decided: 0 for a draw at the round cap), length, the seat that moved first (from 1),
    each seat's result and score, then the game's own metrics; then each seat's bot (spec and
    the seed it played with) and the command that plays the game again. `extra` adds leading
    columns per game (e.g. rule values)."""
    results, players = games.results, games.players
    metrics = metric_names(results)
    lead = list(extra[0]) if extra else []
    header = [*lead, "game", "seed", "end", "decided", "rounds", "decisions", "first seat",
              *(f"result seat {i + 1}" for i in range(players)),
              *(f"score seat {i + 1}" for i in range(players)), *metrics,
              *(f"bot seat {i + 1}" for i in range(players)),
              *(f"bot seed seat {i + 1}" for i in range(players)),
              *(f"{kind}{tail}" for kind in games.files(0) for tail in ("", " sha256")),
              "replay"]
    said: dict[int, list[str]] = {}  # the files' columns, per rules dict (few in a run)
    with path.open("w", newline="", encoding="utf-8") as fh:
        out = csv.writer(fh)
        out.writerow(header)
        for i, r in enumerate(results):
            got = dict(r.metrics)
            scores = r.scores if r.scores is not None else [""] * players
            row = [*(extra[i].values() if extra else []), r.index, r.seed, r.end,
                   int(r.decided), "" if r.rounds is None else r.rounds, r.decisions,
                   r.first + 1,
                   *(f"{x:.6g}" for x in r.returns),
                   *(s if s == "" else f"{s:.6g}" for s in scores),
                   *(f"{got[m]:.6g}" if m in got else "" for m in metrics),
                   *games.seats[i], *bot_seeds(r.seed, players), *_file_columns(games, i, said),
                   games.command(i)]
            out.writerow(row)


def _file_columns(games: ReportGames, i: int, said: dict[int, list[str]]) -> list[str]:
    """The name and sha256 of each component file game i was played with ("" for none)."""
    key = id(games.rules[i])
    if key not in said:
        said[key] = [str(d[part]) if d else "" for d in games.files(i).values()
                     for part in ("name", "sha256")]
    return said[key]


# --- the page -------------------------------------------------------------------------------


def partial_note(page: Page, done: int, planned: int, what: str) -> None:
    """Say at the top of a page that Ctrl-C stopped its run, and what it holds."""
    if done < planned:
        page.text(f"Partial: the run was stopped (Ctrl-C) after {done:,} of {planned:,} "
                  f"{what}; every figure below is over the {what} finished.", "partial")


def setup_section(page: Page, plan: Plan, backend: str, workers: int, seconds: float | None,
                  command: str | None = None, per: str = "", varied: str | None = None
                  ) -> None:
    """The run's set-up; `varied` names the rules a sweep or a study varies (its other rules
    are the ones "rules changed" lists)."""
    page.heading("Set-up")
    rows = [("game", f"{plan.title} ({plan.game})"),
            ("games", f"{plan.games:,} {per}".strip()),
            ("players", str(plan.players)),
            ("bots", ", ".join(f"seat {i + 1}: {b}" for i, b in enumerate(plan.bots))),
            ("seed", f"{plan.seed} (game i plays with a seed derived from it and i)"),
            *([("rules varied", varied)] if varied else []),
            ("rules fixed" if varied else "rules changed",
             ", ".join(f"{k}={show(v)}" for k, v in plan.overrides.items())
             or ("the others as the rulebook prints them" if varied
                 else "none: the rulebook's numbers")),
            *file_rows(plan.game, plan.files),
            ("round cap", plan.describe_cap()),
            ("first player", plan.describe_first()),
            ("run on", f"{backend} backend, {workers} worker{'s' if workers != 1 else ''}, "
             f"{CORE_NAMES[plan.ran_on]}"
             + (f", {seconds:.1f} s ({plan.games / seconds * 60:,.0f} games a minute)"
                if seconds else ""))]
    page.table(None, rows)
    page.text("The same command with the same seed gives the same games on any backend, "
              "with any number of workers, on either core:", "note")
    page.code(command or plan.command())


def winners_section(page: Page, plan: Plan, results: Sequence[GameResult],
                    shares: SideShares) -> None:
    summary = summarize(results)
    page.heading("Who wins")
    headers = ["seat", "bot", "win share", "95% interval"]
    if summary.mean_score is not None:
        headers.append("mean score")
    rows = []
    for i in range(plan.players):
        row = [str(i + 1), plan.bots[i], percent(summary.win_share[i]),
               span(summary.win_low[i], summary.win_high[i])]
        if summary.mean_score is not None:
            row.append(f"{summary.mean_score[i]:.2f}")
        rows.append(row)
    page.table(headers, rows, [True, False, True, True, True][:len(headers)])
    if shares.sides.teams:
        page.table(["team", "win share", "95% interval"],
                   [(n, percent(s), span(lo, hi)) for n, s, lo, hi in
                    zip(shares.sides.names, shares.share, shares.low, shares.high,
                        strict=True)], [False, True, True])
    page.text(shares.verdict(), "verdict")
    if summary.undecided:
        page.text(f"Win shares are over the {summary.decided:,} decided games: the "
                  f"{summary.undecided:,} that the round cap stopped as draws are left out "
                  "(see How games ended).", "note")
    names = list(shares.sides.names) if shares.sides.teams else seat_labels(plan)
    page.figure(plots.win_shares(names, shares.share, shares.low, shares.high,
                                 f"Win shares over {summary.decided:,} decided games"),
                "Bar chart of each " + ("team" if shares.sides.teams else "seat") +
                "'s share of games won: " + "; ".join(
                    f"{n} {s:.1%} (95% interval {lo:.1%} to {hi:.1%})"
                    for n, s, lo, hi in zip(names, shares.share, shares.low, shares.high,
                                            strict=True)),
                "A shared win or a draw counts as a fraction of a game. The test is scipy's "
                "chi-square goodness of fit against every side winning equally often"
                + (" (teams, since team-mates win and lose together)."
                   if shares.sides.teams else "."))
    if summary.mean_score is not None:
        per_seat = [[r.scores[i] for r in results] for i in range(plan.players)]
        side_of = {seat: k for k, seats in enumerate(shares.sides.seats) for seat in seats}
        page.figure(plots.scores(seat_labels(plan), per_seat, "final score",
                                 [plots.colour(side_of[i]) for i in range(plan.players)]),
                    "Box plots of each seat's final score: " + "; ".join(
                        f"seat {i + 1} median {statistics.median(s):g}, mean "
                        f"{sum(s) / len(s):.2f}" for i, s in enumerate(per_seat)),
                    "Scores as the game keeps them (for example card totals, money, nests). "
                    "Box: the middle half of games; line: median; diamond: mean.")


def length_section(page: Page, plan: Plan, results: Sequence[GameResult]) -> None:
    summary = summarize(results)
    page.heading("How long games run")
    rounds = [r.rounds for r in results if r.rounds is not None]
    decisions = [r.decisions for r in results]
    text = (f"Mean {summary.mean_decisions:.1f} decisions a game (sd {summary.sd_decisions:.1f}"
            f", median {statistics.median(decisions):g}, longest {max(decisions):,})")
    if rounds:
        text += (f"; {statistics.fmean(rounds):.2f} rounds (median "
                 f"{statistics.median(rounds):g}, longest {max(rounds)})")
    page.text(text + ".")
    if (moves := moves_line(summary)) is not None:
        page.text(moves + " The branching factor is the mean; a forced move is one the "
                  "player could not choose.")
    page.figure(plots.lengths(rounds or None, decisions, plan.cap),
                "Histograms of game length: " + text,
                "A decision is one choice of one seat. The dotted line is the round cap, "
                "drawn when a game reached it.")


def endings_section(page: Page, plan: Plan, results: Sequence[GameResult]) -> None:
    n = len(results)
    summary = summarize(results)
    page.heading("How games ended")
    capped = summary.capped
    cap_name = ("stopped at the simulator's round cap" if plan.cap_added is not None
                else "reached the game's round limit")
    scored = capped - summary.undecided
    labels = ["decided before the round cap", f"{cap_name}, scored by the game's rule",
              f"{cap_name} as a draw (left out)", "every seat tied (of the decided games)"]
    counts = [n - capped, scored, summary.undecided, summary.draws]
    names = [m for m in metric_names(results) if m.startswith(ENDED_BY)]
    for name in names:
        labels.append("ended by " + name[len(ENDED_BY):])
        counts.append(int(sum(metric_values(results, name))))
    text = (f"{n - capped:,} of {n:,} games were decided by the game's own ending; "
            f"{capped:,} {cap_name} of {plan.cap} rounds")
    if capped:
        text += (f": {scored:,} scored there by the game's own rule (counted in the win "
                 f"shares), {summary.undecided:,} ended there as draws (left out of the win "
                 "shares, which are over the decided games)")
    page.text(text + ".")
    lows, highs = zip(*(wilson(c, n) for c in counts), strict=True)
    page.figure(plots.bars(labels, [c / n for c in counts], "share of games", list(lows),
                           list(highs), percent=True,
                           notes=[f"{c:,} ({c / n:.1%})" for c in counts]),
                "Bar chart of how games ended: " + "; ".join(
                    f"{lab} {c} of {n}" for lab, c in zip(labels, counts, strict=True)),
                "Bars: share of games, with 95% Wilson intervals. The game's own endings "
                "(\"ended by\") may overlap when two hold at once.")


def metrics_section(page: Page, results: Sequence[GameResult]) -> None:
    names = [m for m in metric_names(results) if not m.startswith(ENDED_BY)]
    if not names:
        return
    page.heading("The game's own measures")
    page.text("Counted by the game itself from each finished game (its metrics hook), "
              "per game.", "note")
    headers = ["measure", "mean", "95% interval", "sd", "least", "median", "most"]
    rows = {}
    for name in names:
        values = metric_values(results, name)
        mean, lo, hi = mean_interval(values)
        rows[name] = (name, number(mean), span(lo, hi, number),
                      number(statistics.stdev(values)) if len(values) > 1 else "-",
                      number(min(values)), number(statistics.median(values)),
                      number(max(values)))
    numeric = [False] + [True] * 6
    scalars = [m for m in names if "/" not in m]
    if scalars:
        page.table(headers, [rows[m] for m in scalars], numeric)
    if len(scalars) < len(names):
        page.begin_details(f"Every measure as a table ({len(names)} rows)")
        page.table(headers, list(rows.values()), numeric)
        page.end_details()
    families: dict[str, list[str]] = {}
    for name in names:
        if "/" in name:
            families.setdefault(name.split("/", 1)[0], []).append(name)
    varied = [m for m in scalars if len(set(metric_values(results, m))) > 1]
    if varied:
        page.figure(plots.histograms({m: metric_values(results, m) for m in varied}),
                    "Histograms of " + ", ".join(varied), "Per game; the line is the mean.")
    for family, members in families.items():
        stats = [mean_interval(metric_values(results, m)) for m in members]
        labels = [m.split("/", 1)[1] for m in members]
        page.heading(family, 3)
        page.figure(plots.bars(labels, [s[0] for s in stats], f"{family}: mean per game",
                               [s[1] for s in stats], [s[2] for s in stats]),
                    f"Bar chart of {family}, mean per game: " + "; ".join(
                        f"{lab} {s[0]:.3g}" for lab, s in zip(labels, stats, strict=True)),
                    "Bars: mean per game, with its 95% interval.")


def batch_sections(page: Page, plan: Plan, results: Sequence[GameResult]) -> None:
    """Everything a batch shows: who wins, length, endings, the game's own measures, the
    registered extra sections (sections.py), and how to play a game again."""
    shares = shares_of(plan, results)
    games = games_of(plan, results)
    winners_section(page, plan, results, shares)
    first_player_section(page, results, shares, plan.rotate or "first_seat" in plan.rules)
    length_section(page, plan, results)
    course_section(page, plan.game, plan.players, plan.rules, results, shares.sides)
    endings_section(page, plan, results)
    metrics_section(page, results)
    extra_sections(page, games)
    replay_section(page, games)


def games_of(plan: Plan, results: Sequence[GameResult]) -> ReportGames:
    return plan.report_games(results)


def replay_section(page: Page, games: ReportGames, shown: int = 5) -> None:
    """The first games with the command that plays each again, move for move."""
    page.heading("Play a game again")
    page.text(f"Every row of games.csv ends with the command that plays that game again, "
              f"move for move, in the terminal (each seat's bot with the seed it played "
              f"with). The first {min(shown, len(games.results))}:", "note")
    rows = []
    for k, r in enumerate(games.results[:shown]):
        rows.append((str(r.index), r.end or "", games.command(k)))
    page.table(["game", "ended", "command"], rows, [True, False, False])


def save_report(folder: Path, page: Page, files: Callable[[Path], None]) -> Path:
    """Write the page (and `files(folder)`: games.csv...) into a fresh folder that then takes
    `folder`'s place whole (folders.replaced_folder); return the page's path."""
    with replaced_folder(folder) as out:
        files(out)
        page.write(out / "index.html")
    return folder / "index.html"


def write_batch_report(folder: Path, plan: Plan, results: Sequence[GameResult],
                       backend: str = "local", workers: int = 1,
                       seconds: float | None = None) -> Path:
    """Write folder/index.html and folder/games.csv for a simulate run; return the page."""
    page = Page(f"{plan.title}: {len(results):,} games, {plan.players} players",
                f"ratking simulate report: bots {plan.bots_text()}, seed {plan.seed}.")
    partial_note(page, len(results), plan.games, "games")
    setup_section(page, plan, backend, workers, seconds)
    batch_sections(page, plan, results)
    files_section(page, "one row per game")
    games = games_of(plan, results)
    return save_report(folder, page, lambda out: write_games_csv(out / "games.csv", games))


def files_section(page: Page, rows: str) -> None:
    page.heading("Files")
    page.text(f"games.csv beside this page holds {rows}: its seed, how it ended, its length, "
              "each seat's result and score, the game's own measures, each seat's bot and "
              "its seed, and the command that plays it again. figures/ holds each plot as an "
              "SVG file.")
