"""Rat-a-Tat Roll in words, for a screen reader, from one seat's view only (so only the card
values that seat has been shown)."""

from __future__ import annotations

from typing import Any

from ...core import plural, seat_label

TITLE = "Rat-a-Tat Roll"


def describe(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    board = view["board"]
    rounds = f"Round {view['round']}" + (f" of {view['max_rounds']}"
                                         if view.get("max_rounds") else "")
    pawn = view["pawn"]
    where = ""
    if 0 <= pawn < len(board):
        space = board[pawn]
        kind = "a Wild space" if space["kind"] == "wild" else \
            f"the {space['region']} {space['kind'].replace('-', ' ')} space"
        where = f" The pawn is on {kind} (space {pawn})."
    lines = [f"{TITLE}. {rounds}.{where} Draw pile {plural(view['draw_pile'], 'card')}; "
             f"{plural(view['token_pool'], 're-roll token')} in the pool."]
    faces = ", ".join(f"{r['colour']} {r['card'] if r['card'] is not None else 'empty'}"
                      for r in view["regions"])
    lines.append(f"Face-up cards: {faces}.")
    if view.get("dice"):
        wild = f", Wild die {view['wild']}" if view.get("wild") else ""
        lines.append(f"Dice: {', '.join(map(str, view['dice']))}{wild}.")
    for p, s in enumerate(view["seats"]):
        cards = ", ".join("hidden" if c is None else str(c) for c in s["cards"]) or "none"
        lines.append(f"{seat_label(s['name'], p == seat)}: {plural(s['count'], 'card')} "
                     f"({cards}), {plural(s['tokens'], 'token')}.")
    return "\n".join(lines)
