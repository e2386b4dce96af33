"""Target: Rats Simplified rules tests: each cites the rulebook (seed 001, the board in seed
000) or RULINGS.md."""

from __future__ import annotations

import pytest

import ratking
from ratking import IllegalAction, RulesError

from ..cores import Script
from .helpers import B, arrange, ids, new, play, sp, where

pytestmark = pytest.mark.usefixtures("core")  # each rule on both cores

# --- the board ----------------------------------------------------------------------------------


def test_the_board_geometry():
    # RULINGS, Target: Rats: 24 surface, 12 underground, Rat City, corridors S0/U0, S6/U3...
    assert B.surface == 24 and B.underground == 12
    assert [B.ids[x] for x in B.corridor_surface] == ["S0", "S6", "S12", "S18"]
    assert [B.ids[x] for x in B.corridor_under] == ["U0", "U3", "U6", "U9"]
    assert sorted(B.ids[n] for n in B.adj[sp("S0")]) == ["S1", "S23", "U0"]
    assert sorted(B.ids[n] for n in B.adj[sp("RC")]) == ["U0", "U3", "U6", "U9"]
    # home nest -> surface corridor -> underground corridor -> Rat City, each step 1
    assert B.dist[sp("H0")][sp("RC")] == 3
    assert B.dist[sp("S3")][sp("S21")] == 6  # a ring: either way round
    # quadrants: corridor spaces in both neighbouring quadrants, Rat City and nests in none
    assert B.quadrants[sp("S6")] == (0, 1) and B.quadrants[sp("S3")] == (0,)
    assert B.quadrants[sp("RC")] == () and B.quadrants[sp("H1")] == ()
    assert sum(1 for x in range(24) if 0 in B.quadrants[x]) == 7
    # the space beneath each non-corridor surface space is in the same quadrant
    assert not B.token_slot[sp("S6")] and B.token_slot[sp("S7")] and B.token_slot[sp("U1")]
    assert not B.token_slot[sp("RC")] and B.exterminator_spaces == tuple(range(24))
    for x in range(24):
        if x % 6:
            assert B.quadrants[B.beneath[x]] == B.quadrants[x]
        else:
            assert B.beneath[x] == -1


def test_setup_four_unfed_rats_per_nest_and_the_dumpsters():
    # seed 001, SETUP: four rats in unfed position on the home nest; a dumpster mid-quadrant
    s = new(4)
    for seat in range(4):
        assert where(s, seat) == [(f"H{seat}", 0)] * 4
    assert [B.ids[d] for d in s.dumpsters] == ["S3", "S9", "S15", "S21"]
    assert s.ext == -1 and s.cheese == -1
    two = new(2)
    assert where(two, 1) == [("H2", 0)] * 4  # RULINGS (ours): two players in opposite nests


def test_roll_two_dice_and_da_big_cheese_may_roll_a_third():
    # seed 001, MOVEMENT: "roll two dice"; "Da Big Cheese may roll one additional die": a
    # choice, offered before the roll, since the whole roll must then be moved
    s = new(2, seed=3)
    assert len(s.dice) == 2 and s.pool == sum(s.dice)
    for choice, count in (("roll:3", 3), ("roll:2", 2)):
        s = arrange(new(2), {0: [("RC", 0), ("S1", 0)], 1: [("S13", 0)]}, cheese=0, to_move=1)
        s.pool, s.dice, s.target = 1, [1], False
        s._legal = None
        play(s, "rat:S13:unfed", "step:S14")
        assert s.to_move == 0 and s.dice == [] and ids(s) == ["roll:2", "roll:3"]
        assert s.view(0)["phase"] == "dice"
        play(s, choice)
        assert len(s.dice) == count and s.pool == sum(s.dice)
    # a player who is not Da Big Cheese rolls two, with no choice to make
    s = arrange(new(2), {0: [("S1", 0)], 1: [("S13", 0)] * 2}, cheese=0, to_move=0)
    s.pool, s.dice, s.target = 1, [1], False
    s._legal = None
    play(s, "rat:S1:unfed", "step:S2")
    assert s.to_move == 1 and len(s.dice) == 2
    with pytest.raises(IllegalAction, match="only Da Big Cheese chooses"):
        s.apply("roll:3")


