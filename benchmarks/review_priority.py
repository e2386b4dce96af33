"""Do reviews slow the bots? A `hard` bot's time a move at a live table, alone and while 8
reviews are computed.

Starts `ratking serve` on a fresh SQLite file (its search pool and review pool at their
defaults, or as --search-workers and --review-workers say). First it plays GAMES games of
GAME in which a scripted person (random moves) meets a heuristic bot, to have something to
review. Then a table of two searching bots (SPEC; by default the `hard` level's search with
its iterations and no time cap, so that any loss of CPU shows as time) is watched from a
spectator's websocket: the time between two moves is one decision's. MOVES moves are timed
alone, then 8 reviews of the person's games are asked for, each from an address of its own
(the server believes `X-Forwarded-For` from loopback, so every default limit holds), and
asked about every 2 s so that none is dropped; once the first has judged a decision, MOVES
more moves are timed; then nobody asks, and the server drops the reviews (its
`review_unasked` is 4 s here). The two phases alternate ROUNDS times, since the machine's
other load drifts. Prints the median and 90th percentile of each kind of phase, their ratio,
and how many decisions the reviews judged meanwhile.

    python benchmarks/review_priority.py [--moves 40] [--rounds 2]
        [--game target-rats-simplified] [--spec hard] [--review-workers N]

Only loopback addresses are used; the run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
from load import _stat, process_tree
from websockets.asyncio.client import connect

import ratking
from ratking.bots.specs import level_spec
from ratking.server.play.delta import follow

HOST = "127.0.0.1"
REVIEWS = 8
UNASKED = 4  # the server drops a review nobody asked about for this long (review_unasked)


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def start(port: int, folder: Path, args: argparse.Namespace) -> subprocess.Popen:
    env = {**os.environ, "RATKING_FORWARDED_ALLOW_IPS": HOST, "RATKING_BOTONLY_MIN_DELAY": "0",
           "RATKING_CREATE_PER_MINUTE": "1000", "RATKING_REVIEW_UNASKED": str(UNASKED)}
    if args.search_workers:
        env["RATKING_SEARCH_WORKERS"] = str(args.search_workers)
    if args.review_workers:
        env["RATKING_REVIEW_WORKERS"] = str(args.review_workers)
    with (folder / "server.log").open("w") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "ratking.cli", "serve", "--host", HOST, "--port", str(port),
             "--db", f"sqlite:///{folder / 'tables.db'}", "--bot-delay", "0"],
            env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 120
    while True:
        try:
            httpx.get(f"http://{HOST}:{port}/healthz", timeout=1).raise_for_status()
            return server
        except httpx.HTTPError:
            if time.monotonic() > deadline or server.poll() is not None:
                server.kill()
                raise SystemExit("the server did not start") from None
            time.sleep(0.2)


async def states(ws: Any) -> AsyncIterator[dict[str, Any]]:
    """The table's states as a socket receives them, deltas applied (a full state asked for
    when one does not fit)."""
    held = None
    while True:
        message = json.loads(await ws.recv())
        if message["type"] not in ("state", "delta"):
            continue
        held = follow(held, message)
        if held is None:
            await ws.send('{"type": "sync"}')
            continue
        yield held


async def play_person(http: httpx.AsyncClient, ws_url: str, game: str, seed: int) -> str:
    """A game of `game` where seat 0, a person, plays random moves against a heuristic
    bot, to its end: the table's id."""
    body = {"game": game, "players": 2, "seats": ["human", "heuristic"], "bot_delay": 0}
    table = (await http.post("/api/tables", json=body)).json()
    rng = random.Random(seed)
    async with connect(f"{ws_url}/ws/tables/{table['id']}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "tokens": [table["seats"][0]["token"]]}))
        async for held in states(ws):
            if held.get("result"):
                return table["id"]
            if held.get("actions"):
                await ws.send(json.dumps({"type": "move", "seat": held["seat"],
                                          "version": held["version"],
                                          "action": rng.choice(held["actions"])["id"]}))
    raise RuntimeError("the table's socket closed before its game ended")


async def time_moves(ws_url: str, table: str, moves: int) -> list[float]:
    """Seconds between the table's consecutive moves, `moves` of them, from a spectator."""
    times: list[float] = []
    async with connect(f"{ws_url}/ws/tables/{table}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "tokens": []}))
        seen, last = None, None
        async for held in states(ws):
            if held.get("result") or len(times) >= moves:
                break
            if held["version"] != seen:
                now = time.monotonic()
                if seen is not None and held["version"] == seen + 1:
                    times.append(now - last)
                seen, last = held["version"], now
                if len(times) >= moves:
                    break
    return times


async def bots_moves(http: httpx.AsyncClient, ws_url: str, game: str, spec: str,
                     moves: int) -> list[float]:
    """`moves` decision times of two `spec` bots, over as many tables as it takes (each
    closed once timed)."""
    out: list[float] = []
    while len(out) < moves:
        body = {"game": game, "players": 2, "seats": [spec, spec], "bot_delay": 0}
        answer = await http.post("/api/tables", json=body)
        answer.raise_for_status()
        table = answer.json()
        out += await time_moves(ws_url, table["id"], moves - len(out))
        # closed, so that its bots search no more in the next phase
        await http.delete(f"/api/tables/{table['id']}",
                          headers={"authorization": f"Bearer {table['owner_token']}"})
    return out


async def keep_asking(http: httpx.AsyncClient, table: str, address: str,
                      progress: dict[str, tuple[int, int, int]], stop: asyncio.Event) -> None:
    """Ask for a table's review every 2 s, from `address`, until `stop`; its progress."""
    while not stop.is_set():
        answer = await http.get(f"/api/tables/{table}/review",
                                headers={"x-forwarded-for": address})
        body = answer.json()
        if answer.status_code == 200:
            progress[table] = (len(body["turns"]), len(body["turns"]), 200)
            return
        progress[table] = (body.get("done", 0), body.get("total", 0), answer.status_code)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 2)


def cpu_by_nice(pid: int) -> dict[int, float]:
    """CPU seconds used so far by the server's processes, by POSIX nice: 0 the server,
    `search_nice` its search workers, `review_nice` its review workers."""
    out: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for each in process_tree(pid):
        try:
            fields = _stat(each)
        except OSError:
            continue  # gone meanwhile
        nice = int(fields[16])
        out[nice] = out.get(nice, 0.0) + (int(fields[11]) + int(fields[12])) / tick
    return out


def used(before: dict[int, float], after: dict[int, float]) -> dict[int, float]:
    return {n: after[n] - before.get(n, 0.0) for n in sorted(after)}


def summary(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered), ordered[int(0.9 * (len(ordered) - 1))]


async def run(args: argparse.Namespace, port: int, pid: int) -> None:
    base = f"http://{HOST}:{port}"
    ws_url = f"ws://{HOST}:{port}"
    spec = args.spec
    if spec == "hard":  # the level's search, its iterations all done (no time cap)
        spec = level_spec(ratking.make(args.game), "hard")
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        started = time.monotonic()
        games = await asyncio.gather(*(play_person(http, ws_url, args.game, k)
                                       for k in range(REVIEWS)))
        print(f"{REVIEWS} games of {args.game} played by a person: "
              f"{time.monotonic() - started:.0f} s")
        await bots_moves(http, ws_url, args.game, spec, 5)  # the search pool warmed up
        alone: list[float] = []
        busy: list[float] = []
        judged = 0
        cpu: dict[str, dict[int, float]] = {"alone": {}, "busy": {}}
        for _ in range(args.rounds):  # alone, then with reviews, again: the load drifts
            mark = cpu_by_nice(pid)
            times = await bots_moves(http, ws_url, args.game, spec, args.moves)
            spent = used(mark, cpu_by_nice(pid))
            add(cpu["alone"], spent)
            alone += times
            print(f"  alone: median {statistics.median(times):.3f} s; CPU {by_nice(spent)}")
            times, got, spent = await with_reviews(http, ws_url, games, args, spec, pid)
            add(cpu["busy"], spent)
            busy += times
            judged += got
            print(f"  with reviews: median {statistics.median(times):.3f} s; "
                  f"CPU {by_nice(spent)}")
    (a50, a90), (b50, b90) = summary(alone), summary(busy)
    print(f"bot spec {spec} at a {args.game} table, {args.rounds} rounds of {args.moves} "
          "moves alone and as many with the reviews")
    print(f"alone:                 median {a50:.3f} s, p90 {a90:.3f} s")
    print(f"with {REVIEWS} reviews asked:  median {b50:.3f} s, p90 {b90:.3f} s")
    print(f"ratio of medians {b50 / a50:.2f}, of p90 {b90 / a90:.2f}; "
          f"{judged} decisions judged by the reviews meanwhile")
    for phase, seconds in cpu.items():
        print(f"CPU {phase}: {by_nice(seconds)}")


def by_nice(seconds: dict[int, float]) -> str:
    return ", ".join(f"nice {n}: {s:.2f} s" for n, s in sorted(seconds.items()))


def add(total: dict[int, float], more: dict[int, float]) -> None:
    for nice, seconds in more.items():
        total[nice] = total.get(nice, 0.0) + seconds


async def with_reviews(http: httpx.AsyncClient, ws_url: str, games: list[str],
                       args: argparse.Namespace, spec: str, pid: int,
                       ) -> tuple[list[float], int, dict[int, float]]:
    """The bots' move times while the 8 reviews are asked for (from the first decision one
    judges), how many decisions they judged and the CPU the server used meanwhile; then
    nobody asks any more, and the server drops them before this returns."""
    progress: dict[str, tuple[int, int, int]] = {}
    stop = asyncio.Event()
    askers = [asyncio.create_task(keep_asking(http, table, f"10.0.0.{k + 1}", progress, stop))
              for k, table in enumerate(games)]
    while not any(done for done, _, _ in progress.values()):
        await asyncio.sleep(0.5)  # the review pool has started and judges
    before, mark = dict(progress), cpu_by_nice(pid)
    times = await bots_moves(http, ws_url, args.game, spec, args.moves)
    after, spent = dict(progress), used(mark, cpu_by_nice(pid))
    stop.set()
    await asyncio.gather(*askers)
    if any(code != 202 for _, _, code in after.values()):
        raise SystemExit(f"a review was refused or ended: {after}")
    await asyncio.sleep(UNASKED + 3)  # dropped, their work stopped
    return times, sum(after[t][0] - before.get(t, (0, 0, 0))[0] for t in after), spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40, help="moves timed in each phase")
    parser.add_argument("--rounds", type=int, default=2,
                        help="times the two phases alternate")
    parser.add_argument("--game", default="target-rats-simplified")
    parser.add_argument("--spec", default="hard",
                        help="the bots' spec (hard: the level's search without a time cap)")
    parser.add_argument("--search-workers", type=int, default=0)
    parser.add_argument("--review-workers", type=int, default=0)
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = start(port, Path(folder), args)
        try:
            asyncio.run(run(args, port, server.pid))
        finally:
            server.terminate()
            server.wait(30)


if __name__ == "__main__":
    main()
