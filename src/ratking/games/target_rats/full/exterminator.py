"""The Exterminator (seed 000, THE EXTERMINATOR): the item window, the 8-rat infestation of a
quadrant, the roll of a Target otherwise, and what he destroys where he lands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board import SURFACE, Board, per_board
from . import cards as C
from .phases import EXT, EXT_MOVE, NO_TOKEN, USE, W_EXT
from .rats import kill_all_on

if TYPE_CHECKING:
    from .state import FullState


@per_board
def quadrant_spaces(b: Board) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Per quadrant: (all its spaces, its surface spaces). Corridor spaces are in two
    quadrants; home nests and Rat City in none."""
    out = []
    for q in range(4):
        every = tuple(x for x in range(b.size) if q in b.quadrants[x])
        out.append((every, tuple(x for x in every if b.kind[x] == SURFACE)))
    return tuple(out)


def open_phase(s: FullState) -> None:
    """First the window for Exterminator items, any holder, the player whose turn it is first."""
    s.tasks.append((EXT_MOVE,))
    cs = s.game.cards
    seats = [(s.turn + k) % s.players for k in range(s.players)]
    for g in reversed(seats):
        if s.item_ready[g] and cs.power[s.item[g]] == C.CALL_EXTERMINATOR:
            s.tasks.append((USE, g, W_EXT))


def surface_choices(s: FullState) -> list[int]:
    return [x for x in range(s.game.board.surface) if x != s.ext]


def infested(s: FullState) -> list[int]:
    count = s.count
    want = s.game.rules.infestation
    at = count.__getitem__
    return [q for q, (every, _) in enumerate(quadrant_spaces(s.game.board))
            if sum(map(at, every)) >= want]


def move(s: FullState) -> None:
    """seed 000, THE EXTERMINATOR: an infested quadrant calls him to its surface space with the
    most rats (the player chooses among ties, and among quadrants); otherwise roll a die and on
    a Target the player sends him to any surface space."""
    f = s.turn
    quads = infested(s)
    if quads:
        choices: list[int] = []
        count = s.count
        for q in quads:
            surf = quadrant_spaces(s.game.board)[q][1]
            most = max(count[x] for x in surf)
            best = [x for x in surf if count[x] == most and (most or x != s.ext)]
            choices.extend(x for x in best if x not in choices)
        s.emit("infestation", f, {"quadrants": quads})
        if len(choices) == 1:
            land(s, choices[0], f)
        else:
            s.tasks.append((EXT, f, *sorted(choices)))
        return
    die = int(s.rng.random() * 6) + 1
    hit = die == s.game.rules.target_face
    s.emit("ext-roll", f, {"die": die, "target": hit})
    if hit:
        s.tasks.append((EXT, f, *surface_choices(s)))


def land(s: FullState, sp: int, actor: int) -> None:
    """He destroys every rat and any token on his space, which is impassable while he stays."""
    s.ext = sp
    killed = kill_all_on(s, sp)
    tok = s.token[sp]
    s.token[sp] = NO_TOKEN
    s.emit("exterminator", actor, {"space": sp, "killed": killed, "token": tok})


def pigeon_call(s: FullState, seat: int) -> None:
    """An Exterminator item used: the normal phase is replaced by the holder's choice."""
    while s.tasks and s.tasks[-1][0] in (USE, EXT_MOVE):
        s.tasks.pop()
    s.tasks.append((EXT, seat, *surface_choices(s)))
