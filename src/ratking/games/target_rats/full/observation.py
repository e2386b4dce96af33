"""Target: Rats for learning agents: its action space and its observation tensor.

The board and faction slices are shared with the Simplified game (../board_tensor.py). Cards
are counted by type, in the order of cards.toml. The only hidden information, the order of
the two draw piles, is not in the view and so not in the tensor.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.spaces import (
    Kept,
    Layout,
    add_ending,
    add_turn,
    encode_ending,
    encode_turn,
    relative,
    scale,
    scaled,
    seat_order,
    set_flags,
    write_ending,
    write_turn,
)
from ..board_tensor import (
    add_board,
    add_spaces,
    encode_board,
    set_spaces,
    update_board,
    write_board,
)
from ..seats import NESTS
from .cards import DECKS
from .phases import (
    AUTO,
    FOOD,
    NEST0,
    SEWER,
    TASK_NAMES,
)
from .views import pending_choice

if TYPE_CHECKING:
    from .game import TargetRats
    from .state import FullState

DECISIONS = tuple(TASK_NAMES[code] for code in sorted(TASK_NAMES) if code < AUTO)
CHOICES = ("keep", "item", "push", "spawn", "retreat", "token", "ext", "use", "breed")
TOKENS = ("food", "sewer", "nest")


def actions(game: TargetRats, players: int) -> list[Action]:
    """Every action that can be legal with `players` seats: none names the home nest of a
    faction not in play, and a group takes 1 to max_rats rats."""
    cat = game.catalogue
    b = game.board
    absent = {b.homes[n] for n in range(len(b.homes))} - {b.homes[n] for n in NESTS[players]}

    def spaces(row: list[Action | None]) -> list[Action]:
        return [a for sp, a in enumerate(row) if a is not None and sp not in absent]

    most = game.rules.max_rats
    out = [cat.reinforce, cat.play_on, *spaces(cat.group)]
    out += [cat.take[fed][unfed] for fed in range(most + 1) for unfed in range(most + 1)
            if 0 < fed + unfed <= most]
    out += [*spaces(cat.step), cat.stop, cat.end_moves]
    for row in (cat.fight, cat.scavenge, cat.feed, cat.breed, cat.nest):
        out += spaces(row)
    out += [cat.claim, *spaces(cat.rest), *cat.pairs[1:], *spaces(cat.spawn), *cat.keep]
    out += [a for a in cat.item if a is not None] + [a for a in cat.use if a is not None]
    out += [cat.pass_, cat.token_keep, cat.token_new]
    for row in (cat.relocate, cat.push, cat.retreat, cat.ext):
        out += spaces(row)
    return out


def layout(game: TargetRats, players: int) -> Layout:
    b = game.board
    cs = game.cards
    items = [i for i, t in enumerate(cs.types) if t.power >= 0]
    types = len(cs.types)
    lay = Layout()
    lay.lookup["card"] = {t.id: i for i, t in enumerate(cs.types)}
    lay.lookup["item"] = {cs.types[i].id: k for k, i in enumerate(items)}
    # for encode_state: per card, its held item's place in the tensor; nest tokens scaled
    lay.lookup["item_slot"] = [lay.lookup["item"].get(cs.types[t].id) for t in cs.type_of]
    lay.lookup["nests_scale"] = scale(game.rules.max_nests)
    r = game.rules
    lay.lookup.update(deck_scales=[scale(total) for total in cs.totals],
                      turn_scale=scale(r.base_groups + r.max_nests),
                      steps_scale=scale(r.move_range))
    add_turn(lay, players, DECISIONS, "the decision")
    add_board(lay, b, players, game.rules.max_rats)
    lay.add("tokens", b.size * (len(TOKENS) + players),
            "per space: its token one-hot (food source, sewer entrance, nest), then the nest's "
            "faction one-hot, relative to the observer")
    lay.add("faction_items", players * (3 + len(items)),
            "per faction relative to the observer: nest tokens / max_nests, 1 if its item is "
            "ready to use, 1 if it will win at its next turn, then its held item one-hot (" +
            ", ".join(cs.types[i].id for i in items) + ")")
    lay.add("decks", len(DECKS) * 2, "per deck (surface, underground): cards left / cards in "
            "it, discards / cards in it")
    lay.add("discard_tops", len(DECKS) * types,
            "per deck: the type of the top discard one-hot (card types as in cards.toml)")
    lay.add("turn", 1, "groups left to move this turn / (base_groups + max_nests)")
    lay.add("group", 3, "the moving group: fed rats / max_rats, unfed rats / max_rats, steps "
            "left / move_range")
    add_spaces(lay, b, "group_from", "one-hot: the space the moving group started from")
    add_spaces(lay, b, "group_path", "per space: 1 if the moving group passed it")
    add_spaces(lay, b, "action_spaces", "per space: 1 if a group moved there this turn and "
               "its action is still to be taken")
    add_spaces(lay, b, "done_spaces", "per space: 1 if its action was taken this turn")
    lay.add("choice", len(CHOICES), "one-hot: what the current choice is about (" +
            ", ".join(CHOICES) + ")")
    lay.add("choice_cards", types, "per card type: 1 if the choice is about such a card")
    add_spaces(lay, b, "choice_spaces", "per space: 1 if the choice offers or names it")
    add_spaces(lay, b, "fight", "one-hot: the space of the last fight")
    lay.add("fight_sides", players * 3,
            "the last fight, per faction relative to the observer: its rats in it / max_rats, "
            "1 if it won, rats it lost / max_rats")
    add_ending(lay)
    return lay


def encode(game: TargetRats, v: dict[str, Any], lay: Layout, out) -> None:
    at = lay.at
    r = game.rules
    cs = game.cards
    space = lay.lookup["space"]
    card = lay.lookup["card"]
    players = v["players"]
    seat = v["seat"]
    max_rats = r.max_rats
    encode_turn(v, lay, out)
    encode_board(v, lay, out, max_rats)
    base = at["tokens"]
    width = len(TOKENS) + players
    for entry in v["spaces"]:
        token = entry["token"]
        if token is not None:
            out[base + TOKEN_INDEX[token]] = 1.0
            if entry["nest_seat"] is not None:
                out[base + len(TOKENS) + relative(seat, entry["nest_seat"], players)] = 1.0
        base += width
    item_of = lay.lookup["item"]
    width = 3 + len(item_of)
    base = at["faction_items"]
    factions = v["factions"]
    for k, p in enumerate(seat_order(seat, players)):
        entry = factions[p]
        block = base + k * width
        out[block] = scaled(entry["nests"], r.max_nests)
        out[block + 1] = 1.0 if entry["item_ready"] else 0.0
        out[block + 2] = 1.0 if entry["pending_win"] else 0.0
        if entry["item"] is not None:
            out[block + 3 + item_of[entry["item"]["id"]]] = 1.0
    types = len(cs.types)
    for d, name in enumerate(DECKS):
        deck = v["decks"][name]
        size = cs.totals[d]
        out[at["decks"] + 2 * d] = scaled(deck["left"], size)
        out[at["decks"] + 2 * d + 1] = scaled(deck["discards"], size)
        if deck["top"] is not None:
            out[at["discard_tops"] + d * types + card[deck["top"]["id"]]] = 1.0
    turn = v["turn"]
    out[at["turn"]] = scaled(turn["groups_left"], r.base_groups + r.max_nests)
    group = turn["group"]
    if group is not None:
        out[at["group"]] = scaled(group["fed"], max_rats)
        out[at["group"] + 1] = scaled(group["unfed"], max_rats)
        out[at["group"] + 2] = scaled(group["steps_left"], r.move_range)
        out[at["group_from"] + space[group["from"]]] = 1.0
        set_spaces(out, at["group_path"], space, group["path"])
    set_spaces(out, at["action_spaces"], space, turn["action_spaces"])
    set_spaces(out, at["done_spaces"], space, turn["done_spaces"])
    choice = v["choice"]
    if choice is not None:
        out[at["choice"] + CHOICE_INDEX[choice["kind"]]] = 1.0
        for c in choice["cards"]:
            out[at["choice_cards"] + card[c["id"]]] = 1.0
        set_spaces(out, at["choice_spaces"], space, choice["spaces"])
    fight = v["last_fight"]
    if fight is not None:
        out[at["fight"] + space[fight["space"]]] = 1.0
        base = at["fight_sides"]
        for side, rats in fight["sides"].items():
            k = base + 3 * relative(seat, int(side), players)
            out[k] = scaled(rats, max_rats)
            out[k + 1] = 1.0 if fight["winner"] == int(side) else 0.0
        for side, lost in fight["killed"].items():
            out[base + 3 * relative(seat, int(side), players) + 2] = scaled(lost, max_rats)
    encode_ending(v, lay, out)


def encode_state(game: TargetRats, s: FullState, seat: int | None, lay: Layout, out) -> None:
    """`encode` of `view(s, seat)`, read from the state (the order of the draw piles, the only
    hidden information, is not read). Spaces, card types and decks are numbered in the view's
    order, so their codes are their places in the tensor."""
    encode_update(game, s, seat, lay, out, None)


def encode_update(game: TargetRats, s: FullState, seat: int | None, lay: Layout, out,
                  kept: Kept | None) -> None:
    """`encode_state` in parts (core/spaces.py): with `kept`, only the parts whose keys
    changed are written again. The last fight is never changed once made (state.py), so its
    key holds it as it is; the rest it copies, or holds what it writes (the moving group, the
    pending choice)."""
    at = lay.at
    end = lay.end
    look = lay.lookup
    r = game.rules
    cs = game.cards
    type_of = cs.type_of
    players = s.players
    over = s.over
    start = 0 if seat is None else seat
    tasks = s.tasks
    decision = None if over else DECISION_INDEX[tasks[-1][0]]
    if (kept is None or kept.stale(0, (s.to_move, decision), at["to_move"], end["phase"])) \
            and decision is not None:
        write_turn(lay, out, seat, s.to_move, players, decision)
    if kept is None:
        write_board(s, seat, lay, out)
    else:
        update_board(s, seat, lay, out, kept, 7)
    token = s.token
    item, item_ready, pending_win = s.item, s.item_ready, s.pending_win
    if kept is None or kept.stale(1, (token[:], item[:], item_ready[:], pending_win),
                                  at["tokens"], end["faction_items"]):
        _tokens(s, start, lay, out)
    surface, under = look["deck_scales"]
    decks = at["decks"]
    used = s.surface_discard
    out[decks] = surface[len(s.surface_deck)]
    out[decks + 1] = surface[len(used)]
    top = type_of[used[-1]] if used else -1
    used = s.under_discard
    out[decks + 2] = under[len(s.under_deck)]
    out[decks + 3] = under[len(used)]
    under_top = type_of[used[-1]] if used else -1
    if kept is None or kept.stale(2, (top, under_top), at["discard_tops"],
                                  end["discard_tops"]):
        if top >= 0:
            out[at["discard_tops"] + top] = 1.0
        if under_top >= 0:
            out[at["discard_tops"] + len(cs.types) + under_top] = 1.0
    out[at["turn"]] = look["turn_scale"][s.groups_left]
    rats_scale = look["rats_scale"]  # scaled(n, max_rats)
    if s.grp_path and not over:
        rats = s.rats[s.turn]
        fed = sum([rats[i] & 1 for i in s.grp_idx])
        group = (fed, len(s.grp_idx) - fed, s.grp_steps, s.grp_path[:])
    else:
        group = None
    if (kept is None or kept.stale(3, group, at["group"], end["group_path"])) and \
            group is not None:
        fed, unfed, steps, path = group
        base = at["group"]
        out[base] = rats_scale[fed]
        out[base + 1] = rats_scale[unfed]
        out[base + 2] = look["steps_scale"][steps]
        out[at["group_from"] + path[0]] = 1.0
        set_flags(out, at["group_path"], path)
    if kept is None or kept.stale(4, (s.action_spaces[:], s.done_spaces[:]),
                                  at["action_spaces"], end["done_spaces"]):
        set_flags(out, at["action_spaces"], s.action_spaces)
        set_flags(out, at["done_spaces"], s.done_spaces)
    choice = None if over or not tasks else pending_choice(s)
    if (kept is None or kept.stale(5, choice, at["choice"], end["choice_spaces"])) and \
            choice is not None:
        _choice(choice, type_of, lay, out)
    fight = s.last_fight
    # a 1-tuple: its item is compared by identity first, a dict by its items
    if (kept is None or kept.stale(6, (fight,), at["fight"], end["fight_sides"])) and \
            fight is not None:
        out[at["fight"] + fight["space"]] = 1.0
        base = at["fight_sides"]
        winner = fight["winner"]
        for side, rats in fight["sides"].items():
            side = int(side)  # the state keeps the seats as strings, as the view shows them
            k = base + 3 * ((side - start) % players)
            out[k] = rats_scale[rats]
            if winner == side:
                out[k + 1] = 1.0
        for side, lost in fight["killed"].items():
            out[base + 3 * ((int(side) - start) % players) + 2] = rats_scale[lost]
    if kept is not None:
        out[at["over"]] = 0.0
    write_ending(lay, out, s.round, r.max_rounds, over)


def _tokens(s: FullState, start: int, lay: Layout, out) -> None:
    """The tokens on the board and each faction's nest tokens and item."""
    at = lay.at
    look = lay.lookup
    players = s.players
    width = len(TOKENS) + players
    first = at["tokens"]
    token = s.token
    nests = [0] * players  # per seat, its nest tokens on the board
    for sp in compress(range(len(token)), token):
        tok = token[sp]
        base = first + sp * width
        if tok >= NEST0:
            out[base + NEST_SLOT] = 1.0
            out[base + len(TOKENS) + (tok - NEST0 - start) % players] = 1.0
            nests[tok - NEST0] += 1
        else:
            out[base + TOKEN_SLOT[tok]] = 1.0
    item_slot = look["item_slot"]
    nests_scale = look["nests_scale"]
    width = 3 + len(look["item"])
    base = at["faction_items"]
    item, item_ready, pending_win = s.item, s.item_ready, s.pending_win
    for k in range(players):
        p = (start + k) % players  # seat_order: the observer first
        block = base + k * width
        out[block] = nests_scale[nests[p]]
        if item_ready[p]:
            out[block + 1] = 1.0
        if pending_win == p:
            out[block + 2] = 1.0
        if item[p] >= 0:
            out[block + 3 + item_slot[item[p]]] = 1.0


def _choice(choice: tuple[str, Sequence[int], Sequence[int]], type_of: Sequence[int],
            lay: Layout, out) -> None:
    """The choice slices from `pending_choice`, as the view's `choice` shows it."""
    kind, cards, spaces = choice
    at = lay.at
    out[at["choice"] + CHOICE_INDEX[kind]] = 1.0
    base = at["choice_cards"]
    for c in cards:
        out[base + type_of[c]] = 1.0
    set_flags(out, at["choice_spaces"], spaces)


CHOICE_INDEX = {name: i for i, name in enumerate(CHOICES)}
TOKEN_INDEX = {name: i for i, name in enumerate(TOKENS)}
TOKEN_SLOT = {FOOD: TOKEN_INDEX["food"], SEWER: TOKEN_INDEX["sewer"]}
NEST_SLOT = TOKEN_INDEX["nest"]
DECISION_INDEX = {code: DECISIONS.index(name) for code, name in TASK_NAMES.items()
                  if code < AUTO}
