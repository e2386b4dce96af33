"""Target: Rats rules tests, fights (seed 000, FIGHT; RULINGS.md, Target: Rats)."""

from __future__ import annotations

import pytest

from .helpers import B, arrange, dice, ids, new, play, sp, texts, top, where

pytestmark = pytest.mark.usefixtures("core")  # each rule on both cores


def attack(s, frm, to, fed=0, unfed=1):
    play(s, f"group:{frm}", f"take:{fed}:{unfed}", f"step:{to}")
    if top(s) == "move":
        play(s, "end-moves")
    return s


def test_a_die_per_rat_the_highest_total_wins_half_the_losers_die_the_rest_pushed_two():
    # seed 000, FIGHT: one die per rat; the highest total wins; the victor kills half the
    # losers (rounded down) and pushes the rest two spaces; RULINGS: the winner chooses where
    s = arrange(new(2), {0: [("S1", 0)] * 3, 1: [("S2", 0)] * 3})
    attack(s, "S1", "S2", unfed=3)
    assert ids(s) == ["fight:S2"]
    dice(s, 6, 6, 6, 1, 1, 1)
    play(s, "fight:S2")
    assert s.to_move == 0 and sorted(ids(s)) == ["push:S0", "push:S4"]
    assert s.view(1)["choice"]["kind"] == "push"
    play(s, "push:S4")
    assert where(s, 1) == [("S4", 0), ("S4", 0)] and where(s, 0) == [("S2", 0)] * 3
    lf = s.view(None)["last_fight"]
    assert lf["winner"] == 0 and lf["killed"] == {"1": 1} and lf["rolls"]["0"] == [6, 6, 6]


def test_a_single_fighting_rat_can_be_killed():
    # seed 000, FIGHT + RULINGS: a losing side of one rat is killed
    s = arrange(new(2), {0: [("S1", 0)] * 2, 1: [("S2", 0)]})
    attack(s, "S1", "S2", unfed=2)
    dice(s, 4, 4, 2)
    play(s, "fight:S2")
    # the turn passes; the wiped-out faction re-enters with two rats (seed 000, GAMEPLAY)
    assert s.turn == 1 and where(s, 1) == [("H2", 0)] * 2
    assert s.last_fight["killed"] == {"1": 1}


def test_the_attacker_can_lose():
    # seed 000, FIGHT: the highest total wins, whoever attacked
    s = arrange(new(2), {0: [("S1", 0)], 1: [("S2", 0)] * 2})
    attack(s, "S1", "S2")
    dice(s, 6, 5, 5)
    play(s, "fight:S2")
    assert where(s, 0) == [] and s.turn == 1
    assert where(s, 1) == [("S2", 0)] * 2


def test_tie_da_big_cheeses_faction_wins():
    # seed 000, FIGHT: on a tie, 1. Da Big Cheese's faction wins
    s = arrange(new(2), {0: [("S1", 1)] * 2, 1: [("S2", 0)] * 2, }, cheese=1)
    s.rats[1].append(sp("RC") * 2 + 1)
    s.count[sp("RC")] += 1
    attack(s, "S1", "S2", fed=2, unfed=0)
    dice(s, 3, 3, 3, 3)
    play(s, "fight:S2")
    assert s.last_fight["winner"] == 1


def test_tie_the_most_fed_rats_win_then_the_defender():
    # seed 000, FIGHT: 2. the party with the most fed rats wins; 3. the defender wins
    s = arrange(new(2), {0: [("S1", 1)] * 2, 1: [("S2", 0)] * 2})
    attack(s, "S1", "S2", fed=2, unfed=0)
    dice(s, 3, 3, 3, 3)
    play(s, "fight:S2")
    assert s.last_fight["winner"] == 0
    s = arrange(new(2), {0: [("S1", 0)] * 2, 1: [("S2", 0)] * 2})
    attack(s, "S1", "S2", unfed=2)
    dice(s, 3, 3, 3, 3)
    play(s, "fight:S2")
    assert s.last_fight["winner"] == 1


def test_two_defenders_still_tied_roll_again():
    # spec ruling: two defenders tied after the three tie-breaks roll again
    s = arrange(new(3), {0: [("S1", 0)], 1: [("S2", 0)], 2: [("S2", 0)]})
    attack(s, "S1", "S2")
    dice(s, 1, 4, 4, 2, 5)
    play(s, "fight:S2")
    lf = s.last_fight
    assert lf["winner"] == 2 and lf["rerolls"] == [{"1": [2], "2": [5]}]
    assert any("then 1 re-roll(s)" in t for t in texts(s))


