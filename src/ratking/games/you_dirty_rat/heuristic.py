"""A sensible You Dirty Rat player: commits the richest Heist it can, else plays the card worth
most now, and steals from the leader. It reads only its own hand and the table."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...core import Action
from . import actions as A
from . import rules

if TYPE_CHECKING:
    from .state import RatState


def card_value(s: RatState, p: int, t: int) -> float:
    """Roughly how many dollars playing a card of type t gains now."""
    card = s.game.deck.types[t]
    eff, amt = card.effect, card.amount
    opp = rules.opponents(s, p)
    richest = max(s.money[o] for o in opp)
    if eff == "stash":
        return min(amt, s.stash)
    if eff == "rob-one":
        return 1.5 * min(amt, richest)
    if eff == "rob-each":
        return 1.5 * sum(min(amt, s.money[o]) for o in opp)
    if eff == "draw":
        return 120.0 * amt
    if eff == "per-heist":
        return min(amt * len(s.won[p]), s.stash)
    if eff == "per-hideout":
        return min(amt * (1 + sum(1 for _ in rules.hideout_cards(s, p))), s.stash)
    if eff == "rob-teams":
        return 1.5 * sum(min(amt, s.money[o]) for o in opp
                         if any(len(n) >= 2 for n in s.nights[o]))
    if eff == "mastermind":
        return 150.0
    if eff == "femme-fatale":
        return 160.0 if len(s.hands[p]) > 1 else 10.0
    if eff == "thug":
        return 1.5 * best_partner(s, p)[1]
    if eff == "fall-guy":
        return 80.0
    if eff == "wheelman":
        return 60.0 if s.nights[p][2] else 20.0
    return 90.0  # snitch, lookout, poacher


def best_partner(s: RatState, p: int) -> tuple[int, float]:
    """The archetype whose lone cards in opponents' Hideouts pay the Thug most."""
    best = (0, 0.0)
    for a in range(3):
        gain = 0.0
        for o in rules.opponents(s, p):
            hits = sum(1 for _, c, alone in rules.hideout_cards(s, o)
                       if alone and rules.archetype(s, c) in (a, 3))
            gain += min(100 * hits, s.money[o])
        if gain > best[1]:
            best = (a, gain)
    return best


def heist_value(s: RatState, h: int) -> float:
    x = s.game.deck.heists[h]
    per = {"stash": 1.0, "rob-one": 1.5, "rob-each": 1.5 * (s.players - 1), "draw": 120.0}
    return 200.0 + x.amount * per[x.reward] + 100 * x.step


def choose(s: RatState, rng: random.Random) -> Action:
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    p = s.to_move
    types = s.game.deck.types

    def score(a: Action) -> float:
        kind, *rest = a.key
        if kind == A.HEIST:
            return heist_value(s, rest[0])
        if kind in (A.PLAY, A.KEEP, A.COPY):
            return card_value(s, p, rest[0]) - (5 if types[rest[0]].archetype == 3 else 0)
        if kind == A.NO_EXTRA:
            return 15.0
        if kind == A.TARGET:
            return s.money[rest[0]]
        if kind == A.TEAM:  # keep Inside Men for later; spend the cheapest cards
            return -card_value(s, p, rest[0]) - (500 if types[rest[0]].archetype == 3 else 0)
        if kind == A.WITH:
            a_ = types[rest[0]].archetype
            want = best_partner(s, p)[0]
            return (100 if a_ in (want, 3) else 0) - card_value(s, p, rest[0]) / 10
        if kind == A.ARCH:
            return 1.0 if rest[0] == best_partner(s, p)[0] else 0.0
        if kind == A.CARD:
            owner = next((o for o in range(s.players) for n in s.nights[o] if rest[0] in n), p)
            return s.money[owner] + (0 if owner != p else 50)
        return 0.0

    best = max(score(a) for a in legal)
    top = [a for a in legal if score(a) >= best - 1e-9]
    return top[int(rng.random() * len(top))]
