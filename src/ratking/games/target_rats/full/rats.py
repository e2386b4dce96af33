"""Small helpers over the rats and tokens of a Target: Rats state.

A rat is an int code, space * 2 + fed, in its faction's list `s.rats[f]` (faction = seat);
`s.count[space]` is how many rats (all factions) stand there; `s.token[space]` is the token
on the space (phases.NO_TOKEN, FOOD, SEWER, or NEST0 + seat).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board import HOME
from .phases import FOOD, NEST0, SEWER

if TYPE_CHECKING:
    from .state import FullState

UNLIMITED = 1 << 20


def own(s: FullState, f: int, sp: int) -> int:
    """How many rats of faction f stand on sp."""
    a = sp * 2
    rats = s.rats[f]
    return rats.count(a) + rats.count(a + 1)


def fed_unfed(s: FullState, f: int, sp: int) -> tuple[int, int]:
    a = sp * 2
    rats = s.rats[f]
    return rats.count(a + 1), rats.count(a)


def enemies(s: FullState, f: int, sp: int) -> bool:
    """Does sp hold rats of a faction other than f?"""
    n = s.count[sp]
    return n > 0 and n != own(s, f, sp)


def sides(s: FullState, sp: int) -> list[int]:
    """The factions with rats on sp, in seat order."""
    a = sp * 2
    return [f for f, rats in enumerate(s.rats) if a in rats or a + 1 in rats]


def limit(s: FullState, sp: int) -> int:
    """Most rats of one faction sp may hold (RULINGS: Rat City counts one faction's rats)."""
    return s.game.limits[sp]


def limits(game) -> tuple[int, ...]:
    """Per space, its limit under the game's rules (built once per game)."""
    b = game.board
    r = game.rules
    return tuple(UNLIMITED if b.kind[x] == HOME else r.city_limit if x == b.city
                 else r.space_limit for x in range(b.size))


def nests(s: FullState, f: int) -> int:
    """Nest tokens of faction f on the board (the home nest does not count)."""
    return s.token.count(NEST0 + f)


def supply_left(s: FullState, tok: int) -> int:
    """Tokens of that kind still in the box (for a nest token: of its faction)."""
    r = s.game.rules
    if tok == FOOD:
        return r.food_tokens - s.token.count(FOOD)
    if tok == SEWER:
        return r.sewer_tokens - s.token.count(SEWER)
    return r.max_nests - s.token.count(tok)


def home(s: FullState, f: int) -> int:
    return s.game.board.homes[s.nests[f]]


def spawn(s: FullState, f: int, sp: int, n: int) -> int:
    """Up to n new unfed rats of f on sp (never past max_rats); how many appeared."""
    n = min(n, s.game.rules.max_rats - len(s.rats[f]))
    if n > 0:
        s.rats[f].extend([sp * 2] * n)
        s.count[sp] += n
    return max(n, 0)


def kill(s: FullState, f: int, sp: int, n: int) -> int:
    """n rats of f on sp die, unfed ones first (ruling); how many died."""
    rats = s.rats[f]
    a = sp * 2
    died = 0
    for code in (a, a + 1):
        while died < n and code in rats:
            rats.remove(code)
            died += 1
    s.count[sp] -= died
    if died:
        eliminated(s, f)
    return died


def kill_all_on(s: FullState, sp: int) -> list[int]:
    """Every rat on sp dies; how many of each faction."""
    out = [0] * s.players
    if s.count[sp]:
        a = sp * 2
        for f, rats in enumerate(s.rats):
            keep = [c for c in rats if c >> 1 != sp] if (a in rats or a + 1 in rats) else rats
            if len(keep) != len(rats):
                out[f] = len(rats) - len(keep)
                s.rats[f] = keep
                eliminated(s, f)
        s.count[sp] = 0
    return out


def eliminated(s: FullState, f: int) -> None:
    """seed 000, SPECIAL ITEM CARDS: a faction with no rats left discards its item (at once:
    ruling)."""
    if not s.rats[f] and s.item[f] >= 0:
        card = s.item[f]
        s.item[f] = -1
        s.item_ready[f] = False
        discard(s, card)
        s.emit("item-lost", f, {"card": card})


def move_all(s: FullState, f: int, frm: int, to: int, keep: int = 0) -> int:
    """Move f's rats from frm to to, leaving `keep` fed ones (the throne rat) behind; how many
    moved."""
    rats = s.rats[f]
    a = frm * 2
    b = to * 2
    moved = 0
    kept = 0
    for i, c in enumerate(rats):
        if c == a + 1 and kept < keep:
            kept += 1
        elif c == a or c == a + 1:
            rats[i] = b + (c & 1)
            moved += 1
    s.count[frm] -= moved
    s.count[to] += moved
    return moved


def throne_rat(s: FullState, f: int, sp: int) -> int:
    """1 if sp is Rat City and f holds Da Big Cheese (the throne rat stands there), else 0."""
    return 1 if f == s.cheese and sp == s.game.board.city else 0


def throne_fix(s: FullState) -> None:
    """Da Big Cheese: the title goes when no rat of theirs is left in Rat City; the throne rat
    is always fed (seed 000, DA BIG CHEESE'S SPECIAL PRIVILEGES)."""
    f = s.cheese
    if f < 0:
        return
    rats = s.rats[f]
    a = s.game.board.city * 2
    if a + 1 in rats:
        return
    if a in rats:
        rats[rats.index(a)] = a + 1
        return
    s.cheese = -1
    s.emit("throne-lost", f, {})


def discard(s: FullState, card: int) -> None:
    if s.game.cards.deck_of[card]:
        s.under_discard.append(card)
    else:
        s.surface_discard.append(card)
