"""Rat & Duck for learning agents: its action space and its observation tensor.

Places are numbered as in components.toml (the civilian places, then the Lab, the Police
Station and the Prison); which civilian place sits in which grid cell is shuffled at set-up
and shown per place. Units are numbered as the `units` rule lists them (government first).
A civilian is named by the place it was kidnapped from. The government's location cards show
only to government seats, as in the view. The `reach` slice gives each place's distance in
moves to the nearest of each thing a unit heads for (the goals the heuristic steers by), so a
learner need not work distances out from the grid cells.
"""

from __future__ import annotations

from array import array
from functools import lru_cache
from itertools import compress
from typing import TYPE_CHECKING, Any

from ...core import Action
from ...core.spaces import (
    Layout,
    add_ending,
    add_turn,
    encode_ending,
    encode_turn,
    scale,
    scaled,
    write_ending,
    write_turn,
)
from .params import GOVERNMENT, POLICE, ROLE_NAMES, TEAM_NAMES
from .phases import PHASE_NAMES

if TYPE_CHECKING:
    from .components import Layout as MapLayout
    from .game import RatAndDuck
    from .state import DuckState

WANTED_MOST = 10  # a wanted level read as 1 in the tensor
# the goals the `reach` slice measures every place's way to (the heuristic's goals); each a
# row of the slice, in this order
REACH = ("the Lab", "a loose civilian, kidnapped, unlinked and out of the Lab",
         "a place whose location card the government holds, for government seats only",
         "a dissent wanted enough to be arrested, out of Prison", "a place with unrest",
         "a police unit", "a kidnapped civilian", "a civilian place with room for more unrest")
REACHES_KEPT = 4096  # `reach` rows kept per map layout, then forgotten
LAYOUTS_KEPT = 256  # map layouts whose rows are kept
REACH_FAR = 8  # moves read as 0 in the `reach` slice (the rulebook's map is 6 across)
# by the fewest moves to a goal, its value in the `reach` slice (a map of another size may
# have places farther apart than REACH_FAR: all 0)
NEARNESS = [max(0.0, 1.0 - moves / REACH_FAR) for moves in range(64)]


def actions(game: RatAndDuck, players: int) -> list[Action]:
    """Every action: the seats only share out the units, so the space is the same for every
    player count; only dissents can be arrested."""
    cat = game.catalogue
    return [*cat.move, cat.skip_move, *(cat.arrest[u] for u in game.dissents), cat.control,
            cat.target, cat.kidnap, *cat.research, *cat.link, *cat.unlink, cat.speak,
            *cat.release, *cat.end]


