"""Speed through the research interfaces against the raw engine, per game, one core.

Each loop plays uniformly random legal moves, games back to back, for a slice of time:
- raw: the engine alone (`legal_actions` + `apply`), as `ratking bench` measures it;
- mask: the same, the move picked from the action mask (`mask.nonzero()`) instead of the list;
- tensors: the mask loop plus the mover's observation tensor every decision;
- pettingzoo: the AEC loop (`agent_iter`, `last()` with observation and mask, `step`) on the
  bare environment (`raw_env`), the move picked from the mask;
- pettingzoo_wrapped: the same through `env()`, wrapped as PettingZoo's classic games are
  (order enforcing, out-of-bounds and illegal-move checks);
- pettingzoo_free: the same loop with a tensor that costs nothing (a new array of zeros
  each time): the most the AEC loop can reach however cheap the tensor is made;
- gymnasium: one seat through `step` (observation, mask in info), random bots at the others;
  counted twice: the learner's steps, and every decision of the game (the bots' included);
- vector: the batched vector env (`ratking.envs.vector`, 64 games per `step`, every
  observation written into one preallocated array), random bots at the other seats; every
  decision of the games counted (the bots' included), as gymnasium_decisions;
- vector_free: the same with a tensor that costs nothing (an encoder that writes nothing;
  the env still clears each row and writes the mask): what splits a decision of the vector
  env into the raw engine, the env's own work with the mask, and the tensor;
- vector_steps, vector_native: the vector env's learner steps (each with its observation and
  mask; the bots' decisions between them not counted) on the Python core and on the compiled
  core (`core="native"`; 0 for a game without one), the action picked from the mask;
  vector_heuristic, vector_native_heuristic: the same with the heuristic at the other seats;
- openspiel: `legal_actions` + `apply_action` on the registered game, and with the mover's
  observation tensor as well.
A move is picked with one random draw (the cheapest policy there is), so the figures are the
interfaces' cost, not a policy's. The loops run interleaved, a slice each per round, timed in
CPU seconds of their process (`time.process_time`), with raw at the start and the end of every
round; a loop's share of raw is the median over the rounds of its rate against its own round's
raw (a busy host slows the slices of a round alike, and one slow round moves no median), and
each rate is the median of its slices.

The loops also split a PettingZoo step, in microseconds: the raw decision (raw), reading the
mask (mask - raw), the observation tensor (tensors - mask) and PettingZoo's own bookkeeping
(pettingzoo - tensors). A second table gives microseconds per call on mid-game states.

`--churn` prints instead what an incremental tensor could skip: the share of a tensor's
non-zero values in slices that changed since the same seat's last observation.

`--callgrind N` counts instead machine instructions per decision of the loops (default raw and
pettingzoo; `--loops` names others), each over the whole games that make N decisions or more,
under valgrind, and the share of raw those counts give: a figure a busy host does not move.

`--before SRC` measures another checkout's ratking (its `src` directory) as well, in separate
processes that take turns with this checkout's, slice after slice, and prints both. `--loops`
measures only the loops named (raw always), and leaves out the table of calls.

Run on its own:  python benchmarks/interfaces.py [--seconds 2] [--repeats 3] [--game ID]
                 [--before ../main/src] [--loops raw,pettingzoo,vector] [--callgrind 20000]
Prints Markdown tables (the figures in docs/performance.md come from here).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import subprocess
import sys
import time
import timeit
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from statistics import median

PLAYERS = 3
# CPU time of this process: on a shared virtual machine the host's share ("steal") and other
# processes' load do not count in it, so loops measured at different moments compare fairly
clock = time.process_time
LOOPS = ["raw", "mask", "tensors", "pettingzoo", "pettingzoo_wrapped", "pettingzoo_free",
         "gymnasium", "gymnasium_decisions", "vector", "vector_free", "vector_steps",
         "vector_native", "vector_heuristic", "vector_native_heuristic", "openspiel",
         "openspiel+tensor"]
VECTOR_GAMES = 64
HERE = Path(__file__).resolve().parent


def engine(game_id: str, players: int, masked: bool, tensors: bool) -> Callable[[float], int]:
    """The engine alone; `masked`: the move picked from the action mask; `tensors`: the
    mover's observation tensor too."""
    from ratking.sim import bench_game

    game = bench_game(game_id)
    space = game.action_space(players)
    rng = random.Random(1)

    def loop(deadline: float) -> int:
        n = g = 0
        while clock() < deadline:
            state = game.new_game(players, seed=g)
            g += 1
            while not state.over:
                if tensors:
                    state.observation(state.to_move)
                if masked:
                    legal = space.mask(state.legal_actions()).nonzero()[0]
                    action = space.actions[legal[int(rng.random() * len(legal))]]
                else:
                    legal = state.legal_actions()
                    action = legal[int(rng.random() * len(legal))]
                state.apply(action)
                n += 1
        return n

    return loop