def test_bad_rules_are_refused():
    with pytest.raises(RulesError):
        ratking.make("target-rats-simplified", space_limit=0)


# --- top-up --------------------------------------------------------------------------------------


def test_top_up_with_one_rat_or_none_home_nest_included():
    # seed 001, SETUP: one or fewer rats on the board may place two unfed rats;
    # RULINGS, Target: Rats: rats on the home nest count
    s = arrange(new(2), {0: [("S5", 0)], 1: [("S13", 0), ("S14", 0)]}, to_move=1, dice=(2, 2))
    play(s, "rat:S13:unfed", "step:S12", "step:S11", "stop")
    play(s, "rat:S14:unfed", "step:S15", "step:S16")
    assert s.to_move == 0 and ids(s) == ["topup", "no-topup"]
    play(s, "topup")
    assert where(s, 0) == [("H0", 0), ("H0", 0), ("S5", 0)]
    assert len(s.dice) == 2
    # two rats in the home nest: no top-up (they count)
    s = arrange(new(2), {0: [("H0", 0), ("H0", 0)], 1: [("S13", 0)]}, to_move=1, dice=(2, 2))
    s.pool = 1
    play(s, "rat:S13:unfed", "step:S14")
    assert "topup" not in ids(s)


# --- movement ------------------------------------------------------------------------------------


def test_leaving_the_nest_and_no_doubling_back():
    # seed 001, MOVEMENT: a continuous direction, never doubling back on a space
    s = arrange(new(4), {0: [("H0", 0)]}, dice=(3, 4))
    assert ids(s) == ["rat:H0:unfed"]
    play(s, "rat:H0:unfed")
    assert ids(s) == ["step:S0"]
    play(s, "step:S0")
    assert sorted(ids(s)) == ["step:S1", "step:S23", "step:U0"]
    play(s, "step:S1")
    assert "step:S0" not in ids(s) and "step:S2" in ids(s)


def test_the_whole_roll_must_be_used_when_possible():
    # seed 001, MOVEMENT: the total is the number of spaces you must move
    s = arrange(new(4), {0: [("S1", 0)]}, dice=(2, 3))
    play(s, "rat:S1:unfed", "step:S2")
    assert "stop" not in ids(s)  # no other rat could use the rest
    s = arrange(new(4), {0: [("S1", 0), ("S10", 0)]}, dice=(2, 3))
    play(s, "rat:S1:unfed", "step:S2")
    assert "stop" in ids(s)
    play(s, "stop")
    assert ids(s) == ["rat:S10:unfed"]  # each rat moves once a turn
    play(s, "rat:S10:unfed", "step:S11", "step:S12", "step:S13", "step:S14")
    assert s.to_move == 1


def test_a_turn_that_cannot_use_its_roll_uses_what_it_can():
    # RULINGS, Target: Rats: a player who cannot use the whole roll uses as much as they can
    full = [("S4", 0)] * 4
    s = arrange(new(4), {0: [("S2", 0)], 1: full}, dice=(5, 6), ext="S1")
    play(s, "rat:S2:unfed", "step:S3")  # boxed in: S1 has the Exterminator, S4 is full
    assert s.to_move == 1 and where(s, 0) == [("S3", 1)]


def test_four_rats_a_space_and_no_passing_through_a_full_space():
    # seed 001, MOVEMENT: at most four rats; you may not pass through a space with four
    s = arrange(new(4), {0: [("S1", 0)], 1: [("S2", 0)] * 3, 2: [("S2", 0)]}, dice=(2, 3))
    play(s, "rat:S1:unfed")
    assert "step:S2" not in ids(s)
    # three rats: it may enter and pass; opposing factions share spaces
    s = arrange(new(4), {0: [("S1", 0)], 1: [("S2", 0)] * 3}, dice=(2, 3))
    play(s, "rat:S1:unfed", "step:S2")
    assert s.count[sp("S2")] == 4