def test_several_groups_fight_together_in_one_action():
    # seed 000, FIGHT: multiple groups to the same space fight together in one action
    s = arrange(new(2), {0: [("S1", 0), ("S3", 0)], 1: [("S2", 0)] * 2})
    play(s, "group:S1", "take:0:1", "step:S2", "group:S3", "take:0:1", "step:S2")
    assert ids(s) == ["fight:S2"]
    dice(s, 5, 5, 1, 1)
    play(s, "fight:S2")
    assert s.last_fight["sides"] == {"0": 2, "1": 2}
    play(s, "push:S4")
    assert s.turn == 1  # one action for both groups, then the turn is over


@pytest.mark.parametrize("distance", [5, 6])
def test_a_push_from_rat_city_goes_as_far_as_the_board_allows(distance):
    # seed 000, FIGHT: the victor "pushes the losing rats two spaces away" (push_distance);
    # rules page, Fights, ruling: where no space lies the full distance away, the push goes to
    # the farthest spaces it reaches. Nothing is six steps from Rat City: the surface spaces
    # midway between two corridors are five
    s = arrange(new(2, push_distance=distance), {0: [("U0", 0)] * 3, 1: [("RC", 0)] * 3})
    attack(s, "U0", "RC", unfed=3)
    dice(s, 6, 6, 6, 1, 1, 1)
    play(s, "fight:RC")
    assert sorted(ids(s)) == ["push:S15", "push:S21", "push:S3", "push:S9"]
    play(s, "push:S9")
    assert where(s, 1) == [("S9", 0)] * 2


@pytest.mark.python_only("calls the Python engine's push_choices for every space; the "
                          "compiled core's are held equal to it by tests/native")
def test_a_push_always_has_somewhere_to_go():
    # rules page, Fights, ruling: a push goes as far as the board lets it, so from every space
    # a fight can be on, at every push_distance, with the Exterminator anywhere, the winner
    # has a space to choose
    from ratking.games.target_rats.board import HOME
    from ratking.games.target_rats.full.fights import push_choices

    s = arrange(new(2), {0: [("S1", 0)]})
    top = next(r for r in s.game.rule_specs if r.name == "push_distance").maximum
    spaces = [x for x in range(B.size) if B.kind[x] != HOME]
    for ext in [-1, *range(B.surface)]:
        s.ext = ext
        for start in spaces:
            for distance in range(1, top + 1):
                if start != ext:
                    assert push_choices(s, 0, 1, start, distance), (B.ids[start], distance, ext)


def test_pushed_onto_a_third_faction_fights_at_once():
    # seed 000, FIGHT: pushed onto another faction's rats: resolve that fight immediately
    s = arrange(new(3), {0: [("S1", 0)] * 2, 1: [("S2", 0)] * 2, 2: [("S4", 0)]})
    attack(s, "S1", "S2", unfed=2)
    dice(s, 6, 6, 1, 1, 6, 1)
    play(s, "fight:S2", "push:S4")
    assert s.last_fight["space"] == sp("S4") and s.last_fight["winner"] == 1
    assert s.last_fight["sides"] == {"1": 1, "2": 1}
    assert where(s, 2) == [] and where(s, 1) == [("S4", 0)] and s.turn == 1


def test_pushed_into_the_exterminator_is_destroyed():
    # seed 000, FIGHT: pushed into the exterminator pawn: immediately destroyed
    s = arrange(new(2), {0: [("S1", 0)] * 3, 1: [("S2", 0)] * 3, }, ext="S4")
    attack(s, "S1", "S2", unfed=3)
    dice(s, 6, 6, 6, 1, 1, 1)
    play(s, "fight:S2", "push:S4")
    assert s.turn == 1 and where(s, 1) == [("H2", 0)] * 2  # all gone: re-entry
    assert any("to the Exterminator" in t for t in texts(s))


def test_a_push_never_crosses_the_exterminator_it_ends_on_him():
    # seed 000, FIGHT: "pushed into the exterminator pawn, they are immediately destroyed";
    # THE EXTERMINATOR: his space is impassable. A push towards him ends on his space (one
    # step away here), and the space beyond him is not offered
    s = arrange(new(2), {0: [("S1", 0)] * 3, 1: [("S2", 0)] * 3}, ext="S3")
    attack(s, "S1", "S2", unfed=3)
    dice(s, 6, 6, 6, 1, 1, 1)
    play(s, "fight:S2")
    assert sorted(ids(s)) == ["push:S0", "push:S3"]
    assert s.view(0)["choice"]["spaces"] == ["S0", "S3"]
    play(s, "push:S3")
    assert s.turn == 1 and where(s, 1) == [("H2", 0)] * 2  # all gone: re-entry
    assert s.ext == sp("S3") and "Player 2 lost 2 rats to the Exterminator on surface 3." \
        in texts(s)


