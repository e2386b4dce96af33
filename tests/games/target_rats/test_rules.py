"""Target: Rats rules tests, turn flow and movement: each cites the rulebook (seed 000),
RULINGS.md or a ruling of the design spec (spec/target_rats_full.md)."""

from __future__ import annotations

import pytest

import ratking
from ratking import IllegalAction, RulesError

from .helpers import (
    B,
    arrange,
    dice,
    face,
    give_item,
    ids,
    new,
    play,
    sp,
    stack,
    texts,
    top,
    until,
    where,
)

pytestmark = pytest.mark.usefixtures("core")  # each rule on both cores

# --- set-up and the turn -----------------------------------------------------------------------


def test_setup_four_unfed_rats_shuffled_decks_no_exterminator_empty_throne():
    # seed 000, SETUP: 4 unfed rats on the home nest; shuffle both decks; the Exterminator off
    # the board; the Deep Dish Throne empty. RULINGS: 45 Surface and 34 Underground cards
    s = new(4)
    for seat in range(4):
        assert where(s, seat) == [(f"H{seat}", 0)] * 4
    assert s.ext == -1 and s.cheese == -1
    assert len(s.surface_deck) == 45 and len(s.under_deck) == 34
    assert s.surface_deck != sorted(s.surface_deck)  # shuffled
    assert where(new(2), 1) == [("H2", 0)] * 4  # RULINGS (ours): opposite corners


def test_turn_flow_reactivate_move_act_exterminator_victory_next():
    # seed 000, TURN FLOW REFERENCE 1-6
    s = arrange(new(2), {0: [("H0", 0)] * 2, 1: [("H2", 0)] * 2}, to_move=1)
    give_item(s, 0, "rusty-nail", ready=False)
    dice(s, 3)  # seat 1's Exterminator roll: he stays off
    play(s, "end-moves")  # seat 1 moves nothing, so acts nowhere, and its turn ends
    assert s.turn == 0 and s.item_ready[0]  # 1. the used item is active again
    assert top(s) == "move"  # 2. movement first
    play(s, "group:H0", "take:0:2", "step:S0", "step:S1", "stop")
    assert ids(s) == ["scavenge:S1"]  # 3. then one action per moved group
    stack(s, "empty-alley")  # nothing happens
    dice(s, 3)
    play(s, "scavenge:S1")  # 4. the Exterminator roll (a 3: he stays off), 5. check, 6. next
    assert s.ext == -1 and s.turn == 1
    assert "Player 1 rolled 3 for the Exterminator." in texts(s)


def test_two_groups_plus_one_per_nest_token():
    # seed 000, MOVEMENT: 2 groups, plus 1 for each nest you control besides the home nest
    s = arrange(new(2), {0: [("H0", 0)] * 4})
    assert s.groups_left == 2
    s = arrange(new(2), {0: [("H0", 0)] * 4}, tokens={"S3": 0, "U1": 0})
    assert s.groups_left == 4
    s = arrange(new(2), {0: [("S1", 0), ("S3", 0), ("S9", 0)]})
    play(s, "group:S1", "take:0:1", "step:S2", "stop")
    play(s, "group:S3", "take:0:1", "step:S4", "stop")
    # no third group: movement is over and the two groups act
    assert s.groups_left == 0 and top(s) == "actions"
    assert sorted(ids(s)) == ["scavenge:S2", "scavenge:S4"]


def test_bad_rules_are_refused():
    # DESIGN: every rulebook number is a rule option; a bad value raises RulesError
    with pytest.raises(RulesError):
        ratking.make("target-rats", space_limit=0)
    with pytest.raises(RulesError):
        ratking.make("target-rats", nests_to_win=5)
    assert ratking.make("target-rats", infestation=6).rules.infestation == 6


# --- movement ------------------------------------------------------------------------------------


