"""You Dirty Rat's forward model: which actions are legal, and what each one does.

Seed 002 (the rulebook) and RULINGS.md, You Dirty Rat. Steps with no choice in them (Advance
Time, Refresh, paying out) happen at once inside `apply`; every choice is its own phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Action
from ...core.rng import shuffle
from . import actions as A
from .components import ANY, PLACEHOLDER
from .phases import ARCH, CARD, COPY, EXTRA, KEEP, MAIN, PARTNER, TARGET, TEAM

if TYPE_CHECKING:
    from .state import RatState

TOKEN = 100
NO_COPY = ("femme-fatale", "thug", "fall-guy")  # and the Inside Man (seed 002, F.A.Q.)


# --- helpers ---------------------------------------------------------------------------------


def hand_types(s: RatState, p: int) -> list[int]:
    card_type = s.game.deck.card_type
    return sorted({card_type[c] for c in s.hands[p]})


def archetype(s: RatState, card: int) -> int:
    return s.game.deck.card_arch[card]


def hideout_cards(s: RatState, p: int):
    """(night, card, alone) for every card (not placeholder) in p's Hideout."""
    for n, night in enumerate(s.nights[p]):
        alone = len(night) == 1
        for c in night:
            if c != PLACEHOLDER:
                yield n, c, alone


def opponents(s: RatState, p: int) -> list[int]:
    return [(p + i) % s.players for i in range(1, s.players)]


# --- legal actions ---------------------------------------------------------------------------


def legal_actions(s: RatState) -> list[Action]:
    cat = s.game.catalogue
    p = s.to_move
    phase = s.phase
    if phase == MAIN:
        hand = s.hands[p]
        if not hand:
            return [cat.placeholder]  # seed 002, F.A.Q.: no card can be played
        # the busiest decision: one pass over the hand for its types and archetype counts
        deck = s.game.deck
        card_type = deck.card_type
        arch = deck.card_arch
        types = set()
        have = [0, 0, 0, 0]  # smarts, stealth, muscle, any (ANY == 3)
        for c in hand:
            types.add(card_type[c])
            have[arch[c]] += 1
        if len(hand) == 1:
            types -= deck.needs_partner  # seed 002, F.A.Q.: a Thug needs a card to team with
        play = cat.play
        options = [play[t] for t in sorted(types)]
        smarts, stealth, muscle, wild = have
        heists = deck.heists
        for h in s.tops:
            if h >= 0:
                x = heists[h]
                a, b, c = x.team
                # seed 002: the team must match exactly, and an Inside Man counts as any one
                # archetype. So the hand can match it when the Inside Men cover every slot
                # that the hand's own cards of the needed archetypes leave open.
                if x.size - wild <= ((a if a < smarts else smarts)
                                     + (b if b < stealth else stealth)
                                     + (c if c < muscle else muscle)):
                    options.append(cat.heist[h])
        # a hand whose only card is a Thug has no legal play: the forced $100 (RULINGS)
        return options or [cat.placeholder]
    if phase == TEAM:
        return team_options(s, p)
    if phase == TARGET:
        return [cat.target[o] for o in opponents(s, p)]
    if phase == CARD:
        return [cat.card[c] for c in card_targets(s, p)]
    if phase == KEEP:
        card_type = s.game.deck.card_type
        return [cat.keep[t] for t in sorted({card_type[c] for c in s.drawn})]
    if phase == PARTNER:
        return [cat.partner[t] for t in hand_types(s, p)]
    if phase == ARCH:
        return cat.arch[:]
    if phase == COPY:
        return [cat.copy[t] for t in copy_types(s, p)]
    # EXTRA
    types = hand_types(s, p)
    if len(s.hands[p]) == 1:
        types = [t for t in types if t not in s.game.deck.needs_partner]
    return [*(cat.play[t] for t in types), cat.no_extra]


def team_options(s: RatState, p: int) -> list[Action]:
    """The cards that may join the team next: an Inside Man, or a card of an archetype the
    Heist still needs.

    A Heist is offered only when the hand can match its team exactly (seed 002; see
    legal_actions), and each of these cards keeps that true: it fills one open slot and uses
    up one card that could have filled it. So the team can always be finished.
    """
    deck = s.game.deck
    arch = deck.card_arch
    need = s.need
    types = {deck.card_type[c] for c in s.hands[p] if arch[c] == ANY or need[arch[c]]}
    team = s.game.catalogue.team
    return [team[t] for t in sorted(types)]


def card_targets(s: RatState, p: int) -> list[int]:
    kind = s.kind
    deck = s.game.deck
    if kind == "lookout":
        return sorted(c for _, c, _ in hideout_cards(s, p) if c != s.played)
    found = []
    for o in opponents(s, p):
        for _, c, alone in hideout_cards(s, o):
            if c < deck.ringleader and (alone or kind == "poacher"):
                found.append(c)
    return sorted(found)


