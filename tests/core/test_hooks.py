"""Hooks bound from a game's modules by their names (core/hooks.py): `class G(Game,
hooks=(text, svg, ...))` binds each function the table names, and refuses a module that gives
no hook, with the reason."""

from __future__ import annotations

import inspect
import re
from types import ModuleType

import pytest

import ratking
from ratking.core import Game
from ratking.core.hooks import MODULES


def module(name: str, **functions) -> ModuleType:
    made = ModuleType(f"somegame.{name}")
    made.__dict__.update(functions)
    return made


def test_each_function_is_bound_to_the_hook_its_module_names():
    def render(view):
        return f"board of {view['game']}"

    def layout(game, players):
        return (game, players)

    text, observation = module("text", render=render), module("observation", layout=layout)
    evaluate = module("evaluate", LEVELS={"hard": "ismcts:iters=10"})

    class G(Game, hooks=(text, observation, evaluate)):
        pass

    game = object.__new__(G)
    assert game.render_text({"game": "g"}) == "board of g"  # static: no game given
    assert game.tensor_layout(3) == (game, 3)  # a method: the game comes first
    assert G.levels == {"hard": "ismcts:iters=10"}
    assert G.render_compact({"game": "g"}) == "board of g"  # the kernel's default: the full one
    assert G.evaluate is None and G.heuristic is None  # no module gave them


@pytest.mark.parametrize(("given", "reason"), [
    (module("helpers", render=print), "no hooks come from a module named 'helpers'"),
    (module("svg", draw=print), "module somegame.svg defines none of render, board_data"),
])
def test_a_module_that_gives_no_hook_is_refused(given, reason):
    with pytest.raises(TypeError, match=reason):
        class G(Game, hooks=(given,)):
            pass


def test_every_game_of_ratkings_own_binds_from_its_modules_and_nothing_by_hand():
    hooks = {hook for table in MODULES.values() for hook, _ in table.values()}
    by_hand = re.compile(rf"^\s+(?:{'|'.join(hooks)})\s*=|def (?:{'|'.join(hooks)})\(", re.M)
    for info in ratking.list_games():
        cls = ratking.core.game_class(info.id)
        if cls.__module__.startswith("ratking."):
            assert not by_hand.search(inspect.getsource(cls)), info.id
            assert cls.render_text is not Game.render_text and cls.heuristic is not None
