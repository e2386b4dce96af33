"""Movement (seed 000, MOVEMENT): groups chosen, split and moved one step at a time.

A turn may move base_groups groups plus one per nest token held. A group is picked by its
space (`group:`), then its make-up (`take:<fed>:<unfed>`), then moved step by step. Its rats
move on the board as it goes; `s.grp_idx` holds their indices in `s.rats[turn]` (no rat dies
during movement, so indices stay valid) and `s.moved` flags every rat that has moved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board import HOME, SURFACE, UNDERGROUND, Board, per_board
from .phases import SEWER, STEP
from .rats import enemies, limit

if TYPE_CHECKING:
    from .state import FullState


@per_board
def above(b: Board) -> tuple[tuple[int, ...], ...]:
    """Per underground space: the surface spaces above it (a sewer entrance there links)."""
    out: list[list[int]] = [[] for _ in range(b.size)]
    for x in range(b.surface):
        if b.beneath[x] >= 0:
            out[b.beneath[x]].append(x)
    return tuple(tuple(v) for v in out)


def can_enter(s: FullState, f: int, to: int, n: int) -> bool:
    """May a group of n rats of f enter `to` (and so stop there)? Enemy rats there: yes, to
    fight; otherwise only with room (seed 000, MOVEMENT: 4 rats a space, 8 in Rat City)."""
    if to == s.ext:
        return False
    c = s.count[to]
    if c == 0:
        return n <= limit(s, to)
    if enemies(s, f, to):
        return True
    return c + n <= limit(s, to)


def steps(s: FullState, f: int, here: int, path: list[int], n: int,
          left: int) -> list[tuple[int, int]]:
    """(destination, cost) of each step a group of n rats of f on `here` may take."""
    if left <= 0:
        return []
    b = s.game.board
    kind = b.kind[here]
    out = []
    if kind == HOME:
        k = s.nests[f]
        cover = b.corridor_surface[k]
        if cover not in path and can_enter(s, f, cover, n):
            out.append((cover, 1))
        # seed 000, MOVEMENT + RULINGS: from the home nest a group may pass under a sewer
        # cover held by enemy rats (or the Exterminator) to the underground corridor space;
        # that step still counts (2 in all)
        if left >= 2 and (cover == s.ext or enemies(s, f, cover)):
            under = b.corridor_under[k]
            if under not in path and can_enter(s, f, under, n):
                out.append((under, 2))
        return out
    for to in b.adj[here]:
        if to not in path and can_enter(s, f, to, n):
            out.append((to, 1))
    # down or up through a Sewer Entrance token (never surfacing under the Exterminator:
    # can_enter refuses his space)
    for to in sewer_links(s, here):
        if to not in path and can_enter(s, f, to, n):
            out.append((to, 1))
    if kind == SURFACE and here == b.corridor_surface[s.nests[f]]:
        to = b.homes[s.nests[f]]  # back into one's own home nest
        if to not in path:
            out.append((to, 1))
    return out


def sewer_links(s: FullState, here: int) -> list[int]:
    """The spaces a Sewer Entrance token links with `here`, one step each way (seed 000,
    MOVEMENT): beneath a surface space holding one, or above an underground space, each
    surface space over it that holds one."""
    b = s.game.board
    kind = b.kind[here]
    token = s.token
    if kind == SURFACE:
        return [b.beneath[here]] if token[here] == SEWER else []
    if kind == UNDERGROUND:
        return [x for x in above(b)[here] if token[x] == SEWER]
    return []


def available(s: FullState, f: int, sp: int) -> tuple[int, int, int, int]:
    """(fed, unfed, unmoved fed, unmoved unfed) rats of f on sp that may go in a group; Da Big
    Cheese's throne rat never leaves Rat City (seed 000, DA BIG CHEESE)."""
    rats = s.rats[f]
    moved = s.moved
    a = sp * 2
    fed = unfed = ufed = uunfed = 0
    for i, c in enumerate(rats):
        if c == a:
            unfed += 1
            if not moved[i]:
                uunfed += 1
        elif c == a + 1:
            fed += 1
            if not moved[i]:
                ufed += 1
    if f == s.cheese and sp == s.game.board.city and fed:
        fed -= 1
        ufed = max(0, ufed - 1)
    return fed, unfed, ufed, uunfed


def biggest_first_step(s: FullState, f: int, sp: int) -> int:
    """The largest group that could make a first step from sp (0: none)."""
    best = 0
    b = s.game.board
    for to, _ in steps(s, f, sp, [sp], 1, s.game.rules.move_range):
        if b.kind[to] == HOME or enemies(s, f, to):
            return 1 << 20
        best = max(best, limit(s, to) - s.count[to])
    return best


