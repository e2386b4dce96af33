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
    python benchmarks/load.py --db postgresql+psycopg://... --workers 2 [--profile]
    python benchmarks/load.py --db postgresql+psycopg://... --workers 2 --sticky
    python benchmarks/load.py --server ratking --server lean --rounds 2   # interleaved
    python benchmarks/load.py --server ratking --server ratking:/tmp/old/src   # before/after

`--server lean` runs `benchmarks/lean_server.py` (the yardstick: the same stack, tables, bots
and clients, each seat sent its view as JSON) instead of ratking; `ratking:PATH` runs ratking
from another source tree. Several `--server`s are run in turn, `--rounds` times over, and
the results printed as a list.

With --sticky the server's processes sit behind nginx (`serve --sticky`); nginx's own CPU is
reported apart from the server's (router_cpu_ms_per_move).

Only loopback addresses are used; the run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import gc
import json
import os
import random
import shutil
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

from ratking.server.play.delta import follow
from ratking.server.serve.ports import port_problem
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


def _stat(pid: int) -> list[str]:
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()  # fields from the third (state) on


def process_tree(pid: int) -> list[int]:
    """The process and its descendants (the workers of `serve --workers N`, a search pool)."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                parents.setdefault(int(_stat(int(entry))[1]), []).append(int(entry))
            except (OSError, IndexError):
                continue  # gone meanwhile
    tree, todo = [], [pid]
    while todo:
        here = todo.pop()
        tree.append(here)
        todo.extend(parents.get(here, []))
    return tree


def process_cpu(pid: int) -> dict[int, float]:
    """CPU seconds (user + system, with finished children's) of a process and of each of its
    descendants, by process id: read from /proc, so they do not depend on the host's load."""
    tick = os.sysconf("SC_CLK_TCK")
    used = {}
    for each in process_tree(pid):
        try:
            used[each] = sum(int(x) for x in _stat(each)[11:15]) / tick
        except OSError:
            continue
    return used


def cpu_between(before: dict[int, float], after: dict[int, float]) -> dict[int, float]:
    """CPU seconds each process used between two readings (one that started meanwhile from
    zero; one that ended meanwhile is counted in its parent's children's time)."""
    return {pid: after[pid] - before.get(pid, 0.0) for pid in after}


OPEN_TIMEOUT = 120  # seconds a socket may take to open, in the rush of every socket at once


def server_env() -> dict:
    """The benchmark is one client making many tables: lift the per-client limits, and give
    the opening rush (every socket at once, on a busy host) time to be served."""
    return {**os.environ, "RATKING_CREATE_PER_MINUTE": "1000000",
            "RATKING_MAX_TABLES_PER_CLIENT": "1000000", "RATKING_MAX_TABLES": "1000000",
            "RATKING_MAX_SOCKETS_PER_CLIENT": "1000000",
            "RATKING_HEADER_TIMEOUT": str(OPEN_TIMEOUT)}


LEAN = Path(__file__).with_name("lean_server.py")


def server_command(server: str, port: int, db: str, bot_delay: float,
                   workers: int, sticky: bool = False) -> tuple[list[str], dict]:
    """The command and environment that start `server`: "ratking", "ratking:SRC" (ratking
    from another source tree) or "lean" (benchmarks/lean_server.py, on a SQLite file)."""
    env = server_env()
    if server == "lean":
        path = db.removeprefix("sqlite:///")
        return [sys.executable, str(LEAN), "--host", HOST, "--port", str(port), "--db", path,
                "--bot-delay", str(bot_delay)], env
    kind, _, src = server.partition(":")
    if kind != "ratking":
        raise SystemExit(f"--server is ratking, ratking:SRC or lean, not {server!r}")
    if src:
        env["PYTHONPATH"] = os.pathsep.join([src, *filter(None, [env.get("PYTHONPATH")])])
    return [sys.executable, "-m", "ratking.cli", "serve", "--host", HOST, "--port", str(port),
            "--db", db, "--bot-delay", str(bot_delay), "--workers", str(workers),
            *(["--sticky"] if sticky else [])], env


def is_router(pid: int) -> bool:
    """Whether a process of the server's tree is nginx (`serve --sticky`'s router)."""
    try:
        with open(f"/proc/{pid}/comm") as comm:
            return comm.read().strip() == "nginx"
    except OSError:
        return False


def start_server(port: int, db: str, bot_delay: float, workers: int,
                 log: Path, sticky: bool = False, cpus: str | None = None,
                 server: str = "ratking") -> subprocess.Popen:
    command, env = server_command(server, port, db, bot_delay, workers, sticky)
    pin = ["taskset", "-c", cpus] if cpus else []  # the server on these cores only
    with log.open("w") as sink:  # a file, not a pipe: an unread pipe would stall the server
        process = subprocess.Popen([*pin, *command], stdout=sink, stderr=subprocess.STDOUT,
                                   env=env)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://{HOST}:{port}/healthz", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


def start_profiles(pid: int, seconds: float, folder: Path) -> list[tuple[int, subprocess.Popen]]:
    """py-spy (`pip install py-spy`) sampling each server process for `seconds`: raw
    collapsed stacks, one file per process."""
    beside = Path(sys.executable).parent / "py-spy"  # in the virtualenv, if not on PATH
    spy = str(beside) if beside.exists() else "py-spy"
    return [(each, subprocess.Popen([spy, "record", "--pid", str(each), "--duration",
                                     str(int(seconds)), "--rate", "50", "--nonblocking",
                                     "--format", "raw", "-o", str(folder / f"{each}.txt")],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            for each in process_tree(pid)]


def profile_shares(stacks: Path, top: int = 25) -> list[tuple[str, float]]:
    """The functions that took the most of a process's busy samples, counting each function
    once per stack (so a caller's share holds its callees'): (function, percent)."""
    samples, shares = 0, {}
    for line in stacks.read_text().splitlines():
        frames, _, count = line.rpartition(" ")
        if not count.isdigit():
            continue
        samples += int(count)
        for name in {frame.split(" (")[0] + " " + frame.rsplit("/", 1)[-1].split(":")[0]
                     for frame in frames.split(";")}:
            shares[name] = shares.get(name, 0) + int(count)
    ranked = sorted(((name, n) for name, n in shares.items() if n < 0.995 * samples),
                    key=lambda kv: -kv[1])[:top]  # not the frames every sample passes
    return [(name, round(100 * n / max(1, samples), 1)) for name, n in ranked]


class Counter:
    def __init__(self) -> None:
        self.messages = 0
        self.bytes = 0
        self.deltas = 0
        self.fulls = 0


async def person(base: str, table: dict, think: float, warm: float, stop: float,
                 latencies: list[float], rng: random.Random, counter: Counter,
                 seen: dict[str, int]) -> int:
    """Plays seat 0: waits `think` seconds (jittered) on each turn, then moves. Notes in
    `seen` the table's version as last sent to it. It follows the deltas but leaves the SVG
    drawing out (it reads the actions, not the picture): rebuilding a 30 KB board from every
    delta made this one process, sharing the cores with the server, the bottleneck of the
    latencies measured."""
    moves = 0
    held = None
    async with connect(f"ws://{base}/ws/tables/{table['id']}", max_size=None,
                       open_timeout=OPEN_TIMEOUT) as ws:
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
                message.pop("svg", None)
            elif message["type"] == "delta":
                counter.deltas += 1
                message["ops"] = [op for op in message["ops"] if op[1][:1] != ["svg"]]
            else:
                continue
            held = follow(held, message)
            if held is None:
                await ws.send('{"type": "sync"}')
                continue
            seen[table["id"]] = held["version"]
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
    async with connect(f"ws://{base}/ws/tables/{table['id']}", max_size=None,
                       open_timeout=OPEN_TIMEOUT) as ws:
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), stop - time.monotonic())
            except TimeoutError:
                break
            received += 1
            counter.messages += 1
            counter.bytes += len(raw)
    return received


async def run(args: argparse.Namespace, which: str = "ratking") -> dict:
    port = free_port()
    while args.sticky and any(port_problem(HOST, port + i) for i in range(1, args.workers + 1)):
        port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or f"sqlite:///{Path(folder) / 'load.db'}"
        if which == "lean" and args.db:
            raise SystemExit("the lean server writes to a SQLite file: no --db")
        server_log = Path(folder) / "server.log"
        server = start_server(port, db, args.bot_delay, args.workers, server_log, args.sticky,
                              args.server_cpus, which)
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
                seen: dict[str, int] = {}  # each table's version, as its person last saw it
                jobs = [person(base, t, args.think, warm, stop, latencies,
                               random.Random(rng.random()), counter, seen) for t in tables]
                jobs += [spectator(base, t, stop, counter) for t in tables
                         for _ in range(args.spectators)]
                gathered = asyncio.gather(*jobs, return_exceptions=True)
                await asyncio.sleep(args.warmup)
                # read together, at once (asking the server for 1,000 versions would take
                # the whole run on a busy machine)
                cpu_warm, load_warm = process_cpu(server.pid), cpu_times()
                versions_warm, warm_at = sum(seen.values()), time.monotonic()
                frames_warm, bytes_warm = counter.messages, counter.bytes
                profiles = start_profiles(server.pid, args.seconds - 2, Path(folder)) \
                    if args.profile else []
                await asyncio.sleep(max(0.0, stop - time.monotonic()))
                cpu_end, load_end = process_cpu(server.pid), cpu_times()
                routers = {pid for pid in cpu_end if is_router(pid)}
                versions_end, end_at = sum(seen.values()), time.monotonic()
                frames_end, bytes_end = counter.messages, counter.bytes
                results = await gathered  # people still thinking finish their move
                elapsed = time.monotonic() - start
                failures = [r for r in results if isinstance(r, BaseException)]
                for each, spy in profiles:
                    spy.wait(60)
                    stacks = Path(folder) / f"{each}.txt"
                    if not stacks.exists():
                        print(f"process {each}: no samples (py-spy failed)", file=sys.stderr)
                        continue
                    if args.profile_dir:  # the raw stacks kept, for a closer look
                        Path(args.profile_dir).mkdir(parents=True, exist_ok=True)
                        shutil.copy(stacks, Path(args.profile_dir) / f"{which}-{each}.txt")
                    shares = profile_shares(stacks)
                    print(f"process {each}: share of samples per function", file=sys.stderr)
                    for name, share in shares:
                        print(f"  {share:5.1f}%  {name}", file=sys.stderr)
        finally:
            server.kill()
            server.wait(10)
            errors = server_log.read_text(errors="replace").strip().splitlines()
            if errors:
                print("server log (last lines):", *errors[-20:], sep="\n  ", file=sys.stderr)
    latencies.sort()
    per_process = cpu_between(cpu_warm, cpu_end)
    router = sum(per_process.pop(pid) for pid in list(per_process) if pid in routers)
    cpu = sum(per_process.values())
    measured_moves = versions_end - versions_warm

    def pct(p: float) -> float:
        return latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000

    return {
        "server": which,
        "tables": args.tables,
        "spectators_per_table": args.spectators,
        "server_workers": args.workers,
        "seconds_measured": args.seconds,
        "think_s": args.think,
        "bot_delay_s": args.bot_delay,
        "moves": versions_end,
        "moves_per_s": round(measured_moves / (end_at - warm_at), 1),
        "person_moves": len(latencies),
        "p50_ms": round(pct(0.50), 1) if latencies else None,
        "p99_ms": round(pct(0.99), 1) if latencies else None,
        "max_ms": round(latencies[-1] * 1000, 1) if latencies else None,
        "mean_ms": round(statistics.mean(latencies) * 1000, 1) if latencies else None,
        "bytes_per_message": round(counter.bytes / max(1, counter.messages)),
        "frames_per_move": round((frames_end - frames_warm) / max(1, measured_moves), 2),
        "bytes_per_move": round((bytes_end - bytes_warm) / max(1, measured_moves)),
        "server_cpu_ms_per_move": round(cpu / max(1, measured_moves) * 1e3, 2),
        "router_cpu_ms_per_move": round(router / max(1, measured_moves) * 1e3, 2),
        "server_cpu_pct_of_a_core": round(100 * cpu / (end_at - warm_at), 1),
        "server_cpu_pct_by_process": sorted((round(100 * v / (end_at - warm_at), 1)
                                             for v in per_process.values()), reverse=True),
        **machine_load(load_warm, load_end),
        "client_failures": len(failures),
        "client_failure_kinds": dict(collections.Counter(type(f).__name__ for f in failures)),
        "elapsed_s": round(elapsed, 1),
    }


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
    parser.add_argument("--sticky", action="store_true",
                        help="the processes behind nginx, sticky by table id (serve --sticky)")
    parser.add_argument("--server-cpus", help="run the server on these cores only "
                        "(taskset -c, e.g. 1-3); pin the clients with taskset yourself")
    parser.add_argument("--profile", action="store_true",
                        help="sample every server process with py-spy while measuring; "
                             "print each one's busiest functions on stderr")
    parser.add_argument("--profile-dir", metavar="DIR",
                        help="with --profile: keep each process's raw stacks in DIR")
    parser.add_argument("--server", action="append", metavar="NAME",
                        help="ratking (the default), ratking:SRC (from another source tree) "
                             "or lean (benchmarks/lean_server.py); repeat to run each in turn")
    parser.add_argument("--rounds", type=int, default=1,
                        help="times over the --server list, interleaved")
    args = parser.parse_args()
    servers = (args.server or ["ratking"]) * max(1, args.rounds)
    # the clients' own garbage collector stays off for the run (a few minutes of memory): its
    # pauses would stall 2,000 sockets at once and be counted as the server's latency
    gc.collect()
    gc.disable()
    results = []
    for which in servers:
        gc.collect()  # the last run's garbage, between runs
        with clock_bar(Console(stderr=True), f"{which}: warm-up, then measured play",
                       args.warmup + args.seconds):
            results.append(asyncio.run(run(args, which)))
        if len(servers) > 1:
            print(json.dumps(results[-1]), file=sys.stderr, flush=True)  # as they come
    print(json.dumps(results[0] if len(results) == 1 else results, indent=1))


if __name__ == "__main__":
    main()