def copy_types(s: RatState, p: int) -> list[int]:
    types = s.game.deck.types
    return [t for t in hand_types(s, p)
            if types[t].effect not in NO_COPY and types[t].archetype != ANY]


def why_illegal(s: RatState, action: Action) -> str:
    kind = action.key[0]
    words = {MAIN: "play a Specialist from your hand or commit a Heist with an exact team",
             TEAM: "choose the next card of the team; it must still be possible to match the "
                   "Heist exactly",
             TARGET: "choose an opponent to steal from", CARD: "choose a card in a Hideout",
             KEEP: "keep one of the three cards the Mastermind drew",
             PARTNER: "choose the card that joins the Thug", ARCH: "choose the archetype the "
             "Inside Man stands for", COPY: "choose a card in your hand whose ability to use",
             EXTRA: "play a second card after the Femme Fatale, or none"}
    if s.phase == MAIN and kind == A.HEIST:
        return "that Heist is not on top of its chain, or your hand cannot match its team"
    hand = s.hands[s.to_move]
    lone = s.game.deck.card_type[hand[0]] if len(hand) == 1 else -1
    if kind == A.PLAY and s.phase in (MAIN, EXTRA) and action.key[1] == lone and \
            lone in s.game.deck.needs_partner:
        return "the Thug is played with another card from your hand, and you have no other"
    if s.phase == MAIN and kind == A.PLAY:
        return "you have no card of that type in your hand"
    if s.phase == MAIN and kind == A.PLACEHOLDER:
        return "you can play a card, so you must"
    return words[s.phase]


# --- apply -----------------------------------------------------------------------------------


def apply(s: RatState, action: Action) -> None:
    key = action.key
    kind = key[0]
    p = s.to_move
    if kind == A.PLAY:
        if s.phase == EXTRA:
            # seed 002, F.A.Q. Femme Fatale: Advance Time, then play into Night 1
            advance(s, p)
        place(s, p, [take(s, p, key[1])])
        s.emit("play", p, {"type": key[1]})
        resolve(s, p, key[1])
    elif kind == A.HEIST:
        h = s.game.deck.heists[key[1]]
        s.heist = h.index
        s.need = list(h.team)
        s.wild_used = 0
        s.nights[p][0] = []
        s.phase = TEAM
        s.emit("commit", p, {"heist": h.index})
        s.reveal()  # only a hand that can match the team may choose it: the others learn so
    elif kind == A.TEAM:
        t = key[1]
        c = take(s, p, t)
        night = s.nights[p]
        night[0] = night[0] + [c]
        s.public |= 1 << c
        s.reveal()  # a card from the hand, face up: the turn can no longer be taken back
        a = s.game.deck.types[t].archetype
        if a == ANY:
            s.wild_used += 1
        else:
            s.need[a] -= 1
        s.emit("team", p, {"type": t})
        if sum(s.need) == s.wild_used:
            heist_done(s, p)
    elif kind == A.TARGET:
        rob(s, p, key[1], s.amount)
        done(s)
    elif kind == A.CARD:
        card_effect(s, p, key[1])
        done(s)
    elif kind == A.KEEP:
        card_type = s.game.deck.card_type
        kept = next(c for c in s.drawn if card_type[c] == key[1])
        s.hands[p].append(kept)
        rest = [c for c in s.drawn if c != kept]
        for c in rest:
            s.discard.append(c)
            s.public |= 1 << c
        s.reveal()
        s.drawn = []
        s.emit("keep", p, {"discarded": [card_type[c] for c in rest]}, {"kept": key[1]},
                1 << p)
        done(s)
    elif kind == A.WITH:
        c = take(s, p, key[1])
        night = s.nights[p]
        night[0] = night[0] + [c]
        s.public |= 1 << c
        s.reveal()  # a card from the hand, face up: the turn can no longer be taken back
        s.emit("partner", p, {"type": key[1]})
        a = s.game.deck.types[key[1]].archetype
        if a == ANY:
            s.phase = ARCH
        else:
            thug(s, p, a)
            done(s)
    elif kind == A.ARCH:
        thug(s, p, key[1])
        done(s)
    elif kind == A.COPY:
        s.emit("copy", p, {"type": key[1]})
        s.reveal()  # names a card of the hand: the others learn it is there
        resolve(s, p, key[1])
    elif kind == A.NO_EXTRA:
        s.emit("no-extra", p, {})
        done(s)
    else:  # PLACEHOLDER
        if s.money[p] >= TOKEN:
            s.money[p] -= TOKEN
            s.nights[p][0] = [PLACEHOLDER]
            s.emit("placeholder", p, {"paid": True})
        else:
            s.emit("placeholder", p, {"paid": False})
        done(s)
    check_end(s)