def test_overflow_goes_to_the_nearest_space_with_room():
    # seed 000, FIGHT: more rats than the space can hold after a fight: the extra go to the
    # nearest space that can take them (ruling: ties to the lowest space number)
    s = arrange(new(2), {0: [("H0", 0)] * 6, 1: [("S0", 0)]})
    play(s, "group:H0", "take:0:6", "step:S0")
    dice(s, 3, 3, 3, 3, 3, 3, 1)
    play(s, "fight:S0")
    assert where(s, 0).count(("S0", 0)) == 4
    assert sorted(x for x, _ in where(s, 0) if x != "S0") == ["S1", "S1"]


def test_the_winner_takes_the_losers_nest():
    # seed 000, NEST: a nest can be taken over in a fight; the winner replaces the token
    s = arrange(new(2), {0: [("S1", 0)] * 2, 1: [("S2", 0)]}, tokens={"S2": 1})
    attack(s, "S1", "S2", unfed=2)
    dice(s, 6, 6, 1)
    play(s, "fight:S2")
    assert s.token[sp("S2")] == 3


def test_a_winner_with_every_nest_out_removes_the_losers_nest_instead():
    # seed 000, NEST: "up to 4 nest tokens on the board at one time", and a nest taken in a
    # fight gets the winner's token: a winner with 4 out cannot place a fifth, so the loser's
    # nest is simply removed (the rules page's ruling)
    four = {"S7": 0, "S9": 0, "S14": 0, "S16": 0, "S2": 1}
    s = arrange(new(2), {0: [("S1", 0)] * 2, 1: [("S2", 0)]}, tokens=four)
    attack(s, "S1", "S2", unfed=2)
    dice(s, 6, 6, 1)
    play(s, "fight:S2")
    assert s.last_fight["winner"] == 0 and s.token[sp("S2")] == 0
    assert [s.token[sp(x)] for x in ("S7", "S9", "S14", "S16")] == [3] * 4
    # one nest fewer out, and the same fight takes the nest over
    three = {k: v for k, v in four.items() if k != "S16"}
    s = arrange(new(2), {0: [("S1", 0)] * 2, 1: [("S2", 0)]}, tokens=three)
    attack(s, "S1", "S2", unfed=2)
    dice(s, 6, 6, 1)
    play(s, "fight:S2")
    assert s.token[sp("S2")] == 3


def test_losers_are_not_pushed_onto_the_winners_own_rats_while_another_space_is_left():
    # seed 000, FIGHT: the victor pushes the losers two spaces away; ruling (rules page,
    # Fights): never onto the winner's own rats unless no other space is left
    s = arrange(new(2), {0: [("S1", 0)] * 3 + [("S4", 0)], 1: [("S2", 0)] * 3})
    attack(s, "S1", "S2", unfed=3)
    dice(s, 6, 6, 6, 1, 1, 1)
    play(s, "fight:S2")
    assert ids(s) == ["push:S0"]
    # the winner's rats on both spaces two steps away: then either is offered
    s = arrange(new(2), {0: [("S1", 0)] * 3 + [("S4", 0), ("S0", 0)], 1: [("S2", 0)] * 3})
    attack(s, "S1", "S2", unfed=3)
    dice(s, 6, 6, 6, 1, 1, 1)
    play(s, "fight:S2")
    assert sorted(ids(s)) == ["push:S0", "push:S4"]


def test_a_fight_item_adds_dice_before_the_roll():
    # spec: fight items are used before the dice (Rusty Nail: two more dice)
    s = arrange(new(2), {0: [("S1", 0)], 1: [("S2", 0)] * 2}, items={0: "rusty-nail"})
    attack(s, "S1", "S2")
    play(s, "fight:S2")
    assert s.to_move == 0 and ids(s) == ["use:rusty-nail", "pass"]
    dice(s, 5, 5, 5, 6, 6)
    play(s, "use:rusty-nail")
    assert s.last_fight["winner"] == 0 and s.last_fight["rolls"]["0"] == [5, 5, 5]
    assert not s.item_ready[0]


def test_a_defender_uses_its_item_off_turn():
    # seed 000, SPECIAL ITEM CARDS: an item may be used during another person's turn
    s = arrange(new(2), {0: [("S1", 0)] * 2, 1: [("S2", 0)]}, items={1: "rusty-nail"})
    attack(s, "S1", "S2", unfed=2)
    play(s, "fight:S2")
    assert s.to_move == 1 and s.current_player == 1 and ids(s) == ["use:rusty-nail", "pass"]
    dice(s, 2, 2, 3)
    play(s, "pass")
    assert s.last_fight["winner"] == 0


