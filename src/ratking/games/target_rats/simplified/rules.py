"""Target: Rats Simplified's forward model (seed 001; RULINGS.md, Target: Rats).

A rat is an int code, space * 2 + fed, in its faction's list `s.rats[f]` (faction = seat).
`s.count` holds how many rats stand on each space. A turn: the optional top-up, the roll (done
by the engine), then rats picked one at a time and moved a step at a time until the roll is
spent or nothing can move, then the fight in Rat City, then the next player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import Action, plural
from ..board import HOME, SURFACE
from .actions import BREED, END, EXT, NO_TOPUP, PICK, ROLL, STEP, STOP, TOPUP
from .phases import DICE, MOVING
from .phases import PICK as PICK_PHASE
from .phases import TOPUP as TOPUP_PHASE

if TYPE_CHECKING:
    from .state import RatsState


# --- movement helpers --------------------------------------------------------------------------


def opposing_in_city(s: RatsState, f: int) -> bool:
    city = s.game.board.city
    return any(code >> 1 == city for g, rats in enumerate(s.rats) if g != f for code in rats)


def _open(s: RatsState, to: int, path: list[int] | tuple[int, ...]) -> bool:
    """May a rat step onto `to`: not doubling back, room for it. The Exterminator's space is
    open, but a rat that lands there dies (seed 001, THE EXTERMINATOR), so it never passes."""
    g = s.game
    return (to not in path
            and (g.board.unlimited[to] or s.count[to] < g.rules.space_limit))


def steps_from(s: RatsState, f: int, here: int, path, pool: int) -> list[tuple[int, int]]:
    """(destination, cost) of each step a rat of faction f on `here` may take now."""
    if pool < 1:
        return []
    g = s.game
    b = g.board
    if b.kind[here] == HOME:
        k = s.nests[f]
        cover, under = b.corridor_surface[k], b.corridor_under[k]
        if cover != s.ext and _open(s, cover, path):
            return [(cover, 1)]
        # RULINGS: from the home nest a rat may pass under a blocked sewer cover (full, or
        # under the Exterminator) to the underground corridor space; both steps count
        if pool >= 2 and _open(s, under, path):
            return [(under, 2)]
        return []
    if here == b.city and len(path) > 1 and opposing_in_city(s, f):
        return []  # RULINGS: a rat entering a contested Rat City stops there to fight
    unlimited, count, most = b.unlimited, s.count, g.rules.space_limit  # _open, inlined
    return [(n, 1) for n in b.adj[here]
            if n not in path and (unlimited[n] or count[n] < most)]


def can_step(s: RatsState, f: int, here: int, pool: int) -> bool:
    return bool(steps_from(s, f, here, (here,), pool))


def breed_possible(s: RatsState) -> bool:
    f = s.to_move
    rats = s.rats[f]
    if s.mover < 0 or len(rats) >= s.game.rules.max_rats:
        return False
    code = rats[s.mover]
    if not code & 1:
        return False
    return any(c == code for i, c in enumerate(rats) if i != s.mover)


def _others_can_move(s: RatsState) -> bool:
    f = s.to_move
    moved = s.moved
    pool = s.pool
    seen = set()
    for i, code in enumerate(s.rats[f]):
        if i != s.mover and not moved[i] and code >> 1 not in seen:
            seen.add(code >> 1)
            if can_step(s, f, code >> 1, pool):
                return True
    return False


# --- legal actions -----------------------------------------------------------------------------


def legal_actions(s: RatsState) -> list[Action]:
    cat = s.game.catalogue
    f = s.to_move
    if s.phase == TOPUP_PHASE:
        return [cat.topup, cat.no_topup]
    if s.phase == DICE:
        return [cat.roll, cat.roll_extra]
    if s.phase == MOVING:
        here = s.rats[f][s.mover] >> 1
        steps = steps_from(s, f, here, s.path, s.pool)
        out = [cat.step[to] for to, _ in steps]
        if breed_possible(s):
            out.append(cat.breed)
        if len(s.path) > 1 and (not steps or _others_can_move(s)):
            out.append(cat.stop)
        return out
    out = []
    seen = set()
    pick = cat.pick
    for i, code in enumerate(s.rats[f]):
        if not s.moved[i] and code not in seen:
            seen.add(code)
            if can_step(s, f, code >> 1, s.pool):
                out.append(pick[code >> 1][code & 1])
    if s.target and s.pool >= 1:
        ext = cat.ext
        out.extend(ext[sp] for sp in range(s.game.board.surface) if sp != s.ext)
        if not out or all(a.key[0] == EXT for a in out):
            out.append(cat.end)
    return out


def why_illegal(s: RatsState, action: Action) -> str:
    kind = action.key[0]
    names = s.game.board.names
    # the reasons speak to players; the rulebook sections are cited here only
    if kind in (TOPUP, NO_TOPUP):  # seed 001, SETUP
        return ("the top-up is decided before the roll, by a player with one rat or none on "
                "the board")
    if kind == ROLL:  # seed 001, MOVEMENT
        return "only Da Big Cheese chooses how many dice to roll, before the roll"
    if kind == PICK:  # seed 001, MOVEMENT: one rat at a time
        if s.phase != PICK_PHASE:
            return "finish moving the picked rat first: one rat moves at a time"
        return (f"no rat of that kind on {names[action.key[1]]} can move now (each rat moves "
                "once a turn, along open spaces)")
    if kind == STEP:
        if s.phase != MOVING:
            return "pick a rat to move first"
        return (f"the rat cannot step to {names[action.key[1]]}: not next to it, doubling "
                f"back, full ({plural(s.game.rules.space_limit, 'rat')}), or the Exterminator "
                "is there")
    if kind == STOP:  # seed 001, MOVEMENT
        return ("the roll must be used: this rat may stop only when no other rat could use the "
                "rest")
    if kind == BREED:
        return "breeding needs the moving rat and another rat of its faction here, both fed"
    if kind == EXT:  # seed 001, THE EXTERMINATOR
        return ("the Exterminator moves only by a Target die rolled this turn, once a turn, "
                "before a rat is picked, to another surface space")
    if kind == END:  # seed 001, MOVEMENT
        return "the turn ends only when no rat can move any more"
    return "not legal now"


# --- applying ----------------------------------------------------------------------------------


def apply(s: RatsState, action: Action) -> None:
    key = action.key
    kind = key[0]
    if kind == STEP:
        _step(s, key[1])
    elif kind == PICK:
        _pick(s, key[1], key[2])
    elif kind == STOP:
        finish_move(s)
    elif kind == BREED:
        _breed(s)
    elif kind == EXT:
        _exterminate(s, key[1])
    elif kind == END:
        end_turn(s)
    elif kind == ROLL:
        roll(s, key[1])
    elif kind == TOPUP:
        f = s.to_move
        n = min(s.game.rules.topup_rats, s.game.rules.max_rats - len(s.rats[f]))
        _spawn(s, f, n)
        s.emit("topup", f, {"rats": n})
        before_roll(s)
    else:
        before_roll(s)


def _spawn(s: RatsState, f: int, n: int) -> None:
    home = s.game.board.homes[s.nests[f]]
    for _ in range(n):
        s.rats[f].append(home * 2)
        if f == s.to_move:
            s.moved.append(False)
    s.count[home] += n


def start_turn(s: RatsState) -> None:
    f = s.to_move
    s.moved = [False] * len(s.rats[f])
    s.mover = -1
    s.path = []
    s.dice = []
    s.pool = 0
    s.target = False
    r = s.game.rules
    if len(s.rats[f]) <= r.topup_at and len(s.rats[f]) < r.max_rats:
        s.phase = TOPUP_PHASE  # seed 001, SETUP: "you may place two unfed rats"
        return
    before_roll(s)


def before_roll(s: RatsState) -> None:
    """Roll, unless Da Big Cheese first chooses how many dice: seed 001, MOVEMENT, "Da Big
    Cheese may roll one additional die" (a choice, since the whole roll must be moved)."""
    r = s.game.rules
    if s.cheese == s.to_move and r.cheese_dice:
        s.phase = DICE
        return
    roll(s, r.dice)


