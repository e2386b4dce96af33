"""Scavenging and the event decks (seed 000, SCAVENGE and SPECIAL ITEM CARDS): discovering an
undefended enemy nest, drawing (two for Da Big Cheese, keep one), each card effect, tokens and
the box supply, and held items."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.rng import shuffle
from ..board import SURFACE
from . import cards as C
from .phases import (
    CARD,
    EXT,
    FOOD,
    ITEM,
    KEEP,
    NEST0,
    NO_TOKEN,
    PUSH,
    RELOCATE,
    SEWER,
    SPAWN,
    TOKEN,
    USE,
    W_SCAVENGE,
)
from .rats import discard, kill, nests, own, supply_left, throne_rat

if TYPE_CHECKING:
    from .state import FullState


def scavenge(s: FullState, f: int, sp: int) -> None:
    tok = s.token[sp]
    if tok >= NEST0 and tok != NEST0 + f:
        # seed 000, NEST: an undefended nest is discovered instead of drawing; spec ruling:
        # with all of one's nest tokens out, the enemy token is just removed
        mine = nests(s, f) < s.game.rules.max_nests
        if f == s.cheese:
            s.cheese_drew = True  # DA BIG CHEESE: this was the turn's first Scavenge action
        s.token[sp] = NEST0 + f if mine else NO_TOKEN
        s.emit("discover", f, {"space": sp, "owner": tok - NEST0, "taken": mine})
        return
    deck = C.SURFACE_DECK if s.game.board.kind[sp] == SURFACE else C.UNDER_DECK
    many = 1
    if f == s.cheese and not s.cheese_drew:
        s.cheese_drew = True  # seed 000, DA BIG CHEESE: the first scavenge each turn: two cards
        many = s.game.rules.cheese_draws
    drawn = []
    for _ in range(many):
        card = draw(s, deck)
        if card < 0:
            break
        drawn.append(card)
        s.emit("draw", f, {"card": card, "space": sp})
    if len(drawn) > 1:
        s.tasks.append((KEEP, f, sp, *drawn))
    elif drawn:
        resolve(s, f, drawn[0], sp)
    else:
        s.emit("decks-empty", f, {"space": sp})


def draw(s: FullState, deck: int) -> int:
    """The top card of a deck (its discards shuffled in when it is empty); -1 if none."""
    name = "under_deck" if deck else "surface_deck"
    pile = getattr(s, name)
    if not pile:
        used = s.under_discard if deck else s.surface_discard
        if not used:
            return -1
        pile.extend(used)
        used.clear()
        shuffle(s.rng, pile)
        s.emit("reshuffle", None, {"deck": deck})
    return s.draw(name)


def keep(s: FullState, type_index: int) -> None:
    task = s.tasks.pop()
    f, sp, drawn = task[1], task[2], task[3:]
    type_of = s.game.cards.type_of
    kept = next(c for c in drawn if type_of[c] == type_index)
    for c in drawn:
        if c != kept:
            discard(s, c)
    s.emit("keep", f, {"card": kept, "discarded": [c for c in drawn if c != kept]})
    resolve(s, f, kept, sp)


def resolve(s: FullState, f: int, card: int, sp: int) -> None:
    """Queue the card's effect; a harmful one first offers a ready cancel item."""
    s.tasks.append((CARD, f, card, sp))
    cs = s.game.cards
    if cs.effect[card] in C.HARMFUL and s.item_ready[f] and \
            cs.power[s.item[f]] == C.CANCEL_EVENT:
        s.tasks.append((USE, f, W_SCAVENGE))


