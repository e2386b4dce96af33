"""Rat & Duck's heuristic: legal, reads only what its seat may know, plays each role's plan."""

from __future__ import annotations

import random

from .helpers import PRE_ACTION, PRE_MOVE, arrange, civilian_at, hold, new


def choose(s):
    return s.game.heuristic(s, random.Random(0)).id


def test_the_scientist_targets_then_heads_for_its_card():
    s = arrange(new(), active="s1", phase=PRE_MOVE)
    assert choose(s) == "target"
    s = arrange(new(), active="s1", phase=PRE_MOVE, places={"s1": "university"})
    hold(s, "fountain")
    assert choose(s) == "target"
    s.deck.clear()
    s.used.extend(c for c in range(12) if c not in s.held and c not in s.used)
    s._legal = None
    assert choose(s) == "move:fountain"


def test_the_scientist_brings_a_civilian_to_the_lab_and_researches():
    s = arrange(new(), active="s1", phase=PRE_ACTION, places={"s1": "lab"})
    civilian_at(s, "bar", place="lab")
    s.deck.clear()
    s._legal = None
    assert choose(s) == "research:bar"


def test_the_police_arrests_a_wanted_dissent():
    s = arrange(new(), active="p1", phase=PRE_ACTION, places={"p1": "bar", "d1": "bar"},
                wanted={"d1": 2})
    assert choose(s) == "arrest:d1"


def test_a_dissent_releases_then_speaks():
    s = arrange(new(), active="d1", phase=PRE_ACTION, places={"d1": "bar"})
    civilian_at(s, "bar")
    assert choose(s) == "release:bar"
    s = arrange(new(), active="d1", phase=PRE_ACTION, places={"d1": "hotel"})
    assert choose(s) == "speak"


def test_a_wanted_dissent_moves_away_from_the_police():
    s = arrange(new(), active="d1", phase=PRE_MOVE,
                places={"d1": "company", "p1": "factory"}, wanted={"d1": 2})
    pick = choose(s)
    assert pick.startswith("move:") and pick not in ("move:factory",)
    target = s.game.city.slugs.index(pick.split(":")[1])
    assert s.layout.dist[target][s.pos[s.game.unit_keys.index("p1")]] >= 2