def pettingzoo(game_id: str, players: int, free: bool = False,
               wrapped: bool = False) -> Callable[[float], int]:
    """The AEC loop on the bare environment; `free`: with a tensor that costs nothing (zeros
    of its shape); `wrapped`: through `env()`, wrapped as the classic games are."""
    import numpy as np

    from ratking.envs import pettingzoo as module
    from ratking.envs.common import Observations

    # a checkout from before raw_env() measures its env() alone
    pettingzoo_env = module.env if wrapped else getattr(module, "raw_env", module.env)

    class FreeTensor(Observations):
        __slots__ = ()

        def get(self, state: object, seat: int | None) -> np.ndarray:
            return np.zeros(self.layout.shape, np.float32)

    e = pettingzoo_env(game_id, players=players, **bench_rules(game_id))
    if free:
        e.unwrapped._observations.__class__ = FreeTensor
    rng = random.Random(1)

    def loop(deadline: float) -> int:
        n = 0
        e.reset(seed=1)
        while clock() < deadline:
            for _ in e.agent_iter():
                obs, _, terminated, truncated, _ = e.last()
                if terminated or truncated:
                    e.step(None)
                    continue
                legal = obs["action_mask"].nonzero()[0]
                e.step(int(legal[int(rng.random() * len(legal))]))
                n += 1
            e.reset()
        return n

    return loop


def gymnasium(game_id: str, players: int) -> Callable[[float], int]:
    """Counts the learner's steps; `loop.decisions` holds every decision of the last slice."""
    from ratking.envs.gymnasium import RatkingGymEnv

    e = RatkingGymEnv(game_id, players=players, opponents="random", **bench_rules(game_id))
    rng = random.Random(1)

    def loop(deadline: float) -> int:
        steps = decisions = games = 0
        while clock() < deadline:
            _, info = e.reset(seed=games)
            games += 1
            before = len(e.game_state.history)
            done = False
            while not done:
                legal = info["action_mask"].nonzero()[0]
                _, _, terminated, truncated, info = e.step(int(legal[int(rng.random() *
                                                                       len(legal))]))
                done = terminated or truncated
                steps += 1
            decisions += len(e.game_state.history) - before
        loop.decisions = decisions  # type: ignore[attr-defined]
        return steps

    return loop


def vector(game_id: str, players: int, tensors: bool = True) -> Callable[[float], int]:
    """The batched vector env: every decision of its games (the bots' included); without
    `tensors`, it writes the masks alone."""
    import numpy as np

    try:
        from ratking.envs.vector import RatkingVectorEnv
    except ImportError:  # a checkout from before it
        return lambda deadline: 0
    core = {"core": "python"} if "core" in RatkingVectorEnv.__init__.__code__.co_varnames \
        else {}  # a checkout from before the compiled core's vector env: Python alone
    envs = RatkingVectorEnv(game_id, num_envs=VECTOR_GAMES, players=players,
                            opponents="random", copy=False, **core, **bench_rules(game_id))
    if not tensors:  # an encoder that writes nothing: the rows stay zeros
        envs._encode = lambda state, seat, layout, out: None
    rng = np.random.default_rng(1)
    envs.reset(seed=1)

    def loop(deadline: float) -> int:
        before = sum(len(s.history) for s in envs.states)
        ended = 0
        while clock() < deadline:
            # a random legal action per game: the largest random key, legal ones raised by 1
            keys = rng.random(envs.masks.shape, dtype=np.float32)
            keys += envs.masks
            old = envs.states[:]
            _, _, terminated, truncated, _ = envs.step(keys.argmax(axis=1))
            for i in np.flatnonzero(terminated | truncated):
                ended += len(old[i].history)  # a finished game's decisions
        return ended + sum(len(s.history) for s in envs.states) - before

    return loop