def test_no_passing_through_four_of_your_own_rats():
    # seed 001, MOVEMENT: "You may not pass through a space which already has four rats in
    # it"; RULINGS, Target: Rats: even when all four are your own
    s = arrange(new(4), {0: [("S1", 0)] + [("S2", 0)] * 4}, dice=(2, 3))
    play(s, "rat:S1:unfed")
    assert "step:S2" not in ids(s)

def test_home_nests_and_rat_city_hold_any_number():
    # seed 001, MOVEMENT: the Home Nests and Rat City may hold any number of rats
    s = arrange(new(4), {0: [("U0", 0)] + [("RC", 0)] * 6}, dice=(1, 3), cheese=0)
    s.target = False
    play(s, "rat:U0:unfed", "step:RC")
    assert s.count[sp("RC")] == 7


def test_passing_under_a_blocked_sewer_cover():
    # RULINGS, Target: Rats: passing under an occupied sewer cover from the home nest still
    # counts that step
    s = arrange(new(4), {0: [("H0", 0)], 1: [("S0", 0)] * 4}, dice=(2, 3))
    play(s, "rat:H0:unfed")
    assert ids(s) == ["step:U0"]
    play(s, "step:U0")
    assert s.pool == 3 and s.path == [sp("H0"), sp("S0"), sp("U0")]


# --- feeding and breeding -----------------------------------------------------------------------


def test_feed_on_passing_a_dumpster():
    # seed 001, ACTIONS, FEED: as soon as a rat lands on or passes a dumpster, it is fed
    s = arrange(new(4), {0: [("S1", 0)]}, dice=(2, 3))
    play(s, "rat:S1:unfed", "step:S2", "step:S3", "step:S4", "step:S5", "step:S6")
    assert where(s, 0) == [("S6", 1)]


def test_a_rat_landing_on_the_exterminator_dies_unfed_and_never_passes():
    # seed 001, THE EXTERMINATOR: rats may not pass through him and die if they land on his
    # space; he prevents feeding at a dumpster (S3 holds one)
    s = arrange(new(4), {0: [("S2", 0), ("S8", 0)]}, dice=(2, 3), ext="S3")
    play(s, "rat:S2:unfed")
    assert "step:S3" in ids(s)
    play(s, "step:S3")
    assert where(s, 0) == [("S8", 0)]  # the rat died there, unfed, and went no further
    assert s.mover == -1 and s.pool == 4
    assert s.events_for(0)[-1].text == \
        "You lost a rat: it landed on the Exterminator at surface 3."


def test_breeding_when_two_fed_rats_meet_even_passing():
    # seed 001, ACTIONS, BREED: two fed rats of a faction on one space may spawn two unfed rats
    # on the home nest, even if one is just passing through
    s = arrange(new(4), {0: [("S4", 1), ("S5", 1)]}, dice=(2, 3))
    play(s, "rat:S4:fed", "step:S5")
    assert "breed" in ids(s)
    play(s, "breed")
    assert where(s, 0) == [("H0", 0), ("H0", 0), ("S5", 0), ("S5", 0)]
    play(s, "step:S6")  # the rat goes on, unfed
    assert ("S6", 0) in where(s, 0)


def test_breeding_is_optional():
    s = arrange(new(4), {0: [("S4", 1), ("S5", 1)]}, dice=(1, 2))
    s.target = False
    s.pool = 1
    play(s, "rat:S4:fed", "step:S5")
    assert sorted(ids(s)) == ["breed", "stop"]
    play(s, "stop")
    assert where(s, 0) == [("S5", 1), ("S5", 1)]


def test_twelve_rats_at_most():
    # seed 000, BREED: a maximum of 12 rats on the board
    rats = [("S4", 1), ("S5", 1)] + [("U1", 0)] * 4 + [("U2", 0)] * 4 + [("S20", 0)]
    s = arrange(new(4), {0: rats}, dice=(2, 3))
    play(s, "rat:S4:fed", "step:S5", "breed")
    assert len(s.rats[0]) == 12  # only one new rat fits
    s = arrange(new(4), {0: [*rats, ("S19", 0)]}, dice=(2, 3))
    play(s, "rat:S4:fed", "step:S5")
    assert "breed" not in ids(s)