def test_split_rats_into_groups_freely():
    # seed 000, MOVEMENT: you may group your rats however you wish (2 and 2, 1 and 3, ...)
    s = arrange(new(2), {0: [("H0", 0)] * 2 + [("H0", 1)] * 2})
    play(s, "group:H0")
    assert sorted(ids(s)) == sorted(f"take:{a}:{u}" for a in range(3) for u in range(3)
                                    if a + u)
    play(s, "take:1:2", "step:S0", "stop")
    assert where(s, 0) == [("H0", 1), ("S0", 0), ("S0", 0), ("S0", 1)]
    play(s, "group:H0", "take:1:0", "step:S0")  # the second group joins the first
    assert s.count[sp("S0")] == 4


def test_end_early_and_fewer_groups():
    # seed 000, MOVEMENT: you may end movement early and move fewer groups than allowed
    s = arrange(new(2), {0: [("H0", 0)] * 4})
    play(s, "group:H0", "take:0:1", "step:S0")
    assert "stop" in ids(s)
    play(s, "stop")
    assert "end-moves" in ids(s)
    play(s, "end-moves")
    assert top(s) == "actions" and ids(s) == ["scavenge:S0"]


def test_never_end_where_you_began_nor_revisit():
    # seed 000, MOVEMENT: you may not end your movement on the space where you began
    s = arrange(new(2), {0: [("S3", 0)]})
    play(s, "group:S3", "take:0:1")
    assert "stop" not in ids(s)
    with pytest.raises(IllegalAction) as info:
        s.apply("stop")
    assert "may not end where you began" in info.value.reason
    play(s, "step:S4")
    assert "step:S3" not in ids(s)


def test_only_ring_spaces_count_home_to_rat_city_is_three():
    # seed 000, MOVEMENT: only spaces on the rings count; home nest to Rat City costs 3
    s = arrange(new(2), {0: [("H0", 0)]})
    play(s, "group:H0", "take:0:1", "step:S0", "step:U0", "step:RC")
    assert s.grp_steps == 1


def test_entering_enemy_rats_ends_the_move_and_forces_a_fight():
    # seed 000, MOVEMENT: entering a space with enemy rats ends that group's movement and
    # you must take the Fight action
    s = arrange(new(2), {0: [("S1", 0)] * 3, 1: [("S2", 0)]})
    play(s, "group:S1", "take:0:2", "step:S2")
    assert top(s) == "move" and s.grp_path == []  # the group stopped at once
    play(s, "end-moves")
    assert ids(s) == ["fight:S2"]


def test_pass_under_an_occupied_sewer_cover_from_the_home_nest():
    # seed 000, MOVEMENT: enemy rats on the sewer cover: pass under them from the home nest;
    # RULINGS: that step still counts
    s = arrange(new(2), {0: [("H0", 0)], 1: [("S0", 0)]})
    play(s, "group:H0", "take:0:1")
    assert sorted(ids(s)) == ["step:S0", "step:U0"]  # fight them, or pass under
    play(s, "step:U0")
    assert s.grp_steps == 2 and where(s, 0) == [("U0", 0)]
    # an unblocked cover: no passing under
    s = arrange(new(2), {0: [("H0", 0)]})
    play(s, "group:H0", "take:0:1")
    assert ids(s) == ["step:S0"]


def test_no_surfacing_on_an_occupied_sewer_entrance_without_a_fight():
    # seed 000, MOVEMENT: you may not surface on an occupied sewer cover without fighting;
    # THE EXTERMINATOR: rats may pass under him but not surface there
    s = arrange(new(2), {0: [("U1", 0)], 1: [("S2", 0)]}, tokens={"S2": "sewer", "S3": "sewer"})
    assert B.beneath[sp("S2")] == sp("U1") and B.beneath[sp("S3")] == sp("U1")
    play(s, "group:U1", "take:0:1")
    assert "step:S2" in ids(s) and "step:S3" in ids(s)
    play(s, "step:S2")
    assert ids(s) == ["fight:S2"]  # surfacing among enemies ends the move: a fight
    s = arrange(new(2), {0: [("U1", 0)]}, tokens={"S2": "sewer"}, ext="S3")
    s.token[sp("S3")] = 2
    play(s, "group:U1", "take:0:1")
    assert "step:S2" in ids(s) and "step:S3" not in ids(s)
    play(s, "step:S2")
    assert "step:U1" not in ids(s)  # no going back the way it came


