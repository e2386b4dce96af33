"""Web app load on loopback: many concurrent tables with bots, players and spectators.

Starts `ratking serve` in its own process (a fresh SQLite file, or --db a PostgreSQL URL with
--workers), creates TABLES tables of Rat-a-Tat Roll (one scripted person and two server bots
each, plus SPECTATORS watchers), and lets the people play for SECONDS: each thinks for a
moment (THINK seconds, jittered 0.5-1.5x), then clicks its first legal action. The clients run
in this process, on the same machine. Reports the moves made per second (all seats), the
latency of the people's moves (from sending a move to receiving the new state, p50 and p99,
after a warm-up: every socket joins at the start, a rush no real server sees), the bytes
received per message, the server's CPU time per move, and the machine's load during the run
(busy and steal shares of all CPUs, from /proc/stat).

    python benchmarks/load.py --tables 1000 --seconds 60 --think 5 [--bot-delay 0.6]

Only loopback addresses are used; the run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import orjson
from rich.console import Console
from websockets.asyncio.client import connect

from ratking.server.delta import follow
from ratking.sim.progress import clock_bar

HOST = "127.0.0.1"


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def cpu_times() -> list[int]:
    """The machine's CPU counters (user nice system idle iowait irq softirq steal)."""
    with open("/proc/stat") as stat:
        return [int(x) for x in stat.readline().split()[1:9]]


def machine_load(before: list[int], after: list[int]) -> dict:
    delta = [b - a for a, b in zip(before, after, strict=True)]
    total = sum(delta) or 1
    idle = delta[3] + delta[4]
    return {"busy_pct": round(100 * (total - idle) / total, 1),
            "steal_pct": round(100 * delta[7] / total, 1)}