def take(s: RatState, p: int, t: int) -> int:
    """Remove a card of type t from p's hand (the first one) and return it."""
    hand = s.hands[p]
    card_type = s.game.deck.card_type
    for i, c in enumerate(hand):
        if card_type[c] == t:
            del hand[i]
            return c
    raise AssertionError("no such card in hand")


def lift(s: RatState, p: int, c: int) -> bool:
    """Take card c out of whichever of p's Nights holds it; whether one did. A Night, a
    Refresh Area and a list of won heists are replaced when they change, never changed in
    place: clones share them (a Hideout, the list of a seat's three Nights, is copied)."""
    nights = s.nights[p]
    found = False
    for n, night in enumerate(nights):
        if c in night:
            night = night[:]
            night.remove(c)
            nights[n] = night
            found = True
    return found


def place(s: RatState, p: int, cards: list[int]) -> None:
    s.nights[p][0] = cards
    for c in cards:
        s.public |= 1 << c
    s.reveal()
    s.played = cards[0]


def to_refresh(s: RatState, p: int, items: list[int]) -> None:
    for c in items:
        if c == PLACEHOLDER:
            s.stash += TOKEN  # seed 002, F.A.Q.: the $100 returns to the Town Stash
        else:
            s.refresh[p] = s.refresh[p] + [c]


def advance(s: RatState, p: int) -> None:
    """Seed 002, Step 1: every card moves forward a Night; Night 3 leaves for the Refresh Area."""
    n = s.nights[p]
    to_refresh(s, p, n[2])
    s.nights[p] = [[], n[0], n[1]]


def steal_stash(s: RatState, p: int, amount: int) -> None:
    got = min(amount, s.stash)  # seed 002, F.A.Q.: only what the stash holds
    s.stash -= got
    s.money[p] += got
    s.emit("steal", p, {"from": -1, "amount": got})


def rob(s: RatState, p: int, o: int, amount: int) -> None:
    got = min(amount, s.money[o])
    s.money[o] -= got
    s.money[p] += got
    s.emit("steal", p, {"from": o, "amount": got})


def draw(s: RatState, p: int, n: int, into: list[int] | None = None) -> None:
    """Draw n Specialists into p's hand (or `into`); the deck refills from the discard pile.
    Seed 002, END GAME SCORING: the game ends "immediately" when no card is left in the deck
    and the discard pile cannot refill it (RULINGS), even in the middle of a draw; the card
    that drew finishes first (check_end)."""
    got = []
    for _ in range(n):
        if not s.deck:
            if not s.discard:
                break
            s.deck = s.discard
            s.discard = []
            for c in s.deck:
                s.public &= ~(1 << c)
            shuffle(s.rng, s.deck)
            s.emit("reshuffle", None, {"cards": len(s.deck)})
        c = s.draw("deck") if s.unordered else s.deck.pop()  # (a real game: the top card)
        s.reveal()
        s.public &= ~(1 << c)
        got.append(c)
    if not s.deck and not s.discard:
        s.deck_out = True
    (s.hands[p] if into is None else into).extend(got)
    card_type = s.game.deck.card_type
    s.emit("draw", p, {"count": len(got)}, {"types": [card_type[c] for c in got]}, 1 << p)


def resolve(s: RatState, p: int, t: int) -> None:
    """The text of a card of type t, played (or copied by the Fall Guy) by p."""
    card = s.game.deck.types[t]
    eff = card.effect
    amount = card.amount
    if eff == "stash":
        steal_stash(s, p, amount)
    elif eff == "rob-one":
        s.amount = amount
        s.phase = TARGET
        return
    elif eff == "rob-each":
        for o in opponents(s, p):
            rob(s, p, o, amount)
    elif eff == "draw":
        draw(s, p, amount)
    elif eff == "per-heist":
        steal_stash(s, p, amount * len(s.won[p]))
    elif eff == "per-hideout":
        steal_stash(s, p, amount * sum(1 for _ in hideout_cards(s, p)))
    elif eff == "rob-teams":
        for o in opponents(s, p):
            if any(len(night) >= 2 for night in s.nights[o]):
                rob(s, p, o, amount)
    elif eff == "mastermind":
        s.drawn = []
        draw(s, p, amount, s.drawn)
        if s.drawn:
            s.phase = KEEP
            return
    elif eff == "femme-fatale":
        s.phase = EXTRA
        return
    elif eff == "thug":
        s.amount = amount  # it was playable, so a partner is in hand (seed 002, F.A.Q.)
        s.phase = PARTNER
        return
    elif eff == "fall-guy":
        if copy_types(s, p):
            s.phase = COPY
            return
    elif eff in ("snitch", "lookout", "poacher"):
        s.kind = eff
        if card_targets(s, p):
            s.phase = CARD
            return
    elif eff == "wheelman":
        n = s.nights[p]
        to_refresh(s, p, n[2])
        s.nights[p] = [n[0], [], n[1]]
    done(s)


