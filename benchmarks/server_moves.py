"""The web server's own work per move, measured in-process (no network, no load generator).

Plays TABLES all-bot tables of GAME (Rat-a-Tat Roll by default) to the end on one event loop,
each with a person's connection (seat 0) and a spectator attached (sockets that discard what
they are sent), bots moving at once, moves written to a fresh SQLite file. Reports moves, CPU
time per move and the implied moves per second one core can serve.

    python benchmarks/server_moves.py [--tables 40] [--game target-rats --rule max_rounds=10]
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


async def run(tables: int, game: str = "rat-a-tat-roll", rules: dict | None = None,
              players: int = 3) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        rooms = Rooms(Storage(f"sqlite:///{Path(folder) / 'moves.db'}"), bot_delay=0)
        sinks = []
        for _ in range(tables):
            room, _tokens = rooms.create(game, players, ["heuristic"] * players, rules or {},
                                         None, None, 0)
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
    return {"game": game, "tables": tables, "moves": moves,
            "cpu_ms_per_move": round(cpu / moves * 1e3, 2),
            "wall_ms_per_move": round(wall / moves * 1e3, 2),
            "moves_per_core_second": round(moves / cpu),
            "kb_sent_per_move": round(sum(getattr(s, "bytes", 0) for s in sinks) / moves / 1e3,
                                      1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--game", default="rat-a-tat-roll")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                        help="a rule variant (repeatable); numbers are read as ints")
    args = parser.parse_args()
    rules = {}
    for item in args.rule:
        name, _, value = item.partition("=")
        rules[name] = int(value) if value.lstrip("-").isdigit() else value
    print(asyncio.run(run(args.tables, args.game, rules, args.players)))


if __name__ == "__main__":
    main()
