"""What `synchronous=FULL` costs a move on SQLite: the wall time of one-row commits in WAL
mode with each setting, on a file in a temporary folder (or `--folder`, the disk to test).

    python benchmarks/sqlite_sync.py --commits 500
"""

from __future__ import annotations

import argparse
import sqlite3
import tempfile
import time
from pathlib import Path


def per_commit(path: Path, synchronous: str, commits: int) -> float:
    """Milliseconds per one-row commit."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute(f"PRAGMA synchronous={synchronous}")
    db.execute("CREATE TABLE IF NOT EXISTS moves (i INTEGER PRIMARY KEY, action TEXT)")
    start = time.perf_counter()
    for _ in range(commits):
        db.execute("BEGIN")
        db.execute("INSERT INTO moves (action) VALUES ('step:h3')")
        db.execute("COMMIT")
    took = time.perf_counter() - start
    db.close()
    return took / commits * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commits", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--folder", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.folder) as folder:
        for _ in range(args.rounds):  # interleaved, so both see the same disk and load
            for mode in ("NORMAL", "FULL"):
                ms = per_commit(Path(folder) / f"{mode}.db", mode, args.commits)
                print(f"synchronous={mode}: {ms:.2f} ms a commit ({args.commits} commits)")


if __name__ == "__main__":
    main()
