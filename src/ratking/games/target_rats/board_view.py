"""The part of a view both Target: Rats games share: every space of the board with the rats
on it, and each faction's name, colours and rat counts. Each game adds its own keys."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .board import KIND_NAMES, Board

Template = list[tuple[dict[str, Any], list[int], list[str]]]


def template(b: Board, extra: dict[str, Any] | None = None,
             per_space: Callable[[int], dict[str, Any]] | None = None) -> Template:
    """Per space: its keys in view order (those that change set to their usual value: no
    Exterminator, no rats), its quadrants and its neighbours. A game adds its own keys after
    the shared ones: `extra` the same for every space, `per_space(sp)` each space's own.
    Views are built on every move for every seat watching (and on every step of a learning
    agent), and most of a space never changes, so a game works this out once per board
    (`core.tables.once`) and `spaces` copies it."""
    rows = []
    for sp in range(b.size):
        fixed = {"id": b.ids[sp], "name": b.names[sp], "kind": KIND_NAMES[b.kind[sp]],
                 "ring_index": b.ring_index[sp], "quadrants": None, "corridor": b.corridor[sp],
                 "neighbours": None, "exterminator": False, "rats": None}
        if per_space is not None:
            fixed.update(per_space(sp))
        fixed.update(extra or {})
        rows.append((fixed, list(b.quadrants[sp]), [b.ids[n] for n in b.adj[sp]]))
    return rows


def spaces(rows: Template, rats: list[list[int]], ext: int) -> list[dict[str, Any]]:
    """One dict per space from the board's template: its geometry, the Exterminator, and per
    faction its unfed and fed rats there (rats are `space * 2 + fed` codes, one list per seat).
    Every call returns new dicts and lists: nothing is shared between two views."""
    out = []
    append = out.append
    for fixed, quadrants, neighbours in rows:
        entry = fixed.copy()
        entry["quadrants"] = quadrants[:]
        entry["neighbours"] = neighbours[:]
        entry["rats"] = []
        append(entry)
    players = len(rats)
    occupied: dict[int, list[int]] = {}  # space -> [faction 0 unfed, fed, faction 1 ...]
    for f, codes in enumerate(rats):
        for c in codes:
            row = occupied.get(c >> 1)
            if row is None:
                row = occupied[c >> 1] = [0] * (2 * players)
            row[2 * f + (c & 1)] += 1
    for sp, row in occupied.items():
        out[sp]["rats"] = [{"seat": f, "unfed": row[2 * f], "fed": row[2 * f + 1]}
                           for f in range(players) if row[2 * f] or row[2 * f + 1]]
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
