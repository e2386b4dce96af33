"""The Target: Rats boards drawn in the browser (static/boards/target-rats*.js) where random
play with the default table does not go: players' names that need escaping, cutting (a long
name in a full game's panel) or count characters beyond UTF-16 (an emoji), and rules a table
may set (a round limit, fewer nests to win, longer moves, more dice), which reach the board
through the view."""

from __future__ import annotations

import random
import re

import pytest

import ratking
from ratking.server.play.messages import actions_for, drawn_actions

from .test_board_js import Case, assert_same, drawn_in_node

NAMES = ["Ana & <Bob>", "Zoë 'the' \"Rat\" 🐀 Queen of the Deep Dish Sewers", "You",
         "x" * 40]


def played(game: ratking.Game, players: int, seed: int, steps: int = 500, bots: bool = False,
           after: int = 0) -> list[Case]:
    """Every seat's and a spectator's view, and their drawn actions, along one game with the
    odd names above, from step `after` on: random moves, or the game's heuristic bot's
    (`bots`: they win games, which random play seldom does)."""
    state = game.new_game(players, seed=seed, names=NAMES[:players])
    rng = random.Random(seed)
    found: list[Case] = []
    for step in range(steps):
        if step >= after or state.is_over:
            for seat in [*range(players), None]:
                actions = actions_for(state, seat)
                found.append((f"seed {seed}, step {step}, seat {seat}", state.view(seat),
                              drawn_actions(state, seat, actions)[2]))
        if state.is_over:
            break
        state.apply(game.heuristic(state, rng) if bots else rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize(("game_id", "rules"), [
    ("target-rats", {"max_rounds": 4, "nests_to_win": 1, "max_nests": 2, "move_range": 8}),
    ("target-rats", {"max_rats": 6, "start_rats": 6, "max_rounds": 5}),
    ("target-rats-simplified", {"max_rounds": 5, "dice": 3, "cheese_dice": 0}),
])
def test_odd_names_and_rules_draw_the_same_board(game_id: str, rules: dict) -> None:
    game = ratking.make(game_id, **rules)
    found: list[Case] = []
    for seed, players in enumerate((4, 3, 2)):
        found += played(game, players, seed)
    assert_same(game_id, found, game)
    over = [view for _, view, _ in found if view.get("over")]
    assert over, "a game of these runs ends (the round limit at the latest)"


@pytest.mark.parametrize(("game_id", "rules", "players"), [
    ("target-rats", {"nests_to_win": 1}, 2),
    ("target-rats-simplified", {}, 3),
])
def test_a_won_game_draws_the_same_board(game_id: str, rules: dict, players: int) -> None:
    """The bots win (a faction about to win, the winner's name at the end)."""
    game = ratking.make(game_id, **rules)
    found = played(game, players, seed=1, steps=2000, bots=True)
    assert_same(game_id, found, game)
    ends = [view["result"] for _, view, _ in found if view["over"]]
    assert ends and ends[0]["end"] == "finished" and max(ends[0]["returns"]) == 1
    if game_id == "target-rats":
        assert any(f["pending_win"] for _, view, _ in found for f in view["factions"])


def test_an_empty_deck_draws_the_same_board() -> None:
    """A long random game of the full rules runs a deck out (here after step 610)."""
    game = ratking.make("target-rats")
    found = played(game, 4, seed=0, steps=700, after=600)
    assert_same("target-rats", found, game)
    assert any(d["left"] == 0 for _, view, _ in found for d in view["decks"].values())


def test_a_long_name_is_cut_in_the_panel() -> None:
    """The comparison above covers the cut: here, that the cut happens at all."""
    game = ratking.make("target-rats")
    view = game.new_game(4, seed=3, names=NAMES).view(0)
    data = game.board_data()
    drawn = drawn_in_node("target-rats", [[view, []]])[0]
    names = re.findall(r">(x+…?)</text>", drawn)  # the name on the panel's colour bar
    assert names and all(len(n) < 40 and n.endswith("…") for n in names)
    assert drawn == game.render_svg(view, [])
    assert data["legend"] in drawn
