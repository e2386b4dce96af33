"""Rat & Duck in words, for a screen reader, from one seat's view only."""

from __future__ import annotations

from typing import Any


def describe(view: dict[str, Any]) -> str:
    names = {p["id"]: p["name"] for p in view["places"]}
    seat = view.get("seat")
    rounds = f"Round {view['round']}" + (f" of {view['max_rounds']}"
                                         if view.get("max_rounds") else "")
    lines = [f"Rat & Duck. {rounds}. Bio-Sci {view['biosci']} of {view['bio_sci_to_win']}; "
             f"unrest {view['total_unrest']} of {view['unrest_to_win']}."]
    if view.get("team"):
        lines.append(f"You play for the {view['team']}.")
    for u in view["units"]:
        owner = "you" if u["seat"] == seat else view["seats"][u["seat"]]["name"]
        state = "played" if u["played"] else ("playing now" if u["active"] else "to play")
        wanted = f", wanted {u['wanted']}" if u["wanted"] is not None else ""
        lines.append(f"{u['name']} ({owner}) at the {names[u['place']]}, {state}{wanted}.")
    for c in view["civilians"]:
        link = f", linked to {c['linked_to'].upper()}" if c["linked_to"] else ""
        lines.append(f"A civilian from the {c['from']} at the {names[c['place']]}{link}.")
    hot = [f"{p['name']} {p['unrest']}" for p in view["places"] if p.get("unrest")]
    lines.append("Unrest: " + (", ".join(hot) if hot else "none") + ".")
    cards = view["location_cards"]
    if cards["cards"] is not None:
        lines.append("Location cards held: " + (", ".join(cards["cards"]) or "none") + ".")
    else:
        lines.append(f"The government holds {cards['held']} hidden location cards.")
    return "\n".join(lines)
