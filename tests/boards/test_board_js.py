"""The browser draws the board (server/static/boards/<game>.js) from the view the server sends,
so the Python renderer (Game.render_svg) and the browser's must agree to the byte: the same
view and actions, as JSON, give the same SVG. Checked over random play in every game, from every
seat and a spectator's, with the routes a seat to move is offered and the open view of a
finished game (its replay), in Node (the browser's JavaScript engine, V8)."""

from __future__ import annotations

import random
import re
import subprocess
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratking
from ratking.core import shared
from ratking.server.play.messages import actions_for, drawn_actions

from .conftest import NODE

HERE = Path(__file__).parent
GAMES = ["rat-a-tat-roll", "rat-and-duck", "target-rats", "target-rats-simplified",
         "you-dirty-rat"]

Case = tuple[str, dict[str, Any], list[dict[str, str]]]  # where, view, actions


def cases(game_id: str, seed: int, players: int, steps: int = 400, every: int = 1,
          game: ratking.Game | None = None) -> list[Case]:
    """Views and drawn actions of every seat and a spectator along one random game (of
    `game`, a game with rules set, if given)."""
    state = (game or shared(game_id)).new_game(players, seed=seed)
    rng = random.Random(seed)
    out: list[Case] = []
    for step in range(steps):
        if step % every == 0 or state.is_over:
            for seat in [*range(players), None]:
                actions = actions_for(state, seat)
                drawn = drawn_actions(state, seat, actions)[2]
                out.append((f"seed {seed}, {players} players, step {step}, seat {seat}",
                            state.view(seat), drawn))
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    opened = state.game.open_view
    if opened is not None:
        out.append((f"seed {seed}, {players} players, open view at step {step}",
                    opened(state), []))
    return out


def drawn_in_node(game_id: str, views: list[tuple[dict[str, Any], list]]) -> list[Any]:
    script = shared(game_id).board_script  # a game package's own renderer, or ratking's
    payload = orjson.dumps({"game": game_id, "data": shared(game_id).board_data(),
                            "cases": views} | ({} if script is None else {"module": str(script)}))
    done = subprocess.run([NODE, str(HERE / "render.mjs")], input=payload,
                          capture_output=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    return orjson.loads(done.stdout)


def first_difference(a: str, b: str) -> int:
    return next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y),
                min(len(a), len(b)))


def assert_same(game_id: str, found: list[Case], game: ratking.Game | None = None) -> None:
    game = game or shared(game_id)
    sent = [orjson.loads(orjson.dumps([view, actions])) for _, view, actions in found]
    browser = drawn_in_node(game_id, sent)
    for (where, view, actions), js in zip(found, browser, strict=True):
        python = game.render_svg(view, actions)
        assert not isinstance(js, dict), f"{game_id}, {where}: the renderer threw\n{js['error']}"
        if js != python:
            i = first_difference(python, js)
            pytest.fail(f"{game_id}, {where}: the boards differ at character {i} of "
                        f"{len(python)}\npython:  ...{python[max(0, i - 150):i + 150]!r}\n"
                        f"browser: ...{js[max(0, i - 150):i + 150]!r}")


# games that ship their own renderer in their package (Game.board_script): a game installed
# from another package, such as the template (tests/test_plugins.py)
PACKAGED = [info.id for info in ratking.list_games()
            if ratking.core.game_class(info.id).board_script is not None]


@pytest.mark.parametrize("game_id", PACKAGED)
def test_a_game_packages_own_board_draws_what_its_python_draws(game_id):
    game = shared(game_id)
    for seed, players in enumerate(game.player_counts()):
        assert_same(game_id, cases(game_id, seed, players))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_browser_draws_the_same_board(game_id: str) -> None:
    game = shared(game_id)
    found: list[Case] = []
    for seed, players in enumerate(game.player_counts()):
        found += cases(game_id, seed, players, every=1 if players < 4 else 2)
    assert_same(game_id, found)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_same_board_over_random_games(game_id: str, data: st.DataObject) -> None:
    counts = list(shared(game_id).player_counts())
    players = data.draw(st.sampled_from(counts))
    seed = data.draw(st.integers(0, 2**31 - 1))
    assert_same(game_id, cases(game_id, seed, players, steps=600, every=7))


