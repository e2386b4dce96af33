"""A game's drama over many games, from the same chances a review draws (the game's evaluation
after every decision), with 95% intervals: how often the lead changes hands, when the game is
decided, how often the winner came back from behind, and each seat's and side's chance over
the game's length. And "skill or luck": how much of the game the strong search wins against
weak play (`skill_or_luck`).

    summary = drama_summary(records)      # records of finished games, or finished states
    draw_drama(summary, "drama.png")      # its figures (PNG, SVG or PDF by the suffix)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from ..bots import make_bot
from ..core import Game, RatkingError, State, make, replay
from ..core.rng import derive_seed
from ..sim.stats import Z95, wilson
from .analysis import chances_of

DECISIVE = 0.9  # the winner's chance that, never left again, decides the game
BEHIND = 0.25  # a winner once under this chance came back
BINS = 10  # the game's length in tenths, for the chance over the game


def side_curve(state: State) -> tuple[list[str], list[list[float]], list[int]]:
    """A finished game's sides (each seat's team), each side's chance at the start and after
    every decision, and the winning sides (those with the top result)."""
    game = state.game
    teams = list(game.seat_teams(state.players))
    sides = sorted(set(teams))
    names = [game.team_names[t] if game.team_names else state.names[teams.index(t)]
             for t in sides]
    s = game.new_game(state.players, seed=state.seed, names=list(state.names))
    curve = []

    def point() -> None:
        chances = chances_of(s)
        curve.append([sum(c for c, t in zip(chances, teams, strict=True) if t == side)
                      for side in sides])

    point()
    for action in state.history:
        s.apply(action)
        point()
    final = curve[-1]
    top = max(final)
    winners = [k for k, v in enumerate(final) if v == top] if top > 0.5 else []
    return names, curve, winners


def measures(curve: list[list[float]], winners: list[int]) -> dict[str, Any]:
    """One game's lead changes, decisive moment (None for a draw) and comeback."""
    leader, changes = None, 0
    for point in curve:
        top = max(point)
        leaders = [k for k, v in enumerate(point) if v == top]
        if len(leaders) == 1:
            if leader is not None and leaders[0] != leader:
                changes += 1
            leader = leaders[0]
    out: dict[str, Any] = {"lead_changes": changes, "decisive": None, "comeback": None}
    if len(winners) == 1:
        won = [p[winners[0]] for p in curve]
        last_below = max((i for i, v in enumerate(won) if v < DECISIVE), default=-1)
        out["decisive"] = (last_below + 1) / max(1, len(curve) - 1)
        out["comeback"] = min(won) < BEHIND
    return out


def mean_interval(xs: Sequence[float]) -> dict[str, float]:
    """The mean with a normal 95% interval (not below 0: every measure here is a count or a
    share)."""
    n = len(xs)
    if n == 0:
        return {"mean": math.nan, "low": math.nan, "high": math.nan, "n": 0}
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n)
    return {"mean": mean, "low": max(0.0, mean - half), "high": mean + half, "n": n}


def share_interval(hits: int, n: int) -> dict[str, float]:
    low, high = wilson(hits, n)
    return {"share": hits / n if n else math.nan, "low": low, "high": high, "n": n}


def over_length(curves: list[list[list[float]]], side: int) -> list[dict[str, float]]:
    """A side's mean chance at each tenth of the game's length (0, 0.1, ... 1)."""
    out = []
    for b in range(BINS + 1):
        at = [c[round(b / BINS * (len(c) - 1))][side] for c in curves]
        out.append({"at": b / BINS, **mean_interval(at)})
    return out


def drama_summary(games: Iterable[dict[str, Any] | State]) -> dict[str, Any]:
    """The drama measures over finished games (records or states) of one game and variant:
    lead changes per game, the decisive moment (the share of the game after which the
    eventual winner's chance never falls below 0.9 again), comebacks (winners who were under
    0.25), and each side's mean chance over the game's length, all with 95% intervals. In a
    game of teams (Rat & Duck) the sides are the teams; else each seat is its own side."""
    curves, per_game, names = [], [], None
    for item in games:
        state = replay(item) if isinstance(item, dict) else item
        if not state.over:
            raise RatkingError("drama is measured over finished games only")
        sides, curve, winners = side_curve(state)
        if names is None:
            names = sides
        elif sides != names:
            raise RatkingError("drama is measured over games of one game and seat count")
        curves.append(curve)
        per_game.append(measures(curve, winners))
    if not per_game:
        raise RatkingError("no games to measure")
    decided = [g["decisive"] for g in per_game if g["decisive"] is not None]
    comebacks = [g["comeback"] for g in per_game if g["comeback"] is not None]
    return {
        "games": len(per_game),
        "sides": names,
        "lead_changes": mean_interval([g["lead_changes"] for g in per_game]),
        "decisive_moment": mean_interval(decided),
        "comebacks": share_interval(sum(comebacks), len(comebacks)),
        "chance_over_length": {name: over_length(curves, k) for k, name in enumerate(names)},
    }