# --- the Target symbol and the Exterminator ------------------------------------------------------


def test_the_target_moves_the_exterminator_once_and_kills():
    # seed 001, MOVEMENT: a Target symbol counts as a 1 or moves the Exterminator;
    # THE EXTERMINATOR: any surface space, once a turn, kills all rats on the space
    s = arrange(new(4), {0: [("S1", 0)], 1: [("S9", 0), ("S9", 1)], 2: [("U3", 0)]},
                dice=(1, 1))
    assert "ext:S9" in ids(s) and "ext:U3" not in ids(s)
    play(s, "ext:S9")
    assert s.rats[1] == [] and B.ids[s.ext] == "S9" and s.pool == 1
    assert not any(a.startswith("ext:") for a in ids(s))  # once a turn
    # without a Target no Exterminator
    s = arrange(new(4), {0: [("S1", 0)]}, dice=(2, 3))
    assert not any(a.startswith("ext:") for a in ids(s))


def test_the_target_counts_as_one():
    s = arrange(new(4), {0: [("S1", 0)]}, dice=(1, 2))
    play(s, "rat:S1:unfed", "step:S2", "step:S3", "step:S4")
    assert s.to_move == 1


# --- Rat City ------------------------------------------------------------------------------------


def test_da_big_cheese_with_an_exact_roll_of_all_dice():
    # seed 001, MOVEMENT + RULINGS: one rat moves the whole total and stops on Rat City
    s = arrange(new(4), {0: [("H0", 0)], 1: [("S9", 0)]}, dice=(1, 2))
    s.target = False
    play(s, "rat:H0:unfed", "step:S0", "step:U0", "step:RC")
    assert s.cheese == 0
    # not exact: the rat reaches Rat City with movement to spare and passes through
    s = arrange(new(4), {0: [("H0", 0), ("S5", 0)]}, dice=(2, 3))
    play(s, "rat:H0:unfed", "step:S0", "step:U0", "step:RC", "stop")
    assert s.cheese == -1


def test_fight_in_rat_city_after_movement():
    # seed 001, ACTIONS, FIGHT: after movement, a die per rat, highest total wins, losers killed
    s = arrange(new(4), {0: [("U0", 0)] * 3, 1: [("RC", 0)]}, dice=(2, 3))
    play(s, "rat:U0:unfed", "step:RC")  # rivals there: it must stop (RULINGS, ours)
    assert s.phase == 1 and ids(s)[0].startswith("rat:")
    play(s, "rat:U0:unfed", "step:RC")
    play(s, "rat:U0:unfed", "step:RC")
    assert s.to_move == 1 or s.to_move == 0
    sides = {f for f, rats in enumerate(s.rats) if any(c >> 1 == B.city for c in rats)}
    assert len(sides) == 1
    fights = [e for e in s.events_for(None) if e.kind == "fight"]
    assert len(fights) == 1


def walk_in_and_fight(rats, *rolls, cheese=-1):
    """Seat 0's `rats` wait at U0 and seat 1's one rat holds Rat City; each of seat 0's steps
    in (the rivals stop it there), and the fight at the end of the turn rolls `rolls` (then
    4s), seat 0's dice first."""
    s = arrange(new(2), {0: [("U0", 0)] * rats, 1: [("RC", 0)]}, dice=(2, 3), cheese=cheese)
    s.rng = Script(list(rolls), then=0.5)
    for _ in range(rats):
        play(s, "rat:U0:unfed", "step:RC")
    assert s.to_move == 1
    return s


def test_a_tie_goes_to_da_big_cheese():
    # seed 001, FIGHT: on a tie, Da Big Cheese wins
    s = walk_in_and_fight(1, 0.5, 0.5, cheese=1)  # 4 against 4
    assert s.rats[0] == [] and s.cheese == 1


def test_the_exact_cheese_takes_the_title_from_a_loser_in_a_fight():
    # seed 001, FIGHT: rats in Rat City fight "to take the title"
    s = walk_in_and_fight(3, 0.99, 0.99, 0.99, 0.0, cheese=1)  # 6+6+6 against 1
    assert s.rats[1] == [] and s.cheese == 0


