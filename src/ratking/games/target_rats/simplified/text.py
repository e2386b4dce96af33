"""Target: Rats Simplified in the terminal: a Rich rendering of a view."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

STYLES = ("bold white", "bold bright_black", "bold yellow", "bold magenta")


def _rats(view: dict[str, Any], space: dict[str, Any]) -> Text:
    out = Text(space["id"], style="bold" if space["corridor"] else "")
    if space["dumpster"]:
        out.append(" D", style="green")
    if space["exterminator"]:
        out.append(" X", style="bold red")
    for r in space["rats"]:
        seat = r["seat"]
        out.append(f" {seat + 1}:" + "r" * r["unfed"] + "R" * r["fed"], style=STYLES[seat % 4])
    return out


def render(view: dict[str, Any]) -> Panel:
    spaces = {s["id"]: s for s in view["spaces"]}
    table = Table(show_header=True, show_lines=False, expand=False)
    table.add_column("surface")
    table.add_column("underground")
    table.add_column("nests / Rat City")
    surface = [s for s in view["spaces"] if s["kind"] == "surface"]
    under = [s for s in view["spaces"] if s["kind"] == "underground"]
    other = [spaces["RC"], *(s for s in view["spaces"] if s["kind"] == "home-nest")]
    for i, s in enumerate(surface):
        u = under[i // 2] if i % 2 == 0 else None
        o = other[i // 4] if i % 4 == 0 and i // 4 < len(other) else None
        table.add_row(_rats(view, s), _rats(view, u) if u else Text(""),
                      _rats(view, o) if o else Text(""))
    lines = []
    for fa in view["factions"]:
        mark = " (Da Big Cheese)" if fa["cheese"] else ""
        lines.append(Text(f"{fa['name']} ({fa['faction']}, {fa['home']}): {fa['rats']} rats, "
                          f"{fa['fed']} fed, {fa['at_home']} at home{mark}",
                          style=STYLES[fa["seat"] % 4]))
    status = Text(f"Round {view['round']}" + (f"/{view['max_rounds']}" if view["max_rounds"]
                                              else "") + f"   phase {view['phase']}")
    if view["over"]:
        status.append("   game over: " + view["result"]["end"], style="bold")
    elif view["dice"]:
        status.append(f"   dice {view['dice']}, {view['pool']} left to move"
                      + ("   Target available" if view["target_available"] else ""))
        if view["mover"]:
            status.append("   moving: " + " > ".join(view["mover"]["path"]))
    legend = Text("r unfed rat, R fed rat (n: seat), D dumpster, X the Exterminator; corridors "
                  "S0/U0, S6/U3, S12/U6, S18/U9 lead to Rat City (RC)", style="dim")
    return Panel(Group(status, table, *lines, legend), title="Target: Rats Simplified")