def process_cpu(pid: int) -> float:
    """CPU seconds used by a process and its finished children (user + system)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def server_env() -> dict:
    """The benchmark is one client making many tables: lift the per-client limits."""
    return {**os.environ, "RATKING_CREATE_PER_MINUTE": "1000000",
            "RATKING_MAX_TABLES_PER_CLIENT": "1000000", "RATKING_MAX_TABLES": "1000000",
            "RATKING_MAX_SOCKETS_PER_CLIENT": "1000000"}


def start_server(port: int, db: str, bot_delay: float, workers: int,
                 log: Path) -> subprocess.Popen:
    with log.open("w") as sink:  # a file, not a pipe: an unread pipe would stall the server
        process = subprocess.Popen([sys.executable, "-m", "ratking.cli", "serve", "--host",
                                    HOST, "--port", str(port), "--db", db, "--bot-delay",
                                    str(bot_delay), "--workers", str(workers)],
                                   stdout=sink, stderr=subprocess.STDOUT, env=server_env())
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://{HOST}:{port}/healthz", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


class Counter:
    def __init__(self) -> None:
        self.messages = 0
        self.bytes = 0
        self.deltas = 0
        self.fulls = 0


async def person(base: str, table: dict, think: float, warm: float, stop: float,
                 latencies: list[float], rng: random.Random, counter: Counter) -> int:
    """Plays seat 0: waits `think` seconds (jittered) on each turn, then moves."""
    moves = 0
    held = None
    async with connect(f"ws://{base}/ws/tables/{table['id']}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "tokens": [table["seats"][0]["token"]]}))
        sent_at: float | None = None
        sent_version = -1
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), stop - time.monotonic())
            except TimeoutError:
                break
            counter.messages += 1
            counter.bytes += len(raw)
            message = orjson.loads(raw)
            if message["type"] == "state":
                counter.fulls += 1
            elif message["type"] == "delta":
                counter.deltas += 1
            else:
                continue
            held = follow(held, message)
            if held is None:
                await ws.send('{"type": "sync"}')
                continue
            if held["you"] != [0]:
                continue
            if sent_at is not None and held["version"] > sent_version:
                if sent_at >= warm:  # past the opening rush of every socket joining
                    latencies.append(time.monotonic() - sent_at)
                sent_at = None
            if held.get("result") is not None:
                break
            if held["actions"] and sent_at is None:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                sent_version = held["version"]
                sent_at = time.monotonic()
                await ws.send(json.dumps({"type": "move", "seat": 0, "version": sent_version,
                                          "action": held["actions"][0]["id"]}))
                moves += 1
    return moves


async def spectator(base: str, table: dict, stop: float, counter: Counter) -> int:
    received = 0
    async with connect(f"ws://{base}/ws/tables/{table['id']}", max_size=None) as ws:
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), stop - time.monotonic())
            except TimeoutError:
                break
            received += 1
            counter.messages += 1
            counter.bytes += len(raw)
    return received


async def run(args: argparse.Namespace) -> dict:
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or f"sqlite:///{Path(folder) / 'load.db'}"
        server_log = Path(folder) / "server.log"
        server = start_server(port, db, args.bot_delay, args.workers, server_log)
        base = f"{HOST}:{port}"
        try:
            async with httpx.AsyncClient(base_url=f"http://{base}", timeout=60) as http:
                tables = []
                for _ in range(args.tables):
                    answer = await http.post("/api/tables", json={
                        "game": "rat-a-tat-roll", "players": 3,
                        "seats": ["human", "heuristic", "heuristic"]})
                    answer.raise_for_status()
                    tables.append(answer.json())
                start = time.monotonic()
                warm = start + args.warmup
                stop = warm + args.seconds
                latencies: list[float] = []
                rng = random.Random(1)
                counter = Counter()
                jobs = [person(base, t, args.think, warm, stop, latencies,
                               random.Random(rng.random()), counter) for t in tables]
                jobs += [spectator(base, t, stop, counter) for t in tables
                         for _ in range(args.spectators)]
                gathered = asyncio.gather(*jobs, return_exceptions=True)
                await asyncio.sleep(args.warmup)
                versions_warm = await total_versions(http, tables)
                cpu_warm, load_warm = process_cpu(server.pid), cpu_times()
                results = await gathered
                cpu_end, load_end = process_cpu(server.pid), cpu_times()
                elapsed = time.monotonic() - start
                failures = [r for r in results if isinstance(r, BaseException)]
                versions_end = await total_versions(http, tables)
        finally:
            server.kill()
            server.wait(10)
            errors = server_log.read_text(errors="replace").strip().splitlines()
            if errors:
                print("server log (last lines):", *errors[-20:], sep="\n  ", file=sys.stderr)
    latencies.sort()
    measured_moves = versions_end - versions_warm

    def pct(p: float) -> float:
        return latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000

    return {
        "tables": args.tables,
        "spectators_per_table": args.spectators,
        "server_workers": args.workers,
        "seconds_measured": args.seconds,
        "think_s": args.think,
        "bot_delay_s": args.bot_delay,
        "moves": versions_end,
        "moves_per_s": round(measured_moves / args.seconds, 1),
        "person_moves": len(latencies),
        "p50_ms": round(pct(0.50), 1) if latencies else None,
        "p99_ms": round(pct(0.99), 1) if latencies else None,
        "max_ms": round(latencies[-1] * 1000, 1) if latencies else None,
        "mean_ms": round(statistics.mean(latencies) * 1000, 1) if latencies else None,
        "bytes_per_message": round(counter.bytes / max(1, counter.messages)),
        "server_cpu_ms_per_move": round((cpu_end - cpu_warm) / max(1, measured_moves) * 1e3,
                                        2) if args.workers == 1 else None,
        "server_cpu_pct_of_a_core": round(100 * (cpu_end - cpu_warm) / args.seconds, 1),
        **machine_load(load_warm, load_end),
        "client_failures": len(failures),
        "elapsed_s": round(elapsed, 1),
    }


async def total_versions(http: httpx.AsyncClient, tables: list[dict]) -> int:
    total = 0
    for t in tables:
        total += (await http.get(f"/api/tables/{t['id']}")).json()["version"]
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60,
                        help="seconds measured, after the warm-up")
    parser.add_argument("--think", type=float, default=5.0, help="a person's mean think time")
    parser.add_argument("--bot-delay", type=float, default=0.6)
    parser.add_argument("--spectators", type=int, default=1, help="watchers per table")
    parser.add_argument("--warmup", type=float, default=15,
                        help="seconds of play before latencies count")
    parser.add_argument("--db", help="a PostgreSQL URL (default: a fresh SQLite file)")
    parser.add_argument("--workers", type=int, default=1, help="server processes (PostgreSQL)")
    args = parser.parse_args()
    # the clients' own garbage collector stays off for the run (a few minutes of memory): its
    # pauses would stall 2,000 sockets at once and be counted as the server's latency
    gc.collect()
    gc.disable()
    with clock_bar(Console(stderr=True), "warm-up, then measured play",
                   args.warmup + args.seconds):
        result = asyncio.run(run(args))
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
