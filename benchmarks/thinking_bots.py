"""A person's move latency while bots that search think: the worker pool at work.

Starts `ratking serve` (its search pool sized by --search-workers) on a fresh SQLite file, with
TABLES tables where a scripted person plays against a quick bot, and measures each person's moves:
from sending a move to receiving the new state. Two phases of SECONDS each, on the same server:
first the people alone, then with THINKERS more tables where a searching bot (--thinker, e.g.
`expert`) plays a random bot with no delay, so that THINKERS searches are under way (or queued
for a worker) at every moment. Reports p50, p99 and the maximum of each phase, and how many
decisions the searching bots made. A person whose game ends starts its rematch and plays on.

    python benchmarks/thinking_bots.py --tables 50 --thinkers 5 --thinker expert \\
        --seconds 60 [--search-workers 1] [--game rat-a-tat-roll]

Only loopback addresses are used; the run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import tempfile
import time
from pathlib import Path

import httpx
from load import HOST, free_port, start_server
from rich.console import Console
from websockets.asyncio.client import connect

from ratking.server.play.delta import follow
from ratking.sim.progress import clock_bar


async def person(http: httpx.AsyncClient, base: str, table: dict, think: float,
                 phases: list[tuple[float, float, list[float]]], stop: float,
                 rng: random.Random) -> int:
    """Plays seat 0 of `table` (and its rematches) until `stop`; each move's latency goes to
    the phase (start, end, latencies) in which it was sent."""
    moves = 0
    token = table["seats"][0]["token"]
    table_id = table["id"]
    while time.monotonic() < stop:
        async with connect(f"ws://{base}/ws/tables/{table_id}", max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "tokens": [token]}))
            sent_at, sent_version, over, held = None, -1, False, None
            while time.monotonic() < stop and not over:
                try:
                    text = await asyncio.wait_for(ws.recv(), stop - time.monotonic())
                except TimeoutError:
                    break
                message = json.loads(text)
                if message["type"] not in ("state", "delta"):
                    continue
                held = follow(held, message)  # a delta holds only what changed
                if held is None:
                    await ws.send('{"type": "sync"}')
                    continue
                if held["you"] != [0]:
                    continue
                if sent_at is not None and held["version"] > sent_version:
                    took = time.monotonic() - sent_at
                    for start, end, latencies in phases:
                        if start <= sent_at < end:
                            latencies.append(took)
                    sent_at = None
                if held.get("result") is not None:
                    over = True
                elif held["actions"] and sent_at is None:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    sent_version, sent_at = held["version"], time.monotonic()
                    action = rng.choice(held["actions"])["id"]
                    await ws.send(json.dumps({"type": "move", "seat": 0, "action": action,
                                              "version": sent_version}))
                    moves += 1
        if time.monotonic() >= stop:
            break
        answer = await http.post(f"/api/tables/{table_id}/rematch", json={"tokens": [token]})
        table_id = answer.json()["id"]
    return moves


async def keep_thinking(http: httpx.AsyncClient, args: argparse.Namespace, stop: float) -> int:
    """Keep `args.thinkers` tables with a searching bot busy until `stop` (a table that ends
    is replaced); returns the decisions made at them."""

    async def new_table() -> str:
        answer = await http.post("/api/tables", json={
            "game": args.game, "players": 2, "seats": [args.thinker, "random"],
            "bot_delay": 0})
        answer.raise_for_status()
        return answer.json()["id"]

    live = [await new_table() for _ in range(args.thinkers)]
    done = 0
    while time.monotonic() < stop:
        await asyncio.sleep(0.5)
        for i, table_id in enumerate(live):
            info = (await http.get(f"/api/tables/{table_id}")).json()
            if info["status"] == "over":
                done += info["version"]
                live[i] = await new_table()
    for table_id in live:
        done += (await http.get(f"/api/tables/{table_id}")).json()["version"]
    return done


def summary(latencies: list[float]) -> dict:
    if not latencies:
        return {"person_moves": 0}
    ordered = sorted(latencies)

    def pct(p: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000, 1)

    return {"person_moves": len(ordered), "p50_ms": pct(0.5), "p99_ms": pct(0.99),
            "max_ms": round(ordered[-1] * 1000, 1)}


async def run(args: argparse.Namespace) -> dict:
    port = free_port()
    if args.search_workers:
        os.environ["RATKING_SEARCH_WORKERS"] = str(args.search_workers)
    os.environ["RATKING_BOTONLY_MIN_DELAY"] = "0"  # the thinkers' tables: no pause at all
    with tempfile.TemporaryDirectory() as folder:
        db = f"sqlite:///{Path(folder) / 'think.db'}"
        server_log = Path(folder) / "server.log"
        server = start_server(port, db, args.bot_delay, 1, server_log)
        base = f"{HOST}:{port}"
        try:
            async with httpx.AsyncClient(base_url=f"http://{base}", timeout=60) as http:
                people = []
                for _ in range(args.tables):
                    answer = await http.post("/api/tables", json={
                        "game": args.game, "players": 2, "seats": ["human", "random"]})
                    people.append(answer.json())
                warm = time.monotonic() + args.warmup
                alone = (warm, warm + args.seconds, [])
                busy = (alone[1] + args.settle, alone[1] + args.settle + args.seconds, [])
                stop = busy[1]
                rng = random.Random(1)
                jobs = [asyncio.create_task(person(http, base, t, args.think, [alone, busy],
                                                   stop, random.Random(rng.random())))
                        for t in people]
                await asyncio.sleep(max(0.0, alone[1] - time.monotonic()))
                thought = await keep_thinking(http, args, stop)
                results = await asyncio.gather(*jobs, return_exceptions=True)
        finally:
            server.kill()
            server.wait(10)
    return {
        "game": args.game, "tables": args.tables, "think_s": args.think,
        "search_workers": args.search_workers or "default", "thinkers": args.thinkers,
        "thinker": args.thinker, "seconds_per_phase": args.seconds,
        "people_alone": summary(alone[2]),
        "while_bots_think": summary(busy[2]),
        "thinker_table_moves": thought,
        "client_failures": sum(isinstance(r, BaseException) for r in results),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--thinkers", type=int, default=5)
    parser.add_argument("--thinker", default="expert", help="the searching bot's spec")
    parser.add_argument("--game", default="rat-a-tat-roll")
    parser.add_argument("--seconds", type=float, default=60, help="length of each phase")
    parser.add_argument("--think", type=float, default=0.5, help="a person's mean think time")
    parser.add_argument("--bot-delay", type=float, default=0.2,
                        help="the quick bots' delay at the people's tables")
    parser.add_argument("--search-workers", type=int, default=None,
                        help="the server's pool of processes where bots search")
    parser.add_argument("--warmup", type=float, default=5)
    parser.add_argument("--settle", type=float, default=3,
                        help="seconds between the phases while the thinkers start")
    args = parser.parse_args()
    planned = args.warmup + args.seconds + args.settle + args.seconds
    with clock_bar(Console(stderr=True), "people alone, then bots thinking", planned):
        result = asyncio.run(run(args))
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
