"""Engine speed: random play for a fixed time."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..core import Game, State, make

# A round cap for games that have none: uniformly random rats almost never win Target: Rats
# Simplified, so one random game could run for millions of decisions. Games with their own
# cap (Rat & Duck) keep it, and a `max_rounds` given by the caller wins.
BENCH_MAX_ROUNDS = 100


@dataclass(frozen=True)
class BenchResult:
    game: str
    players: int
    seconds: float
    decisions: int
    games: int

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def decisions_per_game(self) -> float:
        return self.decisions / self.games if self.games else 0.0


def random_play(state: State, rng: random.Random, limit: int | None = None) -> int:
    """Apply uniformly random legal actions until the game ends (or `limit` decisions);
    return how many were made. The engine's hot path: keep it lean."""
    choose = rng.random
    steps = 0
    while not state.over and (limit is None or steps < limit):
        legal = state.legal_actions()
        state.apply(legal[int(choose() * len(legal))])
        steps += 1
    return steps


def bench_game(game_id: str, rules: dict | None = None) -> Game:
    """The game as speed measurements play it: these rules, and BENCH_MAX_ROUNDS if the game
    would otherwise have no round cap."""
    game = make(game_id, **(rules or {}))
    if game.rules.max_rounds is None:
        game = make(game_id, **{**(rules or {}), "max_rounds": BENCH_MAX_ROUNDS})
    return game


def bench(game_id: str, players: int, seconds: float = 5.0, seed: int = 0,
          rules: dict | None = None) -> BenchResult:
    """Play uniformly random games back to back for `seconds`; count finished games only
    (under the round cap of bench_game)."""
    game = bench_game(game_id, rules)
    game.check_players(players)
    rng = random.Random(seed)
    decisions = games = 0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    while True:
        decisions += random_play(game.new_game(players, seed=seed + games), rng)
        games += 1
        now = clock()
        if now >= deadline:
            return BenchResult(game_id, players, now - start, decisions, games)


@dataclass(frozen=True)
class PathCost:
    """What clone and determinize cost on one state of a random game."""

    game: str
    players: int
    at: int  # decisions played before the measurement
    clone_us: float  # microseconds per clone
    determinize_us: float  # microseconds per determinize (seat to move, a new seed each)


def per_call(fn, calls: int = 200, batches: int = 50) -> float:
    """Seconds per call of fn(): the best of many short batches (a short batch often runs
    whole between two interruptions of a busy host; interruptions only slow a batch)."""
    clock = time.perf_counter
    best = float("inf")
    for _ in range(batches):
        start = clock()
        for _ in range(calls):
            fn()
        best = min(best, (clock() - start) / calls)
    return best


def path_costs(game_id: str, players: int, at: tuple[int, ...] = (10, 1_000), seed: int = 1,
               rules: dict | None = None, calls: int = 200) -> list[PathCost]:
    """Clone and determinize timed after each number of random decisions in `at` of one
    random game (seed `seed`, the rules of bench_game); points past its end are left out."""
    game = bench_game(game_id, rules)
    game.check_players(players)
    state = game.new_game(players, seed=seed)
    rng = random.Random(seed)
    done, out = 0, []
    for point in sorted(at):
        done += random_play(state, rng, point - done)
        if state.over:
            break
        seat, seeds = state.current_player, iter(range(1 << 62))
        out.append(PathCost(
            game_id, players, point, per_call(state.clone, calls) * 1e6,
            per_call(lambda s=state, t=seat, n=seeds: s.determinize(t, next(n)), calls) * 1e6))
    return out
