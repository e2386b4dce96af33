"""You Dirty Rat's SVG table: valid XML, clickable legal actions only, no hidden hands."""

from __future__ import annotations

import random

import ratking
from ratking.sim import random_play

from ..svg_checks import NS, acts, draw
from .helpers import new, put, ready, set_hand


def test_one_svg_with_clickable_hand_cards_and_heists():
    s = ready(new(3))
    set_hand(s, 0, "Forger", "Cat Burglar", "Con Artist", "Femme Fatale")
    root, _ = draw(s, 0)
    assert root.tag == f"{NS}svg" and root.get("viewBox")
    assert {"play:forger", "play:cat-burglar", f"heist:{s.tops[0]}"} <= acts(root)
    node = next(n for n in root.iter() if n.get("data-action") == "play:forger")
    assert node.get("class") == "act"
    assert node.find(f"{NS}title").text == "Play the Forger"


def test_targets_on_name_plates_and_hideout_cards():
    s = ready(new(3))
    set_hand(s, 0, "Enforcer", "Snitch")
    (c,) = put(s, 1, 2, "Hacker")
    s.apply("play:enforcer")
    root, _ = draw(s, 0)
    assert acts(root) == {"target:1", "target:2"}
    s = ready(new(3))
    set_hand(s, 0, "Snitch")
    (c,) = put(s, 1, 2, "Hacker")
    s.apply("play:snitch")
    root, _ = draw(s, 0)
    assert acts(root) == {f"card:{c}"}


def test_data_action_only_for_given_actions_and_no_other_hand():
    game = ratking.make("you-dirty-rat")
    for seed in range(15):
        s = game.new_game(2 + seed % 3, seed=seed)
        random_play(s, random.Random(seed), seed * 9)
        seat = s.current_player
        root, actions = draw(s, seat)
        assert acts(root) <= {a["id"] for a in actions}
        root, _ = draw(s, 0, actions=[])
        assert acts(root) == set()
    s = ready(new(2))
    set_hand(s, 1, "Safecracker")
    svg = s.game.render_svg(s.view(0), [])
    assert "Safecracker" not in svg
