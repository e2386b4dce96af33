"""Search's hot paths, one core: random play, clone (early and late in a game), determinize.

Uses only the kernel contract, so it runs against any checkout of ratking, and it can compare
two checkouts in one run: it measures each in its own process, alternating between them, and
keeps the best figure of each (a shared host only ever slows a run down). Ratios within one
run are the figures to trust on a busy machine.

Run on its own:
  python benchmarks/hot_paths.py                         # this checkout, Markdown tables
  python benchmarks/hot_paths.py --compare OLD/src       # OLD checkout's src/ against this one
  python benchmarks/hot_paths.py --rounds 5 --decisions 40000 --json F
  python benchmarks/hot_paths.py --compare OLD/src --callgrind 20000     # instructions, play
  python benchmarks/hot_paths.py --compare OLD/src --callgrind-paths 200  # ... determinize

Random play is fixed work, not fixed time: the same games (seeds 0, 1, ...) until at least
`--decisions` decisions, so two checkouts that play the same decisions also prove they made
the same choices. Each game is timed on its own, set-up included, and a figure is the
decisions over the sum of each game's fastest run over the rounds. Each clone or
determinize figure is the best of 50 timed batches of `--calls` calls on one state
(determinize with a new seed each call). A search determinizes one state many times, and a
state may keep what does not depend on the seed for the next call; "first determinize" is the
cost on a fresh clone (its legal actions known), the clone's own cost taken off.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# Clone is measured on Target: Rats (the longest games) after this many decisions.
CLONE_GAME, CLONE_PLAYERS, CLONE_SEED, CLONE_AT = "target-rats", 2, 1, (10, 1_000)
DETERMINIZE_AT = (15, 300)
CAP = 100  # max_rounds for games that have no cap of their own (as `ratking bench`)


def make_capped(ratking, game_id):
    game = ratking.make(game_id)
    if game.rules.max_rounds is None:
        game = ratking.make(game_id, max_rounds=CAP)
    return game


def play(state, rng, limit=None) -> int:
    """Uniformly random legal actions until the end (or `limit` decisions)."""
    choose = rng.random
    steps = 0
    while not state.is_over and (limit is None or steps < limit):
        legal = state.legal_actions()
        state.apply(legal[int(choose() * len(legal))])
        steps += 1
    return steps


# As ratking.sim.bench.per_call, repeated here so that this script runs on older checkouts.
def per_call(fn, calls: int) -> float:
    """Seconds per call of fn(): the best of 50 short batches of `calls` calls (a short
    batch often runs whole between two interruptions of a busy host)."""
    best = float("inf")
    clock = time.perf_counter
    for _ in range(50):
        start = clock()
        for _ in range(calls):
            fn()
        best = min(best, (clock() - start) / calls)
    return best


def random_play_rate(ratking, game_id: str, players: int, decisions: int) -> dict:
    """Random games (seeds 0, 1, ...) until `decisions`; each game's decisions and seconds."""
    import random

    game = make_capped(ratking, game_id)
    clock = time.perf_counter
    counts, seconds = [], []
    while sum(counts) < decisions:
        seed = len(counts)
        start = clock()
        state = game.new_game(players, seed=seed)
        counts.append(play(state, random.Random(seed)))
        seconds.append(clock() - start)
    return {"decisions": sum(counts), "games": len(counts), "counts": counts,
            "seconds": seconds}


def measure(decisions: int, calls: int) -> dict:
    """Every figure for the ratking importable here."""
    import random

    import ratking

    out: dict = {"play": {}, "clone": {}, "determinize": {}, "clone_game": {}, "first": {}}
    for info in ratking.list_games():
        game = make_capped(ratking, info.id)
        for players in game.player_counts():
            key = f"{info.id}/{players}"
            out["play"][key] = random_play_rate(ratking, info.id, players, decisions)
            for at in DETERMINIZE_AT:
                state = game.new_game(players, seed=1)
                play(state, random.Random(1), at)
                if state.is_over:
                    continue
                seat = state.current_player
                seeds = iter(range(10**9))
                out["determinize"][f"{key}@{at}"] = per_call(
                    lambda s=state, t=seat, n=seeds: s.determinize(t, next(n)), calls)
                out["clone_game"][f"{key}@{at}"] = per_call(state.clone, calls)
                out["first"][f"{key}@{at}"] = per_call(
                    lambda s=state, t=seat, n=seeds: s.clone().determinize(t, next(n)),
                    calls) - out["clone_game"][f"{key}@{at}"]
    game = make_capped(ratking, CLONE_GAME)
    for at in CLONE_AT:
        state = game.new_game(CLONE_PLAYERS, seed=CLONE_SEED)
        play(state, random.Random(CLONE_SEED), at)
        assert not state.is_over, "pick a longer game for the clone measurement"
        out["clone"][str(at)] = per_call(state.clone, calls)
    return out