def vector_steps(game_id: str, players: int, core: str,
                 opponents: str = "random") -> Callable[[float], int]:
    """The vector env's learner steps on one core (every game's observation and mask written
    each step), `opponents` at the other seats; 0 where that core cannot run."""
    import numpy as np

    from ratking import RatkingError
    from ratking.envs.vector import RatkingVectorEnv

    try:
        envs = RatkingVectorEnv(game_id, num_envs=VECTOR_GAMES, players=players,
                                opponents=opponents, copy=False, core=core,
                                **bench_rules(game_id))
    except (TypeError, RatkingError):  # an older checkout, or no compiled core
        return lambda deadline: 0
    rng = np.random.default_rng(1)
    envs.reset(seed=1)

    def loop(deadline: float) -> int:
        steps = 0
        while clock() < deadline:
            keys = rng.random(envs.masks.shape, dtype=np.float32)
            keys += envs.masks  # the largest random key of a legal action
            envs.step(keys.argmax(axis=1))
            steps += VECTOR_GAMES
        return steps

    return loop


def openspiel(game_id: str, players: int, with_tensor: bool) -> Callable[[float], int]:
    import pyspiel

    from ratking.envs import openspiel as ratking_openspiel
    from ratking.sim import bench_game

    game = pyspiel.load_game(ratking_openspiel.short_name(game_id),
                             {"players": players, "seed": 1,
                              "max_rounds": bench_game(game_id).rules.max_rounds})
    rng = random.Random(1)

    def loop(deadline: float) -> int:
        n = 0
        while clock() < deadline:
            state = game.new_initial_state()
            while not state.is_terminal():
                if with_tensor:
                    state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
                n += 1
        return n

    return loop


def breakdown(game_id: str, players: int) -> dict:
    """Microseconds per call on mid-game states (best of seven runs): a decision
    (`legal_actions` + `apply` on a clone, less the clone), the view, its encoding, the
    observation tensor as `state.observation` builds it, the mask."""
    from ratking.sim import bench_game

    game = bench_game(game_id)
    rng = random.Random(2)
    states = []
    for g in range(30):
        state = game.new_game(players, seed=g)
        for _ in range(5 + 11 * g):
            if state.over:
                break
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
        if not state.over:
            states.append(state)
    layout = game.observation_layout(players)
    space = game.action_space(players)
    views = [s.view(s.to_move) for s in states]
    firsts = [s.legal_actions()[0] for s in states]

    def clone() -> None:
        for s in states:
            s.clone()

    def decide() -> None:
        for s, a in zip(states, firsts, strict=True):
            c = s.clone()
            c.legal_actions()
            c.apply(a)

    def view() -> None:
        for s in states:
            s.view(s.to_move)

    def encode() -> None:
        for v in views:
            game.encode_view(v, layout, layout.blank())

    def observation() -> None:
        for s in states:
            s.observation(s.to_move)

    def mask() -> None:
        for s in states:
            space.mask(s.legal_actions())

    def best(fn: Callable[[], None]) -> float:
        return min(timeit.repeat(fn, number=20, repeat=7, timer=clock)) / 20 / len(states) * 1e6

    base = best(clone)
    return {"decision": best(decide) - base, "view": best(view), "encode": best(encode),
            "observation": best(observation), "mask": best(mask)}


def churn(game_id: str, players: int, games: int = 30) -> float:
    """What an incremental tensor could skip: over random games, between two observations of
    one seat (its decisions), the share of the tensor's non-zero values that lie in slices
    that changed (a slice rewritten whole if anything in it changed)."""
    import numpy as np

    from ratking.core.spaces import encoder
    from ratking.sim import bench_game

    game = bench_game(game_id)
    layout = game.observation_layout(players)
    encode = encoder(game)
    rng = random.Random(3)
    changed = total = 0
    for g in range(games):
        state = game.new_game(players, seed=g)
        last: dict[int, np.ndarray] = {}
        while not state.over:
            seat = state.to_move
            out = np.zeros(layout.size, np.float32)
            encode(state, seat, layout, memoryview(out))
            before = last.get(seat)
            if before is not None:
                for part in layout.slices:
                    now = out[part.start:part.start + part.size]
                    values = int(np.count_nonzero(now))
                    total += values
                    if not np.array_equal(now, before[part.start:part.start + part.size]):
                        changed += values
            last[seat] = out
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
    return changed / total


