"""Rat-a-Tat Roll's forward model: which actions are legal, and what each one does.

Seed 004 (the rulebook) and RULINGS.md, Rat-a-Tat Roll. Each decision point is a phase
(state.py); steps with no choice in them (moving the pawn, taking the only card on offer,
replacing face-up cards) happen at once inside `apply`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Action, plural
from ...core.rng import shuffle
from .actions import (
    DISCARD,
    GO,
    KEEP,
    PEEK,
    PEEK_NONE,
    PEEK_OWN,
    REROLL,
    REROLL_WILD,
    ROLL,
    SKIP,
    SWAP,
    SWAP_GIVE,
    SWAP_NONE,
    TAKE_FACE,
    TAKE_PILE,
    TAKE_REGION,
    WILD_ROLL,
)
from .components import CARD_OR_PILE, HIGHEST, LOWEST, WILD
from .components import PEEK as PEEK_SPACE
from .components import REROLL as REROLL_SPACE
from .phases import CARD_OR_PILE as P_CARD_OR_PILE
from .phases import CHOOSE, TIE, WILD_REROLL
from .phases import DISCARD as P_DISCARD
from .phases import PEEK as P_PEEK
from .phases import REROLL as P_REROLL
from .phases import SWAP as P_SWAP
from .phases import SWAP_WITH as P_SWAP_WITH

if TYPE_CHECKING:
    from .state import RollState


# --- legal actions ---------------------------------------------------------------------------


def legal_actions(s: RollState) -> list[Action]:
    cat = s.game.catalogue
    phase = s.phase
    p = s.to_move
    if phase == CHOOSE:
        # seed 004: a complete player may skip or roll only the Wild die
        if len(s.hands[p]) >= s.need:
            return [cat.skip, cat.wild]
        return cat.roll
    if phase == P_REROLL:
        return cat.rerolls[len(s.dice)]
    if phase == WILD_REROLL:
        return cat.wild_choice
    if phase == P_CARD_OR_PILE:
        options = []
        if s.faceup[s.game.board.regions[s.pawn]] >= 0:
            options.append(cat.take_face)
        if s.pile:
            options.append(cat.take_pile)
        return options
    if phase == P_PEEK:
        options = [cat.peek_own]
        for other in range(s.players):
            if other != p:
                row = cat.peek[other]
                options.extend(row[i] for i in range(len(s.hands[other])))
        options.append(cat.peek_none)
        return options
    if phase == TIE:
        return [cat.take_region[r] for r in s.choices]
    if phase == P_SWAP:
        return [*cat.swap_give[:len(s.hands[p])], cat.swap_none]
    if phase == P_SWAP_WITH:
        options = []
        for other in range(s.players):
            if other != p:
                row = cat.swap_with[other]
                options.extend(row[i] for i in range(len(s.hands[other])))
        options.append(cat.swap_none)
        return options
    # P_DISCARD: any card but the one just taken (the last in the hand)
    return cat.discard[: len(s.hands[p]) - 1]


def why_illegal(s: RollState, action: Action) -> str:
    """A reason people can read for an action that is not legal now."""
    kind = action.key[0]
    phase = s.phase
    if phase == CHOOSE:
        if kind == ROLL and len(s.hands[s.to_move]) >= s.need:
            return "your collection is complete: you may only skip or roll the Wild die"
        if kind in (SKIP, WILD_ROLL):
            return "you may skip or roll only the Wild die once your collection is complete"
        return "it is the start of your turn: choose how many dice to roll"
    if phase == P_REROLL:
        if kind == REROLL:
            return f"you rolled only {plural(len(s.dice), 'die', 'dice')} and may not add more"
        return "you have rolled: move, or spend a re-roll token"
    if phase == WILD_REROLL:
        return "you rolled the Wild die: keep it or spend a re-roll token"
    if phase == P_CARD_OR_PILE:
        if kind == TAKE_PILE:
            return "the draw pile is empty"
        if kind == TAKE_FACE:
            return "this region has no face-up card"
        return "take the region's face-up card or the top card of the draw pile"
    if phase == P_PEEK:
        if kind == PEEK:
            return "that card does not exist, or it is your own"
        return "look at all your cards, one opponent card, or none"
    if phase == TIE:
        return "take one of the tied face-up cards"
    if phase == P_SWAP:
        if kind == SWAP_GIVE:
            return "you have no such card"
        return "choose which of your cards to swap, or swap none"
    if phase == P_SWAP_WITH:
        if kind == SWAP:
            return "that opponent card does not exist"
        return "choose the opponent card to swap yours for, or swap none"
    if kind == DISCARD:
        return "you must put one of your older cards under the draw pile, not the new one"
    return "you took a card to a complete collection: put an older card under the draw pile"


# --- applying an action ----------------------------------------------------------------------


def apply(s: RollState, action: Action) -> None:
    key = action.key
    HANDLERS[key[0]](s, s.to_move, key)


def _roll(s: RollState, p: int, key: tuple) -> None:
    roll = s.rng.random
    sides = s.game.rules.dice_sides
    dice = s.dice = [int(roll() * sides) + 1 for _ in range(key[1])]
    s.emit("roll", p, {"dice": tuple(dice)})
    if s.tokens[p]:
        s.phase = P_REROLL
    else:
        move(s)


def _go(s: RollState, p: int, key: tuple) -> None:
    move(s)


def _reroll(s: RollState, p: int, key: tuple) -> None:
    s.tokens[p] -= 1
    s.pool += 1  # seed 004, RE-ROLL: used tokens go back to the centre pile
    roll = s.rng.random
    sides = s.game.rules.dice_sides
    dice = s.dice
    before = tuple(dice)
    for d in key[1]:
        dice[d] = int(roll() * sides) + 1
    s.emit("reroll", p, {"which": key[1], "before": before, "dice": tuple(dice)})
    if not s.tokens[p]:
        move(s)


def _wild(s: RollState, p: int, key: tuple) -> None:
    roll_wild(s, p)


def _keep(s: RollState, p: int, key: tuple) -> None:
    resolve_wild(s, p)


def _reroll_wild(s: RollState, p: int, key: tuple) -> None:
    spend_token(s, p)
    roll_wild(s, p, again=True)


def _take_face(s: RollState, p: int, key: tuple) -> None:
    take_faceup(s, p, s.game.board.regions[s.pawn])
    after_take(s, p)


def _take_pile(s: RollState, p: int, key: tuple) -> None:
    take_from_pile(s, p)
    after_take(s, p)


def _take_region(s: RollState, p: int, key: tuple) -> None:
    take_faceup(s, p, key[1])
    after_take(s, p)


def _peek_own(s: RollState, p: int, key: tuple) -> None:
    values = s.game.values
    hand = s.hands[p]
    for c in hand:
        s.known[p] |= 1 << c
    s.reveal()
    s.emit("peek-own", p, {"count": len(hand)}, {"values": [values[c] for c in hand]}, 1 << p)
    end_turn(s)


def _peek(s: RollState, p: int, key: tuple) -> None:
    other, slot = key[1], key[2]
    card = s.hands[other][slot]
    s.known[p] |= 1 << card
    s.reveal()  # a look at a hidden card: the turn can no longer be taken back
    s.emit("peek", p, {"target": other, "slot": slot}, {"value": s.game.values[card]}, 1 << p)
    end_turn(s)


def _peek_none(s: RollState, p: int, key: tuple) -> None:
    s.emit("no-peek", p, {})
    end_turn(s)


def _swap_give(s: RollState, p: int, key: tuple) -> None:
    s.choices = (key[1],)  # the card offered; the next decision picks the opponent card
    s.phase = P_SWAP_WITH


def _swap(s: RollState, p: int, key: tuple) -> None:
    # seed 004, WILD DIE: swap one of your face-down cards for an opponent's, no peeking
    mine, other, slot = s.choices[0], key[1], key[2]
    hand, theirs = s.hands[p], s.hands[other]
    hand[mine], theirs[slot] = theirs[slot], hand[mine]
    s.emit("swap", p, {"slot": mine, "target": other, "their_slot": slot})
    end_turn(s)


def _swap_none(s: RollState, p: int, key: tuple) -> None:
    s.emit("no-swap", p, {})
    end_turn(s)


def _discard(s: RollState, p: int, key: tuple) -> None:
    card = s.hands[p].pop(key[1])
    s.pile.insert(0, card)  # seed 004: an older card goes to the bottom of the draw pile
    s.emit("discard", p, {"slot": key[1]})
    end_turn(s)


def _skip(s: RollState, p: int, key: tuple) -> None:
    s.emit("skip", p, {})
    end_turn(s)


HANDLERS = {
    ROLL: _roll, GO: _go, REROLL: _reroll, WILD_ROLL: _wild, KEEP: _keep,
    REROLL_WILD: _reroll_wild, TAKE_FACE: _take_face, TAKE_PILE: _take_pile,
    TAKE_REGION: _take_region, PEEK_OWN: _peek_own, PEEK: _peek, PEEK_NONE: _peek_none,
    SWAP_GIVE: _swap_give, SWAP: _swap, SWAP_NONE: _swap_none, DISCARD: _discard, SKIP: _skip,
}
HANDLERS = [HANDLERS[k] for k in range(len(HANDLERS))]


def spend_token(s: RollState, p: int) -> None:
    s.tokens[p] -= 1
    s.pool += 1  # seed 004, RE-ROLL: used tokens go back to the centre pile


def gain_tokens(s: RollState, p: int, count: int) -> None:
    """Take up to `count` tokens from the centre; an empty centre gives none (seed 004)."""
    got = count if count <= s.pool else s.pool
    s.pool -= got
    s.tokens[p] += got
    s.emit("tokens", p, {"count": got, "wanted": count})


def move(s: RollState) -> None:
    """Move the pawn clockwise by the dice total and do what the space says."""
    p = s.to_move
    board = s.game.board
    steps = sum(s.dice)
    s.pawn = (s.pawn + steps) % board.size
    space = board.kinds[s.pawn]
    s.emit("move", p, {"steps": steps, "space": s.pawn})
    region = board.regions[s.pawn]
    if space == WILD:
        roll_wild(s, p)
    elif space == CARD_OR_PILE:
        face = s.faceup[region] >= 0
        if face and s.pile:
            s.phase = P_CARD_OR_PILE
        else:
            if face:
                take_faceup(s, p, region)
            elif s.pile:
                take_from_pile(s, p)
            else:
                s.emit("nothing", p, {})
            after_take(s, p)
    elif space == REROLL_SPACE:
        # seed 004: the face-up card and a token; a 7, 8 or 9 here earns two tokens
        if s.faceup[region] >= 0:
            take_faceup(s, p, region, bonus=1)
        else:
            s.emit("nothing", p, {})
            gain_tokens(s, p, 1)
        after_take(s, p)
    else:  # PEEK_SPACE
        assert space == PEEK_SPACE
        if s.faceup[region] >= 0:
            take_faceup(s, p, region)
        else:
            s.emit("nothing", p, {})
        s.phase = P_PEEK


def roll_wild(s: RollState, p: int, again: bool = False) -> None:
    faces = s.game.board.wild_faces
    s.wild = faces[int(s.rng.random() * len(faces))]
    s.emit("wild", p, {"face": s.wild, "again": again})
    if s.tokens[p]:
        s.phase = WILD_REROLL
    else:
        resolve_wild(s, p)


def resolve_wild(s: RollState, p: int) -> None:
    face = s.wild
    if face in (LOWEST, HIGHEST):
        values = s.game.values
        shown = [(values[c], r) for r, c in enumerate(s.faceup) if c >= 0]
        if not shown:
            s.emit("nothing", p, {})
            end_turn(s)
            return
        best = min(shown)[0] if face == LOWEST else max(shown)[0]
        tied = tuple(r for v, r in shown if v == best)
        if len(tied) == 1:
            take_faceup(s, p, tied[0])
            after_take(s, p)
        else:
            s.choices = tied  # seed 004, WILD DIE: with duplicates you choose which to take
            s.phase = TIE
    else:  # SWAP: needs a card of yours and a card of an opponent's
        if s.hands[p] and any(s.hands[o] for o in range(s.players) if o != p):
            s.phase = P_SWAP
        else:
            s.emit("nothing", p, {})
            end_turn(s)


def take_faceup(s: RollState, p: int, region: int, bonus: int = 0) -> None:
    """Take a region's face-up card, plus `bonus` tokens and one for a re-roll icon."""
    card = s.faceup[region]
    s.faceup[region] = -1
    s.hands[p].append(card)
    s.emit("take", p, {"region": region, "value": s.game.values[card]})
    if s.game.icon[card]:
        bonus += 1  # seed 004: a 7, 8 or 9 carries the re-roll icon
    if bonus:
        gain_tokens(s, p, bonus)


