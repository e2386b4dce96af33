"""Does a burst of sign-ins slow the tables? Starts `ratking serve` on a fresh SQLite file,
makes an account, then times `/healthz` (one request at a time, every 10 ms) first alone and
then while `--burst` sign-ins with the right password arrive at once, each from an address
of its own (the server believes `X-Forwarded-For` from loopback), and prints the
percentiles of both and what the sign-ins were answered. `--hash-queue` sets the server's
`hash_queue`: 1 admits a single hash, which shows what the burst's requests cost without it.

    python benchmarks/sign_in_burst.py                   # the defaults: 100 sign-ins
    python benchmarks/sign_in_burst.py --hash-queue 1    # the requests alone, nearly
"""

from __future__ import annotations

import argparse
import asyncio
import collections
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


async def poll(client: httpx.AsyncClient, stop: asyncio.Event) -> list[float]:
    """Milliseconds each `/healthz` took, until `stop`."""
    times = []
    while not stop.is_set():
        began = time.perf_counter()
        answer = await client.get("/healthz")
        answer.raise_for_status()
        times.append((time.perf_counter() - began) * 1000)
        await asyncio.sleep(0.01)
    return times


async def measure(url: str, burst: int, alone: float) -> None:
    limits = httpx.Limits(max_connections=burst + 10)
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as client, \
            httpx.AsyncClient(base_url=url, timeout=120) as health:
        made = await client.post("/api/accounts", json={"name": "Ann", "password": PASSWORD})
        made.raise_for_status()
        stop = asyncio.Event()
        polling = asyncio.create_task(poll(health, stop))
        await asyncio.sleep(alone)
        stop.set()
        quiet = await polling

        stop = asyncio.Event()
        polling = asyncio.create_task(poll(health, stop))
        await asyncio.sleep(0.2)
        began = time.perf_counter()
        answers = await asyncio.gather(*(
            client.post("/api/session", json={"name": "Ann", "password": PASSWORD},
                        headers={"x-forwarded-for": f"10.1.{i // 250}.{i % 250 + 1}"})
            for i in range(burst)))
        took = time.perf_counter() - began
        await asyncio.sleep(0.2)
        stop.set()
        busy = await polling
    codes = collections.Counter(a.status_code for a in answers)
    for label, times in (("alone", quiet), (f"during {burst} sign-ins", busy)):
        print(f"/healthz {label}: {len(times)} requests, p50 {percentile(times, 50):.1f} ms, "
              f"p99 {percentile(times, 99):.1f} ms, max {max(times):.1f} ms")
    print(f"the sign-ins took {took:.2f} s: " +
          ", ".join(f"{n} x {code}" for code, n in sorted(codes.items())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--burst", type=int, default=100)
    parser.add_argument("--alone", type=float, default=3.0, help="seconds timed before")
    parser.add_argument("--hash-queue", type=int, default=None)
    args = parser.parse_args()
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
            asyncio.run(measure(url, args.burst, args.alone))
        finally:
            server.terminate()
            server.wait(30)


if __name__ == "__main__":
    main()
