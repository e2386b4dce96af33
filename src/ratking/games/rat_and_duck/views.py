"""What each seat may see of a Rat & Duck game, and the game told in plain English.

Public: the map, every unit, unrest, wanted, civilians and links, Bio-Sci, the number of location
cards held and left in the deck, the cards already played. Government seats also see which
location cards their team holds. Nobody sees the deck's order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import Action
from ...core.tables import once
from . import actions as A
from .components import CityMap, Layout
from .params import ROLE_NAMES, TEAM_NAMES
from .phases import PHASE_NAMES

if TYPE_CHECKING:
    from .game import RatAndDuck
    from .state import DuckState


class _PlaceTables:
    """What views show of the places of one layout, worked out once (views copy from it):
    per place its keys (unrest left to fill in) and its neighbours; each link."""

    def __init__(self, layout: Layout, city: CityMap) -> None:
        self.places = []
        for p in range(city.size):
            cell = layout.cell_of[p]
            self.places.append(({
                "id": city.slugs[p],
                "name": city.names[p],
                "kind": ("civilian" if p < city.civilian else
                         ("lab", "police-station", "prison")[p - city.civilian]),
                "row": cell // city.columns if cell >= 0 else None,
                "column": cell % city.columns if cell >= 0 else None,
                "unrest": None,
                "neighbours": None,
            }, [city.slugs[n] for n in layout.adj[p]]))
        self.links = [[city.slugs[a], city.slugs[b]] for a, b in layout.links]


class _UnitTables:
    """What views show of each unit that never changes in a game of this Game object."""

    def __init__(self, g: RatAndDuck) -> None:
        self.units = [{"id": g.unit_keys[u], "name": g.unit_names[u],
                       "role": ROLE_NAMES[role].lower(), "team": TEAM_NAMES[g.teams[u]],
                       "seat": None, "place": None, "wanted": None, "played": None,
                       "active": None} for u, role in enumerate(g.roles)]


def view(s: DuckState, seat: int | None) -> dict[str, Any]:
    g = s.game
    city = g.city
    r = g.rules
    owners = g.owners(s.players)
    teams = g.seat_teams(s.players)
    slugs = city.slugs
    tables = once(s.layout, _PlaceTables, city)  # a layout is of the game's city
    units = []
    pos, wanted, played = s.pos, s.wanted, s.played
    active = s.active if not s.over else -1
    for u, fixed in enumerate(once(g, _UnitTables).units):
        entry = fixed.copy()
        entry["seat"] = owners[u]
        entry["place"] = slugs[pos[u]]
        entry["wanted"] = wanted[u] if g.roles[u] == 2 else None
        entry["played"] = bool(played >> u & 1)
        entry["active"] = u == active
        units.append(entry)
    places = []
    unrest = s.unrest
    civilian = city.civilian
    for p, (fixed, neighbours) in enumerate(tables.places):
        entry = fixed.copy()
        if p < civilian:
            entry["unrest"] = unrest[p]
        entry["neighbours"] = neighbours[:]
        places.append(entry)
    civilians = [{
        "id": slugs[c],
        "from": city.names[c],
        "place": slugs[s.civ_at[c]],
        "linked_to": g.unit_keys[s.link[c]] if s.link[c] >= 0 else None,
    } for c in sorted(s.civs)]
    sees = s.sees_cards(seat)
    total = sum(unrest)
    out: dict[str, Any] = {
        "game": g.id,
        "seat": seat,
        "team": TEAM_NAMES[teams[seat]] if seat is not None else None,
        "players": s.players,
        "to_move": s.current_player,
        "round": s.round,
        "max_rounds": r.max_rounds,
        "active": g.unit_keys[s.active] if not s.over else None,
        "phase": PHASE_NAMES[s.phase],
        "grid": {"rows": city.rows, "columns": city.columns},
        "places": places,
        "links": [pair[:] for pair in tables.links],
        "units": units,
        "civilians": civilians,
        "released": s.released,
        "biosci": s.biosci,
        "bio_sci_to_win": r.bio_sci_to_win,
        "total_unrest": total,
        "unrest_to_win": r.unrest_to_win,
        "max_unrest": r.max_unrest,
        "arrest_wanted": r.arrest_wanted,
        "location_cards": {
            "held": len(s.held),
            "max": r.max_location_cards,
            "cards": [city.names[c] for c in s.held] if sees else None,
            "deck": len(s.deck),
            "used": [city.names[c] for c in s.used],
        },
        "seats": [{"name": s.names[i], "team": TEAM_NAMES[teams[i]],
                   "units": [g.unit_keys[u] for u in range(g.unit_count) if owners[u] == i]}
                  for i in range(s.players)],
        "scores": {"government": s.biosci * r.government_score_weight,
                   "dissent": total * r.dissent_score_weight},
        "score_weights": {"government": r.government_score_weight,
                          "dissent": r.dissent_score_weight},
        "over": s.over,
    }
    if s.over:
        out["result"] = {"returns": s.returns(), "end": s.end_reason}
    return out


def open_view(s: DuckState) -> dict[str, Any]:
    """The spectator's view with the government's location cards, for a finished game's
    replay only."""
    out = view(s, None)
    out["location_cards"]["cards"] = [s.game.city.names[c] for c in s.held]
    out["open"] = True
    return out


def _unit(s: DuckState, u: int, seat: int | None) -> str:
    return s.game.unit_names[u]


def describe(s: DuckState, kind: str, actor: int | None, d: dict[str, Any],
             seat: int | None) -> str:
    """The predicate of an event's sentence, as `seat` may know it."""
    g = s.game
    names = g.city.names
    if kind == "setup":
        return (f"A new game for {d['players']} players: the government against the dissent, "
                f"{len(d['units'])} units")
    if kind == "round":
        return f"Round {d['round']} begins"
    if kind == "end-game":
        gov, dis = d["scores"]
        if d["reason"] == "round-cap":
            head = f"The round limit is reached: government {gov}, dissent {dis}"
        else:
            head = f"The game ends with {d['biosci']} Bio-Sci and {d['unrest']} unrest"
        if d["winner"] is None:
            return head + "; a draw"
        return head + f"; the {TEAM_NAMES[d['winner']]} wins"
    unit = _unit(s, d["unit"], seat)
    if kind == "move":
        text = f"moved {unit} to the {names[d['to']]}"
        if d["carried"]:
            text += " with " + ", ".join(f"the civilian from the {names[c]}" for c in d["carried"])
        return text
    if kind == "stay":
        return f"kept {unit} where it is"
    if kind == "arrest":
        return (f"arrested {g.unit_names[d['target']]} with {unit}: to the Prison, wanted now "
                f"{d['wanted']}")
    if kind == "control":
        return f"controlled the {names[d['place']]} with {unit}: unrest now {d['unrest']}"
    if kind == "target":
        got = f": the {names[d['card']]}" if "card" in d else ""
        return (f"drew a location card with {unit}{got} (the government holds {d['held']}, "
                f"{d['deck']} left)")
    if kind == "kidnap":
        return f"kidnapped a civilian at the {names[d['place']]} with {unit}"
    if kind == "research":
        return (f"researched on the civilian from the {names[d['civilian']]} with {unit}: "
                f"Bio-Sci {d['biosci']}")
    if kind == "link":
        return f"linked the civilian from the {names[d['civilian']]} to {unit}"
    if kind == "unlink":
        return f"unlinked the civilian from the {names[d['civilian']]} from {unit}"
    if kind == "speak":
        return (f"spoke at the {names[d['place']]} with {unit}: unrest {d['unrest']}, wanted "
                f"{d['wanted']}")
    if kind == "release":
        raised = d["raised"]
        where = ", ".join(f"the {names[p]}" for p in raised) if raised else "nowhere"
        return (f"released the civilian from the {names[d['civilian']]} with {unit}: unrest up "
                f"at {where}, wanted {d['wanted']}")
    if kind == "end":
        return f"ended {unit}'s turn; {g.unit_names[d['next']]} plays next"
    return kind


def describe_action(s: DuckState, action: Action) -> str:
    """An action's label with the state's names and values filled in, for people."""
    g = s.game
    key = action.key
    kind = key[0]
    here = s.pos[s.active]
    names = g.city.names
    if kind in (A.CONTROL, A.SPEAK, A.KIDNAP) and here >= g.city.civilian:
        return action.label  # not legal away from civilian places; keep the plain label
    if kind == A.CONTROL:
        return f"Control: unrest at the {names[here]} {s.unrest[here]} -> " \
               f"{max(0, s.unrest[here] - g.rules.control_reduce)}"
    if kind == A.SPEAK:
        return f"Speak at the {names[here]}: unrest {s.unrest[here]} -> " \
               f"{min(g.rules.max_unrest, s.unrest[here] + g.rules.unrest_gain)}, +wanted"
    if kind == A.KIDNAP:
        return f"Kidnap: play the {names[here]} card, a civilian appears here"
    if kind == A.ARREST:
        return f"Arrest {g.unit_names[key[1]]} (wanted {s.wanted[key[1]]})"
    if kind == A.END and s.played | 1 << s.active == g.all_units:
        return f"End the round: {g.unit_names[key[1]]} opens the next round"
    return action.label