def layout(game: RatAndDuck, players: int) -> Layout:
    city = game.city
    places, civilians, units = city.size, city.civilian, game.unit_count
    cells = city.rows * city.columns
    lay = Layout()
    lay.lookup.update(place={slug: p for p, slug in enumerate(city.slugs)},
                      name={name: p for p, name in enumerate(city.names)},
                      unit={key: u for u, key in enumerate(game.unit_keys)},
                      # for encode_state: the scaled counts written per place and per unit
                      unrest=scale(game.rules.max_unrest), wanted=scale(WANTED_MOST))
    lay.add("team", 2, "one-hot: the observer's team (" + ", ".join(TEAM_NAMES) + ")")
    add_turn(lay, players, PHASE_NAMES, "the active unit's turn state")
    lay.add("active", units, "one-hot: the unit whose turn it is")
    lay.add("places", civilians * (cells + 1),
            f"per civilian place: its grid cell one-hot ({city.rows} rows by {city.columns} "
            "columns, row by row), then unrest / max_unrest")
    lay.add("units", units * (places + 6),
            "per unit: its place one-hot, its role one-hot (" + ", ".join(ROLE_NAMES).lower() +
            f"), wanted / {WANTED_MOST} (dissents), 1 if it has played this round, "
            "1 if the observer controls it")
    lay.add("civilians", civilians * (1 + places + units),
            "per civilian (by the place it was kidnapped from): 1 if kidnapped and not yet "
            "researched or released, its place one-hot, the unit it is linked to one-hot")
    lay.add("cards", 2, "location cards: held / max_location_cards, left in the deck / "
            "civilian places")
    lay.add("held", civilians, "per civilian place: 1 if the government holds its location "
            "card (shown to government seats only)")
    lay.add("used", civilians, "per civilian place: 1 if its location card has been played")
    lay.add("progress", 3, "Bio-Sci / bio_sci_to_win, total unrest / unrest_to_win, "
            "civilians released / civilian places")
    lay.add("reach", places * len(REACH),
            "per place, per goal (" + "; ".join(REACH) + "): 1 - (the fewest moves from the "
            f"place to the nearest such goal) / {REACH_FAR}; 0 with none nearer than {REACH_FAR}")
    add_ending(lay)
    # for encode_state: per seat the flags that stay 1 all game (its team, every unit's role,
    # the units it controls; a spectator's: the roles), each unit's block, and the scaled
    # counts by lookup
    first = lay.at["units"]
    width = places + 6
    roles = [first + u * width + places + role for u, role in enumerate(game.roles)]
    owners = game.owners(players)
    teams = game.seat_teams(players)
    lay.lookup["fixed"] = {seat: [*([] if seat is None else [lay.at["team"] + teams[seat]]),
                                  *roles, *(first + u * width + places + 5
                                            for u in range(units) if owners[u] == seat)]
                           for seat in [None, *range(players)]}
    lay.lookup["unit_at"] = [first + u * width for u in range(units)]
    lay.lookup["government"] = [teams[seat] == GOVERNMENT for seat in range(players)]
    lay.lookup["police"] = [u for u, role in enumerate(game.roles) if role == POLICE]
    lay.lookup["civilian_bits"] = (1 << civilians) - 1
    r = game.rules
    lay.lookup.update(held=scale(r.max_location_cards, civilians),
                      deck=scale(civilians), biosci=scale(r.bio_sci_to_win),
                      unrest_sum=scale(r.unrest_to_win, r.max_unrest * civilians),
                      released=scale(civilians))
    return lay


def encode(game: RatAndDuck, v: dict[str, Any], lay: Layout, out) -> None:
    at = lay.at
    city = game.city
    r = game.rules
    place, name, unit = lay.lookup["place"], lay.lookup["name"], lay.lookup["unit"]
    places, civilians, units = city.size, city.civilian, game.unit_count
    columns = city.columns
    cells = city.rows * columns
    seat = v["seat"]
    encode_turn(v, lay, out)
    if v["active"] is not None:
        out[at["active"] + unit[v["active"]]] = 1.0
    if v["team"] is not None:
        out[at["team"] + TEAM_INDEX[v["team"]]] = 1.0
    base = at["places"]
    most = r.max_unrest
    grid = [0] * cells  # the map layout: the civilian place in each grid cell
    unrest = [0] * civilians
    for p, entry in enumerate(v["places"][:civilians]):
        cell = entry["row"] * columns + entry["column"]
        out[base + cell] = 1.0
        out[base + cells] = scaled(entry["unrest"], most)
        base += cells + 1
        grid[cell] = p
        unrest[p] = entry["unrest"]
    base = at["units"]
    for entry in v["units"]:
        out[base + place[entry["place"]]] = 1.0
        out[base + places + ROLE_INDEX[entry["role"]]] = 1.0
        if entry["wanted"] is not None:
            out[base + places + 3] = scaled(entry["wanted"], WANTED_MOST)
        if entry["played"]:
            out[base + places + 4] = 1.0
        if entry["seat"] == seat:
            out[base + places + 5] = 1.0
        base += places + 6
    first = at["civilians"]
    for entry in v["civilians"]:
        base = first + place[entry["id"]] * (1 + places + units)
        out[base] = 1.0
        out[base + 1 + place[entry["place"]]] = 1.0
        if entry["linked_to"] is not None:
            out[base + 1 + places + unit[entry["linked_to"]]] = 1.0
    cards = v["location_cards"]
    out[at["cards"]] = scaled(cards["held"], r.max_location_cards)
    out[at["cards"] + 1] = scaled(cards["deck"], civilians)
    if cards["cards"]:
        base = at["held"]
        for card in cards["cards"]:
            out[base + name[card]] = 1.0
    base = at["used"]
    for card in cards["used"]:
        out[base + name[card]] = 1.0
    base = at["progress"]
    out[base] = scaled(v["biosci"], r.bio_sci_to_win)
    out[base + 1] = scaled(v["total_unrest"], r.unrest_to_win)
    out[base + 2] = scaled(v["released"], civilians)
    police = [place[e["place"]] for e in v["units"] if e["role"] == "police"]
    wanted = [place[e["place"]] for e in v["units"] if e["wanted"] is not None
              and e["wanted"] >= r.arrest_wanted and place[e["place"]] != city.prison]
    kidnapped = [(place[e["place"]], e["linked_to"] is None) for e in v["civilians"]]
    goals = (1 << city.lab,
             _mask(p for p, loose in kidnapped if loose and p != city.lab),
             _mask(name[card] for card in cards["cards"] or ()),
             _mask(wanted), _mask(p for p in range(civilians) if unrest[p]), _mask(police),
             _mask(p for p, _ in kidnapped),
             _mask(p for p in range(civilians) if unrest[p] < most))
    write_reach(game.layout_for(tuple(grid)), goals, at["reach"], out)
    encode_ending(v, lay, out)