def test_a_variant_draws_the_same_board() -> None:
    """Rules a table may set reach the board through the view (Rat & Duck's goals, here)."""
    game = ratking.make("rat-and-duck", bio_sci_to_win=2, unrest_to_win=21)
    state = game.new_game(4, seed=5)
    rng = random.Random(5)
    found: list[Case] = []
    while not state.is_over and len(found) < 300:
        for seat in (state.current_player, None):
            actions = actions_for(state, seat)
            found.append((f"step {len(found) // 2}, seat {seat}", state.view(seat),
                          drawn_actions(state, seat, actions)[2]))
        state.apply(rng.choice(state.legal_actions()))
    assert_same("rat-and-duck", found, game)


def ended(view: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    """The view a table page draws once the table has ended otherwise than by the game's rules
    (boards/index.js, viewOf): the table's result given to the view."""
    return {**view, "result": {k: result[k] for k in ("returns", "scores", "end")}}


@pytest.mark.parametrize("game_id", GAMES)
def test_a_table_ended_by_a_resignation_or_a_vote_draws_the_same_board(game_id: str) -> None:
    """A resignation or a vote to end leaves the game's state unfinished: the board, given
    the table's result, says the game is over, nobody to move, in both renderers."""
    game = shared(game_id)
    players = game.player_counts()[-1]
    state = game.new_game(players, seed=11)
    rng = random.Random(11)
    found: list[Case] = []
    for step in range(60):
        if state.is_over:
            break
        if step % 6 == 0:
            mover = state.current_player
            resigned = {"returns": [-1.0 if p == mover else 1.0 for p in range(players)],
                        "scores": None, "end": "resigned"}
            agreed = {"returns": [0.0] * players, "scores": None, "end": "agreed"}
            for seat in (mover, None):
                for result in (resigned, agreed):
                    found.append((f"step {step}, seat {seat}, {result['end']}",
                                  ended(state.view(seat), result), []))
        state.apply(rng.choice(state.legal_actions()))
    assert len(found) >= 8
    for where, view, _ in found:
        svg = game.render_svg(view, [])
        assert "Game over" in svg, where
        assert not re.search(r"Your turn|your move|Your move", svg), where
    assert_same(game_id, found)


@pytest.mark.parametrize("dealt", [4, 6, 10])
def test_a_big_hand_draws_the_same_board(dealt: int) -> None:
    """You Dirty Rat's hand of 7 to 13 cards (the largest a table deals), in one row of
    narrower or overlapping cards: the same coordinates in both renderers."""
    game = ratking.make("you-dirty-rat", hand=dealt)
    found: list[Case] = []
    for players in game.player_counts():
        found += cases("you-dirty-rat", dealt + players, players, steps=12, game=game)
    assert any(len(v["seats"][v["seat"]]["hand"] or []) >= dealt + 3
               for _, v, _ in found if v.get("seat") is not None)
    assert_same("you-dirty-rat", found, game)


def test_the_masterminds_draw_beside_any_hand_draws_the_same_board() -> None:
    """You Dirty Rat's Mastermind's draw shares the hand's row: one to five drawn cards (a card
    file may draw more than three) beside a hand of 0 to 13, the same coordinates in both
    renderers."""
    game = shared("you-dirty-rat")
    state = game.new_game(4, seed=3)
    rng = random.Random(3)
    while not state.view(state.current_player).get("drawn"):  # until a Mastermind draws
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player
    view = state.view(seat)
    actions = drawn_actions(state, seat, actions_for(state, seat))[2]
    pool = [c for s in game.open_view(state)["seats"] for c in s["hand"]] + view["drawn"]
    found: list[Case] = []
    for drawn in range(1, 6):
        for held in (0, 1, 3, 4, 5, 8, 13):
            cards = [dict(pool[k % len(pool)], id=900 + k) for k in range(drawn + held)]
            seats = [dict(s) for s in view["seats"]]
            seats[seat]["hand"] = cards[drawn:]
            found.append((f"{drawn} drawn, {held} in hand",
                          {**view, "drawn": cards[:drawn], "seats": seats}, actions))
    assert_same("you-dirty-rat", found)
