"""One server process against several on PostgreSQL, under the same load, runs interleaved.

Runs `load.py` against `ratking serve --workers 1`, then `--workers N`, ROUNDS times in turn
(so both meet the same host load), each on a fresh schema of the PostgreSQL database given,
dropped afterwards. Prints a Markdown table: per run the server's CPU a move (every server
process, from /proc: robust to the host's load), the moves a second, the p50 and p99 latency
and the clients that failed; then the ratios of the medians (CPU a move and moves a second,
N workers over one).

    python benchmarks/processes.py --db postgresql+psycopg://USER:PASS@HOST/DB \\
        --tables 200 --seconds 40 [--workers 2] [--rounds 2]

Moves a second only measure the server when the host has cores to spare and the clients run
elsewhere; on a busy host read the CPU a move.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import uuid
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

LOAD = Path(__file__).with_name("load.py")


def in_schema(url: str, schema: str) -> str:
    """`url` with its connections' search path set to `schema`."""
    return make_url(url).update_query_dict({"options": f"-csearch_path={schema}"}) \
        .render_as_string(hide_password=False)


def one_run(url: str, workers: int, args: argparse.Namespace) -> dict:
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    admin = create_engine(url)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        done = subprocess.run([sys.executable, str(LOAD), "--tables", str(args.tables),
                               "--seconds", str(args.seconds), "--warmup", str(args.warmup),
                               "--workers", str(workers), "--db", in_schema(url, schema)],
                              capture_output=True, text=True, check=True)
        return json.loads(done.stdout)
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="a PostgreSQL URL")
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--warmup", type=float, default=10)
    parser.add_argument("--workers", type=int, default=2, help="the processes to compare")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    if not args.db.startswith("postgresql"):
        sys.exit("benchmarks/processes.py: --db must be a PostgreSQL URL")
    runs: dict[int, list[dict]] = {1: [], args.workers: []}
    print("| processes | CPU a move | moves/s | p50 | p99 | client failures |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    for _ in range(args.rounds):
        for workers in runs:
            result = one_run(args.db, workers, args)
            runs[workers].append(result)
            print(f"| {workers} | {result['server_cpu_ms_per_move']} ms | "
                  f"{result['moves_per_s']} | {result['p50_ms']} ms | {result['p99_ms']} ms | "
                  f"{result['client_failures']} |", flush=True)

    def median(workers: int, key: str) -> float:
        return statistics.median(r[key] for r in runs[workers])

    cpu = median(args.workers, "server_cpu_ms_per_move") / median(1, "server_cpu_ms_per_move")
    rate = median(args.workers, "moves_per_s") / median(1, "moves_per_s")
    print(f"\n{args.workers} processes against one (medians): CPU a move x{cpu:.2f}, "
          f"moves a second x{rate:.2f}")


if __name__ == "__main__":
    main()
