"""Target: Rats Simplified's SVG board: valid XML, every space, clickable legal actions only."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import ratking
from ratking.sim import random_play

from .helpers import arrange, new, play

NS = "{http://www.w3.org/2000/svg}"


def draw(s, seat, actions=None):
    if actions is None:
        actions = [{"id": a.id, "label": s.describe_action(a)} for a in s.legal_actions()]
    return ET.fromstring(s.game.render_svg(s.view(seat), actions)), actions


def acts(root):
    return {n.get("data-action") for n in root.iter() if n.get("data-action")}


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
