"""Rat & Duck's SVG map: valid XML, the grid, clickable legal actions only."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

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


def _overlap(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _box(node):
    return tuple(float(node.get(k)) for k in ("x", "y", "width", "height"))


def _clickable_boxes(root):
    """The box of every clickable thing outside the menu, read off the drawn SVG: a place's
    or a roster entry's rectangle, a token's circle with its ring and wanted badge."""
    menu = next(n for n in root.iter() if n.get("class") == "unit-menu")
    inside = {id(n) for n in menu.iter()}
    for g in (n for n in root.iter() if n.get("data-action") and id(n) not in inside):
        moved = next((n for n in g.iter() if n.get("transform", "").startswith("translate")),
                     None)
        if moved is not None and moved.get("class") in ("unit", "civilian"):
            x, y = map(float, re.findall(r"[-\d.]+", moved.get("transform")))
            yield g.get("data-action"), (x - 27, y - 27, 54, 54)
        else:
            yield g.get("data-action"), _box(next(g.iter(f"{NS}rect")))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120), players=st.sampled_from([2, 4]))
def test_the_menu_covers_no_place_name_and_nothing_clickable(seed, steps, players):
    # issue 49: the acting unit's menu leaves every place's name (the top 30 units of its box,
    # where the name is written at y + 24 in 17-unit letters) and every legal choice drawn on
    # the board (a place to move to, a token, a roster entry) uncovered, within the board
    s = ratking.make("rat-and-duck").new_game(players, seed=seed)
    random_play(s, random.Random(seed), steps)
    if s.is_over:
        return
    root, _ = draw(s, s.current_player)
    box = next((n for n in root.iter() if n.get("data-focus") == "menu"), None)
    if box is None:
        return
    menu = _box(box)
    _, _, width, height = map(float, root.get("viewBox").split())
    assert menu[0] >= 0 and menu[0] + menu[2] <= width
    assert menu[1] >= 0 and menu[1] + menu[3] <= height
    for place in (n for n in root.iter() if n.get("data-place")):
        x, y, w, _ = _box(next(place.iter(f"{NS}rect")))
        assert not _overlap(menu, (x, y, w, 30)), place.get("data-place")
    for action, target in _clickable_boxes(root):
        assert not _overlap(menu, target), action


def test_the_menu_stays_clear_where_the_tutorial_moves():
    # the start of play (as in the tutorial): staying put is in the menu, and the places one
    # may move to stay clickable beside it
    s = new()
    root, _ = draw(s, 0)
    menu = _box(next(n for n in root.iter() if n.get("data-focus") == "menu"))
    targets = dict(_clickable_boxes(root))
    assert "move:university" in targets
    assert not any(_overlap(menu, t) for t in targets.values())