def test_a_fight_in_rat_city_with_no_title_held_only_settles_who_stays():
    # seed 001, MOVEMENT: Da Big Cheese comes of "an exact roll using all their dice"; FIGHT:
    # rats fight in Rat City "to take the title"; RULINGS, Target: Rats: while nobody holds
    # it, the fight only settles who stays, and the title still needs an exact roll
    s = walk_in_and_fight(2, 0.99, 0.99, 0.0)  # 6+6 against 1
    assert s.rats[1] == [] and where(s, 0) == [("RC", 0)] * 2 and s.cheese == -1


# --- winning and the round cap -------------------------------------------------------------------


def test_win_da_big_cheese_with_twelve_rats_out_of_the_nest():
    # seed 001, VICTORY
    rats = [("RC", 0)] * 8 + [("U1", 0)] * 3 + [("H0", 0)]
    s = arrange(new(2), {0: rats, 1: [("S12", 0)]}, dice=(2, 3), cheese=0)
    play(s, "rat:H0:unfed", "step:S0")
    assert s.is_over and s.returns() == [1.0, 0.0] and s.end_reason == "finished"


def test_max_rounds_ends_as_a_draw():
    # DESIGN: max_rounds ends stalled games, scored as a draw here
    s = new(2, seed=1, max_rounds=2)
    import random

    from ratking.sim import random_play
    random_play(s, random.Random(0))
    assert s.is_over and s.end_reason == "round-cap" and s.returns() == [0.5, 0.5]


def test_illegal_actions_say_why():
    s = new(4)
    with pytest.raises(IllegalAction) as info:
        s.apply("step:S5")
    assert info.value.reason


def test_rats_never_enter_a_home_nest():
    # RULINGS (ours, rules.md): rats leave their home nest but never enter one
    s = arrange(new(4), {0: [("S1", 0)]}, dice=(2, 3))
    play(s, "rat:S1:unfed", "step:S0")
    assert "step:H0" not in ids(s)
    s = arrange(new(4), {1: [("S7", 0)]}, dice=(2, 3), to_move=1)
    play(s, "rat:S7:unfed", "step:S6")
    assert sorted(ids(s)) == ["step:S5", "step:U3"]


def test_an_empty_rat_city_can_be_passed_a_contested_one_cannot():
    # seed 001, MOVEMENT: opposing factions may not share Rat City; RULINGS (ours): a rat
    # entering a contested Rat City stops there and fights after movement
    s = arrange(new(4), {0: [("U0", 0)]}, dice=(2, 3))
    play(s, "rat:U0:unfed", "step:RC")
    assert sorted(ids(s)) == ["step:U3", "step:U6", "step:U9"]
    s = arrange(new(4), {0: [("U0", 0)], 2: [("RC", 0)]}, dice=(2, 3))
    play(s, "rat:U0:unfed", "step:RC")
    assert s.to_move == 1 and len(s.rats[0]) + len(s.rats[2]) == 1  # fought, one side left


def test_da_big_cheese_loses_the_title_when_no_rat_is_left_in_rat_city():
    # RULINGS (ours, rules.md): the title is held while one of the player's rats is in Rat City
    s = arrange(new(4), {0: [("RC", 0), ("S1", 0)]}, dice=(2, 3), cheese=0)
    s.dice, s.pool = [2, 3, 4], 9
    play(s, "rat:RC:unfed", "step:U3", "stop")
    assert s.cheese == -1


def test_a_broken_board_file_names_the_file_and_entry(tmp_path):
    from ratking.core.components import ComponentError
    from ratking.games.target_rats.board import BOARD_FILE, load_board

    bad = tmp_path / "board.toml"
    bad.write_text(BOARD_FILE.read_text().replace("dumpsters = [3, 9, 15, 21]",
                                                  "dumpsters = [0, 9, 15, 21]"))
    with pytest.raises(ComponentError, match=r"board\.toml.*dumpsters"):
        load_board(bad)
