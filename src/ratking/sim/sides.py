"""Win shares by side (each seat, or each team in a team game) and the test of a seat effect.

In a team game every seat of the winning team scores 1, so seats are not independent: the sides
compared are then the teams (`Game.seat_teams`). Each game gives its sides shares that add up to
1 (a win 1, a shared win or a draw split), so a side's share of the games is its win rate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core import make
from .batch import GameResult
from .stats import percent, span, wilson


@dataclass(frozen=True)
class Sides:
    """Who is compared: a name and the seats (from 0) of each side."""

    names: tuple[str, ...]
    seats: tuple[tuple[int, ...], ...]
    short: tuple[str, ...] = ()  # names without the seats, for narrow tables

    @property
    def short_names(self) -> tuple[str, ...]:
        return self.short or self.names

    @property
    def teams(self) -> bool:
        return any(len(s) > 1 for s in self.seats)

    def per_game(self, returns: Sequence[float]) -> list[float]:
        """One game's share for each side (adding up to 1)."""
        values = [returns[seats[0]] for seats in self.seats]
        total = sum(values)
        if total <= 0:
            return [1.0 / len(values)] * len(values)
        return [v / total for v in values]


def sides_of(game_id: str, players: int, rules: dict[str, Any] | None = None) -> Sides:
    """The sides of a game: its teams if it has any, else one side per seat ("seat 1"...)."""
    game = make(game_id, **(rules or {}))
    teams = game.seat_teams(players)
    order = sorted(set(teams))
    seats = tuple(tuple(s for s in range(players) if teams[s] == t) for t in order)
    if all(len(s) == 1 for s in seats):
        return Sides(tuple(f"seat {s[0] + 1}" for s in seats), seats)
    names = game.team_names
    labels, short = [], []
    for t, members in zip(order, seats, strict=True):
        name = names[t] if names is not None and t < len(names) else f"team {t + 1}"
        where = ", ".join(str(s + 1) for s in members)
        labels.append(f"{name} (seat{'s' if len(members) > 1 else ''} {where})")
        short.append(name)
    return Sides(tuple(labels), seats, tuple(short))


@dataclass(frozen=True)
class SideShares:
    """Each side's win share over a batch, with a Wilson 95% interval, and the chi-square
    goodness-of-fit test of "every side wins equally often" (scipy.stats.chisquare)."""

    sides: Sides
    games: int  # the decided games the shares are over
    wins: tuple[float, ...]
    share: tuple[float, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]
    chi2: float
    p_value: float

    @property
    def gap(self) -> float:
        """How far the sides are from even: the largest |share - 1/sides|."""
        even = 1.0 / len(self.share)
        return max(abs(s - even) for s in self.share)

    def gap_interval(self) -> tuple[float, float]:
        """A 95% interval of `gap`: the distance from even of the side furthest from it,
        over that side's Wilson interval (0 at the low end when even lies inside it)."""
        even = 1.0 / len(self.share)
        i = max(range(len(self.share)), key=lambda k: abs(self.share[k] - even))
        return distance_interval(self.low[i], self.high[i], even, even)

    def verdict(self) -> str:
        """The test's result in words."""
        kind = "teams" if self.sides.teams else "seats"
        if not self.games:
            return "No game was decided (every one was stopped by the round cap as a draw)."
        p = f"p = {self.p_value:.3g}" if self.p_value >= 1e-4 else "p < 0.0001"
        if self.p_value < 0.05:
            return (f"The {kind} do not win equally often (chi-square {self.chi2:.1f}, {p}): "
                    f"a {kind[:-1]} effect beyond chance at the 5% level.")
        return (f"No {kind[:-1]} effect beyond chance (chi-square {self.chi2:.1f}, {p}): "
                f"these games cannot tell the {kind} apart.")

    def to_dict(self) -> dict[str, Any]:
        return {"sides": [{"name": n, "seats": [s + 1 for s in seats], "win_share": sh,
                           "win_95": [lo, hi]}
                          for n, seats, sh, lo, hi in zip(self.sides.names, self.sides.seats,
                                                          self.share, self.low, self.high,
                                                          strict=True)],
                "games": self.games, "chi2": self.chi2, "p_value": self.p_value,
                "gap": self.gap}


def distance_interval(low: float, high: float, target_low: float,
                      target_high: float) -> tuple[float, float]:
    """The least and the most distance from [target_low, target_high] of a value known to
    lie in [low, high]."""
    def distance(x: float) -> float:
        return max(target_low - x, 0.0, x - target_high)

    ends = (distance(low), distance(high))
    near = 0.0 if low <= target_high and high >= target_low else min(ends)
    return near, max(ends)


def side_shares(results: Sequence[GameResult], sides: Sides) -> SideShares:
    """Win shares of each side over the decided games of `results` (a game the round cap
    stopped as a draw is left out), with intervals and the seat-effect test."""
    from scipy.stats import chisquare

    if not results:
        raise ValueError("no games to summarize")
    decided = [r for r in results if r.decided]
    n = len(decided)
    k = len(sides.seats)
    wins = [0.0] * k
    for r in decided:
        for i, share in enumerate(sides.per_game(r.returns)):
            wins[i] += share
    intervals = [wilson(w, n) for w in wins]
    if k > 1 and n:
        test = chisquare(wins, [n / k] * k)
        chi2, p = float(test.statistic), float(test.pvalue)
    else:
        chi2, p = 0.0, 1.0
    return SideShares(sides, n, tuple(wins), tuple(w / n if n else 0.0 for w in wins),
                      tuple(lo for lo, _ in intervals), tuple(hi for _, hi in intervals),
                      chi2, p)


@dataclass(frozen=True)
class FirstPlayer:
    """The first player's win share over a run whose games started with more than one side
    (`--first-seat rotate`), with its Wilson 95% interval and the share of a side by chance."""

    games: int  # the decided games
    wins: float  # the first player's side's wins (a shared win as its share)
    low: float
    high: float
    fair: float  # 1 / sides

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def verdict(self) -> str:
        """The measure in words, with the fair share and whether it lies inside the
        interval."""
        said = (f"The first player won {percent(self.share)} ({span(self.low, self.high)}) "
                f"of {self.games:,} decided games; a side's fair share is "
                f"{percent(self.fair)}")
        if self.low > self.fair:
            return said + ": moving first is an advantage beyond chance."
        if self.high < self.fair:
            return said + ": moving first is a handicap beyond chance."
        return said + ": no first-player effect beyond chance."

    def to_dict(self) -> dict[str, Any]:
        return {"games": self.games, "wins": self.wins, "win_share": self.share,
                "win_95": [self.low, self.high], "fair": self.fair}


def first_player(results: Sequence[GameResult], sides: Sides) -> FirstPlayer | None:
    """The first player's win share over the decided games, or None when one side started
    every game (then its share holds the side's own effect too)."""
    side_of = {seat: k for k, seats in enumerate(sides.seats) for seat in seats}
    decided = [r for r in results if r.decided]
    if len({side_of[r.first] for r in decided}) < 2:
        return None
    wins = sum(sides.per_game(r.returns)[side_of[r.first]] for r in decided)
    low, high = wilson(wins, len(decided))
    return FirstPlayer(len(decided), wins, low, high, 1.0 / len(sides.seats))
