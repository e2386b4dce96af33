"""How a Rat-a-Tat Roll game stands (the table's "how to win" panel), how it ended, and every
hand, for a finished game's replay."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import plural

if TYPE_CHECKING:
    from .state import RollState


def standing(view: dict[str, Any]) -> dict[str, Any]:
    """Each seat's cards collected toward the hand it needs; a total only where the view
    shows every card (at the end, or with the memory aid)."""
    need = view["cards_needed"]
    rows = []
    for i, seat in enumerate(view["seats"]):
        text = f"{seat['count']} of {need} cards, {plural(seat['tokens'], 're-roll token')}"
        if seat["cards"] and all(c is not None for c in seat["cards"]):
            text += f"; total {sum(seat['cards'])}"
        rows.append({"seats": [i], "name": seat["name"], "text": text,
                     "progress": min(1.0, seat["count"] / need)})
    note = None
    if view["final_round"]:
        note = f"Final round: {plural(view['turns_left'], 'turn')} left."
    return {"goal": f"Collect {need} cards with the lowest total you can. When the last "
                    "player has them all, everyone else has one more turn; then the cards "
                    "are shown and the lowest total wins.",
            "rows": rows, "note": note}


def ending(s: RollState) -> dict[str, Any]:
    """Lowest total wins, equal lowest share; a game stopped by the round limit is a draw."""
    totals = [int(t) for t in s.scores()]
    if s.end_reason == "round-cap":
        winners: list[int] = []
        rule = "the round limit was reached before the hands were complete"
    else:
        best = min(totals)
        winners = [i for i, t in enumerate(totals) if t == best]
        rule = (f"with the lowest card total, {best}" if len(winners) == 1
                else f"sharing the lowest card total, {best}")
    return {"winners": winners, "team": None, "rule": rule, "column": "Card total",
            "scores": [str(t) for t in totals], "teams": None}


def open_hands(s: RollState) -> list[dict[str, str]]:
    """Every player's cards, in the order they lie, with their total."""
    values = s.game.values
    out = []
    for name, hand in zip(s.names, s.hands, strict=True):
        cards = [values[c] for c in hand]
        holds = ", ".join(map(str, cards)) + f" (total {sum(cards)})" if cards else "no cards"
        out.append({"who": name, "holds": holds})
    return out