def draw_drama(summary: dict[str, Any], path: str | Path, title: str = "") -> Path:
    """Draw a drama summary's figures to `path` (its suffix picks the format): see
    `drama_figure`."""
    out = Path(path)
    drama_figure(summary, title).savefig(out, metadata=None if out.suffix != ".svg"
                                         else {"Date": None})
    return out


def drama_figure(summary: dict[str, Any], title: str = "",
                 names: Sequence[str] | None = None, colours: Sequence[str] | None = None):
    """A drama summary's figure (matplotlib): each side's mean chance over the game's length
    with its band (labelled `names` and drawn in `colours` where given, as a report names and
    colours its sides), the lead changes per game (a count, on its own axis), and the
    decisive moment and comebacks (shares, on a 0-1 axis), each with its interval."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(7.2, 3.4), layout="constrained")
    fig.set_facecolor("white")
    left, count, shares = fig.subplots(1, 3, width_ratios=[3, 1.2, 1.6])
    for k, (name, points) in enumerate(summary["chance_over_length"].items()):
        xs = [p["at"] * 100 for p in points]
        colour = colours[k % len(colours)] if colours else f"C{k}"
        label = names[k] if names is not None and k < len(names) else name
        left.plot(xs, [p["mean"] for p in points], label=label, linewidth=1.8, color=colour)
        left.fill_between(xs, [p["low"] for p in points], [p["high"] for p in points],
                          alpha=0.2, color=colour)
    left.set_xlabel("share of the game played (%)")
    left.set_ylabel("mean chance to win")
    left.set_ylim(0, 1)
    left.legend(frameon=False, fontsize=8)

    def points(ax, rows) -> None:
        for i, (_, m, key) in enumerate(rows):
            value = m[key]
            ax.errorbar([value], [i], xerr=[[value - m["low"]], [m["high"] - value]],
                        fmt="o", color="#222222", capsize=4)
            ax.annotate(f"{value:.2f}", (value, i), textcoords="offset points",
                        xytext=(0, 7), ha="center", fontsize=8)
        ax.set_yticks(range(len(rows)), [r[0] for r in rows], fontsize=8)
        ax.set_ylim(-0.6, len(rows) - 0.4)
        ax.invert_yaxis()

    points(count, [("lead changes\nper game", summary["lead_changes"], "mean")])
    count.set_xlim(left=0)
    count.set_xlabel("count", fontsize=8)
    points(shares, [("decisive\nmoment", summary["decisive_moment"], "mean"),
                    ("comebacks\n(share of wins)", summary["comebacks"], "share")])
    shares.set_xlim(0, 1)
    shares.set_xlabel("share", fontsize=8)
    for ax in (left, count, shares):
        ax.spines[["top", "right"]].set_visible(False)
        ax.grid(color="#e5e5e5", linewidth=0.6)
    fig.suptitle(title or f"Drama over {summary['games']} games", fontsize=10)
    return fig


def skill_or_luck(game_id: str, games: int, seed: int = 0, strong: str = "expert",
                  weak: str = "random", players: int = 2, rules: dict[str, Any] | None = None,
                  ) -> dict[str, Any]:
    """`strong`'s win share against `weak` in every other seat, the strong seat rotated game
    by game, with its Wilson 95% interval and the share a seat would win by chance alone
    (1 / seats; a team game: the strong seat's team's share of the seats). Shared wins count
    as fractions."""
    game = make(game_id, **(rules or {}))
    won = sum(skill_shares(game, games, seed, strong, weak, players))
    low, high = wilson(won, games)
    return {"game": game_id, "strong": strong, "weak": weak, "games": games,
            "players": players, "share": won / games, "low": low, "high": high,
            "fair": 1.0 / len(set(game.seat_teams(players)))}


def skill_shares(game: Game, games: int, seed: int, strong: str, weak: str,
                 players: int) -> Iterator[float]:
    """Game by game, `strong`'s share of game i (seed derive_seed(seed, i), the strong seat
    i mod players, every other seat `weak`): its side's share of the result."""
    teams = game.seat_teams(players)
    for i in range(games):
        strong_seat = i % players
        gseed = derive_seed(seed, i)
        state = game.new_game(players, seed=gseed)
        bots = [make_bot(strong if s == strong_seat else weak, derive_seed(gseed, s))
                for s in range(players)]
        while not state.over:
            state.apply(bots[state.to_move].choose(state))
        returns = state.returns()
        total = sum(returns)
        mine = [s for s in range(players) if teams[s] == teams[strong_seat]]
        yield sum(returns[s] for s in mine) / total if total else 1.0 / len(set(teams))
