"""Does a burst of sign-ins slow the tables? Starts `ratking serve` on a fresh SQLite file,
makes an account, then times `/healthz` (one request at a time, every 10 ms, from a process
of its own so that the burst's client does not delay it) first alone and then while
`--burst` sign-ins with the right password arrive at once, each from an address of its own
(the server believes `X-Forwarded-For` from loopback), and prints the percentiles of both
and what the sign-ins were answered. `--runs N` does it N times (a new server each time).
`--hash-queue` sets the server's `hash_queue`: 1 admits a single hash, which shows what the
burst's requests cost without it.

    python benchmarks/sign_in_burst.py --runs 5          # the defaults: 100 sign-ins
    python benchmarks/sign_in_burst.py --hash-queue 1    # the requests alone, nearly
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import multiprocessing
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

PASSWORD = "correct horse battery"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def poll(url: str, stop, out) -> None:
    """In a process of its own: (when it began, milliseconds it took) of each `/healthz`,
    one every 10 ms until `stop` is set, sent to `out`."""
    times = []
    with httpx.Client(base_url=url, timeout=120) as client:
        while not stop.is_set():
            began = time.perf_counter()
            client.get("/healthz").raise_for_status()
            times.append((began, (time.perf_counter() - began) * 1000))
            time.sleep(0.01)
    out.send(times)


async def measure(url: str, burst: int, alone: float) -> tuple[float, float]:
    """Prints the figures of one run; the p99 of `/healthz` alone and during the burst."""
    context = multiprocessing.get_context("spawn")
    stop, (theirs, ours) = context.Event(), context.Pipe(duplex=False)
    poller = context.Process(target=poll, args=(url, stop, ours))
    limits = httpx.Limits(max_connections=burst + 10)
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as client:
        made = await client.post("/api/accounts", json={"name": "Ann", "password": PASSWORD})
        made.raise_for_status()
        poller.start()
        await asyncio.sleep(alone + 1)  # the poller's start, then `alone` seconds
        began = time.perf_counter()
        answers = await asyncio.gather(*(
            client.post("/api/session", json={"name": "Ann", "password": PASSWORD},
                        headers={"x-forwarded-for": f"10.1.{i // 250}.{i % 250 + 1}"})
            for i in range(burst)))
        ended = time.perf_counter()
        took = ended - began
        await asyncio.sleep(0.2)
        stop.set()
        times = theirs.recv()
        poller.join()
    quiet = [ms for at, ms in times if began - alone <= at < began]
    busy = [ms for at, ms in times if began <= at <= ended]
    codes = collections.Counter(a.status_code for a in answers)
    for label, times in (("alone", quiet), (f"during {burst} sign-ins", busy)):
        print(f"/healthz {label}: {len(times)} requests, p50 {percentile(times, 50):.1f} ms, "
              f"p99 {percentile(times, 99):.1f} ms, max {max(times):.1f} ms")
    print(f"the sign-ins took {took:.2f} s: " +
          ", ".join(f"{n} x {code}" for code, n in sorted(codes.items())))
    return percentile(quiet, 99), percentile(busy, 99)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--burst", type=int, default=100)
    parser.add_argument("--alone", type=float, default=3.0, help="seconds timed before")
    parser.add_argument("--hash-queue", type=int, default=None)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    figures = [one_run(args) for _ in range(args.runs)]
    if args.runs > 1:
        print("p99 of /healthz, alone: " + ", ".join(f"{q:.1f}" for q, _ in figures) +
              " ms; during the burst: " + ", ".join(f"{b:.1f}" for _, b in figures) + " ms")


def one_run(args: argparse.Namespace) -> tuple[float, float]:
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "RATKING_SEARCH_WORKERS": "1",
               "RATKING_FORWARDED_ALLOW_IPS": "127.0.0.1"}
        if args.hash_queue is not None:
            env["RATKING_HASH_QUEUE"] = str(args.hash_queue)
        server = subprocess.Popen(
            [sys.executable, "-m", "ratking.cli", "serve", "--port", str(port),
             "--db", f"sqlite:///{Path(folder) / 'tables.db'}"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            url = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 60
            while True:
                try:
                    httpx.get(f"{url}/healthz", timeout=1).raise_for_status()
                    break
                except httpx.HTTPError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.2)
            return asyncio.run(measure(url, args.burst, args.alone))
        finally:
            server.terminate()
            server.wait(30)


if __name__ == "__main__":
    main()
