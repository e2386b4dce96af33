"""The page of `ratking compare --report DIR`: both versions' set-up, the verdict in words,
every measure side by side with its difference and test, and the plots; DIR/games.csv holds
both versions' games, the version first."""

from __future__ import annotations

from pathlib import Path

from . import plots
from .compare import Comparison, Version, amount, headline, level, p_text
from .grid import show
from .page import Page
from .plan import file_rows
from .report import files_section, save_report, write_games_csv
from .sections import ReportGames
from .sides import side_shares, sides_of


def _version_rows(a: Version, b: Version) -> list[list[str]]:
    """What each version is: its SPEC, its rules changed and its files (name and sha256)."""
    def rows(version: Version) -> list[tuple[str, str]]:
        plan = version.plan
        changed = ", ".join(f"{k}={show(v)}" for k, v in plan.overrides.items())
        return [("as written", version.spec or "the game as printed"),
                ("rules changed", changed or "none: the rulebook's numbers"),
                *file_rows(plan.game, plan.files)]

    return [[label, x, y] for (label, x), (_, y) in zip(rows(a), rows(b), strict=True)]


def _setup(page: Page, c: Comparison, workers: int) -> None:
    plan = c.a.plan
    page.heading("Set-up")
    page.table(None, [("game", f"{plan.title} ({plan.game})"),
                      ("games", f"{plan.games:,} of each version, on the same seeds (paired)"),
                      ("players", str(plan.players)),
                      ("bots", ", ".join(f"seat {i + 1}: {b}" for i, b in enumerate(plan.bots))),
                      ("seed", f"{plan.seed} (game i of both versions plays with a seed "
                               "derived from it and i)"),
                      ("round cap", plan.describe_cap()),
                      ("run on", f"local backend, {workers} worker{'s' * (workers != 1)}")])
    page.table(["", "version A", "version B"], _version_rows(c.a, c.b))
    page.text("Each version's games as a simulate command (the same seeds), A then B:", "note")
    page.code(c.a.plan.command())
    page.code(c.b.plan.command())


def _measures(page: Page, c: Comparison) -> None:
    page.heading("Every measure side by side")
    page.text("B minus A, game by game over the paired games, with its 95% interval and the "
              "test of no difference: the paired t test for means, McNemar's exact test for "
              "a yes or no per game, a paired bootstrap for the seat effect. Shares are in %, "
              "their differences in percentage points.", "note")
    rows = [[d.measure, level(d, d.a), level(d, d.b), amount(d, d.difference).split()[0],
             f"{amount(d, d.low).split()[0]} to {amount(d, d.high).split()[0]}",
             p_text(d.p), d.test, f"{d.games:,}"] for d in c.differences]
    page.table(["measure", "A", "B", "B - A", "95% interval", "p", "test", "games"], rows,
               [False, True, True, True, True, True, False, True])
    if c.drama_games:
        page.text(f"Drama over each version's first {c.drama_games} games, each played again "
                  "and read after every decision with the game's own evaluation. Skill: "
                  f"{c.skill[0]}'s share against {c.skill[1]} in every other seat, over "
                  f"{c.skill[2]} deals of each version, the strong seat rotated.", "note")


def _figures(page: Page, c: Comparison) -> None:
    plan = c.a.plan
    sides = sides_of(plan.game, plan.players, plan.full_rules)
    by = [side_shares(c.results_a, sides), side_shares(c.results_b, sides)]
    page.heading("Who wins in each version")
    groups = {name: ([s.share[k] for s in by], [s.low[k] for s in by],
                     [s.high[k] for s in by]) for k, name in enumerate(sides.short_names)}
    labels = [f"A: {c.a.spec or 'as printed'}", f"B: {c.b.spec or 'as printed'}"]
    page.figure(plots.grouped_shares(labels, groups, "Win shares by side"),
                "Bar chart of each side's win share in each version: " + "; ".join(
                    f"{lab}: " + ", ".join(f"{n} {by[j].share[k]:.1%}"
                                           for k, n in enumerate(sides.short_names))
                    for j, lab in enumerate(labels)),
                "Each side in its colour, with its 95% Wilson interval.")
    shares = [d for d in c.differences if d.kind == "share"]
    if shares:
        page.heading("The differences in shares")
        page.figure(plots.differences([d.measure for d in shares],
                                      [100 * d.difference for d in shares],
                                      [100 * d.low for d in shares],
                                      [100 * d.high for d in shares],
                                      "B minus A, percentage points (95% interval)",
                                      [p_text(d.p) for d in shares]),
                    "Dot chart of each share's difference, B minus A, with its interval: "
                    + "; ".join(f"{d.measure} {100 * d.difference:+.1f}" for d in shares),
                    "A point right of the dashed line: more in B. The p-value beside each.")
    means = [d for d in c.differences if d.kind != "share"]
    if means:
        page.heading("The differences in means")
        page.figure(plots.differences([d.measure for d in means],
                                      [d.difference for d in means], [d.low for d in means],
                                      [d.high for d in means],
                                      "B minus A, in each measure's unit (95% interval)",
                                      [p_text(d.p) for d in means]),
                    "Dot chart of each mean's difference, B minus A, with its interval: "
                    + "; ".join(f"{d.measure} {d.difference:+.2f}" for d in means),
                    "A point right of the dashed line: more in B. The p-value beside each.")


def write_compare_report(folder: Path, c: Comparison, workers: int = 1) -> Path:
    """folder/index.html and folder/games.csv (both versions' games, the version first)."""
    plan = c.a.plan
    page = Page(f"{plan.title}: version A against version B",
                f"ratking compare report: {plan.games:,} paired games, bots "
                f"{plan.bots_text()}, seed {plan.seed}.")
    _setup(page, c, workers)
    page.heading("Verdict")
    for line in headline(c):
        page.text(line)
    _measures(page, c)
    _figures(page, c)
    files_section(page, "one row per game of both versions, the version first")
    results = [*c.results_a, *c.results_b]
    games = ReportGames(plan.game, plan.players, results, [plan.bots] * len(results),
                        [*c.a.plan.report_games(c.results_a).rules,
                         *c.b.plan.report_games(c.results_b).rules])
    extra = [{"version": v} for v, rs in (("A", c.results_a), ("B", c.results_b)) for _ in rs]
    return save_report(folder, page, lambda out: write_games_csv(out / "games.csv", games,
                                                                  extra))
