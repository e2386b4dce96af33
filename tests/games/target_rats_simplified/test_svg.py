"""Target: Rats Simplified's SVG board: valid XML, every space, clickable legal actions only."""

from __future__ import annotations

import random

import ratking
from ratking.sim import random_play

from ..svg_checks import NS, acts, draw
from .helpers import arrange, new, play


def test_every_space_and_the_rats():
    root, _ = draw(new(4), 0)
    assert root.tag == f"{NS}svg" and root.get("viewBox")
    spaces = {n.get("data-space") for n in root.iter() if n.get("data-space")}
    assert len(spaces) == 41
    assert len([n for n in root.iter() if n.get("class") == "dumpster"]) == 4


def test_picks_steps_and_exterminator_are_on_the_board_with_titles():
    s = arrange(new(4), {0: [("S1", 0)]}, dice=(1, 3))
    root, actions = draw(s, 0)
    assert acts(root) == {a["id"] for a in actions} - {"end"}
    node = next(n for n in root.iter() if n.get("data-action") == "rat:S1:unfed")
    assert node.get("class") == "act" and node.find(f"{NS}title").text
    play(s, "rat:S1:unfed")
    root, actions = draw(s, 0)
    assert acts(root) == {"step:S0", "step:S2"}


def test_data_action_only_for_given_actions():
    game = ratking.make("target-rats-simplified", max_rounds=30)
    for seed in range(12):
        s = game.new_game(2 + seed % 3, seed=seed)
        random_play(s, random.Random(seed), seed * 13)
        seat = s.current_player
        root, actions = draw(s, seat)
        assert acts(root) <= {a["id"] for a in actions}
        root, _ = draw(s, 0, actions=[])
        assert acts(root) == set()
