"""The body of `ratking review RECORD [--seat N] [--json FILE]`."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console

from ..core import RatkingError, game_class, load_record
from ..outputs import check_writable_file
from ..sim.progress import progress_bar
from .analysis import review, unreviewable
from .text import render


def run(path: Path, console: Console, seat: int | None = None, out: Path | None = None,
        seed: int = 0, iters: int | None = None) -> None:
    """Review the record at `path` and print it; `seat` counts from 1; `out`: the JSON too.
    Bad input raises RatkingError before any work."""
    if out is not None:
        check_writable_file(out, "--json")
    record = load_record(path)
    why = unreviewable(game_class(record["game"]))
    if why is not None:
        raise RatkingError(why)
    players = record.get("players")
    if seat is not None and not (isinstance(players, int) and 1 <= seat <= players):
        raise RatkingError(f"no seat {seat}: this game's seats are 1 to {players}")
    shown = None if seat is None else seat - 1
    with progress_bar(console, "reviewing", len(record.get("actions") or ()) or 1,
                      "decisions") as bar:
        done = [0]

        def advance(k: int, total: int) -> None:
            bar.advance(k - done[0])
            done[0] = k

        result = review(record, seed=seed, iters=iters,
                        seats=None if shown is None else [shown], progress=advance)
    if out is not None:
        out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    console.print(render(result, shown), highlight=False, markup=False, soft_wrap=True)
