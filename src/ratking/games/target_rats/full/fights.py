"""Fights (seed 000, FIGHT; RULINGS, Target: Rats): a die per rat, ties, losses, pushes two
spaces chosen by the winner, chain fights, the Exterminator, overflow to the nearest room."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board import HOME
from . import cards as C
from .movement import sewer_links
from .phases import FIGHT, NEST0, NO_TOKEN, PUSH, ROLL, USE, W_FIGHT
from .rats import enemies, fed_unfed, kill, limit, move_all, nests, own, sides, throne_rat

if TYPE_CHECKING:
    from .state import FullState


def open_fight(s: FullState, sp: int, attacker: int) -> None:
    """Before the dice: each side holding a ready fight item may use it (attacker first)."""
    who = sides(s, sp)
    if len(who) < 2:
        return
    s.bonus = [0] * s.players
    s.tasks.append((ROLL, sp, attacker))
    cs = s.game.cards
    order = [attacker] + [g for g in who if g != attacker] if attacker in who else who
    for g in reversed(order):
        if s.item_ready[g] and cs.power[s.item[g]] == C.FIGHT_DICE:
            s.tasks.append((USE, g, W_FIGHT))


def roll(s: FullState, sp: int, attacker: int) -> None:
    who = sides(s, sp)
    if len(who) < 2:
        return
    r = s.game.rules
    city = sp == s.game.board.city
    rand = s.rng.random
    size = {g: own(s, g, sp) for g in who}
    fed = {g: fed_unfed(s, g, sp)[0] for g in who}

    def dice(g: int) -> list[int]:
        n = size[g] + s.bonus[g] + (r.cheese_fight_dice if city and g == s.cheese else 0)
        return [int(rand() * 6) + 1 for _ in range(n)]

    rolls = {g: dice(g) for g in who}
    first = {str(g): v for g, v in rolls.items()}
    rerolls = []
    contenders = who
    while True:
        top = max(sum(rolls[g]) for g in contenders)
        tied = [g for g in contenders if sum(rolls[g]) == top]
        if len(tied) > 1 and s.cheese in tied:
            tied = [s.cheese]  # 1. Da Big Cheese's faction wins ties
        if len(tied) > 1:
            most = max(fed[g] for g in tied)
            tied = [g for g in tied if fed[g] == most]  # 2. the most fed rats
        if len(tied) > 1 and attacker in tied:
            tied = [g for g in tied if g != attacker]  # 3. the defender
        if len(tied) == 1:
            winner = tied[0]
            break
        contenders = tied  # RULINGS (spec): two defenders still tied roll again
        rolls = {g: dice(g) for g in tied}
        rerolls.append({str(g): v for g, v in rolls.items()})
    losers = [g for g in who if g != winner]
    killed = {}
    for g in losers:
        n = size[g]
        killed[str(g)] = kill(s, g, sp, 1 if n == 1 else n // 2)
    took_throne = city and s.cheese in losers
    if took_throne:
        s.cheese = winner  # seed 000: the victor crowns one of their rats Da Big Cheese
    tok = s.token[sp]
    if tok >= NEST0 and tok - NEST0 in losers:
        s.token[sp] = NEST0 + winner if nests(s, winner) < r.max_nests else NO_TOKEN
    s.last_fight = {"space": sp, "sides": {str(g): size[g] for g in who}, "rolls": first,
                    "rerolls": rerolls, "winner": winner, "killed": killed}
    s.emit("fight", winner, {"space": sp, "attacker": attacker,
                              "sides": {str(g): size[g] for g in who}, "rolls": first,
                              "rerolls": rerolls, "winner": winner, "killed": killed,
                              "throne": took_throne, "nest": s.token[sp] != tok})
    overflow(s, winner, sp)
    for g in reversed(losers):
        if own(s, g, sp):
            s.tasks.append((PUSH, winner, g, sp, r.push_distance))


def push_choices(s: FullState, chooser: int, side: int, sp: int, dist: int) -> list[int]:
    """Spaces `dist` steps away (the fewest steps) along the links a group moves by, never a
    home nest, or, where no space lies that far, the farthest the push reaches (rules page:
    from Rat City no space is six steps away); a winner does not push the losers onto its own
    rats (ruling) unless nothing else is left.

    RULINGS, Target: Rats: a push counts its steps as movement does, through a Sewer Entrance
    token too, and only its end matters (no fight on the spaces it passes). seed 000, FIGHT +
    THE EXTERMINATOR: his space is impassable and losers pushed into him are destroyed, so a
    push never passes over him: the spaces beyond him (reachable only across his space) are
    not offered, and a push towards him ends on his space."""
    found = _push_steps(s, sp, dist)
    far = max((n for x, n in found.items() if x != s.ext), default=0)
    out = [x for x, n in found.items() if n == far and x != s.ext] if far else []
    if s.ext in found:
        out.append(s.ext)
    out.sort()
    if chooser != side:
        away = [x for x in out if not own(s, chooser, x)]
        if away:
            return away
    return out


def _push_steps(s: FullState, start: int, most: int) -> dict[int, int]:
    """The spaces within `most` steps of `start`, each with its fewest steps, along the rings,
    corridors and Sewer Entrance tokens (home nests are never entered); the Exterminator's
    space is reached but never crossed."""
    adj = s.game.board.adj
    ext = s.ext
    found = {start: 0}
    edge = [start]
    for n in range(1, most + 1):
        nxt = []
        for here in edge:
            if here == ext:
                continue
            for x in (*adj[here], *sewer_links(s, here)):
                if x not in found:
                    found[x] = n
                    nxt.append(x)
        edge = nxt
    return found


def push(s: FullState, to: int) -> None:
    _, chooser, side, sp, _dist = s.tasks.pop()
    keep = throne_rat(s, side, sp)
    n = move_all(s, side, sp, to, keep)
    s.emit("push", chooser, {"side": side, "from": sp, "to": to, "rats": n})
    if to == s.ext:  # seed 000, FIGHT: pushed into the Exterminator, destroyed
        s.emit("exterminated", side, {"space": to, "rats": kill(s, side, to, n)})
    elif enemies(s, side, to):  # seed 000, FIGHT: pushed onto other rats: fight at once
        s.tasks.append((FIGHT, to, side))
        if to in s.action_spaces and to not in s.done_spaces:
            # RULINGS, one action per group: a group that fought there has taken its action
            s.done_spaces.append(to)
    else:
        overflow(s, side, to)


def overflow(s: FullState, g: int, sp: int) -> None:
    """seed 000, FIGHT: rats beyond the space's limit go to the nearest space that can take
    them (ruling: nearest by board distance, ties to the lowest space number, never a home
    nest, the Exterminator's space or a space with enemy rats)."""
    extra = own(s, g, sp) - limit(s, sp)
    if extra <= 0:
        return
    b = s.game.board
    row = b.dist[sp]
    order = sorted((x for x in range(b.size) if x != sp and b.kind[x] != HOME and x != s.ext),
                   key=lambda x: (row[x], x))
    rats = s.rats[g]
    moves = []
    for _ in range(extra):
        to = next(x for x in order if not enemies(s, g, x) and s.count[x] < limit(s, x))
        a = sp * 2
        i = rats.index(a) if a in rats else rats.index(a + 1)
        rats[i] = to * 2 + (rats[i] & 1)
        s.count[sp] -= 1
        s.count[to] += 1
        moves.append(to)
    s.emit("overflow", g, {"from": sp, "to": moves})
