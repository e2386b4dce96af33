"""Statistics of a batch: win shares with 95% intervals, scores and game length."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .batch import GameResult

Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (shared wins count as fractions)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    # exact at the edges: rounding would leave e.g. 1e-17 for no wins, above the share of 0
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


def _mean_sd(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    if n == 0:
        return (math.nan, math.nan)
    mean = sum(xs) / n
    if n == 1:
        return (mean, 0.0)
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return (mean, math.sqrt(var))


@dataclass(frozen=True)
class Summary:
    """A batch in numbers. Win shares and `draws` are over the `decided` games: a game the
    round cap stopped as a draw (GameResult.decided False) is left out of them and counted in
    `undecided`; `capped` counts every game the cap stopped, scored at the cap or not."""

    games: int
    players: int
    win_share: tuple[float, ...]
    win_low: tuple[float, ...]
    win_high: tuple[float, ...]
    mean_score: tuple[float, ...] | None
    mean_decisions: float
    sd_decisions: float
    mean_rounds: float | None
    draws: int
    capped: int
    decided: int
    undecided: int
    # legal moves per decision over every decision of the games that counted them: mean,
    # sd, and the share of decisions with one legal move (None: no game counted them)
    moves_mean: float | None = None
    moves_sd: float | None = None
    forced: float | None = None

    @property
    def capped_share(self) -> float:
        """The share of games the round cap stopped."""
        return self.capped / self.games if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "decided": self.decided,
            "undecided": self.undecided,
            "players": self.players,
            "seats": [
                {"seat": i, "win_share": self.win_share[i],
                 "win_95": [self.win_low[i], self.win_high[i]],
                 "mean_score": None if self.mean_score is None else self.mean_score[i]}
                for i in range(self.players)
            ],
            "mean_decisions": self.mean_decisions,
            "sd_decisions": self.sd_decisions,
            "mean_rounds": self.mean_rounds,
            "draws": self.draws,
            "capped": self.capped,
            "capped_share": self.capped_share,
            "legal_moves": {"mean": self.moves_mean, "sd": self.moves_sd,
                            "forced_share": self.forced},
        }


def summarize(results: Sequence[GameResult]) -> Summary:
    """Per-seat win shares with Wilson 95% intervals over the decided games, mean scores and
    game length over all games."""
    n = len(results)
    if n == 0:
        raise ValueError("no games to summarize")
    players = len(results[0].returns)
    decided = [r for r in results if r.decided]
    d = len(decided)
    wins = [sum(r.returns[i] for r in decided) for i in range(players)]
    intervals = [wilson(w, d) for w in wins]
    scores = None
    if all(r.scores is not None for r in results):
        scores = tuple(sum(r.scores[i] for r in results) / n for i in range(players))
    mean_dec, sd_dec = _mean_sd([r.decisions for r in results])
    rounds = [r.rounds for r in results if r.rounds is not None]
    draws = sum(1 for r in decided if len({round(x, 9) for x in r.returns}) == 1)
    capped = sum(1 for r in results if r.end == "round-cap")
    counted = [r.legal for r in results if r.legal]
    asked = sum(c[0] for c in counted)
    moves = sd = forced = None
    if asked:
        moves = sum(c[1] for c in counted) / asked
        sd = max(0.0, sum(c[2] for c in counted) / asked - moves * moves) ** 0.5
        forced = sum(c[3] for c in counted) / asked
    return Summary(n, players, tuple(w / d if d else 0.0 for w in wins),
                   tuple(lo for lo, _ in intervals), tuple(hi for _, hi in intervals), scores,
                   mean_dec, sd_dec, sum(rounds) / len(rounds) if rounds else None, draws,
                   capped, d, n - d, moves, sd, forced)


def moves_line(summary: Summary) -> str | None:
    """The branching factor and the forced moves in words (None if not counted)."""
    if summary.moves_mean is None:
        return None
    return (f"Legal moves per decision: mean {summary.moves_mean:.1f} (sd "
            f"{summary.moves_sd:.1f}); forced (one legal move): {percent(summary.forced)} of "
            f"decisions. Stopped by the round cap: {percent(summary.capped_share)} of games.")


def percent(x: float) -> str:
    """A share as the plots print it: 48.3%."""
    return f"{x:.1%}"


def span(low: float, high: float, show=percent) -> str:
    """An interval as "low - high" in the form `show` prints, or one value if both ends
    print the same ("15", not "15 - 15")."""
    a, b = show(low), show(high)
    return a if a == b else f"{a} - {b}"


def short_span(low: float, high: float) -> str:
    """A share's interval in whole points, for a small space: "11-18%" (or "15%")."""
    a, b = f"{100 * low:.0f}", f"{100 * high:.0f}"
    return f"{a}%" if a == b else f"{a}-{b}%"