def bench_rules(game_id: str) -> dict:
    """The round cap `ratking bench` plays with (games without one of their own get 100)."""
    from ratking.sim import bench_game

    return {"max_rounds": bench_game(game_id).rules.max_rounds}


def players_for(game_id: str) -> int:
    import ratking

    counts = ratking.make(game_id).player_counts()  # Rat & Duck: an even number, so 4
    return next((n for n in counts if n >= PLAYERS), counts[-1])


def loop_makers(game_id: str, players: int) -> dict[str, Callable[[], Callable[[float], int]]]:
    """What makes each loop of a game, by name."""
    return {
        "raw": lambda: engine(game_id, players, False, False),
        "mask": lambda: engine(game_id, players, True, False),
        "tensors": lambda: engine(game_id, players, True, True),
        "pettingzoo": lambda: pettingzoo(game_id, players),
        "pettingzoo_wrapped": lambda: pettingzoo(game_id, players, wrapped=True),
        "pettingzoo_free": lambda: pettingzoo(game_id, players, free=True),
        "gymnasium": lambda: gymnasium(game_id, players),
        "vector": lambda: vector(game_id, players),
        "vector_free": lambda: vector(game_id, players, tensors=False),
        "vector_steps": lambda: vector_steps(game_id, players, "python"),
        "vector_native": lambda: vector_steps(game_id, players, "native"),
        "vector_heuristic": lambda: vector_steps(game_id, players, "python", "heuristic"),
        "vector_native_heuristic": lambda: vector_steps(game_id, players, "native",
                                                        "heuristic"),
        "openspiel": lambda: openspiel(game_id, players, False),
        "openspiel+tensor": lambda: openspiel(game_id, players, True)}


def instructions(src: str | None, game_id: str, name: str, decisions: int) -> float:
    """Machine instructions per decision (per step) of loop `name` over whole games, as many
    as make `decisions` decisions, counted by valgrind's callgrind, the set-up (the same
    process with no game played) subtracted: repeatable on a busy host. The loop's clock is
    replaced by a count of the games begun, so each run plays the same games."""
    env = dict(os.environ, PYTHONHASHSEED="0")  # the same dict layouts in every run
    if src is not None:
        env["PYTHONPATH"] = str(Path(src).resolve())
    prefix = (f"import itertools, sys; sys.path.insert(0, {str(HERE)!r}); import interfaces; "
              f"g = {game_id!r}; loop = interfaces.loop_makers(g, interfaces.players_for(g))"
              f"[{name!r}](); interfaces.clock = itertools.count().__next__; ")
    # how many games make the decisions asked for (without valgrind: the same games; a
    # loop begins again from its first game at each call)
    code = prefix + (f"n = 1\nwhile loop(n) < {decisions}:\n    n *= 2\n"
                     "    interfaces.clock = itertools.count().__next__\nprint(n)")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True)
    games = int(done.stdout.split()[-1])
    counts = []
    for work in (0, games):
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                               sys.executable, "-c", prefix + f"print(loop({work}))"], env=env,
                              capture_output=True, text=True, check=True)
        made = int(done.stdout.split()[-1]) or 1
        total = int(re.search(r"Collected : (\d+)", done.stderr).group(1))
        counts.append((total, made))
    (base, _), (total, made) = counts
    return (total - base) / made


