"""The web server's own work per move, measured in-process (no network, no load generator).

Plays TABLES all-bot tables of GAME (Rat-a-Tat Roll by default) to the end on one event loop,
each with a person's connection (seat 0) and a spectator attached (sockets that keep count
of what they are sent), bots moving at once, moves written to a fresh SQLite file. The tables are
played one after the other, so each move is timed on its own: process CPU time from the end
of one move to the end of the next (the bot's choice, the checks, the database write, drawing
each watched seat's board, the deltas, and the event loop's own work). Reports,
per move and per watching seat: the median and 90th percentile of CPU time and of bytes sent
(medians over every move after each table's first, which goes out in full), and the totals.

    python benchmarks/server_moves.py [--tables 40] [--game target-rats --rule max_rounds=10]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from ratking.server.rooms import Connection, Room, Rooms
from ratking.server.settings import Settings
from ratking.server.storage.tables import Storage


class Sink:
    """A websocket that counts and drops every message."""

    def __init__(self) -> None:
        self.sizes: list[int] = []

    async def send_text(self, text: str) -> None:
        self.sizes.append(len(text.encode()))


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


async def run(tables: int, game: str = "rat-a-tat-roll", rules: dict | None = None,
              players: int = 3) -> dict:
    per_move: list[float] = []
    submit = Room.submit
    last = [0.0]

    async def timed_submit(self, seat, action, version, by="human"):
        await submit(self, seat, action, version, by)
        done = time.process_time()
        if self.steps > 1:  # from the end of one move to the end of the next
            per_move.append(done - last[0])
        last[0] = done

    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(bot_delay=0, botonly_min_delay=0, botonly_max_rounds=10**6)
        rooms = Rooms(Storage(f"sqlite:///{Path(folder) / 'moves.db'}"), settings)
        sinks: list[Sink] = []
        live = []
        cpu, wall = time.process_time(), time.perf_counter()
        Room.submit = timed_submit
        try:
            for _ in range(tables):  # one table at a time, so each move is timed alone
                room, _tokens, _owner = await rooms.create(game, players,
                                                           ["heuristic"] * players,
                                                           rules or {}, None, None, 0)
                room.task.cancel()
                live.append(room)
                for seats in ((0,), ()):
                    sink = Sink()
                    sinks.append(sink)
                    await room.joined(Connection(sink, seats))  # type: ignore[arg-type]
                room.schedule()
                while room.playing:
                    await asyncio.sleep(0.005)
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        finally:
            Room.submit = submit
        rooms.storage.close()
    moves = sum(r.steps for r in live)
    seats = 2  # sockets watching each table
    sizes = [size for sink in sinks for size in sink.sizes[1:]]  # after the first, full one
    return {"game": game, "tables": tables, "moves": moves,
            "cpu_ms_per_seat_median": round(statistics.median(per_move) / seats * 1e3, 3),
            "cpu_ms_per_seat_p90": round(pct(per_move, 0.9) / seats * 1e3, 3),
            "kb_per_seat_median": round(statistics.median(sizes) / 1e3, 2),
            "kb_per_seat_p90": round(pct(sizes, 0.9) / 1e3, 2),
            "cpu_ms_per_move_all_in": round(cpu / moves * 1e3, 3),
            "wall_ms_per_move": round(wall / moves * 1e3, 3),
            "moves_per_core_second": round(moves / cpu),
            "kb_sent_per_seat_mean": round(sum(sum(s.sizes) for s in sinks) / moves / seats
                                           / 1e3, 2)}


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