def card_effect(s: RatState, p: int, c: int) -> None:
    kind = s.kind
    owner = p
    if kind == "lookout":
        lift(s, p, c)
        s.refresh[p] = s.refresh[p] + [c]
    else:
        for o in opponents(s, p):
            if lift(s, o, c):
                owner = o
        if kind == "snitch":
            s.discard.append(c)
        else:
            s.refresh[p] = s.refresh[p] + [c]
    s.emit("move-card", p, {"card": c, "how": kind, "owner": owner})


def thug(s: RatState, p: int, a: int) -> None:
    """Seed 002, F.A.Q. Thug: $100 from each opponent per lone card of the partner's archetype
    (an Inside Man matches any)."""
    for o in opponents(s, p):
        hits = sum(1 for _, c, alone in hideout_cards(s, o)
                   if alone and archetype(s, c) in (a, ANY))
        if hits:
            rob(s, p, o, s.amount * hits)


def heist_done(s: RatState, p: int) -> None:
    deck = s.game.deck
    h = deck.heists[s.heist]
    s.won[p] = s.won[p] + [h.index]
    chain = [x for x in deck.heists if x.chain == h.chain]
    s.tops[h.chain] = chain[h.step + 1].index if h.step + 1 < len(chain) else -1
    s.emit("heist", p, {"heist": h.index})
    if h.reward == "stash":
        steal_stash(s, p, h.amount)
    elif h.reward == "rob-each":
        for o in opponents(s, p):
            rob(s, p, o, h.amount)
    elif h.reward == "draw":
        draw(s, p, h.amount)
    else:
        s.amount = h.amount
        s.phase = TARGET
        return
    done(s)


def done(s: RatState) -> None:
    """Step 2 is over: Refresh, pass the turn, and Advance Time for the next player."""
    p = s.to_move
    s.hands[p].extend(s.refresh[p])  # seed 002, Step 3
    s.refresh[p] = []
    s.phase = MAIN
    if s.deck_out or s.stash <= 0 or max(s.tops) < 0:
        return
    nxt = (p + 1) % s.players
    s.turns += 1
    if nxt == s.game.rules.first_seat:  # a round ends when play comes back to the starter
        cap = s.game.rules.max_rounds
        if cap is not None and s.round >= cap:
            finish(s, "round-cap")
            return
        s.round += 1
    s.to_move = nxt
    advance(s, nxt)


def check_end(s: RatState) -> None:
    """Seed 002, END GAME SCORING: the game ends at once on any of the three conditions.

    A Mastermind that ran the deck out still keeps one of the cards it drew (rules.md: the card
    that drew finishes first); the game ends after that choice.
    """
    if s.over or s.phase == KEEP:
        return
    if s.stash <= 0 or max(s.tops) < 0 or s.deck_out:
        finish(s, "finished")


ENDINGS = ("town-stash", "heists", "deck")


def endings(s: RatState) -> list[str]:
    """Which of the three end conditions hold (more than one may, e.g. the last Heist's reward
    empties the Town Stash)."""
    held = (s.stash <= 0, max(s.tops) < 0, s.deck_out)
    return [name for name, yes in zip(ENDINGS, held, strict=True) if yes]


def totals(s: RatState) -> list[int]:
    r = s.game.rules
    bonus = {2: r.bonus_two, 3: r.bonus_three}
    out = []
    for p in range(s.players):
        colours = [s.game.deck.heists[h].chain for h in s.won[p]]
        extra = 0
        for c in set(colours):
            k = colours.count(c)
            extra += bonus.get(k, 0) if k < 4 else r.bonus_four
        out.append(s.money[p] + extra)
    return out


def organisation(s: RatState, p: int) -> int:
    """Specialists in hand, Hideout and Refresh Area (the second tie-break)."""
    ring = s.game.deck.ringleader
    cards = s.hands[p] + s.refresh[p] + [c for n in s.nights[p] for c in n]
    return sum(1 for c in cards if 0 <= c < ring)


def finish(s: RatState, reason: str) -> None:
    score = totals(s)
    keys = [(score[p], len(s.won[p]), -organisation(s, p)) for p in range(s.players)]
    best = max(keys)
    winners = [p for p in range(s.players) if keys[p] == best]
    share = 1.0 / len(winners)
    s.emit("end", None, {"totals": score, "winners": winners, "reason": reason,
                          "endings": endings(s)})
    s.finish([share if p in winners else 0.0 for p in range(s.players)], reason)