def take_from_pile(s: RollState, p: int) -> None:
    card = s.draw("pile") if s.unordered else s.pile.pop()  # (a real game: the top card)
    s.reveal()
    s.hands[p].append(card)
    s.known[p] |= 1 << card  # seed 004: look at it before placing it face down
    s.emit("draw", p, {}, {"value": s.game.values[card]}, 1 << p)
    if s.game.icon[card]:
        gain_tokens(s, p, 1)  # the icon counts on a card from the pile too


def after_take(s: RollState, p: int) -> None:
    """A complete player who took a card must give up an older one; otherwise the turn ends."""
    if len(s.hands[p]) > s.need:
        s.phase = P_DISCARD
    else:
        end_turn(s)


def refill(s: RollState) -> None:
    """Deal the top pile card to each empty region, then apply the re-roll icon reshuffle.

    Ruling: every empty region is refilled (not only the one just taken), so a region left
    empty by an exhausted pile fills again once cards come back to the pile.
    """
    if s.pile and deal_empty_regions(s):
        reshuffle_if_needed(s)  # only a newly dealt icon can push the count over the limit


def deal_empty_regions(s: RollState) -> int:
    """Deal face up to every empty region while the pile lasts; return the icons dealt."""
    faceup, pile = s.faceup, s.pile
    values, icon = s.game.values, s.game.icon
    dealt = []
    icons = 0
    for region, card in enumerate(faceup):
        if card < 0 and pile:
            card = s.draw("pile") if s.unordered else pile.pop()
            s.reveal()
            faceup[region] = card
            s.public |= 1 << card  # everyone sees a face-up card
            icons += icon[card]
            dealt.append((region, values[card]))
    if dealt:
        s.emit("deal", None, {"cards": dealt})
    return icons


