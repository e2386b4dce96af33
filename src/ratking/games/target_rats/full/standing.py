"""How a Target: Rats game stands (the table's "how to win" panel) and how it ended. Nothing
is hidden but the order of the event decks, so the game has no hands to open in a replay."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....core import plural
from ..standing_rows import faction_panel
from .rats import nests

if TYPE_CHECKING:
    from .state import FullState


def standing(view: dict[str, Any]) -> dict[str, Any]:
    """Per faction: nest tokens toward the goal, Da Big Cheese, and a win waiting to come true."""
    need = view["limits"]["nests_to_win"]

    def row(f: dict[str, Any]) -> tuple[list[str], float]:
        parts = [f"{plural(f['nests'], 'nest token')} ({need} needed)",
                 f"{plural(f['rats'], 'rat')} ({f['fed']} fed)"]
        if f["pending_win"]:
            parts.append("wins at their next turn if they still hold both")
        return parts, (min(f["nests"], need) + f["cheese"]) / (need + 1)

    return faction_panel(view, f"Be Da Big Cheese (hold Rat City) with {need} nest tokens on "
                               "the board, and still hold both when your next turn begins.", row)


def ending(s: FullState) -> dict[str, Any]:
    """The faction that kept the throne and its nests for a round, or a draw at the limit."""
    counts = [nests(s, f) for f in range(s.players)]
    winners = [f for f, share in enumerate(s.returns()) if share == 1.0]
    if winners:
        rule = (f"as Da Big Cheese with {counts[winners[0]]} nest tokens, held until their "
                "next turn")
    else:
        rule = "the round limit was reached before anyone won"
    return {"winners": winners, "team": None, "rule": rule, "column": "Nest tokens",
            "scores": [str(n) for n in counts], "teams": None}
