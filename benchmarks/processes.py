"""One server process against several on PostgreSQL, under the same load, runs interleaved.

Runs `load.py` against `ratking serve --workers 1`, then `--workers N` (with --sticky, also
`--workers N --sticky`: the processes behind nginx, each table routed to one), ROUNDS times in
turn (so all meet the same host load), each on a fresh schema of the PostgreSQL database
given, dropped afterwards. Prints a Markdown table: per run the server's CPU a move (every
server process, from /proc: robust to the host's load; nginx's apart), the moves a second,
the p50 and p99 latency and the clients that failed; then the ratios of the medians (CPU a
move and moves a second, each setup over one process).

    python benchmarks/processes.py --db postgresql+psycopg://USER:PASS@HOST/DB \\
        --tables 200 --seconds 40 [--workers 2] [--rounds 2] [--sticky] \\
        [--client-cpus 0 --server-cpus 1-2]

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


def one_run(url: str, workers: int, sticky: bool, args: argparse.Namespace) -> dict:
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    admin = create_engine(url)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        clients = ["taskset", "-c", args.client_cpus] if args.client_cpus else []
        server = ["--server-cpus", args.server_cpus] if args.server_cpus else []
        done = subprocess.run([*clients, sys.executable, str(LOAD), "--tables", str(args.tables),
                               "--seconds", str(args.seconds), "--warmup", str(args.warmup),
                               "--workers", str(workers), "--db", in_schema(url, schema),
                               *(["--sticky"] if sticky else []), *server],
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
    parser.add_argument("--sticky", action="store_true",
                        help="also the processes behind nginx (serve --sticky)")
    parser.add_argument("--client-cpus", help="the load generator's cores (taskset -c)")
    parser.add_argument("--server-cpus", help="the server's cores (taskset -c), e.g. 1-2")
    args = parser.parse_args()
    if not args.db.startswith("postgresql"):
        sys.exit("benchmarks/processes.py: --db must be a PostgreSQL URL")
    setups = [(1, False), *([(args.workers, True)] if args.sticky else []),
              (args.workers, False)]
    runs: dict[tuple[int, bool], list[dict]] = {setup: [] for setup in setups}
    print("| processes | CPU a move | nginx's CPU a move | moves/s | p50 | p99 | "
          "client failures |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for _ in range(args.rounds):
        for workers, sticky in setups:
            result = one_run(args.db, workers, sticky, args)
            runs[workers, sticky].append(result)
            print(f"| {label(workers, sticky)} | {result['server_cpu_ms_per_move']} ms | "
                  f"{result['router_cpu_ms_per_move'] if sticky else '-'} | "
                  f"{result['moves_per_s']} | {result['p50_ms']} ms | {result['p99_ms']} ms | "
                  f"{result['client_failures']} |", flush=True)

    def median(setup: tuple[int, bool], key: str) -> float:
        return statistics.median(r[key] for r in runs[setup])

    one = (1, False)
    print()
    for setup in setups[1:]:
        cpu = median(setup, "server_cpu_ms_per_move") / median(one, "server_cpu_ms_per_move")
        rate = median(setup, "moves_per_s") / median(one, "moves_per_s")
        print(f"{label(*setup)} against one process (medians): CPU a move x{cpu:.2f}, "
              f"moves a second x{rate:.2f}")


def label(workers: int, sticky: bool) -> str:
    return f"{workers} sticky" if sticky else str(workers)


if __name__ == "__main__":
    main()
