"""The rulebook's two EXAMPLE TURNS (seed 000), played as scenarios."""

from __future__ import annotations

import pytest

from ratking.games.target_rats.full.exterminator import quadrant_spaces

from .helpers import arrange, dice, ids, new, play, sp, stack, texts, where

pytestmark = pytest.mark.usefixtures("core")  # each rule on both cores


def quadrant_rats(s, q):
    return sum(s.count[x] for x in quadrant_spaces(s.game.board)[q][0])


def test_example_turn_1_white():
    # seed 000, EXAMPLE TURNS, Turn 1: White moves one group above ground and one below;
    # the surface group finds a food source, places the dumpster and feeds; the underground
    # group discovers a nest and places a nest token; under 8 rats in the quadrant, White
    # rolls a 3 and the Exterminator does not move
    s = new(4, seed=1)
    assert where(s, 0) == [("H0", 0)] * 4
    stack(s, "hot-dog-stand", "dry-pipe")
    play(s, "group:H0", "take:0:2", "step:S0", "step:S1", "step:S2", "stop")
    play(s, "group:H0", "take:0:2", "step:S0", "step:U0", "step:U1", "stop")
    assert sorted(ids(s)) == ["scavenge:S2", "scavenge:U1"]  # ACTIONS: no rest beside them
    play(s, "scavenge:S2")
    assert s.token[sp("S2")] == 1 and where(s, 0).count(("S2", 1)) == 2
    assert quadrant_rats(s, 0) == 4 < 8
    dice(s, 3)
    play(s, "scavenge:U1")
    assert s.token[sp("U1")] == 3
    assert s.ext == -1 and s.turn == 1
    log = texts(s)
    assert "Player 1 scavenged on surface 2 and drew Hot Dog Stand." in log
    assert "Player 1 placed a food source on surface 2." in log
    assert "Player 1 placed their nest on underground 1." in log
    assert "Player 1 rolled 3 for the Exterminator." in log


def test_example_turn_2_brown():
    # seed 000, EXAMPLE TURNS, Turn 2: Brown moves one group above ground and one below; the
    # surface group attacks White and wins: one White rat is killed, the other pushed two
    # spaces; the underground group scavenges and draws Electrocuted, killing one rat; with 8
    # rats in the quadrant Brown must move the Exterminator; Brown and Grey both have a group
    # of two there, and Brown puts him on the Grey group, destroying them
    white, grey, brown = 0, 1, 2
    s = arrange(new(4), {white: [("S2", 1), ("S2", 1), ("U1", 0), ("U1", 0)],
                         grey: [("S4", 0), ("S4", 0)],
                         brown: [("S3", 0), ("S3", 0), ("U3", 0), ("U3", 0)]},
                to_move=brown, tokens={"S2": "food"})
    stack(s, "third-rail")
    play(s, "group:S3", "take:0:2", "step:S2")  # attacks: the move ends at once
    play(s, "group:U3", "take:0:2", "step:U2", "stop")
    assert ids(s) == ["fight:S2"]  # fights first
    dice(s, 1, 1, 6, 6)  # White's two dice, then Brown's
    play(s, "fight:S2")
    assert s.to_move == brown and sorted(ids(s)) == ["push:S0", "push:S4"]
    play(s, "push:S0")
    assert where(s, white) == [("S0", 1), ("U1", 0), ("U1", 0)]
    play(s, "scavenge:U2")
    assert where(s, brown) == [("S2", 0), ("S2", 0), ("U2", 0)]
    assert "Player 3 scavenged on underground 2 and drew Electrocuted." in texts(s)
    assert quadrant_rats(s, 0) == 8
    assert s.to_move == brown and sorted(ids(s)) == ["ext:S2", "ext:S4"]
    play(s, "ext:S4")
    assert where(s, grey) == [] and s.ext == sp("S4")
    assert s.turn == 3
