"""The actions phase (seed 000, ACTIONS): one action for each space a group moved to, fights
first; Feed, Breed, Nest, the claim of the throne, and where new rats appear."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board import HOME, SURFACE, UNDERGROUND
from . import actions as A
from .phases import FIGHT, FOOD, NEST0, PAIRS, RETREAT, SPAWN
from .rats import enemies, fed_unfed, home, kill, limit, move_all, nests, own, spawn
from .scavenge import scavenge

if TYPE_CHECKING:
    from .state import FullState


def pending(s: FullState) -> list[int]:
    """Spaces still to act: a group moved there, no action yet, rats of the player there."""
    f = s.turn
    done = s.done_spaces
    return [x for x in s.action_spaces if x not in done and own(s, f, x)]


def contested(s: FullState, spaces: list[int]) -> list[int]:
    f = s.turn
    return [x for x in spaces if enemies(s, f, x)]


def can_scavenge(s: FullState, sp: int) -> bool:
    """Surface: the Surface deck; underground: the Underground deck; Rat City only once the
    throne is claimed (seed 000, DA BIG CHEESE & RAT CITY); never in a home nest."""
    k = s.game.board.kind[sp]
    return k in (SURFACE, UNDERGROUND) or (sp == s.game.board.city and s.cheese >= 0)


def can_feed(s: FullState, sp: int) -> bool:
    return s.token[sp] == FOOD and (sp * 2) in s.rats[s.turn]


def breed_pairs(s: FullState, sp: int) -> int:
    """Fed pairs that may breed (seed 000, BREED: each pair, while under max_rats): those
    whose young still fit under the limit."""
    f = s.turn
    fed = fed_unfed(s, f, sp)[0]
    r = s.game.rules
    room = r.max_rats - len(s.rats[f])
    if fed < 2 or room <= 0:
        return 0
    return min(fed // 2, -(-room // r.breed_rats))


def can_nest(s: FullState, sp: int) -> bool:
    f = s.turn
    return (s.game.board.token_slot[sp] and s.token[sp] < NEST0
            and fed_unfed(s, f, sp)[0] >= 2 and nests(s, f) < s.game.rules.max_nests)


def can_claim(s: FullState, sp: int) -> bool:
    return sp == s.game.board.city and s.cheese < 0


def feed(s: FullState, f: int, sp: int) -> int:
    """All rats of f on sp become fed; how many were unfed."""
    rats = s.rats[f]
    a = sp * 2
    n = 0
    for i, c in enumerate(rats):
        if c == a:
            rats[i] = a + 1
            n += 1
    return n


def unfeed(s: FullState, f: int, sp: int, n: int = 1 << 20) -> int:
    rats = s.rats[f]
    a = sp * 2 + 1
    done = 0
    for i, c in enumerate(rats):
        if c == a and done < n:
            rats[i] = a - 1
            done += 1
    return done


def do_feed(s: FullState, sp: int) -> None:
    f = s.turn
    s.emit("feed", f, {"space": sp, "rats": feed(s, f, sp)})


def do_breed(s: FullState, sp: int) -> None:
    """seed 000, BREED: "each pair may breed": with one pair able to, it breeds; with more,
    the player chooses how many (a PAIRS decision)."""
    most = breed_pairs(s, sp)
    if most > 1:
        s.tasks.append((PAIRS, s.turn, sp, most))
    else:
        breed(s, sp, most)


def breed(s: FullState, sp: int, pairs: int) -> None:
    """`pairs` fed pairs on sp breed: they become unfed, the other fed rats stay fed, and
    breed_rats young each (fewer at the rat limit) wait to be placed."""
    f = s.turn
    r = s.game.rules
    born = min(pairs * r.breed_rats, r.max_rats - len(s.rats[f]))
    unfeed(s, f, sp, 2 * pairs)
    s.emit("breed", f, {"space": sp, "pairs": pairs, "rats": born})
    if born:
        s.tasks.append((SPAWN, f, born))


def breed_chosen(s: FullState, pairs: int) -> None:
    """The answer to a PAIRS decision."""
    _, _f, sp, _most = s.tasks.pop()
    breed(s, sp, pairs)


def spawn_places(s: FullState, f: int) -> list[int]:
    """Any nest f controls (seed 000, NEST): the home nest, and nest tokens with room and
    no enemy rats."""
    nest = NEST0 + f
    out = [home(s, f)]
    token = s.token
    for x in range(len(token)):
        if token[x] == nest and s.count[x] < limit(s, x) and not enemies(s, f, x):
            out.append(x)
    return out


def do_spawn(s: FullState, at: int) -> None:
    _, f, left = s.tasks.pop()
    b = s.game.board
    r = s.game.rules
    room = left if b.kind[at] == HOME else limit(s, at) - s.count[at]
    n = spawn(s, f, at, min(left, r.breed_rats, room))
    s.emit("spawn", f, {"space": at, "rats": n})
    left -= n
    if left > 0 and n and len(s.rats[f]) < r.max_rats:
        s.tasks.append((SPAWN, f, left))


def do_nest(s: FullState, sp: int) -> None:
    """seed 000, NEST: two fed rats place a nest token and become unfed; other fed rats stay
    fed. Ruling (spec): a food source or sewer entrance there goes back to the box."""
    f = s.turn
    unfeed(s, f, sp, 2)
    old = s.token[sp]
    s.token[sp] = NEST0 + f
    s.emit("nest", f, {"space": sp, "replaced": old})


def do_claim(s: FullState, sp: int) -> None:
    """seed 000, DA BIG CHEESE & RAT CITY: roll one die plus one per nest token; a Target
    claims the throne; otherwise one rat of the group dies and the group is pushed to a nest
    the player controls."""
    f = s.turn
    r = s.game.rules
    rand = s.rng.random
    dice = [int(rand() * 6) + 1 for _ in range(1 + nests(s, f))]
    won = r.target_face in dice
    s.emit("claim", f, {"dice": dice, "won": won})
    if won:
        s.cheese = f
        return
    kill(s, f, sp, 1)
    if own(s, f, sp):
        s.tasks.append((RETREAT, f, sp))


def retreat_places(s: FullState, f: int, sp: int) -> list[int]:
    n = own(s, f, sp)
    return [x for x in spawn_places(s, f)
            if s.game.board.kind[x] == HOME or s.count[x] + n <= limit(s, x)]


def do_retreat(s: FullState, to: int) -> None:
    _, f, sp = s.tasks.pop()
    n = move_all(s, f, sp, to)
    s.emit("retreat", f, {"from": sp, "to": to, "rats": n})


def act(s: FullState, kind: int, sp: int) -> None:
    """Take the action `kind` (actions.FIGHT ... REST) with the rats on sp; the space is then
    done."""
    s.done_spaces.append(sp)
    if kind == A.FIGHT:
        s.tasks.append((FIGHT, sp, s.turn))
    elif kind == A.SCAVENGE:
        scavenge(s, s.turn, sp)
    elif kind == A.FEED:
        do_feed(s, sp)
    elif kind == A.BREED:
        do_breed(s, sp)
    elif kind == A.NEST:
        do_nest(s, sp)
    elif kind == A.CLAIM:
        do_claim(s, sp)
    else:
        s.emit("rest", s.turn, {"space": sp})
