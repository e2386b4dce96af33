"""Crumbs in the terminal: one seat's view, with Rich."""

from __future__ import annotations

from typing import Any

from rich.panel import Panel
from rich.text import Text

from ratking.core import seat_label


def render(view: dict[str, Any]) -> Panel:
    out = Text(f"Pile: {view['pile']} crumbs   Deck: {view['deck']} cards   "
               f"Round {view['round']}\n", style="bold")
    for i, seat in enumerate(view["seats"]):
        mark = "▶ " if i == view["to_move"] else "  "
        card = "?" if seat["card"] is None else str(seat["card"])
        out.append(f"{mark}{seat_label(seat['name'], i == view['seat'])}: "
                   f"{seat['crumbs']} crumbs, card {card}"
                   f"{' (swapped)' if seat['swapped'] else ''}\n")
    if view["over"]:
        out.append("Game over", style="bold")
    return Panel(out, title="Crumbs", expand=False)