def test_sewer_entrance_token_links_surface_and_underground():
    # RULINGS: a Sewer Entrance token links a surface space and the space beneath (one step)
    s = arrange(new(2), {0: [("S2", 0)]}, tokens={"S2": "sewer"})
    play(s, "group:S2", "take:0:1")
    assert sorted(ids(s)) == ["step:S1", "step:S3", "step:U1"]


def test_joined_groups_move_on_together_and_act_once():
    # seed 000, MOVEMENT: joining ends the first group's move; with a group move left the
    # whole group may move on together, and then takes one action
    s = arrange(new(2), {0: [("S1", 0), ("S3", 0)]})
    play(s, "group:S1", "take:0:1", "step:S2", "step:S3", "stop")  # joins the S3 rat
    assert s.action_spaces == [sp("S3")]
    play(s, "group:S3")
    assert "take:0:2" in ids(s) and "take:0:1" in ids(s)
    play(s, "take:0:2", "step:S4", "step:S5", "stop")
    assert s.action_spaces == [sp("S5")]  # S3 no longer holds moved rats: one action only
    assert ids(s) == ["scavenge:S5"]


def test_rats_that_moved_cannot_start_a_group_alone():
    # seed 000, ACTIONS: only groups that moved act; each rat moves once (joined groups may
    # move on only with a rat that has not moved)
    s = arrange(new(2), {0: [("S1", 0), ("S9", 0)]})
    play(s, "group:S1", "take:0:1", "step:S2", "stop")
    assert until(s, "group") == ["group:S9"]


def test_pass_through_your_own_rats():
    # seed 000, MOVEMENT: you may pass through a space containing your own rats
    s = arrange(new(2), {0: [("S1", 0), ("S2", 0), ("S2", 0)]})
    play(s, "group:S1", "take:0:1", "step:S2", "step:S3", "stop")
    assert where(s, 0) == [("S2", 0), ("S2", 0), ("S3", 0)]


def test_four_rats_a_space_eight_of_yours_in_rat_city():
    # seed 000, MOVEMENT: at most 4 rats on a space; RAT CITY: up to 8 of your rats
    s = arrange(new(2), {0: [("S1", 0)] * 2 + [("S2", 0)] * 3})
    play(s, "group:S1")
    assert ids(s) == ["take:0:1", "take:0:2"]  # S0 and S2... S0 takes two, S2 one
    play(s, "take:0:2")
    assert "step:S2" not in ids(s)
    s = arrange(new(2), {0: [("U0", 0)] * 2 + [("RC", 0)] * 6})
    play(s, "group:U0", "take:0:2", "step:RC")
    assert s.count[sp("RC")] == 8
    s = arrange(new(2), {0: [("U0", 0)] * 3 + [("RC", 0)] * 6})
    play(s, "group:U0", "take:0:3")
    assert "step:RC" not in ids(s)



def test_no_passing_through_four_of_your_own_rats():
    # seed 000, MOVEMENT: "A space can hold a maximum of 4 rats"; RULINGS, Target: Rats:
    # passing through a space that already holds four is not allowed, even four of your own
    s = arrange(new(2), {0: [("S1", 0)] + [("S2", 0)] * 4})
    play(s, "group:S1", "take:0:1")
    assert ids(s) == ["step:S0"]

def test_the_exterminators_space_is_impassable():
    # seed 000, THE EXTERMINATOR: the space is impassable until he moves again
    s = arrange(new(2), {0: [("S1", 0)]}, ext="S2")
    play(s, "group:S1", "take:0:1")
    assert "step:S2" not in ids(s)
    # his space on a sewer cover: rats leaving the nest pass under him (RULINGS: 2 steps)
    s = arrange(new(2), {0: [("H0", 0)]}, ext="S0")
    play(s, "group:H0", "take:0:1")
    assert ids(s) == ["step:U0"]


