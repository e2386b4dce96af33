"""Search speed, one core: iterations per second and time per decision of the search bots.

For each game, positions are taken from heuristic games (2 players by default; every
`--every`-th decision that offers a real choice), and each bot spec searches each position
once. Time is the process's CPU time (`time.process_time`), which a busy shared host inflates
far less than wall-clock time; it still only ever comes out slower than on a quiet core.

    python benchmarks/search.py --specs hard,expert --positions 20
    python benchmarks/search.py --game target-rats --specs ismcts:iters=300:depth=20
    python benchmarks/search.py --table --specs hard,expert --positions 10
    python benchmarks/search.py --cores python,native --specs hard,expert --positions 10

`--table` searches as a table does: a level within its time budget (ratking.server.pool.budgets),
which counts wall-clock time; the slowest decision's wall-clock time is then shown too.
`--cores` names the cores each spec searches on, one after the other on the same positions
(a game without a compiled core: the Python one alone); with both, the last column is the
native search's iterations/s over the Python one's.

Prints a Markdown table: game, spec, core, iterations per decision, iterations/s, ms per
decision (mean and the slowest position).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time

from rich.console import Console

import ratking
from ratking.bots import SearchBot, make_bot
from ratking.bots.specs import LevelBot
from ratking.native import CORES, available
from ratking.server.pool.budgets import table_spec
from ratking.sim.progress import progress_bar


def positions(game_id: str, players: int, count: int, every: int, seed: int) -> list:
    game = ratking.make(game_id)
    rng = random.Random(seed)
    out = []
    g = 0
    while len(out) < count:
        state = game.new_game(players, seed=seed + g)
        g += 1
        bots = [make_bot("heuristic", rng.randrange(1 << 30)) for _ in range(players)]
        step = rng.randrange(every)
        while not state.over and len(out) < count:
            if step % every == 0 and len(state.legal_actions()) > 1:
                out.append(state.clone())
            step += 1
            state.apply(bots[state.to_move].choose(state))
    return out


def measure(spec: str, states: list, seed: int, advance=None,
            core: str | None = None) -> tuple[float, float, float, float, float]:
    """(iterations per decision, iterations/s, mean ms per decision, slowest ms, slowest
    wall-clock ms), a search bot searching on `core` (None: where it would); `advance(1)`
    after each position."""
    iters, times, walls = 0, [], []
    for i, state in enumerate(states):
        bot = make_bot(spec, seed + i)
        inner = bot.bot_for(state.game) if isinstance(bot, LevelBot) else bot
        if core is not None and isinstance(inner, SearchBot):
            inner.settings = dataclasses.replace(inner.settings, core=core)
        start, wall = time.process_time(), time.perf_counter()
        bot.choose(state)
        times.append(time.process_time() - start)
        walls.append(time.perf_counter() - wall)
        iters += getattr(inner, "last_iterations", 0)
        if advance:
            advance(1)
    total = sum(times)
    return iters / len(states), iters / total if total else 0.0, \
        1000 * total / len(states), 1000 * max(times), 1000 * max(walls)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", action="append", help="game id (repeatable; default: all)")
    ap.add_argument("--specs", default="hard,expert", help="comma-separated bot specs")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--every", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--table", action="store_true",
                    help="search as at a table: the levels within their time budgets")
    ap.add_argument("--cores", default=None,
                    help="comma-separated cores to search on, python,native (default: the "
                         "core each search picks itself)")
    args = ap.parse_args()
    games = args.game or [info.id for info in ratking.list_games()]
    specs = args.specs.split(",")
    cores = args.cores.split(",") if args.cores else [None]
    if any(c is not None and c not in CORES for c in cores):
        ap.error(f"--cores: each one of {', '.join(CORES)}")
    both = set(cores) == set(CORES)
    wall = " slowest wall ms |" if args.table else ""
    ratio = " native / python |" if both else ""
    print(f"| game | spec | core | iterations/decision | iterations/s | ms/decision | "
          f"slowest ms |{wall}{ratio}")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: |" + (" ---: |" if args.table else "")
          + (" ---: |" if both else ""))
    with progress_bar(Console(stderr=True), "search",
                      len(games) * len(specs) * len(cores) * args.positions,
                      "positions") as bar:
        for game_id in games:
            bar.describe(f"{game_id}: taking positions")
            states = positions(game_id, args.players, args.positions, args.every, args.seed)
            for spec in specs:
                run = table_spec(spec, states[0].game) if args.table else spec
                rates = {}
                for core in cores:
                    if core == "native" and not available(game_id):
                        bar.advance(len(states))
                        continue
                    bar.describe(f"{game_id}, {spec}, {core or 'either'} core")
                    per, rate, mean, worst, late = measure(run, states, args.seed,
                                                           bar.advance, core)
                    rates[core] = rate
                    shown = core or ("native" if available(game_id) else "python")
                    print(f"| {game_id} | {spec} | {shown} | {per:.0f} | {rate:,.0f} | "
                          f"{mean:.1f} | {worst:.1f} |"
                          + (f" {late:.0f} |" if args.table else "")
                          + (f" {rate / rates['python']:.1f}x |"
                             if both and core == "native" and rates.get("python") else
                             (" |" if both else "")), flush=True)


if __name__ == "__main__":
    main()
