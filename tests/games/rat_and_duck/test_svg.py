"""Rat & Duck's SVG map: valid XML, the grid, clickable legal actions only."""

from __future__ import annotations

import random

import ratking
from ratking.sim import random_play

from ..svg_checks import NS, acts, draw
from .helpers import arrange, civilian_at, new


def test_one_svg_with_every_place_and_unit():
    root, _ = draw(new(), 0)
    assert root.tag == f"{NS}svg" and root.get("viewBox")
    places = {n.get("data-place") for n in root.iter() if n.get("data-place")}
    assert len(places) == 15
    assert len([n for n in root.iter() if n.get("class") == "unit"]) == 4
    assert len([n for n in root.iter() if n.get("class") == "unrest"]) == 12 * 3


def test_moves_sit_on_their_places_with_titles():
    s = new()
    root, _ = draw(s, 0)
    # the move on its place; staying put, in the menu beside the acting unit
    assert acts(root) == {"move:university", "skip-move"}
    node = next(n for n in root.iter() if n.get("data-action") == "move:university")
    assert node.find(f"{NS}title").text == "Move to the University"
    menu = next(n for n in root.iter() if n.get("class") == "unit-menu")
    assert [n.get("data-action") for n in menu.iter() if n.get("data-action")] == ["skip-move"]


def test_every_action_is_on_the_map_and_the_rest_beside_the_acting_unit():
    game = ratking.make("rat-and-duck")
    for seed in range(15):
        s = game.new_game(4, seed=seed)
        random_play(s, random.Random(seed), seed * 7)
        if s.is_over:
            continue
        root, actions = draw(s, s.current_player)
        assert acts(root) == {a["id"] for a in actions}  # nothing left for a list of buttons
        ids = [n.get("data-action") for n in root.iter() if n.get("data-action")]
        assert len(ids) == len(set(ids))  # each once


def test_data_action_only_for_given_actions():
    game = ratking.make("rat-and-duck")
    for seed in range(15):
        s = game.new_game(4, seed=seed)
        random_play(s, random.Random(seed), seed * 7)
        root, actions = draw(s, s.current_player if not s.is_over else None)
        assert acts(root) <= {a["id"] for a in actions}
        root, _ = draw(s, 0, actions=[])
        assert acts(root) == set()


def test_civilians_and_ends_are_clickable():
    s = arrange(new(), active="d1", phase=1, places={"d1": "bar"})
    civilian_at(s, "bar")
    root, _ = draw(s, 0)
    assert {"release:bar", "end:p1", "end:s1"} <= acts(root)


def test_the_dissent_svg_shows_no_card_names():
    s = arrange(new(), active="s1")
    s.apply("target")
    name = s.game.city.names[s.held[0]]
    svg = s.game.render_svg(s.view(0), [])
    assert f"Location cards: {name}" not in svg and "1 hidden" in svg
    assert f"Location cards: {name}" in s.game.render_svg(s.view(1), [])
