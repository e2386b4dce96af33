"""Target: Rats Simplified for learning agents: its action space and its observation tensor.

The board and faction slices are shared with the full game (../board_tensor.py). Nothing is
hidden in this game, so every seat's tensor holds the whole position, seen from its seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.spaces import (
    Layout,
    add_ending,
    add_turn,
    encode_ending,
    encode_turn,
    scaled,
    set_flags,
    write_ending,
    write_turn,
)
from ..board import HOME
from ..board_tensor import add_board, add_spaces, encode_board, set_spaces, write_board
from ..seats import NESTS
from .phases import PHASE_NAMES

if TYPE_CHECKING:
    from .game import TargetRatsSimplified
    from .state import RatsState

SIDES = 6


def actions(game: TargetRatsSimplified, players: int) -> list[Action]:
    """Every action that can be legal with `players` seats. A rat is picked where it stands:
    only home nests in play hold rats, and only unfed ones (new rats arrive unfed; a rat
    never steps back into a nest)."""
    cat = game.catalogue
    b = game.board
    homes = {b.homes[n] for n in NESTS[players]}
    out = [cat.topup, cat.no_topup, cat.roll]
    if cat.roll_extra is not cat.roll:  # Da Big Cheese's extra die, if the rules give one
        out.append(cat.roll_extra)
    for sp in range(b.size):
        if b.kind[sp] != HOME:
            out += cat.pick[sp]
        elif sp in homes:
            out.append(cat.pick[sp][0])
    out += [a for a in cat.step if a is not None]
    out += [cat.stop, cat.breed]
    out += [a for a in cat.ext if a is not None]
    out.append(cat.end)
    return out


def layout(game: TargetRatsSimplified, players: int) -> Layout:
    b = game.board
    r = game.rules
    lay = Layout()
    add_turn(lay, players, PHASE_NAMES)
    add_board(lay, b, players, r.max_rats)
    add_spaces(lay, b, "dumpsters", "per space: 1 if a dumpster stands there")
    lay.add("dice", (r.dice + r.cheese_dice) * SIDES,
            "per die rolled this turn (in order): its face one-hot")
    lay.add("pool", 2, "moves left of the roll / the most a roll can give; 1 if the Target "
            "may still be used this turn")
    lay.add("mover", b.size + 1, "the rat being moved: its space one-hot, then 1 if fed")
    add_spaces(lay, b, "path", "per space: 1 if the moving rat has passed it this move")
    add_ending(lay)
    return lay


def encode(game: TargetRatsSimplified, v: dict[str, Any], lay: Layout, out) -> None:
    at = lay.at
    r = game.rules
    space = lay.lookup["space"]
    encode_turn(v, lay, out)
    encode_board(v, lay, out, r.max_rats)
    base = at["dumpsters"]
    for sp, entry in enumerate(v["spaces"]):
        if entry["dumpster"]:
            out[base + sp] = 1.0
    base = at["dice"]
    for face in v["dice"]:
        out[base + face - 1] = 1.0
        base += SIDES
    out[at["pool"]] = scaled(v["pool"], (r.dice + r.cheese_dice) * SIDES)
    out[at["pool"] + 1] = 1.0 if v["target_available"] else 0.0
    mover = v["mover"]
    if mover is not None:
        out[at["mover"] + space[mover["space"]]] = 1.0
        out[at["mover"] + len(space)] = 1.0 if mover["fed"] else 0.0
        set_spaces(out, at["path"], space, mover["path"])
    encode_ending(v, lay, out)




def encode_state(game: TargetRatsSimplified, s: RatsState, seat: int | None, lay: Layout,
                 out) -> None:
    """`encode` of `view(s, seat)`, read from the state (nothing is hidden in this game).
    Spaces and phases are numbered in the view's order, so their codes are their places in
    the tensor."""
    at = lay.at
    r = game.rules
    over = s.over
    if not over:
        write_turn(lay, out, seat, s.to_move, s.players, s.phase)
    write_board(s, seat, lay, out)
    set_flags(out, at["dumpsters"], s.dumpsters)
    base = at["dice"] - 1
    for face in s.dice:
        out[base + face] = 1.0
        base += SIDES
    out[at["pool"]] = scaled(s.pool, (r.dice + r.cheese_dice) * SIDES)
    if s.target:
        out[at["pool"] + 1] = 1.0
    if s.mover >= 0 and not over:
        code = s.rats[s.to_move][s.mover]
        out[at["mover"] + (code >> 1)] = 1.0
        if code & 1:
            out[at["mover"] + game.board.size] = 1.0
        set_flags(out, at["path"], s.path)
    write_ending(lay, out, s.round, r.max_rounds, over)
