"""Target: Rats Simplified in words, for a screen reader, from one seat's view only."""

from __future__ import annotations

from typing import Any

from .. import board_words


def describe(view: dict[str, Any]) -> str:
    rounds = f"Round {view['round']}" + (f" of {view['max_rounds']}"
                                         if view.get("max_rounds") else "")
    lines = [f"Target: Rats Simplified. {rounds}."]
    if not view.get("over"):
        dice = ", ".join(str(d) for d in view.get("dice") or ())
        lines.append(f"Dice {dice}: {view.get('pool')} to move.")
    lines += board_words.factions(view)
    lines += board_words.tokens(view)
    return "\n".join(lines)
