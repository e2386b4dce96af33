"""You Dirty Rat for learning agents: its action space and its observation tensor.

Seats in the tensor are relative: block 0 is the observer, block 1 the next seat clockwise...
(a spectator's blocks start at seat 0). Cards are counted by type, in the order of
components.toml (the Specialists, then the three Ringleaders); heists are numbered as in the
`heist:H` actions. Another seat's hand shows only its size, as in the view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import Action
from ...core.spaces import (
    Kept,
    Layout,
    add_ending,
    add_turn,
    encode_ending,
    encode_turn,
    scale,
    scaled,
    seat_order,
    seat_words,
    write_ending,
    write_turn,
)
from .components import ANY, PLACEHOLDER
from .phases import KEEP, PHASE_NAMES, TEAM
from .rules import NO_COPY, TOKEN

if TYPE_CHECKING:
    from .game import YouDirtyRat
    from .state import RatState

NIGHTS = 3
MASTERMIND_DRAW = 3  # the Mastermind draws three Specialists
HAND_MOST = 12  # a hand size read as 1 in the tensor (hands rarely grow past it)


def actions(game: YouDirtyRat, players: int) -> list[Action]:
    """Every action that can be legal with `players` seats: heists of the chains in play;
    target seats in play; every card but those a two-player game removes (seed 002, set-up 3);
    Mastermind keeps of Specialists only; Fall Guy copies of the types it may copy."""
    cat = game.catalogue
    d = game.deck
    removed = set(removed_cards(game, players))
    out = [*cat.play]
    out += [cat.heist[h.index] for h in d.heists if d.chain_players[h.chain] <= players]
    out += cat.team
    out += cat.target[:players]
    out += [a for c, a in enumerate(cat.card) if c not in removed]
    out += cat.keep[:d.specialists]
    out += cat.partner
    out += cat.arch
    out += [cat.copy[t] for t, x in enumerate(d.types)
            if x.effect not in NO_COPY and x.archetype != ANY]
    out += [cat.no_extra, cat.placeholder]
    return out


def removed_cards(game: YouDirtyRat, players: int) -> list[int]:
    d = game.deck
    return [t * d.copies for t in range(d.specialists)] if players == 2 else []


def total_money(game: YouDirtyRat, players: int) -> int:
    r = game.rules
    return {2: r.stash_two, 3: r.stash_three, 4: r.stash_four}[players] * TOKEN


def layout(game: YouDirtyRat, players: int) -> Layout:
    d = game.deck
    types = len(d.types)
    heists = len(d.heists)
    lay = Layout()
    lay.lookup["heist_index"] = {h.name: h.index for h in d.heists}
    # for encode_state: per heist its place in the tensor; per chain its heists, top first
    lay.lookup["heist_slot"] = [lay.lookup["heist_index"][h.name] for h in d.heists]
    lay.lookup["chains"] = [[h.index for h in d.heists if h.chain == c]
                            for c in range(len(d.chains))]
    lay.lookup["hand_scale"] = scale(HAND_MOST)
    # for encode_state: per heist the heists of its chain from it down; the scaled amounts
    # and counts it writes, by lookup
    lay.lookup["chain_from"] = {top: members[members.index(top):]
                                for members in lay.lookup["chains"] for top in members}
    total = total_money(game, players)
    lay.lookup["money_scale"] = scale(total, total, TOKEN)
    lay.lookup["deck_scale"] = scale(d.ringleader - len(removed_cards(game, players)))
    lay.lookup["drawn_scale"] = scale(MASTERMIND_DRAW)
    add_turn(lay, players, PHASE_NAMES)
    lay.add("stash", 1, "cash in the Town Stash / all the cash of the game")
    lay.add("deck", 1, "Specialists left in the deck / Specialists in play")
    lay.add("discard", types, "per card type: cards in the discard pile / copies of a type")
    lay.add("removed", types, "per card type: cards out of the game / copies of a type")
    lay.add("heists", heists * 2, "per heist: 1 if it is still to be committed, then 1 if it "
            "is the top of its chain (the one that may be committed)")
    lay.add("committing", heists, "one-hot: the heist whose team is being chosen")
    lay.add("drawn", types, "per card type: the Mastermind's drawn cards (shown to the seat "
            "that keeps one) / 3")
    lay.add("drawn_count", 1, "cards the Mastermind drew / 3")
    add_ending(lay)
    for k in range(players):
        who = seat_words(k)
        lay.add(f"seat{k}.money", 1, f"{who}: cash / all the cash of the game")
        lay.add(f"seat{k}.hand_count", 1, f"{who}: cards in hand / {HAND_MOST}")
        lay.add(f"seat{k}.hand", types, f"{who}: per card type, cards in hand / copies of a "
                "type (only the observer's own hand is known)")
        lay.add(f"seat{k}.nights", NIGHTS * (types + 1),
                f"{who}: per Night 1 to 3, per card type the cards there / copies of a type, "
                "then 1 if a $100 placeholder is there")
        lay.add(f"seat{k}.refresh", types,
                f"{who}: per card type, cards in the Refresh Area / copies of a type")
        lay.add(f"seat{k}.heists", heists, f"{who}: per heist, 1 if committed by this seat")
    return lay


def encode(game: YouDirtyRat, v: dict[str, Any], lay: Layout, out) -> None:
    at = lay.at
    d = game.deck
    card_type = d.card_type
    types = len(d.types)
    players = v["players"]
    seat = v["seat"]
    unit = 1.0 / d.copies
    total = total_money(game, players)
    encode_turn(v, lay, out)
    out[at["stash"]] = scaled(v["stash"], total)
    in_play = d.ringleader - len(removed_cards(game, players))
    out[at["deck"]] = scaled(v["deck"], in_play)
    _count(out, at["discard"], v["discard"], card_type, unit)
    _count(out, at["removed"], v["removed"], card_type, unit)
    base = at["heists"]
    for chain in v["chains"]:
        left = chain["left"]
        if left:
            out[base + 2 * left[0]["id"] + 1] = 1.0  # the top of its chain
            for h in left:
                out[base + 2 * h["id"]] = 1.0
    if v["committing"] is not None:
        out[at["committing"] + v["committing"]["id"]] = 1.0
    if v["drawn"]:
        _count(out, at["drawn"], v["drawn"], card_type, 1.0 / MASTERMIND_DRAW)
    out[at["drawn_count"]] = scaled(v["drawn_count"], MASTERMIND_DRAW)
    encode_ending(v, lay, out)
    heist_index = lay.lookup["heist_index"]
    first = at["seat0.money"]
    stride = at["seat1.money"] - first  # the seat blocks are alike and follow each other
    seats = v["seats"]
    for k, p in enumerate(seat_order(seat, players)):
        entry = seats[p]
        block = first + k * stride
        out[block] = scaled(entry["money"], total)
        out[block + 1] = scaled(entry["hand_count"], HAND_MOST)
        if entry["hand"] is not None:
            _count(out, block + 2, entry["hand"], card_type, unit)
        base = block + 2 + types
        for night in entry["nights"]:
            for card in night:
                c = card["id"]
                if c is None:  # a $100 placeholder
                    out[base + types] = 1.0
                else:
                    i = base + card_type[c]
                    x = out[i] + unit
                    out[i] = x if x < 1.0 else 1.0
            base += types + 1
        _count(out, base, entry["refresh"], card_type, unit)
        base += types
        for name in entry["heists"]:
            out[base + heist_index[name]] = 1.0


def _count(out, base: int, cards: list[dict[str, Any]], card_type, unit: float) -> None:
    """Count each card (of a view) at its type (see `_count_ids`)."""
    _count_ids(out, base, [card["id"] for card in cards], card_type, unit)


def _count_ids(out, base: int, cards: list[int], card_type, unit: float) -> None:
    """Count each card at its type, read as at most 1 (the Ringleaders of several seats can
    meet in one pile). Counts add up in the tensor itself, one card at a time, whichever
    encoder writes them, so both round alike."""
    for c in cards:
        i = base + card_type[c]
        x = out[i] + unit
        out[i] = x if x < 1.0 else 1.0


def encode_state(game: YouDirtyRat, s: RatState, seat: int | None, lay: Layout,
                 out) -> None:
    """`encode` of `view(s, seat)`, read from the state: a hand only for its own seat, the
    Mastermind's drawn cards only for the seat that keeps one. Phases are numbered in the
    view's order, so their codes are their places in the tensor."""
    encode_update(game, s, seat, lay, out, None)