def reshuffle_if_needed(s: RollState) -> None:
    """Seed 004: more than 3 face-up re-roll icons shuffles all five back and deals anew.

    Ruling: when the cards left could never show 3 or fewer icons, no reshuffle happens.
    """
    icon = s.game.icon
    limit = s.game.rules.reshuffle_above
    while True:
        shown = [c for c in s.faceup if c >= 0]
        icons = sum(icon[c] for c in shown)
        if icons <= limit:
            return
        pool = shown + s.pile
        plain = len(pool) - sum(icon[c] for c in pool)
        if plain < min(len(s.faceup), len(pool)) - limit:
            return
        s.emit("reshuffle", None, {"icons": icons})
        s.pile.extend(shown)
        s.faceup = [-1] * len(s.faceup)
        forget = 0
        for c in s.pile:
            forget |= 1 << c
        s.known = [k & ~forget for k in s.known]  # a shuffled pile hides where each card is
        s.public &= ~forget
        shuffle(s.rng, s.pile)
        deal_empty_regions(s)


def end_turn(s: RollState) -> None:
    """Replace taken cards, count down the final round, pass the turn clockwise."""
    p = s.to_move
    if -1 in s.faceup:
        refill(s)
    s.dice = []
    s.wild = -1
    s.choices = ()
    s.turns += 1
    n = s.players
    if s.final_left > 0:
        s.final_left -= 1
        if s.final_left == 0:
            finish(s, "finished")
            return
    elif s.final_left < 0 and len(s.hands[p]) >= s.need \
            and all(len(h) >= s.need for h in s.hands):
        # seed 004: the last player to complete triggers a final round that ends with them
        s.final_left = n
        s.emit("final-round", p, {})
    nxt = p + 1
    if nxt == n:
        nxt = 0
    if nxt == s.game.rules.first_seat:  # a round ends when play comes back to the starter
        cap = s.game.rules.max_rounds
        if cap is not None and s.round >= cap:
            finish(s, "round-cap")
            return
        s.round += 1
    s.to_move = nxt
    s.phase = CHOOSE


def finish(s: RollState, reason: str) -> None:
    """Reveal and score: lowest total wins, equal lowest share (RULINGS); a capped game draws."""
    n = s.players
    totals = s.scores()
    if reason == "round-cap":
        result = [1.0 / n] * n
        winners = list(range(n))
    else:
        best = min(totals)
        winners = [i for i, t in enumerate(totals) if t == best]
        share = 1.0 / len(winners)
        result = [share if i in winners else 0.0 for i in range(n)]
    values = s.game.values
    for hand in s.hands:  # seed 004: everyone reveals their cards
        for c in hand:
            s.public |= 1 << c
    s.emit("end", None, {"reason": reason, "scores": [int(t) for t in totals],
                          "winners": winners,
                          "hands": [[values[c] for c in h] for h in s.hands]})
    s.phase = CHOOSE
    s.finish(result, reason)
