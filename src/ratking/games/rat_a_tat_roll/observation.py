"""Rat-a-Tat Roll for learning agents: its action space and its observation tensor.

Seats in the tensor are relative: block 0 is the observer, block 1 the next seat clockwise...
(a spectator's blocks start at seat 0). Card slots are the hand's positions, as the actions
`peek:S.I`, `swap:M`, `with:S.I` and `discard:I` number them. Card values are known only as
far as the view shows them: without the memory aid, nothing but the end of the game reveals a
face-down card (seed 004 makes memory part of the game).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from ...core import Action
from ...core.spaces import (
    Layout,
    add_ending,
    add_turn,
    encode_ending,
    encode_turn,
    scale,
    scaled,
    seat_words,
    set_flags,
    write_ending,
    write_turn,
)
from .components import FACE_NAMES
from .phases import PHASE_NAMES, SWAP_WITH, TIE

if TYPE_CHECKING:
    from .game import RatATatRoll
    from .state import RollState

VALUES = 10  # card values 0 to 9
CARD_FEATURES = 2 + VALUES  # present, unknown, value one-hot


def actions(game: RatATatRoll, players: int) -> list[Action]:
    """Every action that can be legal with `players` seats: hands hold at most the cards
    needed (one more only while discarding, and the new card is never discarded), so slot
    numbers stop there; peeks and swaps name only seats in play."""
    cat = game.catalogue
    hand = game.cards_needed(players)
    dice = game.rules.number_dice
    tokens = game.rules.total_tokens > 0  # without tokens nobody can ever re-roll
    out = [*cat.roll, cat.skip, cat.wild, cat.go]
    if tokens:
        by_id = game.action_by_id
        out += [by_id("reroll:" + "".join(map(str, subset)))
                for size in range(1, dice + 1) for subset in combinations(range(dice), size)]
        out += [cat.keep, cat.reroll_wild]
    out += [cat.take_face, cat.take_pile, *cat.take_region, cat.peek_own, cat.peek_none]
    out += [cat.peek[s][i] for s in range(players) for i in range(hand)]
    out += [*cat.swap_give[:hand], cat.swap_none]
    out += [cat.swap_with[s][i] for s in range(players) for i in range(hand)]
    out += cat.discard[:hand]
    return out


def layout(game: RatATatRoll, players: int) -> Layout:
    r = game.rules
    hand = game.cards_needed(players) + 1
    regions = len(game.board.colours)
    lay = Layout()
    # for encode_state: the scaled counts, by lookup
    lay.lookup.update(pile=scale(len(game.values)), tokens=scale(r.total_tokens),
                      turns_left=scale(players))
    add_turn(lay, players, PHASE_NAMES)
    lay.add("pawn", game.board.size, "one-hot: the pawn's space on the ring")
    lay.add("regions", regions * (VALUES + 1),
            f"per region ({', '.join(game.board.colours)}): its face-up card's value "
            "one-hot (0 to 9), then 1 if the region is empty")
    lay.add("draw_pile", 1, "cards left in the draw pile / cards in the deck")
    lay.add("token_pool", 1, "re-roll tokens in the centre / tokens in the box")
    lay.add("dice", r.number_dice * r.dice_sides,
            "per number die rolled this turn (in order): its face one-hot")
    lay.add("wild", len(FACE_NAMES), "one-hot: the Wild die's face (" +
            ", ".join(FACE_NAMES) + ")")
    lay.add("tie", regions, "regions whose face-up cards tie for the Wild die's choice")
    lay.add("offered", hand - 1, "one-hot: the card slot offered for a swap")
    lay.add("final_round", 2, "1 in the final round; then the turns left in it / players")
    add_ending(lay, " (every card is then shown)")
    for k in range(players):
        who = seat_words(k)
        lay.add(f"seat{k}.cards", hand * CARD_FEATURES,
                f"{who}: per card slot, 1 if it holds a card, 1 if its value is unknown to "
                "the observer, then the value one-hot (0 to 9)")
        lay.add(f"seat{k}.tokens", 1, f"{who}: re-roll tokens / tokens in the box")
        lay.add(f"seat{k}.complete", 1, f"{who}: 1 once the hand is complete")
    return lay


def encode(game: RatATatRoll, v: dict[str, Any], lay: Layout, out) -> None:
    at = lay.at
    r = game.rules
    players = v["players"]
    seat = v["seat"]
    encode_turn(v, lay, out)
    out[at["pawn"] + v["pawn"]] = 1.0
    base = at["regions"]
    for region in v["regions"]:
        card = region["card"]
        out[base + (VALUES if card is None else card)] = 1.0
        base += VALUES + 1
    out[at["draw_pile"]] = scaled(v["draw_pile"], len(game.values))
    out[at["token_pool"]] = scaled(v["token_pool"], r.total_tokens)
    base = at["dice"]
    sides = r.dice_sides
    for face in v["dice"]:
        out[base + face - 1] = 1.0
        base += sides
    if v["wild"] is not None:
        out[at["wild"] + FACE_INDEX[v["wild"]]] = 1.0
    if v["choices"]:
        base = at["tie"]
        for colour in v["choices"]:
            out[base + game.board.colours.index(colour)] = 1.0
    if v["offered"] is not None:
        out[at["offered"] + v["offered"]] = 1.0
    if v["final_round"]:
        out[at["final_round"]] = 1.0
        out[at["final_round"] + 1] = scaled(v["turns_left"], players)
    encode_ending(v, lay, out)
    seats = v["seats"]
    first = at["seat0.cards"]
    stride = at["seat1.cards"] - first  # the seat blocks are alike and follow each other
    tokens = at["seat0.tokens"] - first
    total = r.total_tokens
    start = 0 if seat is None else seat
    for k in range(players):
        entry = seats[(start + k) % players]  # seat_order: the observer first
        block = base = first + k * stride
        for value in entry["cards"]:
            out[base] = 1.0
            if value is None:
                out[base + 1] = 1.0
            else:
                out[base + 2 + value] = 1.0
            base += CARD_FEATURES
        out[block + tokens] = scaled(entry["tokens"], total)
        if entry["complete"]:
            out[block + tokens + 1] = 1.0


def encode_state(game: RatATatRoll, s: RollState, seat: int | None, lay: Layout, out) -> None:
    """`encode` of `view(s, seat)`, read from the state: a face-down card's value shows only
    as the view shows it (the game is over, or the memory aid and `seat` was shown it).
    Phases, faces and regions are numbered in the view's order, so their codes are their
    places in the tensor."""
    shown = -1 if s.over else (s.knows(seat) if game.rules.memory_aid else 0)
    write(game, s, seat, lay, out, shown)


def encode_recall(game: RatATatRoll, s: RollState, seat: int | None, lay: Layout,
                  out) -> None:
    """The information-state tensor: the observation as the memory aid would show it, every
    card `seat` has been shown with its value (peeks, draws, its first card), with or without
    the aid. Without it the view forgets them, as a player would (seed 004); this tensor is
    what a player with perfect recall holds."""
    write(game, s, seat, lay, out, -1 if s.over else s.knows(seat))


def encode_public(game: RatATatRoll, s: RollState, seat: int | None, lay: Layout, out,
                  recall: bool) -> None:
    """The public part of `seat`'s tensor: card values only as everyone was shown them (with
    `recall` or the memory aid), or once the game is over."""
    shown = -1 if s.over else (s.knows(None) if recall or game.rules.memory_aid else 0)
    write(game, s, seat, lay, out, shown)


def write(game: RatATatRoll, s: RollState, seat: int | None, lay: Layout, out,
          shown: int) -> None:
    """Write the tensor of `seat`, the values of the cards in bitmask `shown` face up."""
    at = lay.at
    r = game.rules
    values = game.values
    tokens_scale = lay.lookup["tokens"]
    players = s.players
    over = s.over
    phase = s.phase
    if not over:
        write_turn(lay, out, seat, s.to_move, players, phase)
    out[at["pawn"] + s.pawn] = 1.0
    base = at["regions"]
    for c in s.faceup:
        out[base + (VALUES if c < 0 else values[c])] = 1.0
        base += VALUES + 1
    out[at["draw_pile"]] = lay.lookup["pile"][len(s.pile)]
    out[at["token_pool"]] = tokens_scale[s.pool]
    base = at["dice"] - 1
    sides = r.dice_sides
    for face in s.dice:
        out[base + face] = 1.0
        base += sides
    if s.wild >= 0:
        out[at["wild"] + s.wild] = 1.0
    if phase == TIE:
        set_flags(out, at["tie"], s.choices)
    elif phase == SWAP_WITH and not over:
        out[at["offered"] + s.choices[0]] = 1.0
    if s.final_left > 0:
        out[at["final_round"]] = 1.0
        out[at["final_round"] + 1] = lay.lookup["turns_left"][s.final_left]
    write_ending(lay, out, s.round, r.max_rounds, over)
    first = at["seat0.cards"]
    stride = at["seat1.cards"] - first
    tokens = at["seat0.tokens"] - first
    start = 0 if seat is None else seat
    hands = s.hands
    held = s.tokens
    need = s.need
    for k in range(players):
        p = (start + k) % players  # seat_order: the observer first
        hand = hands[p]
        block = base = first + k * stride
        for c in hand:
            out[base] = 1.0
            if shown >> c & 1:
                out[base + 2 + values[c]] = 1.0
            else:
                out[base + 1] = 1.0
            base += CARD_FEATURES
        out[block + tokens] = tokens_scale[held[p]]
        if len(hand) >= need:
            out[block + tokens + 1] = 1.0


FACE_INDEX = {name: i for i, name in enumerate(FACE_NAMES)}