def roll(s: RatsState, n: int) -> None:
    f = s.to_move
    rand = s.rng.random
    s.dice = [int(rand() * 6) + 1 for _ in range(n)]
    s.pool = sum(s.dice)
    s.target = s.game.rules.target_face in s.dice
    s.phase = PICK_PHASE
    s.emit("roll", f, {"dice": list(s.dice)})
    advance(s)


def advance(s: RatsState) -> None:
    """In the pick phase with nothing left to decide, end the turn."""
    if s.over or s.phase != PICK_PHASE:
        return
    if not legal_actions(s):
        end_turn(s)


def _pick(s: RatsState, space: int, fed: int) -> None:
    f = s.to_move
    code = space * 2 + fed
    rats = s.rats[f]
    moved = s.moved
    s.mover = next(i for i, c in enumerate(rats) if c == code and not moved[i])
    moved[s.mover] = True
    s.path = [space]
    s.start_pool = s.pool
    s.phase = MOVING


def _step(s: RatsState, to: int) -> None:
    g = s.game
    b = g.board
    f = s.to_move
    rats = s.rats[f]
    code = rats[s.mover]
    here = code >> 1
    if b.kind[here] == HOME and to != b.corridor_surface[s.nests[f]]:
        s.path.append(b.corridor_surface[s.nests[f]])  # passed under the sewer cover
        s.pool -= 1
    s.path.append(to)
    s.pool -= 1
    s.count[here] -= 1
    if to == s.ext:  # seed 001, THE EXTERMINATOR: a rat that lands on his space dies
        rats.pop(s.mover)
        s.moved.pop(s.mover)
        s.emit("move", f, {"path": list(s.path)})
        s.emit("exterminated", f, {"space": to})
        _next_pick(s)
        return
    s.count[to] += 1
    fed = code & 1
    if not fed and b.kind[to] == SURFACE and to in s.dumpsters and to != s.ext:
        fed = 1  # seed 001, FEED: on landing or passing a dumpster
        s.emit("feed", f, {"space": to})
    rats[s.mover] = to * 2 + fed
    if check_win(s):
        return
    _after_step(s)


