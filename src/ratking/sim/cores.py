"""Speed of each core side by side: `ratking bench GAME --core python|native`.

The Python engine and the compiled core (ratking.native) play the same loop for a time, and
the result says which core ran: {"core", "loop", "decisions_per_s"}, with "iterations_per_s"
for the search loop (ISMCTS at the game's `hard` settings, searched by that core: the Python
search on the Python engine, or the compiled search). Rates are per second of this process's
CPU time, which busy neighbours on a shared machine inflate far less than the clock.
"""

from __future__ import annotations

import random
import time
from typing import Any

from ..bots import SearchBot, SearchSettings, make_bot
from ..bots.specs import level_spec, parse_spec
from ..core.errors import RatkingError
from ..native import CORES
from .bench import bench_game, random_play

LOOPS = ("random", "heuristic", "ismcts")  # every seat: random, the heuristic, the hard bot
NATIVE_CHUNK = 200  # games per call of a native loop between looks at the clock


def bench_core(game_id: str, core: str, loop: str, players: int, seconds: float,
               seed: int = 0, rules: dict | None = None) -> dict[str, Any]:
    """Run `loop` on `core` for about `seconds`; the figures as `ratking bench --json` writes
    them. A core or loop that cannot run raises RatkingError (one line)."""
    if core not in CORES:
        raise RatkingError(f"--core must be one of {', '.join(CORES)}, not {core!r}")
    if loop not in LOOPS:
        raise RatkingError(f"--loop must be one of {', '.join(LOOPS)}, not {loop!r}")
    game = bench_game(game_id, rules)
    game.check_players(players)
    if core == "native":
        from ..native import require

        glue = require(game_id)
        if loop != "ismcts":
            return {"core": core, "loop": loop, "players": players,
                    "decisions_per_s": native_games(glue, game, players, seconds, seed,
                                                    loop == "heuristic")}
    elif loop != "ismcts":
        return {"core": core, "loop": loop, "players": players,
                "decisions_per_s": python_games(game, players, seconds, seed,
                                                loop == "heuristic")}
    decisions, iterations, spent = ismcts_games(game, players, seconds, seed, core)
    return {"core": core, "loop": loop, "players": players,
            "decisions_per_s": decisions / spent, "iterations_per_s": iterations / spent}


def python_games(game: Any, players: int, seconds: float, seed: int,
                 heuristic: bool = False) -> float:
    """Games on the Python engine for `seconds`, as the native loop plays them (game i from
    seed + i): random seats pick as ratking.sim.bench does, heuristic seats are
    HeuristicBot((seed + i) * 10 + seat). Decisions a second."""
    clock = time.process_time
    picker = random.Random(seed)
    decisions = games = 0
    start = clock()
    while True:
        state = game.new_game(players, seed=seed + games)
        if heuristic:
            bots = [make_bot("heuristic", (seed + games) * 10 + k) for k in range(players)]
            while not state.over:
                state.apply(bots[state.to_move].choose(state))
                decisions += 1
        else:
            decisions += random_play(state, picker)
        games += 1
        now = clock()
        if now - start >= seconds:
            return decisions / (now - start)


def native_games(glue: Any, game: Any, players: int, seconds: float, seed: int,
                 heuristic: bool = False) -> float:
    """The same games in the compiled loop, whole calls of NATIVE_CHUNK games, for `seconds`."""
    clock = time.process_time
    seats = (heuristic,) * players
    decisions = games = 0
    start = clock()
    while True:
        done, made, _ = glue.play(game, players, NATIVE_CHUNK, seed + games, seats)
        games += done
        decisions += made
        now = clock()
        if now - start >= seconds:
            return decisions / (now - start)


def ismcts_games(game: Any, players: int, seconds: float, seed: int,
                 core: str) -> tuple[int, int, float]:
    """Every seat the game's `hard` bot searching on `core`, games back to back, for `seconds`
    (at least one decision): decisions, search iterations, seconds spent."""
    spec = level_spec(game, "hard")
    name, options = parse_spec(spec)

    def hard(seed: int) -> Any:
        if name != "ismcts":
            return make_bot(spec, seed)
        return SearchBot(SearchSettings(**options, core=core), seed)

    clock = time.process_time
    decisions = iterations = games = 0
    start = clock()
    while True:
        state = game.new_game(players, seed=seed + games)
        bots = [hard((seed + games) * 10 + k) for k in range(players)]
        while not state.is_over:
            bot = bots[state.to_move]
            state.apply(bot.choose(state))
            decisions += 1
            iterations += getattr(bot, "last_iterations", 0)
            if clock() - start >= seconds:
                return decisions, iterations, clock() - start
        games += 1
