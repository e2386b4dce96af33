"""Web app load on loopback: many concurrent tables with bots, players and spectators.

Starts `ratking serve` in its own process on a fresh SQLite file, creates TABLES tables of
Rat-a-Tat Roll (one scripted person and two server bots each, plus SPECTATORS watchers), and
lets the people play for SECONDS: each thinks for a moment, then clicks its first legal action.
Reports the moves made per second (all seats) and the latency of the people's moves: from
sending a move to receiving the new state, p50 and p99 (after a warm-up: every socket joins at
the same instant at the start, a rush no real server sees).

    python benchmarks/load.py --tables 200 --seconds 60 [--think 1.0] [--bot-delay 0.6]

Only loopback addresses are used; the run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

HOST = "127.0.0.1"


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def start_server(port: int, db: str, bot_delay: float, log: Path) -> subprocess.Popen:
    with log.open("w") as sink:  # a file, not a pipe: an unread pipe would stall the server
        process = subprocess.Popen([sys.executable, "-m", "ratking.cli", "serve", "--host",
                                    HOST, "--port", str(port), "--db", db, "--bot-delay",
                                    str(bot_delay)], stdout=sink, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://{HOST}:{port}/healthz", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


async def person(base: str, table: dict, think: float, warm: float, stop: float,
                 latencies: list[float], rng: random.Random) -> int:
    """Plays seat 0: waits `think` seconds (jittered) on each turn, then moves."""
    moves = 0
    async with connect(f"ws://{base}/ws/tables/{table['id']}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "tokens": [table["seats"][0]["token"]]}))
        sent_at: float | None = None
        sent_version = -1
        while time.monotonic() < stop:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), stop - time.monotonic()))
            except TimeoutError:
                break
            if message["type"] != "state" or message["you"] != [0]:
                continue
            if sent_at is not None and message["version"] > sent_version:
                if sent_at >= warm:  # past the opening rush of 2 x TABLES sockets joining
                    latencies.append(time.monotonic() - sent_at)
                sent_at = None
            if message.get("result") is not None:
                break
            if message["actions"] and sent_at is None:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                sent_version = message["version"]
                sent_at = time.monotonic()
                await ws.send(json.dumps({"type": "move", "seat": 0, "version": sent_version,
                                          "action": message["actions"][0]["id"]}))
                moves += 1
    return moves


async def spectator(base: str, table: dict, stop: float) -> int:
    received = 0
    async with connect(f"ws://{base}/ws/tables/{table['id']}", max_size=None) as ws:
        while time.monotonic() < stop:
            try:
                await asyncio.wait_for(ws.recv(), stop - time.monotonic())
                received += 1
            except TimeoutError:
                break
    return received


async def run(args: argparse.Namespace) -> dict:
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        db = f"sqlite:///{Path(folder) / 'load.db'}"
        server_log = Path(folder) / "server.log"
        server = start_server(port, db, args.bot_delay, server_log)
        base = f"{HOST}:{port}"
        try:
            async with httpx.AsyncClient(base_url=f"http://{base}", timeout=60) as http:
                tables = []
                for _ in range(args.tables):
                    answer = await http.post("/api/tables", json={
                        "game": "rat-a-tat-roll", "players": 3,
                        "seats": ["human", "heuristic", "heuristic"]})
                    tables.append(answer.json())
                start = time.monotonic()
                warm = start + args.warmup
                stop = warm + args.seconds
                latencies: list[float] = []
                rng = random.Random(1)
                jobs = [person(base, t, args.think, warm, stop, latencies,
                               random.Random(rng.random())) for t in tables]
                jobs += [spectator(base, t, stop) for t in tables for _ in range(args.spectators)]
                results = await asyncio.gather(*jobs, return_exceptions=True)
                elapsed = time.monotonic() - start
                failures = [r for r in results if isinstance(r, BaseException)]
                total_moves = 0
                for t in tables:
                    total_moves += (await http.get(f"/api/tables/{t['id']}")).json()["version"]
        finally:
            server.kill()
            server.wait(10)
            errors = server_log.read_text(errors="replace").strip().splitlines()
            if errors:
                print("server log (last lines):", *errors[-20:], sep="\n  ", file=sys.stderr)
    latencies.sort()

    def pct(p: float) -> float:
        return latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000

    return {
        "tables": args.tables,
        "spectators_per_table": args.spectators,
        "seconds": round(elapsed, 1),
        "think_s": args.think,
        "bot_delay_s": args.bot_delay,
        "moves": total_moves,
        "moves_per_s": round(total_moves / elapsed, 1),
        "person_moves": len(latencies),
        "p50_ms": round(pct(0.50), 1) if latencies else None,
        "p99_ms": round(pct(0.99), 1) if latencies else None,
        "max_ms": round(latencies[-1] * 1000, 1) if latencies else None,
        "mean_ms": round(statistics.mean(latencies) * 1000, 1) if latencies else None,
        "client_failures": len(failures),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=1.0, help="a person's mean think time")
    parser.add_argument("--bot-delay", type=float, default=0.6)
    parser.add_argument("--spectators", type=int, default=1, help="watchers per table")
    parser.add_argument("--warmup", type=float, default=5,
                        help="seconds of play before latencies count")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(run(args)), indent=1))


if __name__ == "__main__":
    main()
