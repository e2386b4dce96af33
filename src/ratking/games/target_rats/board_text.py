"""The Target: Rats board in the terminal (Rich), shared by the full game and the Simplified game.

The board is laid out by quadrants: one column per quadrant, its surface spaces (the corridor
space first) above its underground spaces; Rat City and the home nests follow on their own.
Each game gives the text of a space (`cell`); the rats of a space are written the same way in
both: `2:rrR` = seat 2 has two unfed rats (r) and one fed rat (R).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.table import Table
from rich.text import Text

FACTION_STYLES = {"White": "bold white", "Grey": "bold grey62", "Brown": "bold dark_orange3",
                  "Black": "bold black on grey78"}
SEAT_STYLES = ("bold white", "bold grey62", "bold dark_orange3", "bold black on grey78")


def styles(view: dict[str, Any]) -> dict[int, str]:
    """Each seat's style, from its faction's name."""
    return {f["seat"]: FACTION_STYLES.get(f["faction"], SEAT_STYLES[f["seat"] % 4])
            for f in view["factions"]}


def rats(out: Text, groups: list[dict[str, Any]], style: dict[int, str]) -> Text:
    """Append a space's rats to `out`: ` 2:rrR` per faction (counts when there are many)."""
    for r in groups:
        unfed, fed = r["unfed"], r["fed"]
        marks = "r" * unfed + "R" * fed if unfed + fed <= 5 else \
            (f"{unfed}r" if unfed else "") + (f"{fed}R" if fed else "")
        out.append(" ")
        out.append(f"{r['seat'] + 1}:{marks}", style=style.get(r["seat"], "bold"))
    return out


def quadrant_table(view: dict[str, Any], cell: Callable[[dict[str, Any]], Text]) -> Table:
    """The rings, one column per quadrant: surface spaces, then underground spaces."""
    spaces = view["spaces"]
    surface = sorted((s for s in spaces if s["kind"] == "surface"), key=lambda s: s["ring_index"])
    under = sorted((s for s in spaces if s["kind"] == "underground"),
                   key=lambda s: s["ring_index"])
    ns, nu = len(surface) // 4, len(under) // 4
    table = Table(show_header=True, show_lines=False, expand=False, pad_edge=False)
    for k in range(4):
        table.add_column(f"quadrant {k + 1}", no_wrap=True)
    for i in range(ns):
        table.add_row(*(cell(surface[k * ns + i]) for k in range(4)))
    table.add_section()
    for j in range(nu):
        table.add_row(*(cell(under[k * nu + j]) for k in range(4)))
    return table


def others(view: dict[str, Any], cell: Callable[[dict[str, Any]], Text]) -> list[Text]:
    """Rat City and the home nests, one line each (empty home nests left out)."""
    out = []
    for s in view["spaces"]:
        if s["kind"] == "rat-city" or (s["kind"] == "home-nest" and s["rats"]):
            out.append(Text(f"{s['name']}: ", style="bold").append_text(cell(s)))
    return out


def compact_board(view: dict[str, Any], cell: Callable[[dict[str, Any]], Text]) -> list[Text]:
    """The board in five lines or so (the terminal's 80x24 screen): a line per quadrant
    naming only the spaces with something on or about them (rats, a token, a mark), then
    Rat City and the home nests with rats."""
    spaces = view["spaces"]
    rings = [sorted((s for s in spaces if s["kind"] == kind), key=lambda s: s["ring_index"])
             for kind in ("surface", "underground")]
    lines = []
    for k in range(4):
        line = Text(f"Q{k + 1}", style="dim")
        for ring in rings:
            n = len(ring) // 4
            for space in ring[k * n:(k + 1) * n]:
                text = cell(space)
                if text.plain != space["id"]:
                    line.append("  ")
                    line.append_text(text)
        lines.append(line)
    rest = Text()
    for s in spaces:
        if s["kind"] == "rat-city" or (s["kind"] == "home-nest" and s["rats"]):
            if rest:
                rest.append("  ")
            rest.append_text(cell(s))
    return [*lines, rest]