def encode_public(game: RatAndDuck, s: DuckState, seat: int | None, lay: Layout, out,
                  recall: bool) -> None:
    """The public part of `seat`'s tensor: the spectator's view, seen from `seat` (whose team
    everyone knows), so without the government's location cards."""
    v = s.view(None)
    if seat is not None:
        v = {**v, "seat": seat, "team": v["seats"][seat]["team"]}
    encode(game, v, lay, out)


def _mask(places: Any) -> int:
    """The places as bits of an int."""
    bits = 0
    for p in places:
        bits |= 1 << p
    return bits


def write_reach(layout: MapLayout, goals: tuple[int, ...], base: int, out) -> None:
    """The `reach` slice on a map layout from each goal's places as bits (`REACH`'s order)."""
    known = _KNOWN.get(layout.cells)
    if known is None or len(known) > REACHES_KEPT:
        if len(_KNOWN) >= LAYOUTS_KEPT:
            _KNOWN.clear()
        known = _KNOWN[layout.cells] = {  # each place's own row: the map's links go both
            1 << g: array("f", map(NEARNESS.__getitem__, moves))  # ways, so a goal's row
            for g, moves in enumerate(layout.dist)}  # is its row of the distances
    kinds = len(goals)
    end = base + len(layout.dist) * kinds
    for bits in goals:
        if bits:
            block = known.get(bits)
            if block is None:
                block = _row(known, bits)
            out[base:end:kinds] = block
        base += 1
        end += 1


# per map layout (by its cells) the `reach` rows worked out so far, by their goals' bits:
# goals recur (the Lab always, the police on few places), and a game keeps its layout
_KNOWN: dict[tuple[int, ...], dict[int, array]] = {}


def _row(known: dict[int, array], bits: int) -> array:
    """The row of several goals at `bits`, kept in `known` (which holds each goal's own): per
    place, the largest of their rows, taken from a known row of all but one of them where
    there is one (goals mostly come one at a time: unrest spreading, a civilian kidnapped)."""
    parts: list[int] = []
    rest = bits
    while rest:
        low = rest & -rest
        rest ^= low
        if bits ^ low in known:
            parts = [bits ^ low, low]
            break
        parts.append(low)
    values = known[parts[0]]
    for part in parts[1:]:
        values = map(max, values, known[part])
    row = known[bits] = array("f", values)
    return row


