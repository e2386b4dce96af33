"""Target: Rats (full rules) in words, for a screen reader, from one seat's view only."""

from __future__ import annotations

from typing import Any

from ....core import plural
from .. import board_words


def describe(view: dict[str, Any]) -> str:
    rounds = f"Round {view['round']}" + (f" of {view['max_rounds']}"
                                         if view.get("max_rounds") else "")
    lines = [f"Target: Rats. {rounds}. {view.get('prompt') or ''}".strip()]
    lines += board_words.factions(view)
    lines += board_words.tokens(view)
    for deck, d in (view.get("decks") or {}).items():
        top = d.get("top")
        last = f" Last drawn: {top['name']}: {top['text']}" if top else ""
        lines.append(f"{deck.title()} deck: {plural(d.get('left', 0), 'card')} left.{last}")
    seat = view.get("seat")
    for f in view["factions"]:
        item = f.get("item")
        if item:
            whose = "You hold" if f["seat"] == seat else f"{f['name']} holds"
            lines.append(f"{whose} the item {item['name']}: {item['text']}")
    choice = view.get("choice") or {}
    for card in choice.get("cards") or ():
        lines.append(f"Offered: {card['name']}: {card['text']}")
    return "\n".join(lines)
