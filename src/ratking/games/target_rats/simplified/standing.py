"""How a Target: Rats Simplified game stands (the table's "how to win" panel) and how it
ended. Nothing is hidden, so the game has no hands to open in a replay."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..standing_rows import faction_panel

if TYPE_CHECKING:
    from .state import RatsState


def standing(view: dict[str, Any]) -> dict[str, Any]:
    """Per faction: rats out of the home nest toward all of them, and Da Big Cheese."""
    need = view["max_rats"]

    def row(f: dict[str, Any]) -> tuple[list[str], float]:
        out = f["rats"] - f["at_home"]
        return ([f"{out} of {need} rats out of the nest", f"{f['at_home']} at home",
                 f"{f['fed']} fed"], (min(out, need) + f["cheese"]) / (need + 1))

    return faction_panel(view, f"Be Da Big Cheese (a rat of yours in Rat City) with all {need} "
                               "of your rats on the board and none left in the home nest.", row)


def ending(s: RatsState) -> dict[str, Any]:
    """The faction on the throne with every rat out, or a draw at the round limit."""
    counts = [len(r) for r in s.rats]
    winners = [f for f, share in enumerate(s.returns()) if share == 1.0]
    if winners:
        rule = f"as Da Big Cheese with all {counts[winners[0]]} rats out of the nest"
    else:
        rule = "the round limit was reached before anyone won"
    return {"winners": winners, "team": None, "rule": rule, "column": "Rats on the board",
            "scores": [str(n) for n in counts], "teams": None}
