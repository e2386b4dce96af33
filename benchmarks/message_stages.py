"""Where a move's message work goes, stage by stage, in CPU time (no server, no sockets).

Plays GAMES games of Rat-a-Tat Roll (three heuristic bots) and after every move builds what
ratking's server builds for a person's seat and a spectator (`server/messages.py`,
`rooms/snapshots.py`): the view, the legal actions and their routes, the SVG board in its
fragments, the log told from the seat's side, the how-to-win panel, then the delta from the
seat's last message (the SVG's from its fragments, the rest as a JSON diff) and its encoding.
Each stage is timed with `time.process_time` and reported in microseconds a move (both seats),
beside what the lean yardstick (`lean_server.py`) does instead: the view and actions, encoded
whole.

    python benchmarks/message_stages.py [--games 6]
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
from ratking.server import explain
from ratking.server.delta import Drawing, diff, drawing_pieces
from ratking.server.messages import Narrator, actions_for
from ratking.server.routes import routes

SEATS = (0, None)  # a person's seat and a spectator, as load.py's tables have


def measure(games: int) -> dict[str, Any]:
    spent: collections.Counter[str] = collections.Counter()

    def timed(stage: str, call: Callable, *args: Any) -> Any:
        start = time.process_time()
        out = call(*args)
        spent[stage] += time.process_time() - start
        return out

    game = shared("rat-a-tat-roll")
    moves = 0
    for number in range(games):
        state = game.new_game(3, seed=number)
        bots = [make_bot("heuristic", 10 * number + seat) for seat in range(3)]
        narrators = {seat: Narrator(seat) for seat in SEATS}
        last: dict[int | None, tuple[dict[str, Any], Drawing]] = {}
        while not state.is_over:
            action = timed("bot's choice", bots[state.current_player].choose, state)
            state.apply(action.id)
            moves += 1
            for seat in SEATS:
                view = timed("view", state.view, seat)
                actions = timed("actions", actions_for, state, seat)
                found = timed("routes", routes, state, seat) if actions else {}
                drawing = timed("SVG drawn", lambda v=view, a=actions: Drawing(
                    game.render_svg_parts(v, a)))
                message = {"view": view, "actions": actions, "routes": found,
                           "log": timed("log told", narrators[seat], state, {}),
                           "standing": timed("how-to-win panel", explain.standing, state,
                                             view)}
                timed("lean: view encoded", orjson.dumps,
                      {"view": view, "actions": actions, "version": state.steps})
                if seat in last:
                    before, old = last[seat]
                    ops = [["<", ["svg"], timed("SVG delta", drawing_pieces, old, drawing)]]
                    for name, value in message.items():
                        timed("JSON delta", diff, before.get(name), value, [name], ops)
                    timed("delta encoded", orjson.dumps, ops)
                last[seat] = message, drawing
    lean = {"view", "actions", "lean: view encoded", "bot's choice"}
    ratking = sum(v for k, v in spent.items() if k != "lean: view encoded")
    return {"moves": moves,
            "us_per_move": {k: round(v / moves * 1e6, 1) for k, v in spent.most_common()},
            "ratking_us_per_move": round(ratking / moves * 1e6, 1),
            "lean_us_per_move": round(sum(spent[k] for k in lean) / moves * 1e6, 1),
            "svg_share_of_ratking": round((spent["SVG drawn"] + spent["SVG delta"]) / ratking, 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    args = parser.parse_args()
    print(orjson.dumps(measure(args.games), option=orjson.OPT_INDENT_2).decode())


if __name__ == "__main__":
    main()