def _after_step(s: RatsState) -> None:
    f = s.to_move
    here = s.rats[f][s.mover] >> 1
    if breed_possible(s):
        return  # a decision: breed, stop or step on
    if not steps_from(s, f, here, s.path, s.pool):
        finish_move(s)


def _breed(s: RatsState) -> None:
    f = s.to_move
    rats = s.rats[f]
    code = rats[s.mover]
    partner = next(i for i, c in enumerate(rats) if c == code and i != s.mover)
    rats[s.mover] = code - 1
    rats[partner] = code - 1
    r = s.game.rules
    n = min(r.breed_rats, r.max_rats - len(rats))
    _spawn(s, f, n)
    s.emit("breed", f, {"space": code >> 1, "rats": n})
    _after_step(s)


def finish_move(s: RatsState) -> None:
    """The picked rat's move ends; it may make its faction Da Big Cheese."""
    g = s.game
    b = g.board
    f = s.to_move
    here = s.rats[f][s.mover] >> 1
    s.emit("move", f, {"path": list(s.path)})
    total = sum(s.dice)
    # seed 001 + RULINGS: one rat moves the whole total of all dice, stopping on Rat City
    if here == b.city and s.cheese < 0 and s.start_pool == total and s.pool == 0 \
            and len(s.path) - 1 == total:
        s.cheese = f
        s.emit("cheese", f, {"how": "exact"})
    _next_pick(s)


def _next_pick(s: RatsState) -> None:
    """The rat's move is over: back to picking (or the fight, or the next player)."""
    s.mover = -1
    s.path = []
    s.phase = PICK_PHASE
    _check_throne(s)
    if check_win(s):
        return
    advance(s)


