"""The part of the "how to win" panel both Target: Rats games share: a row per faction and
the round limit's note. Each game says what a faction's row holds and how far it has come."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def faction_panel(view: dict[str, Any], goal: str,
                  row: Callable[[dict[str, Any]], tuple[list[str], float]]) -> dict[str, Any]:
    """The panel: `row(faction)` gives a faction's facts and its progress in [0, 1]."""
    rows = []
    for f in view["factions"]:
        parts, progress = row(f)
        if f["cheese"]:
            parts.append("Da Big Cheese")
        rows.append({"seats": [f["seat"]], "name": f"{f['name']} ({f['faction']})",
                     "text": "; ".join(parts), "progress": progress})
    note = None
    if view["max_rounds"]:
        note = (f"Round {view['round']} of {view['max_rounds']}: at the limit the game ends "
                "in a draw.")
    return {"goal": goal, "rows": rows, "note": note}
