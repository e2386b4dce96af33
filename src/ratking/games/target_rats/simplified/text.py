"""Target: Rats Simplified in the terminal: a Rich rendering of a view."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.text import Text

from ....core import plural, seat_label
from .. import board_text as T
from .phases import PHASE_WORDS


def _cell(view: dict[str, Any]) -> Callable[[dict[str, Any]], Text]:
    style = T.styles(view)

    def cell(space: dict[str, Any]) -> Text:
        out = Text(space["id"], style="bold" if space["corridor"] else "")
        if space["dumpster"]:
            out.append(" D", style="green")
        if space["exterminator"]:
            out.append(" X", style="bold red")
        return T.rats(out, space["rats"], style)
    return cell


def render_compact(view: dict[str, Any]) -> Group:
    """The board in about a dozen lines (the terminal's 80x24 screen): no legend."""
    status = _status(view)
    status.stylize("bold", 0, len(status.plain.split("   ")[0]))
    return Group(Text("Target: Rats Simplified · ", style="bold").append_text(status),
                 *T.compact_board(view, _cell(view)), *_lines(view))


def _lines(view: dict[str, Any]) -> list[Text]:
    style = T.styles(view)
    lines = []
    for fa in view["factions"]:
        mark = " (Da Big Cheese)" if fa["cheese"] else ""
        mover = fa["seat"] == view["to_move"] and not view["over"]
        lines.append(Text(f"{'▶ ' if mover else '  '}"
                          f"{seat_label(fa['name'], fa['seat'] == view['seat'])}: "
                          f"{fa['faction']} {fa['home']}, "
                          f"{plural(fa['rats'], 'rat')}, "
                          f"{fa['fed']} fed, {fa['at_home']} at home{mark}",
                          style=style[fa["seat"]]))
    return lines


def _status(view: dict[str, Any]) -> Text:
    status = Text(f"Round {view['round']}" + (f"/{view['max_rounds']}" if view["max_rounds"]
                                              else ""))
    if view["over"]:
        capped = view["result"]["end"] == "round-cap"
        status.append("   game over" + (" at the round limit" if capped else ""), style="bold")
    else:
        status.append(f"   {PHASE_WORDS.get(view['phase'], 'to play')}")
    if not view["over"] and view["dice"]:
        dice = ", ".join(str(d) for d in view["dice"])
        status.append(f"   dice {dice}, {view['pool']} left to move"
                      + ("   Target available" if view["target_available"] else ""))
        if view["mover"]:
            status.append("   moving: " + " > ".join(view["mover"]["path"]))
    return status


def render(view: dict[str, Any]) -> Panel:
    cell = _cell(view)
    legend = Text("r unfed rat, R fed rat (n: seat), D dumpster, X the Exterminator; corridors "
                  "S0/U0, S6/U3, S12/U6, S18/U9 lead to Rat City (RC)", style="dim")
    return Panel(Group(_status(view), T.quadrant_table(view, cell), *T.others(view, cell),
                       *_lines(view), legend), title="Target: Rats Simplified")
