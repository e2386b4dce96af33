"""Two versions of a game side by side: `ratking compare GAME --a SPEC --b SPEC`.

A SPEC is rule values, card values and a card file, comma-separated:
`unrest_to_win=18,cards=my.toml,thief.amount=400` (`cards=`/`board=` name a file, unless the
game has a rule of that name and the value is a whole number; a name with a dot is a number
of the card file; anything else is a rule). Both versions play the same seeds (game i of each
with derive_seed(seed, i)), so every measure is compared game by game (paired): each
difference (B minus A) has a 95% interval and a test of "no difference", chosen to fit the
measure:

- a mean over games (length, win share of a side, legal moves, lead changes...): the paired t
  interval and test on the per-game differences;
- a yes/no per game (how a game ended, stopped by the cap, a comeback): the same interval on
  the 0/1 differences, and McNemar's exact test on the games where the versions disagree;
- the seat effect (the largest distance of a side's win share from even, not a mean): a paired
  bootstrap over games (percentile interval; p from where 0 falls).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core import RatkingError, make
from ..core.cardfile import CardFile
from .batch import GameResult
from .cardvalues import base_file, card_value, is_card_path
from .plan import Plan, prepare
from .sides import Sides, sides_of

BOOTSTRAP = 2000  # resamples of the paired bootstrap
DRAMA_GAMES = 100  # games of each version measured for drama (each played again)
SKILL_GAMES = 50  # games of each version's skill check (strong against weak)


@dataclass(frozen=True)
class Version:
    """One side of a comparison: its label, its SPEC as written, and its plan."""

    label: str
    spec: str
    plan: Plan


def parse_spec(game: str, text: str) -> tuple[dict[str, str], dict[str, Any], dict[str, Any]]:
    """A SPEC -> (rule values, component files by kind (paths), card values by path); every
    part must be NAME=VALUE. The empty SPEC is the game as printed."""
    rules: dict[str, str] = {}
    files: dict[str, Any] = {}
    cards: dict[str, Any] = {}
    own = make(game)
    names = {s.name for s in own.rule_specs}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, eq, value = part.partition("=")
        name, value = name.strip(), value.strip()
        if not eq or not name or not value:
            raise RatkingError(f"a SPEC is NAME=VALUE parts, comma-separated, not {part!r}")
        seen = {**rules, **files, **cards}
        if name in seen:
            raise RatkingError(f"{name} is given twice in {text!r}")
        if name in own.component_files and not (name in names and value.lstrip("-").isdigit()):
            files[name] = value
        elif is_card_path(name):
            cards[name] = value
        else:
            rules[name] = value
    return rules, files, cards


def prepare_version(label: str, game: str, spec: str, players: int, bots: str, games: int,
                    seed: int, first: str = "rules",
                    open_file: Callable[[str], CardFile] | None = None) -> Version:
    """A checked version: its rules, files and card values applied to a Plan; `first`: who
    starts (plan.prepare). A file the SPEC names is a path, or what `open_file(name)` gives
    (the web lab's uploaded files)."""
    rules, files, cards = parse_spec(game, spec)
    if open_file is not None:
        files = {kind: open_file(name) for kind, name in files.items()}
    plan = prepare(game, players, bots, games, seed, rules, files, first=first)
    if cards:
        typed = {p: card_value(game, plan.files, p, v) for p, v in cards.items()}
        plan = plan.with_files({"cards": base_file(game, plan.files).changed(typed)})
    return Version(label, spec, plan)


# --- the statistics ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Difference:
    """One measure of both versions, and B minus A with its 95% interval and p-value."""

    measure: str
    a: float
    b: float
    difference: float
    low: float
    high: float
    p: float
    test: str
    kind: str = "mean"  # "share" (printed in points), "mean" or "count"
    games: int = 0  # the paired games it is over

    def to_dict(self) -> dict[str, Any]:
        return {"measure": self.measure, "difference": self.difference, "low": self.low,
                "high": self.high, "p": self.p}


def _t_quantile(n: int) -> float:
    from scipy import stats

    return float(stats.t.ppf(0.975, n - 1)) if n > 1 else math.inf


def paired_mean(name: str, a: Sequence[float], b: Sequence[float], kind: str = "mean"
                ) -> Difference | None:
    """Paired t interval and test on the per-game differences (None without two pairs)."""
    from scipy import stats

    n = len(a)
    if n < 2:
        return None
    d = [y - x for x, y in zip(a, b, strict=True)]
    mean = sum(d) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1))
    if sd == 0:
        p = 1.0 if mean == 0 else 0.0
        low = high = mean
    else:
        p = float(stats.ttest_rel(b, a).pvalue)
        half = _t_quantile(n) * sd / math.sqrt(n)
        low, high = mean - half, mean + half
    return Difference(name, sum(a) / n, sum(b) / n, mean, low, high, p, "paired t", kind, n)


