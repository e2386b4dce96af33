"""Set-ups for You Dirty Rat rules tests: hands and Hideouts arranged by card name."""

from __future__ import annotations

import ratking
from ratking.games.you_dirty_rat.components import PLACEHOLDER
from ratking.games.you_dirty_rat.phases import MAIN
from ratking.games.you_dirty_rat.rules import TOKEN

from ..cores import start


def new(players=2, seed=0, **rules):
    return start(ratking.make("you-dirty-rat", **rules), players, seed)


def type_index(s, name):
    return next(i for i, t in enumerate(s.game.deck.types) if t.name == name)


def card(s, name):
    """Take a card of this name from the deck (a Ringleader: a fresh id, for Hideouts)."""
    t = type_index(s, name)
    d = s.game.deck
    if t >= d.specialists:
        return d.ringleader + t - d.specialists
    c = next(c for c in s.deck if d.type_of(c) == t)
    s.deck.remove(c)
    return c


def set_hand(s, p, *names):
    """Seat p's hand becomes exactly these cards (its Specialists go back to the deck)."""
    ring = s.game.deck.ringleader
    s.deck.extend(c for c in s.hands[p] if c < ring)
    s.hands[p] = [card(s, n) for n in names]
    s._legal = None
    return s.hands[p]


def put(s, p, night, *names):
    """Place these cards together (a Team if 2 or more) in seat p's Night `night` (1-3)."""
    cards = [card(s, n) for n in names]
    s.nights[p][night - 1] = cards
    for c in cards:
        s.public |= 1 << c
    s._legal = None
    return cards


def ready(s, p=0):
    s.to_move = p
    s.phase = MAIN
    s._legal = None
    return s


def end_by_the_stash(s):
    """The seat to move plays a Forger that takes the Town Stash's last $300, which ends and
    scores the game at once (seed 002, END GAME SCORING); its $300 are taken off that seat's
    money first, and the box holds what the test left (its total set to fit)."""
    p = ready(s, s.to_move).to_move
    s.hands[p].append(card(s, "Forger"))
    s.money[p] -= 300
    s.stash = 300
    s.total = sum(s.money) + s.stash + TOKEN * sum(
        n.count(PLACEHOLDER) for ns in s.nights for n in ns)
    s.apply("play:forger")
    assert s.is_over and s.end_reason == "finished"
    return s


def ids(s):
    return [a.id for a in s.legal_actions()]


def names(s, cards):
    d = s.game.deck
    return sorted(d.types[d.type_of(c)].name for c in cards)
