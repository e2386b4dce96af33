"""The part of a view both Target: Rats games share: every space of the board with the rats
on it, and each faction's name, colours and rat counts. Each game adds its own keys."""

from __future__ import annotations

from typing import Any

from .board import KIND_NAMES, Board


def spaces(b: Board, rats: list[list[int]], ext: int) -> list[dict[str, Any]]:
    """One dict per space: its geometry, the Exterminator, and per faction its unfed and fed
    rats there (rats are `space * 2 + fed` codes, one list per seat)."""
    players = len(rats)
    per_space = [[[0, 0] for _ in range(players)] for _ in range(b.size)]
    for f, codes in enumerate(rats):
        for c in codes:
            per_space[c >> 1][f][c & 1] += 1
    out = []
    for sp in range(b.size):
        here = per_space[sp]
        out.append({
            "id": b.ids[sp], "name": b.names[sp], "kind": KIND_NAMES[b.kind[sp]],
            "ring_index": b.ring_index[sp], "quadrants": list(b.quadrants[sp]),
            "corridor": b.corridor[sp], "neighbours": [b.ids[n] for n in b.adj[sp]],
            "exterminator": sp == ext,
            "rats": [{"seat": f, "unfed": here[f][0], "fed": here[f][1]}
                     for f in range(players) if here[f][0] or here[f][1]],
        })
    return out


def faction(b: Board, names: list[str], nests: tuple[int, ...], rats: list[list[int]],
            f: int) -> dict[str, Any]:
    """Seat f's faction: name, faction name and colour, home nest, rats and fed rats."""
    codes = rats[f]
    return {"seat": f, "name": names[f], "faction": b.faction_names[nests[f]],
            "colour": b.faction_colours[nests[f]], "home": b.ids[b.homes[nests[f]]],
            "rats": len(codes), "fed": sum(c & 1 for c in codes)}