def paired_yes_no(name: str, a: Sequence[bool], b: Sequence[bool]) -> Difference | None:
    """A yes/no per game: the paired interval on the 0/1 differences, McNemar's exact test."""
    from scipy import stats

    got = paired_mean(name, [float(x) for x in a], [float(y) for y in b], "share")
    if got is None:
        return None
    only_a = sum(1 for x, y in zip(a, b, strict=True) if x and not y)
    only_b = sum(1 for x, y in zip(a, b, strict=True) if y and not x)
    p = (float(stats.binomtest(min(only_a, only_b), only_a + only_b, 0.5).pvalue)
         if only_a + only_b else 1.0)
    return Difference(name, got.a, got.b, got.difference, got.low, got.high, p,
                      "McNemar (exact)", "share", got.games)


def bootstrap(name: str, a: Sequence[Any], b: Sequence[Any],
              statistic: Callable[[Sequence[Any]], float], seed: int,
              kind: str = "share") -> Difference:
    """A paired bootstrap of statistic(B) - statistic(A): games resampled together."""
    import numpy

    n = len(a)
    rng = numpy.random.default_rng(seed)
    diffs = []
    for _ in range(BOOTSTRAP):
        pick = rng.integers(0, n, n)
        diffs.append(statistic([b[i] for i in pick]) - statistic([a[i] for i in pick]))
    diffs.sort()
    low, high = diffs[int(0.025 * BOOTSTRAP)], diffs[int(0.975 * BOOTSTRAP) - 1]
    below = sum(1 for d in diffs if d <= 0) / BOOTSTRAP
    above = sum(1 for d in diffs if d >= 0) / BOOTSTRAP
    value_a, value_b = statistic(a), statistic(b)
    return Difference(name, value_a, value_b, value_b - value_a, low, high,
                      min(1.0, 2 * min(below, above)), "paired bootstrap", kind, n)


# --- the measures -----------------------------------------------------------------------------


def seat_effect(sides: Sides) -> Callable[[Sequence[list[float]]], float]:
    """Of per-game side shares: the largest distance of a side's mean share from even."""
    even = 1 / len(sides.names)

    def gap(rows: Sequence[list[float]]) -> float:
        n = len(rows)
        return max(abs(sum(r[k] for r in rows) / n - even) for k in range(len(sides.names)))

    return gap


def length_of(r: GameResult) -> tuple[str, float]:
    return ("rounds", float(r.rounds)) if r.rounds is not None else ("decisions",
                                                                    float(r.decisions))


