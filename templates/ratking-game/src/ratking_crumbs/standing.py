"""The web table's how-to-win panel, end screen, and the hands shown in a finished game's
replay. The panel is built from a view alone, so it shows nothing the view does not."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ratking.core import plural

from .rules import winners

if TYPE_CHECKING:
    from .state import CrumbsState

GOAL = "When the pile is empty, your crumbs plus your secret card is your score: the best wins."


def standing(view: dict[str, Any]) -> dict[str, Any]:
    rows = []
    for i, seat in enumerate(view["seats"]):
        card = "a hidden card" if seat["card"] is None else f"card {seat['card']}"
        rows.append({"seats": [i], "name": seat["name"],
                     "text": f"{plural(seat['crumbs'], 'crumb')} and {card}", "progress": None})
    note = f"{plural(view['pile'], 'crumb')} left in the pile."
    return {"goal": GOAL, "rows": rows, "note": note}


def ending(s: CrumbsState) -> dict[str, Any]:
    scores = s.scores()
    return {"winners": winners(scores, s.end_reason), "team": None,
            "rule": "Most crumbs plus the secret card" if s.end_reason == "finished"
            else "The round limit: a draw",
            "column": "Score", "scores": [f"{x:g}" for x in scores], "teams": None}


def open_hands(s: CrumbsState) -> list[dict[str, str]]:
    return [{"who": name, "holds": f"a {card}"} for name, card in zip(s.names, s.secret,
                                                                        strict=True)]