def run_tree(src: str | None, decisions: int, calls: int) -> dict:
    """measure() in a fresh process that imports ratking from `src` (None: as installed)."""
    env = dict(os.environ, PYTHONHASHSEED="0")  # the same dict layouts in every run
    if src is not None:
        env["PYTHONPATH"] = str(Path(src).resolve())
    code = (f"import json, sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
            f"import hot_paths; print(json.dumps(hot_paths.measure({decisions}, {calls})))")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout)


def instructions(src: str | None, game_id: str, players: int, decisions: int) -> float:
    """Machine instructions per random-play decision, counted by valgrind's callgrind (the
    start-up, measured with the game made and one state set up but no play, subtracted):
    repeatable on a busy host."""
    env = dict(os.environ, PYTHONHASHSEED="0")  # the same dict layouts in every run
    if src is not None:
        env["PYTHONPATH"] = str(Path(src).resolve())
    counts = []
    for work in (0, decisions):
        code = (f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
                f"import hot_paths, ratking; "
                f"hot_paths.make_capped(ratking, {game_id!r}).new_game({players}, seed=0); "
                f"n = {work} and hot_paths.random_play_rate(ratking, {game_id!r}, {players}, "
                f"{work})['decisions']; print(n)")
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                               sys.executable, "-c", code], env=env, capture_output=True,
                              text=True, check=True)
        made = int(done.stdout.split()[-1]) or 1
        total = int(re.search(r"Collected : (\d+)", done.stderr).group(1))
        counts.append((total, made))
    (base, _), (total, made) = counts
    return (total - base) / made


def states(ratking):
    """(name, state, seat to move) for each determinize measurement point, as measure()."""
    import random

    for info in ratking.list_games():
        game = make_capped(ratking, info.id)
        for players in game.player_counts():
            for at in DETERMINIZE_AT:
                state = game.new_game(players, seed=1)
                play(state, random.Random(1), at)
                if not state.is_over:
                    yield f"{info.id}/{players}@{at}", state, state.current_player


def mark_paths(calls: int) -> None:
    """Under callgrind (--dump-before=getppid): for every point of states(), `calls` clones,
    `calls` determinizes (new seeds) and `calls` determinizes of fresh clones, each run
    between two os.getppid() marks; prints the points' names."""
    import ratking

    names = []
    for name, state, seat in states(ratking):
        for i in range(20):  # first-call costs (caches, the interpreter's warm-up) fall outside
            state.clone().determinize(seat, 10**9 + i)
        os.getppid()
        for _ in range(calls):
            state.clone()
        os.getppid()
        for i in range(calls):
            state.determinize(seat, i)
        os.getppid()
        for i in range(calls):
            state.clone().determinize(seat, i)
        os.getppid()
        names.append(name)
    print(json.dumps(names))


def path_instructions(src: str | None, calls: int) -> dict[str, dict[str, float]]:
    """Instructions per clone and per determinize at each point of states(), counted by
    callgrind in one process (a dump at each mark): repeatable on a busy host."""
    env = dict(os.environ, PYTHONHASHSEED="0")  # the same dict layouts in every run
    if src is not None:
        env["PYTHONPATH"] = str(Path(src).resolve())
    code = (f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
            f"import hot_paths; hot_paths.mark_paths({calls})")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg"
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                               "--dump-before=getppid", sys.executable, "-c", code], env=env,
                              capture_output=True, text=True, check=True)
        names = json.loads(done.stdout.strip().splitlines()[-1])
        totals = [int(re.search(r"^totals: (\d+)", (Path(tmp) / f"cg.{k}").read_text(),
                                re.M).group(1)) for k in range(1, 4 * len(names) + 1)]
    # dump k holds what ran before the k-th mark: [set-up, clones, determinizes, first
    # determinizes] per point
    out = {}
    for i, name in enumerate(names):
        clone, det, first = (totals[4 * i + k] / calls for k in (1, 2, 3))
        out[name] = {"clone": clone, "determinize": det, "first": first - clone}
    return out


def best_of(runs: list[dict]) -> dict:
    """Per figure, the best run: the most decisions/s, the fewest seconds per call."""
    first = runs[0]
    best: dict = {"play": {}}
    for key, row in first["play"].items():
        # each game's fastest run, summed: the host's interruptions mostly fall out
        times = [r["play"][key]["seconds"] for r in runs]
        fastest = [min(each) for each in zip(*times, strict=True)]
        best["play"][key] = {**row, "per_s": row["decisions"] / sum(fastest)}
    for part in ("clone", "determinize", "clone_game", "first"):
        best[part] = {k: min(r[part][k] for r in runs) for k in first[part]}
    return best


