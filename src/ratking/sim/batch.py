"""Play many games with bots, across processes; the same seed gives the same results."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from typing import Any

from ..bots import make_bot
from ..core import make
from ..core.rng import derive_seed


@dataclass(frozen=True)
class GameResult:
    """One finished game: its seed, outcome and length."""

    index: int
    seed: int
    returns: tuple[float, ...]
    scores: tuple[float, ...] | None
    decisions: int
    rounds: int | None
    end: str | None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def play_one(game_id: str, rules: dict[str, Any], players: int, bots: Sequence[str],
             seed: int, index: int = 0) -> GameResult:
    """Play one game to the end with the named bots (one per seat)."""
    game = make(game_id, **rules)
    state = game.new_game(players, seed=seed)
    seated = [make_bot(kind, derive_seed(seed, 1 + i)) for i, kind in enumerate(bots)]
    while not state.over:
        state.apply(seated[state.to_move].choose(state))
    scores = state.scores()
    return GameResult(index, seed, tuple(state.returns()),
                      None if scores is None else tuple(scores), len(state.history),
                      getattr(state, "round", None), state.end_reason)


def _play_chunk(args: tuple) -> list[GameResult]:
    game_id, rules, players, bots, seed, indices = args
    return [play_one(game_id, rules, players, bots, derive_seed(seed, i), i) for i in indices]


def run_batch(game_id: str, players: int, bots: Sequence[str], games: int, seed: int,
              rules: dict[str, Any] | None = None, workers: int = 1,
              progress: Callable[[int], None] | None = None) -> list[GameResult]:
    """Play `games` games; game i uses seed derive_seed(seed, i), whatever the worker count.

    `progress(k)` is called as each chunk of k games finishes. Results come back in game order.
    """
    rules = dict(rules or {})
    make(game_id, **rules).check_players(players)  # fail early, in this process
    if len(bots) != players:
        raise ValueError(f"{len(bots)} bots given for {players} players")
    chunk = max(1, min(100, games // (workers * 8) or 1))
    jobs = [(game_id, rules, players, tuple(bots), seed, range(i, min(i + chunk, games)))
            for i in range(0, games, chunk)]
    results: list[GameResult] = []
    if workers <= 1:
        for job in jobs:
            done = _play_chunk(job)
            results.extend(done)
            if progress:
                progress(len(done))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(_play_chunk, job) for job in jobs]
            for future in as_completed(futures):
                done = future.result()
                results.extend(done)
                if progress:
                    progress(len(done))
    results.sort(key=lambda r: r.index)
    return results