def effect(s: FullState, f: int, card: int, sp: int) -> None:
    """Apply a drawn event to the rats of f on sp (seed 000, SCAVENGE: it affects every rat of
    the space)."""
    from .acting import feed, unfeed
    from .exterminator import land, surface_choices

    cs = s.game.cards
    kind = cs.effect[card]
    n = cs.n[card]
    if kind == C.ITEM:
        take_item(s, f, card)
        return
    discard(s, card)
    if kind == C.FOOD:
        s.emit("feed", f, {"space": sp, "rats": feed(s, f, sp)})
        place(s, f, sp, FOOD)
    elif kind == C.NEST:
        place(s, f, sp, NEST0 + f)
    elif kind == C.SEWER:
        place(s, f, sp, SEWER)
    elif kind == C.FEED:
        s.emit("feed", f, {"space": sp, "rats": feed(s, f, sp)})
    elif kind == C.UNFEED:
        s.emit("unfeed", f, {"space": sp, "rats": unfeed(s, f, sp)})
    elif kind in (C.KILL, C.KILL_HALF, C.KILL_ALL):
        # RULINGS, Target: Rats: Da Big Cheese loses the title only in a fight; an event in
        # Rat City kills the others of his group, never the throne rat
        here = own(s, f, sp) - throne_rat(s, f, sp)
        if kind == C.KILL_HALF:
            n = max(1, here // 2)
        elif kind == C.KILL_ALL:
            n = here
        s.emit("killed", f, {"space": sp, "rats": kill(s, f, sp, min(n, here))})
    elif kind == C.SCATTER:
        if own(s, f, sp) > throne_rat(s, f, sp):
            s.tasks.append((PUSH, f, f, sp, n))
    elif kind == C.EXTERMINATOR:
        if s.game.board.kind[sp] == SURFACE:
            land(s, sp, f)
        else:
            s.tasks.append((EXT, f, *surface_choices(s)))
    elif kind == C.SPAWN:
        s.tasks.append((SPAWN, f, n))


def cancel(s: FullState) -> None:
    """A cancel item used: the card under the prompt is discarded without effect."""
    _, f, card, sp = s.tasks.pop()
    discard(s, card)
    s.emit("cancel", f, {"card": card, "space": sp})


def take_item(s: FullState, f: int, card: int) -> None:
    """seed 000, SPECIAL ITEM CARDS: hold one item; with two, choose which to discard. A new
    item is ready at once (ruling)."""
    if s.item[f] < 0:
        s.item[f] = card
        s.item_ready[f] = True
        s.emit("item", f, {"card": card})
    else:
        s.tasks.append((ITEM, f, card))


def choose_item(s: FullState, type_index: int) -> None:
    _, f, new = s.tasks.pop()
    old = s.item[f]
    type_of = s.game.cards.type_of
    if type_of[new] == type_index and type_of[old] != type_index:
        s.item[f] = new
        s.item_ready[f] = True
        discard(s, old)
        s.emit("item", f, {"card": new, "discarded": old})
    else:
        discard(s, new)
        s.emit("item-kept", f, {"card": old, "discarded": new})


def place(s: FullState, f: int, sp: int, tok: int) -> None:
    """Put a token on sp (seed 000, SCAVENGE): one token a space (the player chooses which
    stays), none in corridors or Rat City, and with none left in the box one is moved from
    elsewhere on the board."""
    if not s.game.board.token_slot[sp]:
        s.emit("no-token", f, {"space": sp, "token": tok})
        return
    cur = s.token[sp]
    if cur == tok:
        return
    if cur != NO_TOKEN:
        s.tasks.append((TOKEN, f, sp, tok))
        return
    put(s, f, sp, tok)


def put(s: FullState, f: int, sp: int, tok: int) -> None:
    if supply_left(s, tok) <= 0:
        if any(t == tok for x, t in enumerate(s.token) if x != sp):
            s.tasks.append((RELOCATE, f, sp, tok))
        return
    s.token[sp] = tok
    s.emit("token", f, {"space": sp, "token": tok})


def token_choice(s: FullState, new: bool) -> None:
    _, f, sp, tok = s.tasks.pop()
    if not new:
        s.emit("token-kept", f, {"space": sp, "token": s.token[sp], "refused": tok})
        return
    s.token[sp] = NO_TOKEN
    put(s, f, sp, tok)


def relocate_choices(s: FullState) -> list[int]:
    _, _f, sp, tok = s.tasks[-1]
    return [x for x, t in enumerate(s.token) if t == tok and x != sp]


def relocate(s: FullState, frm: int) -> None:
    _, f, sp, tok = s.tasks.pop()
    s.token[frm] = NO_TOKEN
    s.token[sp] = tok
    s.emit("relocate", f, {"from": frm, "space": sp, "token": tok})