def test_home_nests_only_for_their_own_rats():
    # seed 000, GAMEPLAY: your home nest can only be entered by your own rats
    s = arrange(new(4), {0: [("S5", 0)], 1: [("S7", 0)]})
    play(s, "group:S5", "take:0:1", "step:S6")
    assert "step:H1" not in ids(s)
    s = arrange(new(4), {0: [("S1", 0)]})
    play(s, "group:S1", "take:0:1", "step:S0")
    assert "step:H0" in ids(s)


def test_corridor_spaces_are_in_both_quadrants_and_take_no_tokens():
    # seed 000, MOVEMENT: access corridor spaces count in both quadrants; no tokens there
    assert B.quadrants[sp("S6")] == (0, 1) and B.quadrants[sp("U3")] == (0, 1)
    assert not B.token_slot[sp("S6")] and not B.token_slot[sp("RC")]
    s = arrange(new(2), {0: [("S5", 0)]})
    from .helpers import stack
    stack(s, "old-mattress")
    play(s, "group:S5", "take:0:1", "step:S6", "stop")
    dice(s, 3)
    play(s, "scavenge:S6")
    assert s.token[sp("S6")] == 0 and "Player 1 could place no token on surface 6." in texts(s)


def test_da_big_cheese_never_leaves_rat_city():
    # seed 000, DA BIG CHEESE: Da Big Cheese may not leave Rat City once enthroned
    s = arrange(new(2), {0: [("RC", 1)]}, cheese=0)
    assert "group:RC" not in ids(s)
    s = arrange(new(2), {0: [("RC", 1), ("RC", 0)]}, cheese=0)
    play(s, "group:RC")
    assert ids(s) == ["take:0:1"]


# --- elimination, the one-rat choice, victory ----------------------------------------------------


def test_a_wiped_out_faction_re_enters_with_two_rats_and_plays_on():
    # seed 000, GAMEPLAY: all rats eliminated: enter with 2 rats on the home nest, play on
    s = arrange(new(2), {0: [("S1", 0)], 1: [("S13", 0), ("S14", 0)]}, to_move=1)
    s.rats[0] = []
    s.count[sp("S1")] = 0
    play(s, "end-moves")
    assert s.turn == 0 and where(s, 0) == [("H0", 0), ("H0", 0)]
    assert "group:H0" in ids(s)


def test_items_are_lost_on_elimination():
    # seed 000, SPECIAL ITEM CARDS: all rats eliminated: discard the item
    s = arrange(new(2), {0: [("S1", 0)], 1: [("S2", 0)] * 2}, items={0: "rusty-nail"},
                to_move=1)
    card = s.item[0]
    play(s, "group:S2", "take:0:2", "step:S1")  # rivals there: the group stops
    dice(s, 1, 6, 6)  # seat 0's 1 against seat 1's 12: its one rat dies
    play(s, "fight:S1", "pass")  # seat 0 keeps its nail
    assert s.last_fight["killed"] == {"0": 1}
    assert s.item[0] == -1 and s.surface_discard + s.under_discard == [card]