def game_measures(a: Sequence[GameResult], b: Sequence[GameResult], sides: Sides,
                  seed: int) -> list[Difference]:
    """Win shares by side, the seat effect, length, how games ended, the round cap, the
    branching factor and forced moves, each paired game by game."""
    out: list[Difference | None] = []
    both = [(x, y) for x, y in zip(a, b, strict=True) if x.decided and y.decided]
    shares_a = [sides.per_game(x.returns) for x, _ in both]
    shares_b = [sides.per_game(y.returns) for _, y in both]
    for k, name in enumerate(sides.names):
        out.append(paired_mean(f"win share: {name}", [s[k] for s in shares_a],
                               [s[k] for s in shares_b], "share"))
    if len(both) >= 2:
        out.append(bootstrap("seat effect (largest distance from even)", shares_a, shares_b,
                             seat_effect(sides), seed))
    side_of = {seat: k for k, seats in enumerate(sides.seats) for seat in seats}
    if len({side_of[x.first] for x, _ in both}) > 1:  # a rotated first player
        out.append(paired_mean("win share: the first player",
                               [s[side_of[x.first]] for s, (x, _) in zip(shares_a, both,
                                                                         strict=True)],
                               [s[side_of[y.first]] for s, (_, y) in zip(shares_b, both,
                                                                         strict=True)],
                               "share"))
    unit = length_of(a[0])[0]
    out.append(paired_mean(f"length ({unit})", [length_of(r)[1] for r in a],
                           [length_of(r)[1] for r in b]))
    if unit == "rounds":
        out.append(paired_mean("length (decisions)", [float(r.decisions) for r in a],
                               [float(r.decisions) for r in b]))
    for end in sorted({r.end or "none" for r in (*a, *b)}):
        out.append(paired_yes_no(f"ended: {end}", [(r.end or "none") == end for r in a],
                                 [(r.end or "none") == end for r in b]))
    out.append(paired_yes_no("stopped by the round cap", [r.end == "round-cap" for r in a],
                             [r.end == "round-cap" for r in b]))
    legal = [(x, y) for x, y in zip(a, b, strict=True) if x.legal and y.legal
             and x.legal[0] and y.legal[0]]
    out.append(paired_mean("legal moves a decision (game mean)",
                           [x.legal[1] / x.legal[0] for x, _ in legal],
                           [y.legal[1] / y.legal[0] for _, y in legal]))
    out.append(paired_mean("forced moves (share of decisions)",
                           [x.legal[3] / x.legal[0] for x, _ in legal],
                           [y.legal[3] / y.legal[0] for _, y in legal], "share"))
    return [d for d in out if d is not None]


def drama_measures(va: Version, vb: Version, a: Sequence[GameResult],
                   b: Sequence[GameResult], games: int) -> list[Difference]:
    """Lead changes, the decisive moment and comebacks over each version's first `games`
    games, each played again and read with the game's evaluation (review/drama.py)."""
    from ..review.drama import measures, side_curve

    def per_game(version: Version, results: Sequence[GameResult]) -> list[dict[str, Any]]:
        played = version.plan.report_games(results[:games])
        return [measures(*side_curve(played.replay(k))[1:]) for k in range(len(played.results))]

    ma, mb = per_game(va, a), per_game(vb, b)
    out = [paired_mean("lead changes a game", [float(m["lead_changes"]) for m in ma],
                       [float(m["lead_changes"]) for m in mb])]
    decided = [(x, y) for x, y in zip(ma, mb, strict=True)
               if x["decisive"] is not None and y["decisive"] is not None]
    out.append(paired_mean("decisive moment (share of the game)",
                           [x["decisive"] for x, _ in decided],
                           [y["decisive"] for _, y in decided]))
    out.append(paired_yes_no("comeback (the winner was under 0.25)",
                             [bool(x["comeback"]) for x, _ in decided],
                             [bool(y["comeback"]) for _, y in decided]))
    return [d for d in out if d is not None]


def skill_measure(va: Version, vb: Version, games: int, strong: str,
                  weak: str) -> Difference | None:
    """`strong`'s share against `weak` on the same deals in both versions (skill or luck)."""
    from ..review.drama import skill_shares

    def shares(version: Version) -> list[float]:
        plan = version.plan
        return list(skill_shares(make(plan.game, **plan.full_rules), games, plan.seed,
                                 strong, weak, plan.players))

    return paired_mean(f"skill: {strong}'s share against {weak}", shares(va), shares(vb),
                       "share")


# --- the comparison ---------------------------------------------------------------------------


