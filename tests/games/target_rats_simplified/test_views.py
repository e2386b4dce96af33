"""Target: Rats Simplified's views: the whole board, the same for every seat, JSON-able; the
terminal rendering and the event text."""

from __future__ import annotations

import json
import random

from rich.console import Console

import ratking
from ratking.sim import random_play

from .helpers import arrange, new, play


def test_the_view_shows_every_space_rat_and_token():
    s = new(3, seed=2)
    v = s.view(0)
    assert len(v["spaces"]) == 41
    rats = sum(g["unfed"] + g["fed"] for sp in v["spaces"] for g in sp["rats"])
    assert rats == 12
    assert [sp["id"] for sp in v["spaces"] if sp["dumpster"]] == ["S3", "S9", "S15", "S21"]
    assert [f["home"] for f in v["factions"]] == ["H0", "H1", "H2"]
    assert v["dice"] == s.dice and v["pool"] == s.pool
    json.dumps(v)


def test_nothing_is_hidden_every_seat_sees_the_same_board():
    s = new(4, seed=5)
    random_play(s, random.Random(1), 60)
    views = [s.view(seat) for seat in [None, 0, 1, 2, 3]]
    for v in views:
        v.pop("seat")
    assert all(v == views[0] for v in views)


def test_events_in_plain_english_and_the_terminal():
    s = arrange(new(4), {0: [("S1", 0)]}, dice=(2, 3))
    play(s, "rat:S1:unfed", "step:S2", "step:S3", "step:S4", "step:S5", "step:S6")
    texts = [e.text for e in s.events_for(None)]
    assert any("fed a rat at the dumpster on surface 3" in t for t in texts)
    assert any("moved a rat S1 > S2 > S3 > S4 > S5 > S6" in t for t in texts)
    console = Console(record=True, width=120)
    console.print(s.game.render_text(s.view(0)))
    out = console.export_text()
    assert "Target: Rats Simplified" in out and "S3 D" in out


def test_a_finished_game_view_has_the_result():
    game = ratking.make("target-rats-simplified", max_rounds=3)
    s = game.new_game(2, seed=0)
    random_play(s, random.Random(0))
    v = s.view(None)
    assert v["over"] and v["result"]["end"] == "round-cap"