def take_options(s: FullState, f: int, sp: int) -> list[tuple[int, int]]:
    fed, unfed, ufed, uunfed = available(s, f, sp)
    if not ufed and not uunfed:
        return []
    most = biggest_first_step(s, f, sp)
    out = []
    for a in range(fed + 1):
        for u in range(unfed + 1):
            if 0 < a + u <= most and ((a and ufed) or (u and uunfed)):
                out.append((a, u))
    return out


def group_starts(s: FullState, f: int, first: bool = False) -> list[int]:
    """Spaces a new group may start from (sorted); with `first`, stop at the first found."""
    return startable(s, f, first) if s.groups_left > 0 else []


def startable(s: FullState, f: int, first: bool = False) -> list[int]:
    """Spaces a group could start from if a group move were left (see group_starts): those
    where take_options is not empty. A rat that has not moved is there (the loop starts
    from one), so that holds exactly when it may go (it is not the throne rat) and a first
    step exists (every step steps() offers has room for one more rat)."""
    seen = set()
    out = []
    moved = s.moved
    rats = s.rats[f]
    b = s.game.board
    city = b.city if f == s.cheese else -1
    reach = s.game.rules.move_range
    for i, c in enumerate(rats):
        sp = c >> 1
        if not moved[i] and sp not in seen:
            seen.add(sp)
            if sp == city:  # the throne rat may not go: another unmoved rat must be there
                _, _, ufed, uunfed = available(s, f, sp)
                if not ufed and not uunfed:
                    continue
            if steps(s, f, sp, [sp], 1, reach):
                out.append(sp)
                if first:
                    return out
    out.sort()
    return out


def take(s: FullState, sp: int, fed: int, unfed: int) -> None:
    """Form the group: one rat that has not moved first, then rats that already moved (so
    that unmoved rats stay behind for another group), the throne rat never."""
    f = s.turn
    rats = s.rats[f]
    moved = s.moved
    a = sp * 2
    reserve = -1
    if f == s.cheese and sp == s.game.board.city:
        fed_here = [i for i, c in enumerate(rats) if c == a + 1]
        unmoved = [i for i in fed_here if not moved[i]]
        reserve = (unmoved or fed_here)[0]
    want = {a + 1: fed, a: unfed}
    chosen: list[int] = []
    for code in (a + 1, a):  # the one unmoved rat that lets the group start
        if want[code] and not chosen:
            i = next((i for i, c in enumerate(rats) if c == code and not moved[i]
                      and i != reserve), -1)
            if i >= 0:
                chosen.append(i)
                want[code] -= 1
    for first_moved in (True, False):
        for i, c in enumerate(rats):
            if c in want and want[c] and i != reserve and i not in chosen \
                    and moved[i] == first_moved:
                chosen.append(i)
                want[c] -= 1
    for i in chosen:
        moved[i] = True
    s.groups_left -= 1
    s.grp_idx = chosen
    s.grp_path = [sp]
    s.grp_steps = s.game.rules.move_range
    s.tasks[-1] = (STEP, f)


def group_steps(s: FullState) -> list[tuple[int, int]]:
    return steps(s, s.turn, s.grp_path[-1], s.grp_path, len(s.grp_idx), s.grp_steps)


def step(s: FullState, to: int) -> list[tuple[int, int]] | None:
    """Move the group one step; the steps it may take next, or None if its move ended."""
    f = s.turn
    b = s.game.board
    here = s.grp_path[-1]
    cost = 2 if b.kind[here] == HOME and to == b.corridor_under[s.nests[f]] else 1
    rats = s.rats[f]
    code = to * 2
    for i in s.grp_idx:
        rats[i] = code + (rats[i] & 1)
    n = len(s.grp_idx)
    s.count[here] -= n
    s.count[to] += n
    s.grp_path.append(to)
    s.grp_steps -= cost
    # seed 000, MOVEMENT: entering enemy rats ends the group's move (a fight will follow)
    if enemies(s, f, to):
        stop(s)
        return None
    nxt = group_steps(s)
    if not nxt:
        stop(s)
        return None
    return nxt


def stop(s: FullState) -> None:
    f = s.turn
    path = s.grp_path
    s.emit("move", f, {"path": list(path), "rats": len(s.grp_idx)})
    end = path[-1]
    if end not in s.action_spaces:
        s.action_spaces.append(end)
    s.grp_idx = []
    s.grp_path = []
    s.grp_steps = 0
    s.tasks.pop()  # back to the MOVE decision beneath


def end_moves(s: FullState) -> None:
    """Movement is over: each space a group moved to and where moved rats still stand takes
    one action (seed 000, MOVEMENT: joined groups act once)."""
    f = s.turn
    rats = s.rats[f]
    ends = {rats[i] >> 1 for i, m in enumerate(s.moved) if m}
    s.action_spaces = [x for x in s.action_spaces if x in ends]
    s.moved = []
    s.tasks.pop()
    s.emit("end-moves", f, {"spaces": list(s.action_spaces)})
