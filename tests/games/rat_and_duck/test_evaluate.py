"""Rat & Duck's evaluation for search: a chance per team, and the goals a variant sets."""

from __future__ import annotations

import math

from ratking.games.rat_and_duck.params import GOVERNMENT

from .helpers import new


def government_chance(s) -> float:
    teams = s.game.seat_teams(s.players)
    return s.game.evaluate(s)[teams.index(GOVERNMENT)]


def test_every_seat_gets_its_teams_chance():
    s = new(players=4, seed=3)
    chances = s.game.evaluate(s)
    teams = s.game.seat_teams(4)
    gov = {c for c, t in zip(chances, teams, strict=True) if t == GOVERNMENT}
    dis = {c for c, t in zip(chances, teams, strict=True) if t != GOVERNMENT}
    assert len(gov) == len(dis) == 1
    assert math.isclose(gov.pop() + dis.pop(), 1.0)


def test_a_nearer_goal_is_worth_more_to_its_side():
    # the same position, one Research made and 10 unrest: the government is closer to a goal
    # of 2 than of 4, the dissent closer to a goal of 12 than of 21 (seed 003, 4: Game End)
    chances = {}
    for bio, unrest in ((2, 21), (4, 21), (4, 12)):
        s = new(players=2, seed=5, bio_sci_to_win=bio, unrest_to_win=unrest)
        s.biosci = 1
        for place in range(10):
            s.unrest[place] = 1
        chances[bio, unrest] = government_chance(s)
    assert chances[2, 21] > chances[4, 21] > chances[4, 12]
