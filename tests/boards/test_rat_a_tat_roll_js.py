"""Rat-a-Tat Roll's board in the browser (boards/rat-a-tat-roll.js) under rules a table may set
and names players may pick, which the default game of test_board_js.py never shows: remembered
cards (the memory aid), a round limit and its draw, six dice, dice of twenty sides, and names
that are long, cut at a space, outside the BMP or full of HTML's special characters."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import ratking
from ratking.server.play.messages import actions_for, drawn_actions

from .test_board_js import Case, assert_same

NAMES = ("Ana", "A very long name that is cut  here", "<Bo & 'Cy'>", "🐀 Rattus 🐀 norvegicus",
         "You")
View = dict[str, Any]


def remembered(views: list[View]) -> bool:
    return any(c is not None for v in views if not v["over"] for s in v["seats"]
               for c in s["cards"])


def drawn(views: list[View]) -> bool:
    return any((v.get("result") or {}).get("end") == "round-cap" for v in views)


def many_dice(views: list[View]) -> bool:
    return any(len(v["dice"]) > 3 for v in views)


def big_dice(views: list[View]) -> bool:
    return any(d > 6 for v in views for d in v["dice"])


# rules, and what their boards show that the default game's never do
VARIANTS: dict[str, tuple[dict[str, Any], Callable[[list[View]], bool]]] = {
    "memory-aid": ({"memory_aid": True}, remembered),
    "round-limit": ({"max_rounds": 3}, drawn),
    "six-dice": ({"number_dice": 6, "start_tokens": 5}, many_dice),
    "twenty-sides": ({"dice_sides": 20, "reroll_icon_from": 0}, big_dice),
}


def played(game: ratking.Game, seed: int, players: int) -> list[Case]:
    """Every seat's and a spectator's view along one random game, and its open view."""
    state = game.new_game(players, seed=seed, names=NAMES[:players])
    rng = random.Random(seed)
    found: list[Case] = []
    while True:
        for seat in [*range(players), None]:
            actions = actions_for(state, seat)
            found.append((f"seed {seed}, {players} players, step {len(found)}, seat {seat}",
                          state.view(seat), drawn_actions(state, seat, actions)[2]))
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    found.append((f"seed {seed}, {players} players, open view", game.open_view(state), []))
    return found


@pytest.mark.parametrize("name", VARIANTS, ids=[f"rat-a-tat-roll-{name}" for name in VARIANTS])
def test_a_variant_draws_the_same_board(name: str) -> None:
    rules, shows = VARIANTS[name]
    game = ratking.make("rat-a-tat-roll", **rules)
    found: list[Case] = []
    for players in (2, 5):  # the own panel and four opponents; 3 and 4: test_board_js.py
        found += played(game, 40 + players, players)
    assert shows([view for _, view, _ in found]), f"no board of {name} shows what it is for"
    assert_same("rat-a-tat-roll", found, game)