@dataclass
class Comparison:
    """Both versions' games and every measure's difference."""

    a: Version
    b: Version
    results_a: list[GameResult]
    results_b: list[GameResult]
    differences: list[Difference] = field(default_factory=list)
    skill: tuple[str, str, int] = ("heuristic", "random", 0)
    drama_games: int = 0

    @property
    def game(self) -> str:
        return self.a.plan.game

    def version_json(self, version: Version, results: list[GameResult],
                     pick: Callable[[Difference], float]) -> dict[str, Any]:
        from .stats import summarize

        plan = version.plan
        return {"spec": version.spec, "rules": plan.rules, **plan.files_json(),
                "first_seat": plan.first_json(),
                "games": len(results), "players": plan.players, "bots": list(plan.bots),
                "seed": plan.seed, "summary": summarize(results).to_dict(),
                "measures": {d.measure: pick(d) for d in self.differences}}

    def to_dict(self) -> dict[str, Any]:
        """The `--json` contract: {"a": {...}, "b": {...}, "differences": [{"measure",
        "difference", "low", "high", "p"}, ...]}."""
        return {"a": self.version_json(self.a, self.results_a, lambda d: d.a),
                "b": self.version_json(self.b, self.results_b, lambda d: d.b),
                "differences": [d.to_dict() for d in self.differences]}


def measure_all(a: Version, b: Version, results_a: list[GameResult],
                results_b: list[GameResult], drama_games: int, skill_games: int,
                skill: tuple[str, str]) -> Comparison:
    """Every measure of both versions' paired games."""
    plan = a.plan
    sides = sides_of(plan.game, plan.players, plan.full_rules)
    out = Comparison(a, b, results_a, results_b, skill=(*skill, skill_games),
                     drama_games=min(drama_games, len(results_a)))
    out.differences = game_measures(results_a, results_b, sides, plan.seed)
    if out.drama_games:
        out.differences += drama_measures(a, b, results_a, results_b, out.drama_games)
    if skill_games:
        got = skill_measure(a, b, skill_games, *skill)
        if got is not None:
            out.differences.append(got)
    return out


# --- words ------------------------------------------------------------------------------------


def amount(d: Difference, value: float) -> str:
    """A value in the measure's units: points for shares."""
    return f"{value * 100:.1f} points" if d.kind == "share" else f"{value:.2f}"


def level(d: Difference, value: float) -> str:
    return f"{value * 100:.1f}%" if d.kind == "share" else f"{value:.2f}"


def p_text(p: float) -> str:
    return "p < 0.0001" if p < 0.0001 else f"p = {p:.2g}"


def verdict(d: Difference) -> str:
    """One measure's difference in words: which way B differs and by how much, with the 95%
    interval and the test, or that no difference could be told from chance."""
    if d.p < 0.05 and d.difference != 0:
        way = "larger" if d.difference > 0 else "smaller"
        lo, hi = sorted((abs(d.low), abs(d.high))) if d.low * d.high > 0 else (d.low, d.high)
        return (f"B's {d.measure} is {way}: {amount(d, abs(d.difference))}, 95% interval "
                f"{amount(d, lo).split()[0]} to {amount(d, hi)} (A {level(d, d.a)}, "
                f"B {level(d, d.b)}; {d.test}, {p_text(d.p)}).")
    return (f"No difference in {d.measure} told apart from chance: {amount(d, d.difference)} "
            f"(95% interval {amount(d, d.low).split()[0]} to {amount(d, d.high)}; {d.test}, "
            f"{p_text(d.p)}).")


def headline(c: Comparison) -> list[str]:
    """The verdicts worth reading first: the differences beyond chance, the seat effect and
    the length first; then a line saying how many measures show none."""
    first = ("seat effect", "length")
    order = sorted(c.differences, key=lambda d: (not d.measure.startswith(first), d.p))
    found = [verdict(d) for d in order if d.p < 0.05 and d.difference != 0]
    calm = [d for d in c.differences if not (d.p < 0.05 and d.difference != 0)]
    if not found:
        found.append(f"No measure differs beyond chance at the 5% level over {len(c.results_a)} "
                     "paired games.")
    elif calm:
        found.append(f"The other {len(calm)} measures show no difference beyond chance "
                     "(the table below).")
    return found
