"""The web server's own work per move, measured in-process (no network, no load generator).

Plays TABLES all-bot Rat-a-Tat Roll tables to the end on one event loop, each with a person's
connection (seat 0) and a spectator attached (sockets that discard what they are sent), bots
moving at once, moves written to a fresh SQLite file. Reports moves, CPU time per move and
the implied moves per second one core can serve.

    python benchmarks/server_moves.py [--tables 40]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from ratking.server.rooms import Connection, Rooms
from ratking.server.storage import Storage


class Sink:
    """A websocket that accepts and drops every message."""

    async def send_text(self, text: str) -> None:
        self.bytes = getattr(self, "bytes", 0) + len(text)


async def run(tables: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        rooms = Rooms(Storage(f"sqlite:///{Path(folder) / 'moves.db'}"), bot_delay=0)
        sinks = []
        for _ in range(tables):
            room, _tokens = rooms.create("rat-a-tat-roll", 3, ["heuristic"] * 3, {}, None,
                                         None, 0)
            for seats in ((0,), ()):
                sink = Sink()
                sinks.append(sink)
                room.connections.add(Connection(sink, seats))
        live = list(rooms.rooms.values())
        cpu, wall = time.process_time(), time.perf_counter()
        for room in live:
            room.schedule()
        while any(not r.state.is_over for r in live):
            await asyncio.sleep(0.005)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        rooms.storage.close()
    moves = sum(r.version for r in live)
    return {"tables": tables, "moves": moves, "cpu_ms_per_move": round(cpu / moves * 1e3, 2),
            "wall_ms_per_move": round(wall / moves * 1e3, 2),
            "moves_per_core_second": round(moves / cpu),
            "kb_sent_per_move": round(sum(getattr(s, "bytes", 0) for s in sinks) / moves / 1e3,
                                      1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=40)
    args = parser.parse_args()
    print(asyncio.run(run(args.tables)))


if __name__ == "__main__":
    main()
