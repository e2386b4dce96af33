"""You Dirty Rat in words, for a screen reader, from one seat's view only."""

from __future__ import annotations

from typing import Any

from ...core import plural, seat_label


def _cards(cards: list[dict[str, Any]]) -> str:
    return ", ".join("$100" if c["id"] is None else c["name"] for c in cards) or "nothing"


def describe(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    rounds = f"Round {view['round']}" + (f" of {view['max_rounds']}"
                                         if view.get("max_rounds") else "")
    lines = [f"You Dirty Rat. {rounds}. Town Stash ${view['stash']:,}; deck "
             f"{plural(view['deck'], 'card')}; discard pile {len(view['discard'])}."]
    tops = [f"{c['left'][0]['name']} ({c['colour']})" for c in view["chains"]
            if c["in_play"] and c["left"]]
    lines.append("Heists on top: " + (", ".join(tops) or "none") + ".")
    for p, s in enumerate(view["seats"]):
        who = seat_label(s["name"], p == seat)
        nights = "; ".join(f"Night {i + 1}: {_cards(n)}" for i, n in enumerate(s["nights"]))
        hand = (f"hand: {_cards(s['hand'])}" if s.get("hand") is not None
                else f"{plural(s['hand_count'], 'card')} in hand")
        lines.append(f"{who}: ${s['money']:,}, {hand}, {plural(len(s['heist_colours']), 'heist')}. "
                     f"Hideout {nights}; Refresh Area: {_cards(s['refresh'])}.")
    if view.get("drawn"):
        lines.append(f"The Mastermind drew: {_cards(view['drawn'])}.")
    return "\n".join(lines)