def measure(game_id: str, seconds: float, repeats: int, split: bool,
            names: list[str] | None = None) -> dict:
    """Each loop (those in `names`, default all) a slice per round, in decisions (or steps)
    per second, raw at the start and the end of every round; with `split`, the
    microseconds per call as well."""
    players = players_for(game_id)
    makers = loop_makers(game_id, players)
    loops = {name: make() for name, make in makers.items()
             if names is None or name in names or name == "raw"}
    gym = loops.get("gymnasium")
    rounds = []
    for _ in range(repeats):
        rates = dict.fromkeys(LOOPS, 0.0)
        raws = []
        for name, loop in [*loops.items(), ("raw", loops["raw"])]:  # raw first and last
            start = clock()
            done = loop(start + seconds)
            spent = clock() - start
            if name == "raw":
                raws.append(done / spent)
                continue
            rates[name] = done / spent
            if loop is gym:
                rates["gymnasium_decisions"] = gym.decisions / spent
        rates["raw"] = sum(raws) / len(raws)
        rounds.append(rates)
    row = summary({"game": game_id, "players": players, "rounds": rounds})
    if split:
        row["us"] = breakdown(game_id, players)
    return row


def summary(row: dict) -> dict:
    """A game's rounds summed up: per loop the median rate, and the median of its shares of
    raw (each round's loop against the same round's raw, measured just before and after)."""
    rounds = row["rounds"]
    out = {**row, **{k: median([r[k] for r in rounds]) for k in LOOPS}}
    out["shares"] = {k: median([r[k] / r["raw"] for r in rounds]) for k in LOOPS}
    return out


def merge(old: dict | None, new: dict) -> dict:
    """Two measurements of one game: their rounds together (and the least time per call)."""
    if old is None:
        return new
    out = summary({**old, "rounds": old["rounds"] + new["rounds"]})
    if "us" in old and "us" in new:
        out["us"] = {k: min(old["us"][k], new["us"][k]) for k in old["us"]}
    return out


def in_child(src: str, games: list[str], seconds: float, split: bool,
             names: list[str] | None = None) -> list[dict]:
    """`measure` in a new process that imports ratking from `src`."""
    env = {**os.environ, "PYTHONPATH": src}
    command = [sys.executable, str(Path(__file__).resolve()), "--child", "--repeats", "1",
               "--seconds", str(seconds), *(["--split"] if split else []),
               *(["--loops", ",".join(names)] if names else [])]
    for game in games:
        command += ["--game", game]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def share(r: dict, name: str) -> str:
    return f"{r[name]:,.0f} ({r['shares'][name]:.0%})"


def us_split(r: dict, names: tuple[str, ...]) -> str:
    """Microseconds a decision from loops that each add one thing to the one before: the
    first loop's, each difference, and the last loop's (the whole)."""
    us = [1e6 / r[name] for name in names]
    parts = [us[0], *(b - a for a, b in pairwise(us)), us[-1]]
    return " | ".join(f"{x:.1f}" for x in parts)


def rows_of(sides: dict[str, list[dict]]) -> list[tuple[str, dict]]:
    """(side, row) game by game, the sides of a game together."""
    count = len(next(iter(sides.values())))
    return [(side, rows[i]) for i in range(count) for side, rows in sides.items()]


def report(sides: dict[str, list[dict]]) -> None:
    print(f"Python {platform.python_version()} on {platform.machine()}, one core per process; "
          "decisions (or steps) per second, and the share of raw\n")
    measured = [n for n in LOOPS[1:] if any(r[n] for _, r in rows_of(sides))]
    print("| game | code | raw | " + " | ".join(measured) + " |")
    print("| --- | --- |" + " ---: |" * (len(measured) + 1))
    for side, r in rows_of(sides):
        cells = [f"{r['raw']:,.0f}"] + [share(r, n) for n in measured]
        print(f"| {r['game']} | {side} | " + " | ".join(cells) + " |")
    steps = ("raw", "mask", "tensors", "pettingzoo")
    if all(n in measured for n in steps[1:]):
        print("\nA PettingZoo step, in microseconds (from the loops: raw; mask - raw; tensors - "
              "mask; pettingzoo - tensors):\n")
        print("| game | code | raw decision | read the mask | observation | PettingZoo's own | "
              "PettingZoo step |")
        print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
        for side, r in rows_of(sides):
            print(f"| {r['game']} | {side} | {us_split(r, steps)} |")
    batched = ("raw", "vector_free", "vector")
    if all(n in measured for n in batched[1:]):
        print("\nA decision of the vector env, in microseconds (from the loops: raw; "
              "vector_free - raw; vector - vector_free):\n")
        print("| game | code | raw decision | the env's own and the mask | tensor | vector env |")
        print("| --- | --- | ---: | ---: | ---: | ---: |")
        for side, r in rows_of(sides):
            print(f"| {r['game']} | {side} | {us_split(r, batched)} |")
    if all("us" in r for _, r in rows_of(sides)):
        print("\nMicroseconds per call on mid-game states (best of seven runs):\n")
        print("| game | code | decision | view | encode the view | observation | mask |")
        print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
        for side, r in rows_of(sides):
            us = r["us"]
            print(f"| {r['game']} | {side} | {us['decision']:.1f} | {us['view']:.1f} | "
                  f"{us['encode']:.1f} | {us['observation']:.1f} | {us['mask']:.1f} |")


