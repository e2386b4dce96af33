"""The Target: Rats board in words, for a screen reader: who is where and what is on the board.

Built from a view only (`spaces`, `factions`, `cheese`), so it tells no more than the board
shows. Each game's `words.py` adds what its own view holds (decks, dice, the turn).
"""

from __future__ import annotations

from typing import Any

from ...core import plural

TOKEN_WORDS = {"food": "Food sources", "sewer": "Sewer entrances"}  # else the token's own name


def _place(space: dict[str, Any]) -> str:
    return f"{space.get('name') or space['id']} ({space['id']})"


def factions(view: dict[str, Any]) -> list[str]:
    """One sentence per faction: its player, its rats space by space."""
    seat = view.get("seat")
    where: dict[int, list[str]] = {}
    for space in view["spaces"]:
        for g in space.get("rats") or ():
            parts = [f"{n} {word}" for n, word in ((g["fed"], "fed"), (g["unfed"], "unfed"))
                     if n]
            where.setdefault(g["seat"], []).append(f"{' and '.join(parts)} on {_place(space)}")
    lines = []
    for f in view["factions"]:
        who = f"{f['name']} ({f['faction']}{', you' if f['seat'] == seat else ''})"
        spots = "; ".join(where.get(f["seat"], [])) or "no rats on the board"
        extra = ""
        if f.get("nests"):
            extra += f", {plural(f['nests'], 'nest')}"
        if view.get("cheese") == f["seat"]:
            extra += ", Da Big Cheese on the throne"
        lines.append(f"{who}: {plural(f['rats'], 'rat')}, {f['fed']} fed{extra}. {spots}.")
    return lines


def tokens(view: dict[str, Any]) -> list[str]:
    """The tokens and pawns on the board, in one or two sentences."""
    names = {f["seat"]: f["name"] for f in view["factions"]}
    found: dict[str, list[str]] = {}
    ext = None
    for space in view["spaces"]:
        token = space.get("token") or ("food" if space.get("dumpster") else None)
        if token == "nest":
            token = f"nest of {names.get(space.get('nest_seat'), 'someone')}"
        if token:
            found.setdefault(token, []).append(space["id"])
        if space.get("exterminator"):
            ext = _place(space)
    lines = [f"{TOKEN_WORDS.get(k, k[:1].upper() + k[1:])}: {', '.join(v)}."
             for k, v in found.items()]
    lines.append(f"The Exterminator is on {ext}." if ext else "The Exterminator is off the board.")
    return lines
