"""A batch's games played by the compiled core (random and heuristic seats, compiled games).

The native loop plays each game as the lab seeds it (game i from derive_seed(seed, i), seat k's
bot from derive_seed(that, 1 + k), each on its own random.Random stream, as RandomBot and
HeuristicBot play). Where the game's loops build the rows too (play_rows: src/native/rows.hpp),
each game comes back as its row: its course, counters and ending, computed natively. Otherwise
the loop hands back every game's actions and the Python engine replays them for the rows (an
action it finds illegal, or an end it sees otherwise, is an error).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ..core import Game, RatkingError, make, shared
from ..core.rng import derive_seed
from ..native import NativeUnavailable, has_loops, loops, native_seat, require
from .batch import GameResult, bot_seeds, game_result

CORES = ("auto", "native", "python")
CORE_NAMES = {"native": "the compiled core", "python": "the Python engine"}


def batch_core(core: str, game_id: str, bots: Sequence[str]) -> str:
    """The core a batch runs on: "native" where the game is compiled, the core built and every
    bot random or the heuristic ("auto" falls back to "python" otherwise)."""
    if core not in CORES:
        raise RatkingError(f"--core must be one of {', '.join(CORES)}, not {core!r}")
    if core == "python":
        return core
    native = all(native_seat(b) is not None for b in bots)
    if core == "native":
        loops(game_id)  # NativeUnavailable: not built, or this game not compiled
        if not native:
            raise NativeUnavailable("the native loop seats random and heuristic bots only "
                                    "(use --core python for the others)")
        return core
    return "native" if native and has_loops(game_id) else "python"


def native_games(game_id: str, rules: dict[str, Any], players: int, bots: Sequence[str],
                 seed: int, indices: Sequence[int]) -> Iterator[GameResult]:
    """The rows of games `indices` of a batch, played by the compiled core in one call (and
    replayed by the Python engine, one at a time, where the core builds no rows)."""
    # one Game (and its compiled twin) a process for these rules, not one a chunk
    game = make(game_id, **rules) if rules.get("card_files") else shared(game_id, **rules)
    native = require(game_id).compiled_game(game)
    seats = [native_seat(b) for b in bots]
    seeds = [derive_seed(seed, i) for i in indices]
    every_bot_seed = [s for g in seeds for s in bot_seeds(g, players)]
    core = loops(game_id)
    if hasattr(core, "play_rows"):
        names = core.metric_names(native)
        for index, game_seed, row in zip(
                indices, seeds, core.play_rows(native, players, seeds, every_bot_seed, seats),
                strict=True):
            yield native_row(game, index, game_seed, names, row)
        return
    played = core.play_seeded(native, players, seeds, every_bot_seed, seats)
    actions = [game.action_by_id(a) for a in native.action_ids]
    for index, game_seed, record in zip(indices, seeds, played, strict=True):
        row = game_result(game, players, bots, game_seed, index,
                          [actions[a] for a in record.actions])
        if list(row.returns) != list(record.returns) or row.end != record.end_reason:
            raise RatkingError(f"game {index}: the compiled core and the Python engine end it "
                               "differently")
        yield row


def native_row(game: Game, index: int, seed: int, names: Sequence[str], row: Any) -> GameResult:
    """A play_rows game as the lab's row (what batch.py's game_result makes of the Python
    engine's final state)."""
    return GameResult(index, seed, tuple(row.returns), tuple(row.scores), row.decisions,
                      row.rounds, row.end_reason, tuple(zip(names, row.metrics, strict=True)),
                      row.end_reason != "round-cap" or game.scores_at_cap,
                      tuple(tuple(t) for t in row.trail), row.first, tuple(row.legal))
