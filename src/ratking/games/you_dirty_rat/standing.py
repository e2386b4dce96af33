"""How a You Dirty Rat game stands (the table's "how to win" panel), how it ended, and every
hand, for a finished game's replay."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import plural
from . import rules
from .views import card_view

if TYPE_CHECKING:
    from .state import RatState


def dollars(amount: int) -> str:
    """$1,200."""
    return f"${amount:,}"


def standing(view: dict[str, Any]) -> dict[str, Any]:
    """Each Crime Lord's cash and Heists; the Town Stash and the Heists left, which end the
    game when they run out."""
    rows = []
    for i, seat in enumerate(view["seats"]):
        heists = len(seat["heists"])
        text = f"{dollars(seat['money'])} cash; {heists} Heist{'' if heists == 1 else 's'}"
        colours = sorted(set(seat["heist_colours"]))
        if any(seat["heist_colours"].count(c) > 1 for c in colours):
            text += " (a chain bonus at the end)"
        rows.append({"seats": [i], "name": seat["name"], "text": text, "progress": None})
    left = sum(len(chain["left"]) for chain in view["chains"] if chain["in_play"])
    return {"goal": "The most cash wins, chain bonuses included (Heists of one colour pay "
                    "extra). The game ends when the Town Stash is empty, when no Heist is "
                    "left, or when a card must be drawn and none is left.",
            "rows": rows,
            "note": f"Town Stash {dollars(view['stash'])}; {left} Heists left; "
                    f"{plural(view['deck'], 'card')} in the deck."}


ENDED = {"town-stash": "the Town Stash ran out", "heists": "no Heist was left",
         "deck": "a card was to be drawn and none was left"}


def ending(s: RatState) -> dict[str, Any]:
    """Most money plus chain bonuses; ties go to most Heists, then fewest Specialists."""
    totals = rules.totals(s)
    winners = [p for p, share in enumerate(s.returns()) if share > 0]
    best = totals[winners[0]]
    rule = (f"with the most cash, {dollars(best)} with chain bonuses" if len(winners) == 1
            else f"sharing the most cash, {dollars(best)} with chain bonuses")
    level = [p for p in range(s.players) if totals[p] == best]
    most = max(len(s.won[p]) for p in level)
    top = [p for p in level if len(s.won[p]) == most]
    if len(top) < len(level):
        rule += f", and the most Heists of those tied on cash ({most})"
    if len(winners) < len(top):
        rule += ", and the fewest Specialists of those tied on cash and Heists"
    why = [ENDED[e] for e in rules.endings(s)]
    if s.end_reason == "round-cap":
        why.insert(0, "the round limit was reached")
    if why:
        rule += f"; the game ended as {' and '.join(why)}"
    return {"winners": winners, "team": None, "rule": rule, "column": "Cash + bonuses",
            "scores": [dollars(t) for t in totals], "teams": None}


def open_hands(s: RatState) -> list[dict[str, str]]:
    """Every player's hand of Specialists and Ringleaders."""
    return [{"who": name,
             "holds": ", ".join(sorted(card_view(s, c)["name"] for c in hand)) or "no cards"}
            for name, hand in zip(s.names, s.hands, strict=True)]
