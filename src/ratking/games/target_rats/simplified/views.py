"""What each seat sees of a Target: Rats Simplified game (everything: nothing is hidden), and
the game told in plain English."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....core import Action, plural
from ....core.tables import once
from .. import board_view
from ..board import Board
from . import actions as A
from .phases import PHASE_NAMES

if TYPE_CHECKING:
    from .state import RatsState


def _template(b: Board) -> board_view.Template:
    """The board's spaces as this game's views list them, before the dumpsters."""
    return board_view.template(b, {"dumpster": False})


def view(s: RatsState, seat: int | None) -> dict[str, Any]:
    g = s.game
    b = g.board
    r = g.rules
    spaces = board_view.spaces(once(b, _template), s.rats, s.ext)
    for sp in s.dumpsters:
        spaces[sp]["dumpster"] = True
    mover = None
    if s.mover >= 0 and not s.over:
        code = s.rats[s.to_move][s.mover]
        mover = {"space": b.ids[code >> 1], "fed": bool(code & 1),
                 "path": [b.ids[p] for p in s.path]}
    factions = []
    for f in range(s.players):
        home = b.homes[s.nests[f]]
        entry = board_view.faction(b, s.names, s.nests, s.rats, f)
        entry["at_home"] = sum(1 for c in s.rats[f] if c >> 1 == home)
        entry["cheese"] = s.cheese == f
        factions.append(entry)
    out: dict[str, Any] = {
        "game": g.id, "seat": seat, "players": s.players, "to_move": s.current_player,
        "round": s.round, "max_rounds": r.max_rounds, "phase": PHASE_NAMES[s.phase],
        "spaces": spaces, "factions": factions,
        "exterminator": b.ids[s.ext] if s.ext >= 0 else None,
        "cheese": s.cheese if s.cheese >= 0 else None,
        "dice": list(s.dice), "pool": s.pool, "target_available": s.target,
        "mover": mover, "max_rats": r.max_rats, "space_limit": r.space_limit,
        "target_face": r.target_face, "over": s.over,
    }
    if s.over:
        out["result"] = {"returns": s.returns(), "end": s.end_reason}
    return out


def _ids(s: RatsState, spaces) -> str:
    return " > ".join(s.game.board.ids[p] for p in spaces)


def describe(s: RatsState, kind: str, actor: int | None, d: dict[str, Any],
             seat: int | None) -> str:
    b = s.game.board
    names = b.names
    v = s.voice(seat)
    if kind == "setup":
        return f"A new game of Target: Rats Simplified for {d['players']} players"
    if kind == "turn":
        return f"began a turn (round {d['round']})"
    if kind == "topup":
        return f"placed {plural(d['rats'], 'new unfed rat')} on {v.their(actor)} home nest"
    if kind == "roll":
        return "rolled " + ", ".join(str(x) for x in d["dice"]) + \
            f" ({sum(d['dice'])} to move)"
    if kind == "feed":
        return f"fed a rat at the dumpster on {names[d['space']]}"
    if kind == "breed":
        return (f"bred two fed rats on {names[d['space']]}: {plural(d['rats'], 'new rat')} "
                "at home")
    if kind == "move":
        return f"moved a rat {_ids(s, d['path'])}"
    if kind == "exterminated":
        return f"lost a rat: it landed on the Exterminator at {names[d['space']]}"
    if kind == "cheese":
        return "landed on Rat City with the exact roll and became Da Big Cheese"
    if kind == "throne-lost":
        return "lost the title of Da Big Cheese (no rat left in Rat City)"
    if kind == "exterminator":
        dead = sum(d["killed"])
        return (f"used the Target: the Exterminator goes to {names[d['space']]}"
                + (f", killing {plural(dead, 'rat')}" if dead else ""))
    if kind == "fight":
        sides = ", ".join(f"{v.who(int(f))} {n}" for f, n in d["sides"].items())
        rolls = "; then ".join(", ".join(f"{v.who(int(f))} {t}" for f, t in rnd.items())
                               for rnd in d["rolls"])
        w = d["winner"]
        text = (f"A fight in Rat City (rats: {sides}): rolls {rolls}; "
                f"{v.does(w, 'win')}, the others' rats there are killed")
        return text + (f" and {v.verb(w, 'take')} the title of Da Big Cheese" if d["throne"]
                       else "")
    if kind == "end-game":
        if d["winner"] is None:
            return "The round limit is reached: a draw"
        w = d["winner"]
        return (f"{v.does(w, 'are')} Da Big Cheese with all {v.their(w)} rats out of the nest, "
                f"and {v.verb(w, 'win')}")
    return kind


def describe_action(s: RatsState, action: Action) -> str:
    key = action.key
    if key[0] == A.STEP and s.mover >= 0:
        b = s.game.board
        here = s.rats[s.to_move][s.mover] >> 1
        to = key[1]
        text = action.label
        if b.kind[here] == 3 and to != b.corridor_surface[s.nests[s.to_move]]:
            text += " (passing under the sewer cover: 2 moves)"
        if to in s.dumpsters and to != s.ext and not s.rats[s.to_move][s.mover] & 1:
            text += " (feeds)"
        return text
    return action.label