def test_one_rat_may_reinforce_and_skip_the_turn():
    # seed 000, GAMEPLAY: with only 1 rat, "spawn 2 rats in their home nest and skip the rest
    # of their turn"; the ruling on the rules page: the rest includes the Exterminator phase
    # (seed 000, THE EXTERMINATOR: "the final turn phase"), so no Exterminator roll follows
    s = arrange(new(2), {0: [("S1", 0)], 1: [("S13", 0), ("S14", 0)]}, to_move=1)
    play(s, "end-moves")
    assert s.turn == 0 and ids(s) == ["reinforce", "play-on"]
    dice(s, 1)  # a Target, were the Exterminator die rolled
    mark = len(s.log)
    play(s, "reinforce")
    assert where(s, 0) == [("H0", 0), ("H0", 0), ("S1", 0)] and s.turn == 1
    assert s.ext == -1 and s.rng.values == [face(1)]  # no die was rolled
    kinds = [e.kind for e in s.events_for(None, since=mark)]
    assert "reinforce" in kinds and "ext-roll" not in kinds and "exterminator" not in kinds
    # an infestation (8 rats in one quadrant) does not call him on that turn either, though
    # it does when the player plays on
    from ratking.games.target_rats.full.turn import start_turn

    crowd = {0: [("S1", 0)], 1: [("S2", 0)] * 4 + [("S3", 0)] * 4}
    s = arrange(new(2), crowd, to_move=0)
    start_turn(s)
    play(s, "reinforce")
    assert s.turn == 1 and s.ext == -1
    s = arrange(new(2), crowd, to_move=0)
    start_turn(s)
    play(s, "play-on", "end-moves")
    assert s.turn == 0 and sorted(ids(s)) == ["ext:S2", "ext:S3"]
    s = arrange(new(2), {0: [("S1", 0)], 1: [("S13", 0), ("S14", 0)]}, to_move=1)
    play(s, "end-moves", "play-on")
    assert "group:S1" in ids(s)
    s = new(2, one_rat_skip=False)
    arrange(s, {0: [("S1", 0)], 1: [("S13", 0), ("S14", 0)]}, to_move=1)
    play(s, "end-moves")
    assert "reinforce" not in ids(s)


def test_victory_three_nests_and_the_throne_held_for_a_round():
    # seed 000, GAMEPLAY + RULINGS: 3 nest tokens and Da Big Cheese at the check; if it still
    # holds when their next turn begins, they win
    nests = {"S3": 0, "S9": 0, "U1": 0}
    s = arrange(new(2), {0: [("RC", 1), ("S1", 0)], 1: [("S13", 0), ("S14", 0)]},
                tokens=nests, cheese=0)
    dice(s, 3)
    play(s, "end-moves")
    assert s.pending_win == 0 and not s.is_over
    assert "Player 1 holds 3 nests and the throne: they win if it still holds at their next " \
        "turn." in texts(s)
    dice(s, 3)
    play(s, "end-moves")
    assert s.is_over and s.returns() == [1.0, 0.0] and s.end_reason == "finished"


def test_no_victory_if_a_nest_is_lost_before_the_next_turn():
    # seed 000, GAMEPLAY: they must hold the victory conditions for one more round
    nests = {"S3": 0, "S9": 0, "U1": 0}
    s = arrange(new(2), {0: [("RC", 1), ("S1", 0)], 1: [("S13", 0), ("S14", 0)]},
                tokens=nests, cheese=0)
    dice(s, 3)
    play(s, "end-moves")
    s.token[sp("S9")] = 0  # lost in the other player's turn
    dice(s, 3)
    play(s, "end-moves")
    assert not s.is_over and s.pending_win == -1 and s.turn == 0


def test_the_round_cap_ends_in_a_draw():
    # DESIGN: max_rounds ends the game, scored as a draw
    s = new(2, max_rounds=1)
    arrange(s, {0: [("H0", 0)], 1: [("H2", 0)]}, to_move=1)
    dice(s, 3)
    play(s, "play-on") if "play-on" in ids(s) else None
    play(s, "end-moves")
    assert s.is_over and s.end_reason == "round-cap" and s.returns() == [0.5, 0.5]


# --- bad input ---------------------------------------------------------------------------------


def test_an_illegal_action_changes_nothing_and_says_why():
    # DESIGN principle 7: bad input gets a clear error and changes nothing
    import json

    s = arrange(new(2), {0: [("S1", 0)], 1: [("S13", 0)]}, ext="S2")
    play(s, "group:S1", "take:0:1")
    before = json.dumps(s.to_json(), sort_keys=True)
    for bad, words in (("step:S2", "Exterminator"), ("scavenge:S1", "now you decide"),
                       ("group:S13", "now you decide"), ("nonsense", "no such action")):
        with pytest.raises(IllegalAction) as info:
            s.apply(bad)
        assert words in info.value.reason
    assert json.dumps(s.to_json(), sort_keys=True) == before