def _exterminate(s: RatsState, space: int) -> None:
    f = s.to_move
    s.ext = space
    s.target = False
    s.pool -= 1
    killed = _kill_on(s, space)
    s.emit("exterminator", f, {"space": space, "killed": killed})
    advance(s)


def _kill_on(s: RatsState, space: int) -> list[int]:
    """Remove every rat on `space`; how many of each faction died."""
    killed = [0] * s.players
    for g, rats in enumerate(s.rats):
        keep = [i for i, c in enumerate(rats) if c >> 1 != space]
        if len(keep) != len(rats):
            killed[g] = len(rats) - len(keep)
            s.rats[g] = [rats[i] for i in keep]
            if g == s.to_move:
                s.moved = [s.moved[i] for i in keep]
    s.count[space] = 0
    return killed


def _check_throne(s: RatsState) -> None:
    """RULINGS: Da Big Cheese keeps the title while one of their rats is in Rat City."""
    if s.cheese >= 0:
        city = s.game.board.city
        if not any(c >> 1 == city for c in s.rats[s.cheese]):
            s.emit("throne-lost", s.cheese, {})
            s.cheese = -1


def fight(s: RatsState) -> None:
    """seed 001, FIGHT: after movement, every faction in Rat City rolls a die per rat there;
    the highest total wins, the others' rats there are killed; a tie goes to Da Big Cheese
    (RULINGS: tied sides without Da Big Cheese roll again among themselves)."""
    city = s.game.board.city
    sides = {f: sum(1 for c in rats if c >> 1 == city) for f, rats in enumerate(s.rats)}
    sides = {f: n for f, n in sides.items() if n}
    if len(sides) < 2:
        return
    rand = s.rng.random
    contenders = list(sides)
    rounds = []
    while True:
        totals = {f: sum(int(rand() * 6) + 1 for _ in range(sides[f])) for f in contenders}
        rounds.append({str(f): t for f, t in totals.items()})
        top = max(totals.values())
        tied = [f for f in contenders if totals[f] == top]
        if len(tied) == 1:
            winner = tied[0]
            break
        if s.cheese in tied:
            winner = s.cheese
            break
        contenders = tied
    for f in sides:
        if f != winner:
            keep = [i for i, c in enumerate(s.rats[f]) if c >> 1 != city]
            if f == s.to_move:
                s.moved = [s.moved[i] for i in keep]
            s.rats[f] = [s.rats[f][i] for i in keep]
    s.count[city] = sides[winner]
    took = s.cheese >= 0 and s.cheese != winner and s.cheese in sides
    s.emit("fight", None, {"sides": {str(f): n for f, n in sides.items()}, "rolls": rounds,
                            "winner": winner, "throne": took})
    if took:
        s.cheese = winner


def check_win(s: RatsState) -> bool:
    """seed 001, VICTORY: Da Big Cheese with every one of their twelve rats out of the nest."""
    f = s.cheese
    if f < 0:
        return False
    rats = s.rats[f]
    home = s.game.board.homes[s.nests[f]]
    if len(rats) < s.game.rules.max_rats or any(c >> 1 == home for c in rats):
        return False
    result = [0.0] * s.players
    result[f] = 1.0
    s.mover = -1
    s.emit("end-game", None, {"winner": f, "reason": "finished"})
    s.finish(result, "finished")
    return True


def end_turn(s: RatsState) -> None:
    fight(s)
    _check_throne(s)
    if check_win(s):
        return
    nxt = (s.to_move + 1) % s.players
    if nxt == s.game.rules.first_seat:  # a round ends when play comes back to the starter
        cap = s.game.rules.max_rounds
        if cap is not None and s.round >= cap:
            s.emit("end-game", None, {"winner": None, "reason": "round-cap"})
            s.finish([1.0 / s.players] * s.players, "round-cap")
            return
        s.round += 1
    s.to_move = nxt
    s.emit("turn", nxt, {"round": s.round})
    start_turn(s)