def tables(trees: dict[str, dict]) -> str:
    names = list(trees)
    lines = []
    head = " | ".join(names)
    ratio = " | after/before" if len(names) == 2 else ""
    lines += ["Random play, decisions/s (best of the rounds):", "",
              f"| game | players | decisions | {head}{ratio} |",
              "| --- | ---: | ---: |" + " ---: |" * (len(names) + bool(ratio))]
    first = trees[names[0]]
    for key in first["play"]:
        game, players = key.split("/")
        rates = [trees[n]["play"][key]["per_s"] for n in names]
        counts = {trees[n]["play"][key]["decisions"] for n in names}
        same = "" if len(counts) == 1 else " (differ!)"
        cells = " | ".join(f"{r:,.0f}" for r in rates)
        extra = f" | {rates[1] / rates[0]:.2f}" if ratio else ""
        lines.append(f"| {game} | {players} | {first['play'][key]['decisions']:,}{same} "
                     f"| {cells}{extra} |")
    for part, title in (("clone", f"Clone of {CLONE_GAME} ({CLONE_PLAYERS} players) after N "
                                  "decisions, µs"),
                        ("clone_game", "Clone per game, after N decisions, µs"),
                        ("determinize", "Determinize (seat to move), after N decisions, µs"),
                        ("first", "First determinize of a state, after N decisions, µs")):
        lines += ["", title + ":", "", f"| state | {head}{ratio} |",
                  "| --- |" + " ---: |" * (len(names) + bool(ratio))]
        for key in first[part]:
            vals = [trees[n][part][key] * 1e6 for n in names]
            cells = " | ".join(f"{v:.2f}" for v in vals)
            extra = f" | {vals[1] / vals[0]:.2f}" if ratio else ""
            lines.append(f"| {key} | {cells}{extra} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", metavar="SRC",
                        help="another checkout's src/ directory, measured as 'before'")
    parser.add_argument("--rounds", type=int, default=3, help="runs per checkout, alternating")
    parser.add_argument("--decisions", type=int, default=20_000, help="per game and count")
    parser.add_argument("--calls", type=int, default=200, help="per timed batch")
    parser.add_argument("--json", help="also write every run's figures to this file")
    parser.add_argument("--callgrind", type=int, metavar="N",
                        help="instead: instructions per decision over N decisions of random "
                             "play, each game at 2 players (valgrind)")
    parser.add_argument("--callgrind-paths", type=int, metavar="N",
                        help="instead: instructions per clone and per determinize at each "
                             "point, N calls each (valgrind)")
    args = parser.parse_args()
    here = str(Path(__file__).resolve().parent.parent / "src")
    srcs = {"before": args.compare, "after": here} if args.compare else {"this": here}
    if args.callgrind_paths:
        counts = {name: path_instructions(src, args.callgrind_paths)
                  for name, src in srcs.items()}
        first = counts[next(iter(srcs))]
        for part in ("clone", "determinize", "first"):
            print(f"\n{part.capitalize()}, instructions per call:\n")
            print("| state | " + " | ".join(srcs) + (" | after/before |" if len(srcs) == 2
                                                      else " |"))
            print("| --- |" + " ---: |" * (len(srcs) + (len(srcs) == 2)))
            for key in first:
                vals = [c[key][part] for c in counts.values()]
                ratio = f" | {vals[1] / vals[0]:.2f}" if len(vals) == 2 else ""
                print(f"| {key} | " + " | ".join(f"{v:,.0f}" for v in vals) + ratio + " |")
        return
    if args.callgrind:
        import ratking

        print("| game (2 players) | " + " | ".join(srcs) + " instructions/decision |")
        print("| --- |" + " ---: |" * len(srcs))
        for info in ratking.list_games():
            counts = [instructions(src, info.id, 2, args.callgrind) for src in srcs.values()]
            print(f"| {info.id} | " + " | ".join(f"{c:,.0f}" for c in counts) + " |",
                  flush=True)
        return
    runs: dict[str, list[dict]] = {name: [] for name in srcs}
    for _ in range(args.rounds):
        for name, src in srcs.items():
            runs[name].append(run_tree(src, args.decisions, args.calls))
    print(tables({name: best_of(r) for name, r in runs.items()}))
    if args.json:
        Path(args.json).write_text(json.dumps(runs, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