def counted(games: list[str], names: list[str], count: int, before: str | None) -> None:
    """Print instructions per decision of each loop, with its share of raw, per game."""
    names = ["raw", *(n for n in names if n != "raw")]
    srcs = {"this": None} if before is None else {"before": before,
                                                 "after": str(HERE.parent / "src")}
    print(f"Machine instructions per decision (valgrind's callgrind, whole games of {count:,} "
          "decisions or more per loop), and the share of raw they give\n")
    print("| game | code | " + " | ".join(names) + " |")
    print("| --- | --- |" + " ---: |" * len(names))
    for game in games:
        for side, src in srcs.items():
            per = {n: instructions(src, game, n, count) for n in names}
            cells = [f"{per['raw']:,.0f}"] + [f"{per[n]:,.0f} ({per['raw'] / per[n]:.0%})"
                                              for n in names[1:]]
            print(f"| {game} | {side} | " + " | ".join(cells) + " |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per slice")
    parser.add_argument("--repeats", type=int, default=3, help="slices per loop")
    parser.add_argument("--game", action="append", help="game id (default: every game)")
    parser.add_argument("--before", help="another checkout's src directory, measured too")
    parser.add_argument("--json", help="also write the rows as JSON to this file")
    parser.add_argument("--loops", help="only these loops, comma-separated (raw always), "
                        "and no table of calls")
    parser.add_argument("--churn", action="store_true", help="only the share of each tensor "
                        "that changes between two observations of a seat")
    parser.add_argument("--callgrind", type=int, metavar="N",
                        help="instead: machine instructions per decision of the loops (default "
                        "raw and pettingzoo), each over whole games that make N decisions or "
                        "more, and their shares of raw (valgrind)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--split", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    names = args.loops.split(",") if args.loops else None
    unknown = sorted(set(names or []) - set(LOOPS))
    if unknown:
        parser.error(f"no loop {', '.join(unknown)}: the loops are {', '.join(LOOPS)}")
    if args.child:  # one slice per loop for a parent process: rows as JSON
        print(json.dumps([measure(g, args.seconds, args.repeats, args.split, names)
                          for g in args.game]))
        return
    import ratking

    games = args.game or [i.id for i in ratking.list_games()]
    if args.churn:
        print("| game | non-zero values in slices that changed since the seat's last look |")
        print("| --- | ---: |")
        for g in games:
            print(f"| {g} | {churn(g, players_for(g)):.0%} |")
        return
    if args.callgrind:
        counted(games, names or ["raw", "pettingzoo"], args.callgrind, args.before)
        return
    if args.before is None:
        sides = {"this": [measure(g, args.seconds, args.repeats, names is None, names)
                          for g in games]}
    else:
        after = str(HERE.parent / "src")
        best: dict[str, dict[str, dict]] = {"before": {}, "after": {}}
        for r in range(args.repeats):
            for game in games:  # the two take turns, game by game, slice by slice
                for side, src in (("before", args.before), ("after", after)):
                    row = in_child(src, [game], args.seconds, r == 0 and names is None,
                                   names)[0]
                    best[side][game] = merge(best[side].get(game), row)
        sides = {side: [rows[g] for g in games] for side, rows in best.items()}
    report(sides)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(sides, fh, indent=1)


if __name__ == "__main__":
    main()