def encode_update(game: YouDirtyRat, s: RatState, seat: int | None, lay: Layout, out,
                  kept: Kept | None) -> None:
    """`encode_state` in parts (core/spaces.py): with `kept`, only the parts whose keys
    changed are written again. A Night, a Refresh Area and a list of won heists are replaced
    when they change (state.py), so a key holds them as they are; the rest it copies."""
    at = lay.at
    end = lay.end
    look = lay.lookup
    d = game.deck
    card_type = d.card_type
    types = len(d.types)
    players = s.players
    over = s.over
    phase = s.phase
    to_move = s.to_move
    unit = 1.0 / d.copies
    if (kept is None or kept.stale(0, (to_move, phase, over), at["to_move"], end["phase"])) \
            and not over:
        write_turn(lay, out, seat, to_move, players, phase)
    money = look["money_scale"]
    out[at["stash"]] = money[s.stash]
    out[at["deck"]] = look["deck_scale"][len(s.deck)]
    discard = s.discard
    if kept is None or kept.stale(1, discard[:], at["discard"], end["discard"]):
        _count_ids(out, at["discard"], discard, card_type, unit)
    if kept is None or kept.stale(2, s.removed, at["removed"], end["removed"]):
        _count_ids(out, at["removed"], s.removed, card_type, unit)
    tops = s.tops
    if kept is None or kept.stale(3, tops[:], at["heists"], end["heists"]):
        base = at["heists"]
        chain_from = look["chain_from"]
        for top in tops:
            if top >= 0:
                out[base + 2 * top + 1] = 1.0
                for h in chain_from[top]:
                    out[base + 2 * h] = 1.0
    drawn = s.drawn
    shown = not over and phase == KEEP and seat == to_move
    if kept is None or kept.stale(4, (over, phase, s.heist, shown and drawn[:]),
                                  at["committing"], end["drawn"]):
        if not over and phase == TEAM:
            out[at["committing"] + s.heist] = 1.0
        elif shown and drawn:
            _count_ids(out, at["drawn"], drawn, card_type, 1.0 / MASTERMIND_DRAW)
    out[at["drawn_count"]] = look["drawn_scale"][len(drawn)]
    if kept is not None:
        out[at["over"]] = 0.0
    write_ending(lay, out, s.round, game.rules.max_rounds, over)
    slot = look["heist_slot"]
    hand_scale = look["hand_scale"]
    first = at["seat0.money"]
    stride = at["seat1.money"] - first  # the seat blocks are alike and follow each other
    start = 0 if seat is None else seat
    hands, nights, refresh, won, cash = s.hands, s.nights, s.refresh, s.won, s.money
    for k in range(players):
        p = (start + k) % players  # seat_order: the observer first
        block = first + k * stride
        hand = hands[p]
        if kept is not None and not kept.stale(
                5 + k, (cash[p], len(hand), p == seat and hand[:], *nights[p], refresh[p],
                        won[p]), block, block + stride):
            continue
        out[block] = money[cash[p]]
        out[block + 1] = hand_scale[len(hand)]
        if p == seat:
            for c in hand:
                i = block + 2 + card_type[c]
                x = out[i] + unit
                out[i] = x if x < 1.0 else 1.0
        base = block + 2 + types
        for night in nights[p]:
            for c in night:
                if c == PLACEHOLDER:
                    out[base + types] = 1.0
                else:
                    i = base + card_type[c]
                    x = out[i] + unit
                    out[i] = x if x < 1.0 else 1.0
            base += types + 1
        for c in refresh[p]:
            i = base + card_type[c]
            x = out[i] + unit
            out[i] = x if x < 1.0 else 1.0
        base += types
        for h in won[p]:
            out[base + slot[h]] = 1.0
