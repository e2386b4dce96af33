"""Target: Rats' counters for lab reports: the event cards played and what each did.

A card's effect is every event from its draw (for Da Big Cheese, who draws two, from the card
kept) until the scavenge is resolved: the events of the scavenge and of the choices it led to
(keep, item, token, relocate, push, spawn, ext, use/pass), up to the Exterminator phase. All of
it is read from the finished game's log, so playing costs nothing extra.
"""

from __future__ import annotations

from typing import Any

from ....core.metrics import event_counts, family

# the decisions a card can lead to, taken while it resolves
CHOICES = ("scavenge:", "keep:", "item:", "token:", "relocate:", "push:", "spawn:", "ext:",
           "use:", "pass")
# events that end a card's resolution (the turn moves on)
ENDS = frozenset({"infestation", "ext-roll", "turn", "end-game", "pending-win", "fight",
                  "discover"})
EFFECTS = ("fed", "unfed", "killed", "spawned", "tokens", "items", "cancelled", "scattered",
           "exterminator")
# what the report calls each effect, summed over a game's cards
EFFECT_NAMES = {"fed": "rats fed", "unfed": "rats unfed", "killed": "rats killed",
                "spawned": "rats spawned", "tokens": "tokens placed", "items": "items taken",
                "scattered": "rats scattered", "exterminator": "Exterminator called"}


def _add_effect(card: dict[str, Any], kind: str, public: dict[str, Any]) -> None:
    if kind == "feed":
        card["fed"] += public["rats"]
    elif kind == "unfeed":
        card["unfed"] += public["rats"]
    elif kind in ("killed", "exterminated"):
        card["killed"] += public["rats"]
    elif kind == "exterminator":
        card["exterminator"] += 1
        card["killed"] += sum(public["killed"])
    elif kind == "spawn":
        card["spawned"] += public["rats"]
    elif kind in ("token", "relocate", "nest"):
        card["tokens"] += 1
    elif kind == "item":
        card["items"] += 1
    elif kind == "cancel":
        card["cancelled"] += 1
    elif kind == "push":
        card["scattered"] += public["rats"]


def card_effects(state) -> list[dict[str, Any]]:
    """One entry per card activated in a game: its type id, seat, step and effects."""
    history = state.history
    cardset = state.game.cards

    def type_id(copy: int) -> str:
        return cardset.types[cardset.type_of[copy]].id

    out: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for step, kind, actor, public, _secret, _aud in state.log:
        action = history[step] if 0 <= step < len(history) else ""
        if current is not None and (kind in ENDS or not action.startswith(CHOICES)):
            out.append(current)
            current = None
        if kind == "keep" and current is not None:
            current["card"] = type_id(public["card"])  # Da Big Cheese activates the one kept
        elif kind == "draw":
            if current is not None and current["step"] == step:
                continue  # Da Big Cheese's second card: the keep decides which acts
            if current is not None:
                out.append(current)
            current = {"card": type_id(public["card"]), "seat": actor, "step": step,
                       **dict.fromkeys(EFFECTS, 0)}
        elif current is not None:
            _add_effect(current, kind, public)
    if current is not None:
        out.append(current)
    return out


def measure(state) -> dict[str, float]:
    cards = card_effects(state)
    ev = event_counts(state)
    names = {t.id: t.name for t in state.game.cards.types}
    plays = dict.fromkeys(sorted(names.values()), 0)
    for card in cards:
        plays[names[card["card"]]] += 1
    return {
        "cards played": float(len(cards)),
        **family("by cards", {label: sum(c[key] for c in cards)
                              for key, label in EFFECT_NAMES.items()}),
        "fights": float(ev["fight"]),
        "nests built or taken": float(ev["nest"]),
        **family("card plays", plays),
    }
