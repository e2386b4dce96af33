"""What each seat may know, and the game told in plain English to each reader."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ratking.core import plural

from .phases import PHASE_NAMES

if TYPE_CHECKING:
    from .state import CrumbsState


def view(s: CrumbsState, seat: int | None) -> dict[str, Any]:
    """Everything `seat` may know: its own card; the others' only once the game is over. The
    keys from "game" to "over" are the ones every view holds (docs/new-game.md)."""
    return {
        "game": s.game.id, "seat": seat, "players": s.players, "to_move": s.current_player,
        "round": s.round, "max_rounds": s.game.rules.max_rounds, "phase": PHASE_NAMES[s.phase],
        "over": s.over,
        "pile": s.pile, "most": s.game.rules.most, "deck": len(s.deck), "discard": s.discard[:],
        "seats": [{"name": s.names[i], "crumbs": s.crumbs[i], "swapped": s.swapped[i],
                   "card": s.secret[i] if s.over or i == seat else None}
                  for i in range(s.players)],
        "result": {"returns": s.returns(), "scores": s.scores(), "end": s.end_reason}
        if s.over else None,
    }


def open_view(s: CrumbsState) -> dict[str, Any]:
    """A finished game's replay board: the spectator's view with every card face up."""
    v = view(s, None)
    for i, seat in enumerate(v["seats"]):
        seat["card"] = s.secret[i]
    v["open"] = True
    return v


def describe(s: CrumbsState, kind: str, actor: int | None, d: dict[str, Any],
             seat: int | None) -> str:
    """An event's predicate ("took 2 crumbs"), or a whole sentence for an event of no seat.
    `s.voice(seat)` says "you" or a name, and makes verbs agree."""
    v = s.voice(seat)
    if kind == "setup":
        return (f"A new game of Crumbs for {d['players']} players, "
                f"{plural(d['pile'], 'crumb')} in the pile")
    if kind == "deal":
        return f"got a secret card: a {d['card']}" if "card" in d else "got a secret card"
    if kind == "take":
        return f"took {plural(d['n'], 'crumb')} ({d['left']} left)"
    if kind == "swap":
        new = f" and drew a {d['new']}" if "new" in d else " for the top of the deck"
        return f"swapped {v.their(actor)} secret card, a {d['old']} now face up,{new}"
    if kind == "end":
        winners = d["winners"]
        if d["reason"] == "round-cap":
            return "The round limit is reached: a draw"
        best = d["scores"][winners[0]]
        verb = "share the win" if len(winners) > 1 else v.verb(winners, "win")
        return f"Game over: {v.group(winners)} {verb} with {best}"
    return kind