def test_a_push_goes_through_a_sewer_entrance_token_like_movement():
    # seed 000, FIGHT: "pushes the losing rats two spaces away"; RULINGS, Target: Rats: a
    # push counts its steps along the links a group moves by, a Sewer Entrance token's
    # included (S2's token leads down to U1, one step; U0 and U2 are two)
    s = arrange(new(2), {0: [("S1", 0)] * 3, 1: [("S2", 0)] * 3}, tokens={"S2": "sewer"})
    attack(s, "S1", "S2", unfed=3)
    dice(s, 6, 6, 6, 1, 1, 1)
    play(s, "fight:S2")
    assert sorted(ids(s)) == ["push:S0", "push:S4", "push:U0", "push:U2"]
    play(s, "push:U2")
    assert where(s, 1) == [("U2", 0), ("U2", 0)]
    # and back up: from U1, a token on S3 leads up, so S2 and S4 are two steps away too
    s = arrange(new(2), {0: [("U0", 0)] * 3, 1: [("U1", 0)] * 3}, tokens={"S3": "sewer"})
    attack(s, "U0", "U1", unfed=3)
    dice(s, 6, 6, 6, 1, 1, 1)
    play(s, "fight:U1")
    assert sorted(ids(s)) == ["push:RC", "push:S0", "push:S2", "push:S4", "push:U11",
                              "push:U3"]


def test_only_the_end_of_a_push_matters_no_fight_on_a_space_passed():
    # seed 000, FIGHT: pushed "into a space that holds another rat from a different faction,
    # resolve that fight immediately"; RULINGS, Target: Rats: only the space where the push
    # ends matters, so losers pushed past a third faction's rats do not fight there (nor does
    # a full space on the way stop them)
    s = arrange(new(3), {0: [("S1", 0)] * 3, 1: [("S2", 0)] * 3, 2: [("U1", 0)] * 4},
                tokens={"S2": "sewer"})
    attack(s, "S1", "S2", unfed=3)
    dice(s, 6, 6, 6, 1, 1, 1)
    play(s, "fight:S2", "push:U2")
    assert s.last_fight["space"] == sp("S2") and s.turn == 1
    assert where(s, 1) == [("U2", 0), ("U2", 0)] and where(s, 2) == [("U1", 0)] * 4
    # pushed down the token onto that faction's rats two steps away: they fight at once
    s = arrange(new(3), {0: [("S1", 0)] * 3, 1: [("S2", 0)] * 3, 2: [("U0", 0)]},
                tokens={"S2": "sewer"})
    attack(s, "S1", "S2", unfed=3)
    dice(s, 6, 6, 6, 1, 1, 1, 6, 6, 1)
    play(s, "fight:S2", "push:U0")
    assert s.last_fight["space"] == sp("U0") and s.last_fight["sides"] == {"1": 2, "2": 1}


def test_a_push_through_a_sewer_entrance_never_crosses_the_exterminator():
    # seed 000, THE EXTERMINATOR: his space is impassable; FIGHT: pushed into him, destroyed.
    # With him on S1, the push from S2 may still go down the token, or end on him
    s = arrange(new(2), {0: [("S3", 0)] * 3, 1: [("S2", 0)] * 3}, tokens={"S2": "sewer"},
                ext="S1")
    attack(s, "S3", "S2", unfed=3)
    dice(s, 6, 6, 6, 1, 1, 1)
    play(s, "fight:S2")
    assert sorted(ids(s)) == ["push:S1", "push:S4", "push:U0", "push:U2"]


def test_a_group_that_fought_because_losers_were_pushed_onto_it_has_taken_its_action():
    # seed 000, ACTIONS: each group that moved takes one action; FIGHT: losers pushed onto
    # other rats, "resolve that fight immediately"; RULINGS, Target: Rats: that fight is the
    # action of the group whose space it was, so no Scavenge is offered there afterwards.
    # Both spaces two steps from S2 hold the winner's rats, so either is offered (ruling)
    rats = {0: [("S1", 0)] * 2 + [("S5", 0), ("S0", 0)], 1: [("S2", 0)] * 3}
    s = arrange(new(2), rats)
    play(s, "group:S5", "take:0:1", "step:S4", "stop")
    attack(s, "S1", "S2", unfed=2)
    dice(s, 6, 6, 1, 1, 1)
    play(s, "fight:S2")
    assert sorted(ids(s)) == ["push:S0", "push:S4"]
    dice(s, 6, 2, 1)  # on S4 the group that moved there beats the two pushed rats
    play(s, "push:S4")
    assert s.last_fight["space"] == sp("S4") and s.last_fight["winner"] == 0
    play(s, "push:S6")
    assert s.turn == 1 and where(s, 1) == [("S6", 0)]
    assert not any(t.startswith("Player 1 scavenged") for t in texts(s))
