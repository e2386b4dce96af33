"""Crumbs in the terminal: one seat's view, with Rich; in full, and in a few lines."""

from __future__ import annotations

from typing import Any

from rich.panel import Panel
from rich.text import Text

from ratking.core import plural, seat_label


def card(seat: dict[str, Any]) -> str:
    return "?" if seat["card"] is None else str(seat["card"])


def render(view: dict[str, Any]) -> Panel:
    out = Text(f"Pile: {plural(view['pile'], 'crumb')}   Deck: {plural(view['deck'], 'card')}   "
               f"Round {view['round']}\n", style="bold")
    if view["discard"]:
        out.append(f"Face up: {', '.join(map(str, view['discard']))}\n")
    for i, seat in enumerate(view["seats"]):
        mark = "▶ " if i == view["to_move"] else "  "
        out.append(f"{mark}{seat_label(seat['name'], i == view['seat'])}: "
                   f"{plural(seat['crumbs'], 'crumb')}, card {card(seat)}"
                   f"{' (swapped)' if seat['swapped'] else ''}\n")
    if view["over"]:
        out.append("Game over", style="bold")
    return Panel(out, title="Crumbs", expand=False)


def render_compact(view: dict[str, Any]) -> Text:
    """The pile and one short line per seat."""
    out = Text(f"Crumbs · pile {view['pile']}\n", style="bold")
    for i, seat in enumerate(view["seats"]):
        mark = "▶" if i == view["to_move"] else " "
        out.append(f"{mark} {seat_label(seat['name'], i == view['seat'])} "
                   f"{seat['crumbs']} + {card(seat)}\n")
    return out
