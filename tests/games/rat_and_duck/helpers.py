"""Set-ups for Rat & Duck rules tests: the map unshuffled, units placed by hand."""

from __future__ import annotations

import ratking
from ratking.games.rat_and_duck.phases import PRE_ACTION, PRE_MOVE

from ..cores import start

# With shuffle_places=False the grid is, row by row:
#   Bar          Hotel   Pharmacy  Dining Place
#   Factory      Company Fountain  University     <- the Lab joins University
#   Neighborhood Church  Theater   Shopping Mall
# and the Police Station joins Bar, Factory and Neighborhood; the Prison joins the Station.
P = {name: i for i, name in enumerate(
    ["bar", "hotel", "pharmacy", "dining-place", "factory", "company", "fountain", "university",
     "neighborhood", "church", "theater", "shopping-mall", "lab", "police-station", "prison"])}


def new(players=4, seed=0, **rules):
    rules.setdefault("shuffle_places", False)
    return start(ratking.make("rat-and-duck", **rules), players, seed)


def unit(s, uid):
    return s.game.unit_keys.index(uid)


def arrange(s, active="d1", phase=PRE_MOVE, places=None, wanted=None, unrest=None, played=()):
    """Make `active` the unit to play, in `phase`, with units and unrest where given."""
    g = s.game
    for uid, place in (places or {}).items():
        s.pos[unit(s, uid)] = P[place]
    for uid, w in (wanted or {}).items():
        s.wanted[unit(s, uid)] = w
    for place, level in (unrest or {}).items():
        s.unrest[P[place]] = level
    s.active = unit(s, active)
    s.played = 0
    for uid in played:
        s.played |= 1 << unit(s, uid)
    s.phase = phase
    s.to_move = g.owners(s.players)[s.active]
    s._legal = None
    return s


def civilian_at(s, civ, place=None):
    """Put the civilian kidnapped at `civ` on the map (at `place`, default its own place)."""
    c = P[civ]
    if c in s.deck:
        s.deck.remove(c)
    elif c in s.held:
        s.held.remove(c)
    s.used.append(c)
    s.civ_at[c] = P[place or civ]
    s.civs.append(c)
    s._legal = None
    return c


def hold(s, *civs):
    """Move these cards from the deck to the government's hand."""
    for civ in civs:
        s.deck.remove(P[civ])
        s.held.append(P[civ])
    s._legal = None


def ids(s):
    return [a.id for a in s.legal_actions()]


__all__ = ["PRE_ACTION", "PRE_MOVE", "P", "arrange", "civilian_at", "hold", "ids", "new", "unit"]
