"""The part of an observation tensor both Target: Rats games share: the rats on every space and
each faction's counts, read from the shared part of their views (board_view.py).

Seats are relative: faction 0 is the observer's, 1 the next seat clockwise... (a spectator's
start at seat 0). Spaces are numbered as on the board: S0..S23, U0..U11, RC, H0..H3.
"""

from __future__ import annotations

from typing import Any

from ...core.spaces import UNSEEN, Kept, Layout, Lookup, scale, scaled, seat_order
from ...core.state import State
from .board import Board

FACTION_FEATURES = 4  # rats, fed rats, at home, Da Big Cheese


def add_board(lay: Layout, b: Board, players: int, max_rats: int) -> None:
    """Declare the shared slices: rats per space, the Exterminator, each faction's counts."""
    lay.lookup["space"] = {space_id: sp for sp, space_id in enumerate(b.ids)}
    lay.lookup["homes"] = {b.ids[h]: k for k, h in enumerate(b.homes)}
    # for write_board: a group's share of max_rats as encode_board works it out, and the
    # faction counts scaled
    unit = 1.0 / max_rats
    lay.lookup["group_share"] = Lookup(lambda n: min(1.0, n * unit), max_rats)
    lay.lookup["rats_scale"] = scale(max_rats)
    lay.add("rats", b.size * players * 2,
            "per space (S0..S23, U0..U11, RC, H0..H3), per faction relative to the observer: "
            "its unfed rats there / max_rats, then its fed rats there / max_rats")
    lay.add("exterminator", b.size, "one-hot: the Exterminator's space")
    lay.add("nests", players * len(b.homes),
            "per faction relative to the observer: its home nest one-hot (H0..H3)")
    lay.add("factions", players * FACTION_FEATURES,
            "per faction relative to the observer: rats on the board / max_rats, fed rats / "
            "max_rats, rats on the home nest / max_rats, 1 if it is Da Big Cheese")
    # for write_faction, in one lookup: where each slice starts, a space's stride in the rats
    # slice, the scales and the home nests' spaces
    lay.lookup["board"] = (lay.at["rats"], 2 * players, lay.lookup["group_share"],
                           lay.lookup["rats_scale"], b.homes, lay.at["nests"],
                           lay.at["factions"])


def encode_board(v: dict[str, Any], lay: Layout, out, max_rats: int) -> None:
    """Write the shared slices of one view."""
    at = lay.at
    space = lay.lookup["space"]
    players = v["players"]
    seat = v["seat"]
    order = seat_order(seat, players)
    where = [0] * players  # per seat, its place in the observer's order
    for k, p in enumerate(order):
        where[p] = 2 * k
    base = at["rats"]
    unit = 1.0 / max_rats
    stride = 2 * players
    for entry in v["spaces"]:
        for group in entry["rats"]:
            k = base + where[group["seat"]]
            out[k] = min(1.0, group["unfed"] * unit)
            out[k + 1] = min(1.0, group["fed"] * unit)
        base += stride
    if v["exterminator"] is not None:
        out[at["exterminator"] + space[v["exterminator"]]] = 1.0
    nests = at["nests"]
    home_of = lay.lookup["homes"]
    homes = len(home_of)
    base = at["factions"]
    factions = v["factions"]
    for k, p in enumerate(order):
        entry = factions[p]
        out[nests + k * homes + home_of[entry["home"]]] = 1.0
        out[base] = scaled(entry["rats"], max_rats)
        out[base + 1] = scaled(entry["fed"], max_rats)
        out[base + 2] = scaled(home_rats(entry, v, space), max_rats)
        out[base + 3] = 1.0 if entry["cheese"] else 0.0
        base += FACTION_FEATURES


def write_board(s: State, seat: int | None, lay: Layout, out) -> None:
    """`encode_board`, read from a state of either game: its `rats` (per seat, a code
    space * 2 + fed per rat), `nests`, `ext` and `cheese`. Spaces and home nests are numbered
    as in the view, so their codes are their places in the tensor."""
    players = s.players
    start = 0 if seat is None else seat
    rats = s.rats
    for k in range(players):
        p = (start + k) % players  # seat_order: the observer first
        write_faction(s, lay, out, k, p, rats[p])
    if s.ext >= 0:
        out[lay.at["exterminator"] + s.ext] = 1.0


def update_board(s: State, seat: int | None, lay: Layout, out, kept: Kept, part: int) -> None:
    """`write_board` in parts for a game's `encode_update`: the Exterminator (part `part`),
    then each faction (the parts after it), written again only if its rats, the Throne or
    the Exterminator's space changed. A faction's rats lie spread through the rats slice, so
    its old ones, which its key holds, are cleared one by one."""
    at = lay.at
    if kept.stale(part, s.ext, at["exterminator"], lay.end["exterminator"]) and s.ext >= 0:
        out[at["exterminator"] + s.ext] = 1.0
    players = s.players
    start = 0 if seat is None else seat
    keys = kept.keys
    rats = s.rats
    cheese = s.cheese
    homes = len(s.game.board.homes)
    for k in range(players):
        p = (start + k) % players
        codes = rats[p]
        part += 1
        key = (codes[:], cheese == p)
        was = keys[part]
        if was == key:
            continue
        if was is not UNSEEN:
            _clear_rats(lay, out, k, was[0])
        keys[part] = key
        nests = at["nests"] + k * homes
        kept.clear(nests, nests + homes)
        factions = at["factions"] + k * FACTION_FEATURES
        kept.clear(factions, factions + FACTION_FEATURES)
        write_faction(s, lay, out, k, p, codes)


def write_faction(s: State, lay: Layout, out, k: int, p: int, codes: list[int]) -> None:
    """Seat p's faction, in position k of the observer's order: its rats on the board
    (`codes`), its home nest and its counts."""
    first, stride, share, rats_scale, homes, nests, factions = lay.lookup["board"]
    first += 2 * k
    nest = s.nests[p]
    home = homes[nest]
    fed = at_home = 0
    for c in set(codes):
        n = codes.count(c)
        # unfed rats at first + space * stride, fed ones next to them
        out[first + (c >> 1) * stride + (c & 1)] = share[n]
        if c & 1:
            fed += n
        if c >> 1 == home:
            at_home += n
    out[nests + k * len(homes) + nest] = 1.0
    base = factions + k * FACTION_FEATURES
    out[base] = rats_scale[len(codes)]
    out[base + 1] = rats_scale[fed]
    out[base + 2] = rats_scale[at_home]
    if s.cheese == p:
        out[base + 3] = 1.0


def _clear_rats(lay: Layout, out, k: int, codes: list[int]) -> None:
    """Clear what `write_faction` wrote of these rats in position k."""
    first, stride = lay.lookup["board"][:2]
    first += 2 * k
    for c in set(codes):
        out[first + (c >> 1) * stride + (c & 1)] = 0.0


def home_rats(faction: dict[str, Any], v: dict[str, Any], space: dict[str, int]) -> int:
    """The faction's rats on its home nest, as the view's spaces show them."""
    for group in v["spaces"][space[faction["home"]]]["rats"]:
        if group["seat"] == faction["seat"]:
            return group["unfed"] + group["fed"]
    return 0


def add_spaces(lay: Layout, b: Board, name: str, meaning: str) -> int:
    """A slice of one flag per space."""
    return lay.add(name, b.size, meaning)


def set_spaces(out, start: int, space: dict[str, int], ids: list[str]) -> None:
    """Set the flags of these spaces (by id) in a per-space slice."""
    for space_id in ids:
        out[start + space[space_id]] = 1.0
