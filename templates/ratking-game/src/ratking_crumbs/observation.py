"""Crumbs for learning agents: every action, and one seat's view as a tensor (ratking's
core/spaces.py turns these into action masks, observations and environments)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ratking.core import Action
from ratking.core.spaces import (
    Layout,
    add_ending,
    add_turn,
    encode_ending,
    encode_turn,
    scaled,
    seat_order,
)

from .phases import PHASE_NAMES

if TYPE_CHECKING:
    from .game import Crumbs


def actions(game: Crumbs, players: int) -> list[Action]:
    return [*game.takes, game.swap]


def layout(game: Crumbs, players: int) -> Layout:
    cards = game.rules.top_card + 1
    lay = Layout()
    add_turn(lay, players, PHASE_NAMES)
    lay.add("pile", 1, "crumbs left / the starting pile")
    lay.add("crumbs", players, "each seat's crumbs / the starting pile, the observer first")
    lay.add("swapped", players, "1 if the seat has swapped, the observer first")
    lay.add("card", cards, "one-hot: the observer's secret card (none for a spectator)")
    lay.add("discard", cards, "each card value face up on the discard pile / 2")
    add_ending(lay)
    return lay


def encode(game: Crumbs, v: dict[str, Any], lay: Layout, out: Any) -> None:
    at = lay.at
    start = game.rules.pile
    encode_turn(v, lay, out)
    out[at["pile"]] = scaled(v["pile"], start)
    for k, i in enumerate(seat_order(v["seat"], v["players"])):
        seat = v["seats"][i]
        out[at["crumbs"] + k] = scaled(seat["crumbs"], start)
        out[at["swapped"] + k] = float(seat["swapped"])
    card = None if v["seat"] is None else v["seats"][v["seat"]]["card"]
    if card is not None:  # None also where the kernel encodes only the public part
        out[at["card"] + card] = 1.0
    for card in v["discard"]:
        out[at["discard"] + card] += 0.5
    encode_ending(v, lay, out)