def encode_state(game: RatAndDuck, s: DuckState, seat: int | None, lay: Layout,
                 out) -> None:
    """`encode` of `view(s, seat)`, read from the state: the government's location cards
    only for a government seat. Places, units, roles, teams and phases are numbered in the
    view's order (a civilian place's grid cell is row * columns + column), so their codes are
    their places in the tensor."""
    at = lay.at
    look = lay.lookup
    city = game.city
    places, civilians, units = city.size, city.civilian, game.unit_count
    players = s.players
    over = s.over
    for i in look["fixed"][seat]:
        out[i] = 1.0
    if not over:
        write_turn(lay, out, seat, s.to_move, players, s.phase)
        out[at["active"] + s.active] = 1.0
    base = at["places"]
    width = city.rows * city.columns + 1
    block = _grid(s.layout.cells, width)
    out[base:base + len(block)] = block
    unrest = s.unrest
    unrest_scale = look["unrest"]
    most = game.rules.max_unrest
    base += width - 1
    hot = full = 0  # the goals of `reach`, as bits of places
    for p in compress(range(civilians), unrest):
        out[base + p * width] = unrest_scale[unrest[p]]
        hot |= 1 << p
        if unrest[p] >= most:
            full |= 1 << p
    unit_at = look["unit_at"]
    pos, wanted, played = s.pos, s.wanted, s.played
    for u in range(units):
        out[unit_at[u] + pos[u]] = 1.0
    wanted_scale = look["wanted"]
    need, prison = game.rules.arrest_wanted, city.prison
    wanted_at = 0
    for u in game.dissents:
        out[unit_at[u] + places + 3] = wanted_scale[wanted[u]]
        if wanted[u] >= need and pos[u] != prison:
            wanted_at |= 1 << pos[u]
    if played:
        for u in range(units):
            if played >> u & 1:
                out[unit_at[u] + places + 4] = 1.0
    first = at["civilians"]
    width = 1 + places + units
    civ_at, link = s.civ_at, s.link
    lab = city.lab
    kidnapped = loose = 0
    for c in s.civs:
        base = first + c * width
        out[base] = 1.0
        out[base + 1 + civ_at[c]] = 1.0
        kidnapped |= 1 << civ_at[c]
        if link[c] >= 0:
            out[base + 1 + places + link[c]] = 1.0
        elif civ_at[c] != lab:
            loose |= 1 << civ_at[c]
    out[at["cards"]] = look["held"][len(s.held)]
    out[at["cards"] + 1] = look["deck"][len(s.deck)]
    cards = 0
    if seat is not None and look["government"][seat]:  # DuckState.sees_cards
        base = at["held"]
        for c in s.held:
            out[base + c] = 1.0
            cards |= 1 << c
    base = at["used"]
    for c in s.used:
        out[base + c] = 1.0
    base = at["progress"]
    out[base] = look["biosci"][s.biosci]
    out[base + 1] = look["unrest_sum"][sum(unrest)]
    out[base + 2] = look["released"][s.released]
    police = 0
    for u in look["police"]:
        police |= 1 << pos[u]
    write_reach(s.layout, (1 << lab, loose, cards, wanted_at, hot, police, kidnapped,
                           look["civilian_bits"] & ~full), at["reach"], out)
    write_ending(lay, out, s.round, game.rules.max_rounds, over)


@lru_cache(maxsize=256)  # a game keeps its map layout from start to end
def _grid(cells: tuple[int, ...], width: int) -> array:
    """The `places` slice of a map layout (`cells[k]`: the civilian place in grid cell k) with
    no unrest: each civilian place's grid cell one-hot. Read it, never change it."""
    block = array("f", bytes(4 * width * len(cells)))
    for cell, p in enumerate(cells):
        block[p * width + cell] = 1.0
    return block


ROLE_INDEX = {name.lower(): i for i, name in enumerate(ROLE_NAMES)}
TEAM_INDEX = {name: i for i, name in enumerate(TEAM_NAMES)}
