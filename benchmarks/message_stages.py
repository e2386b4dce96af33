"""Where a move's message work goes, stage by stage, in CPU time (no server, no sockets).

Plays GAMES games of Rat-a-Tat Roll (three heuristic bots) and after every move builds what
ratking's server builds for a person's seat and a spectator (`server/play/messages.py`,
`rooms/snapshots.py`): the view, the legal actions and their routes, the log told from the
seat's side, the how-to-win panel, then the delta from the seat's last message (a JSON diff)
and its encoding. The board itself is drawn in the browser from the view (`static/boards/`);
`--server-svg` adds what drawing it here in Python would cost (as for a game with no
renderer in the browser, its SVG diffed as a long string).
Each stage is timed with `time.process_time` (a few µs a call on a VM: each stage is one call a
seat, and the timer's own cost is measured and taken off) and reported in microseconds a move
(both seats),
beside what the lean yardstick (`lean_server.py`) does instead: the view and actions, encoded
whole.

    python benchmarks/message_stages.py [--games 6] [--server-svg]
"""

from __future__ import annotations

import argparse
import collections
import time
from collections.abc import Callable
from typing import Any

import orjson

from ratking.bots import make_bot
from ratking.core import shared
from ratking.server.play import explain
from ratking.server.play.delta import diff
from ratking.server.play.messages import Narrator, actions_for, drawn_actions

SEATS = (0, None)  # a person's seat and a spectator, as load.py's tables have


def timer_cost(samples: int = 20000) -> float:
    """What one timed interval adds by itself: two process_time calls with nothing between."""
    clock = time.process_time
    total = 0.0
    for _ in range(samples):
        start = clock()
        total += clock() - start
    return total / samples


def delta_of(before: dict[str, Any], message: dict[str, Any], ops: list[list[Any]]) -> None:
    """The JSON delta of a message from the one before, key by key (as Snapshot.delta_from)."""
    for name, value in message.items():
        diff(before.get(name), value, [name], ops)


def measure(games: int, server_svg: bool = False) -> dict[str, Any]:
    spent: collections.Counter[str] = collections.Counter()

    calls: collections.Counter[str] = collections.Counter()

    def timed(stage: str, call: Callable, *args: Any) -> Any:
        start = time.process_time()
        out = call(*args)
        spent[stage] += time.process_time() - start
        calls[stage] += 1
        return out

    game = shared("rat-a-tat-roll")
    moves = 0
    for number in range(games):
        state = game.new_game(3, seed=number)
        bots = [make_bot("heuristic", 10 * number + seat) for seat in range(3)]
        narrators = {seat: Narrator(seat) for seat in SEATS}
        last: dict[int | None, dict[str, Any]] = {}
        while not state.is_over:
            action = timed("bot's choice", bots[state.current_player].choose, state)
            state.apply(action.id)
            moves += 1
            for seat in SEATS:
                view = timed("view", state.view, seat)
                actions = timed("actions", actions_for, state, seat)
                found, labels, drawn = timed("routes", drawn_actions, state, seat, actions)
                message = {"view": view, "actions": actions, "routes": found,
                           "route_labels": labels, "route_actions": drawn[len(actions):],
                           "log": timed("log told", narrators[seat], state, {}),
                           "standing": timed("how-to-win panel", explain.standing, state,
                                             view)}
                if server_svg:
                    message["svg"] = timed("SVG drawn", game.render_svg, view, drawn)
                timed("lean: view encoded", orjson.dumps,
                      {"view": view, "actions": actions, "version": state.steps})
                if seat in last:
                    ops: list[list[Any]] = []
                    before = last[seat]
                    svg = message.pop("svg", None)
                    timed("JSON delta", delta_of, before, message, ops)
                    if svg is not None:
                        timed("SVG delta", diff, before["svg"], svg, ["svg"], ops)
                        message["svg"] = svg
                    timed("delta encoded", orjson.dumps, ops)
                last[seat] = message
    tick = timer_cost()
    for stage, n in calls.items():
        spent[stage] = max(0.0, spent[stage] - n * tick)
    lean = {"view", "actions", "lean: view encoded", "bot's choice"}
    ratking = sum(v for k, v in spent.items() if k != "lean: view encoded")
    return {"moves": moves, "timer_us_per_call": round(tick * 1e6, 2),
            "us_per_move": {k: round(v / moves * 1e6, 1) for k, v in spent.most_common()},
            "ratking_us_per_move": round(ratking / moves * 1e6, 1),
            "lean_us_per_move": round(sum(spent[k] for k in lean) / moves * 1e6, 1),
            "svg_share_of_ratking": round((spent["SVG drawn"] + spent["SVG delta"]) / ratking, 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--server-svg", action="store_true",
                        help="draw the SVG board here too, as the server did before")
    args = parser.parse_args()
    print(orjson.dumps(measure(args.games, args.server_svg),
                       option=orjson.OPT_INDENT_2).decode())


if __name__ == "__main__":
    main()
