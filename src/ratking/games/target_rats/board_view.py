"""The part of a view both Target: Rats games share: every space of the board with the rats
on it, and each faction's name, colours and rat counts. Each game adds its own keys."""

from __future__ import annotations

from typing import Any

from .board import KIND_NAMES, Board

# Per board, each space's fixed keys, worked out once: views are built on every move for every
# seat watching (and on every step of a learning agent), and most of a space never changes.
_FIXED: dict[int, tuple[Board, list[tuple[dict[str, Any], list[int], list[str]]]]] = {}


def _fixed(b: Board) -> list[tuple[dict[str, Any], list[int], list[str]]]:
    """Per space: its fixed scalar keys (in view order), its quadrants and its neighbours."""
    found = _FIXED.get(id(b))
    if found is None or found[0] is not b:
        rows = [({"id": b.ids[sp], "name": b.names[sp], "kind": KIND_NAMES[b.kind[sp]],
                  "ring_index": b.ring_index[sp], "quadrants": None, "corridor": b.corridor[sp],
                  "neighbours": None, "exterminator": False, "rats": None},
                 list(b.quadrants[sp]), [b.ids[n] for n in b.adj[sp]]) for sp in range(b.size)]
        found = _FIXED[id(b)] = (b, rows)
    return found[1]


def spaces(b: Board, rats: list[list[int]], ext: int) -> list[dict[str, Any]]:
    """One dict per space: its geometry, the Exterminator, and per faction its unfed and fed
    rats there (rats are `space * 2 + fed` codes, one list per seat). Every call returns new
    dicts and lists: nothing is shared between two views."""
    players = len(rats)
    occupied: dict[int, list[int]] = {}  # space -> [faction 0 unfed, fed, faction 1 ...]
    for f, codes in enumerate(rats):
        for c in codes:
            row = occupied.get(c >> 1)
            if row is None:
                row = occupied[c >> 1] = [0] * (2 * players)
            row[2 * f + (c & 1)] += 1
    out = []
    for sp, (fixed, quadrants, neighbours) in enumerate(_fixed(b)):
        entry = fixed.copy()
        entry["quadrants"] = quadrants[:]
        entry["neighbours"] = neighbours[:]
        row = occupied.get(sp)
        entry["rats"] = [] if row is None else [
            {"seat": f, "unfed": row[2 * f], "fed": row[2 * f + 1]}
            for f in range(players) if row[2 * f] or row[2 * f + 1]]
        out.append(entry)
    if ext >= 0:
        out[ext]["exterminator"] = True
    return out


def faction(b: Board, names: list[str], nests: tuple[int, ...], rats: list[list[int]],
            f: int) -> dict[str, Any]:
    """Seat f's faction: name, faction name and colour, home nest, rats and fed rats."""
    codes = rats[f]
    return {"seat": f, "name": names[f], "faction": b.faction_names[nests[f]],
            "colour": b.faction_colours[nests[f]], "home": b.ids[b.homes[nests[f]]],
            "rats": len(codes), "fed": sum(c & 1 for c in codes)}
