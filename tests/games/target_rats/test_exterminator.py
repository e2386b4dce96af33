"""Target: Rats rules tests: the Exterminator (seed 000, THE EXTERMINATOR) and Da Big Cheese
(seed 000, DA BIG CHEESE & RAT CITY, DA BIG CHEESE'S SPECIAL PRIVILEGES)."""

from __future__ import annotations

import pytest

from .helpers import arrange, dice, ids, new, play, sp, stack, texts, top, until, where

pytestmark = pytest.mark.usefixtures("core")  # each rule on both cores


def test_no_infestation_roll_a_target_to_send_him_anywhere_on_the_surface():
    # seed 000: no infestation: roll 1 die; on a 1 (Target) move him to any surface space
    s = arrange(new(2), {0: [("S1", 0)], 1: [("S13", 0)] * 2})
    dice(s, 1)
    play(s, "end-moves")
    assert s.to_move == 0 and len(ids(s)) == 24
    assert all(a.startswith("ext:S") for a in ids(s))
    assert s.view(0)["choice"]["kind"] == "ext"
    play(s, "ext:S13")
    assert s.ext == sp("S13") and where(s, 1) == [("H2", 0)] * 2  # all died: re-entry
    s = arrange(new(2), {0: [("S1", 0)], 1: [("S13", 0)] * 2})
    dice(s, 2)
    play(s, "end-moves")
    assert s.ext == -1 and s.turn == 1


def test_he_destroys_rats_and_tokens_and_stays_active():
    # seed 000: the Exterminator destroys all rats and any token on his space
    s = arrange(new(2), {0: [("S1", 0)], 1: [("S13", 0)] * 2, }, tokens={"S13": 1})
    dice(s, 1)
    play(s, "end-moves", "ext:S13")
    assert s.token[sp("S13")] == 0
    assert "Player 1 sent the Exterminator to surface 13, killing 2 rats and destroying " \
        "Player 2's nest." in texts(s)


def test_an_infested_quadrant_calls_him_to_its_surface_space_with_most_rats():
    # seed 000: 8 or more rats in one quadrant, above and below ground: he goes to the
    # surface space with the most rats there; corridor rats count in both quadrants
    rats = [("S1", 0)] * 2 + [("S2", 0)] * 3 + [("U1", 0)] * 2 + [("S6", 0)]
    s = arrange(new(2), {0: rats, 1: [("S13", 0)] * 2})
    play(s, "end-moves")
    assert s.ext == sp("S2") and where(s, 0).count(("S2", 0)) == 0
    assert "Player 1 found an infestation: the Exterminator is called." in texts(s)


def test_home_nest_rats_do_not_count_for_infestation():
    rats = [("H0", 0)] * 6 + [("S1", 0)] * 2
    s = arrange(new(2), {0: rats, 1: [("S13", 0)] * 2})
    dice(s, 3)
    play(s, "end-moves")
    assert s.ext == -1


def test_ties_for_most_rats_the_player_chooses():
    # seed 000: spaces with the same number of rats: you choose which
    rats = [("S1", 0)] * 3 + [("S2", 0)] * 3 + [("U1", 0)] * 2
    s = arrange(new(2), {0: rats, 1: [("S13", 0)] * 2})
    play(s, "end-moves")
    assert sorted(ids(s)) == ["ext:S1", "ext:S2"]


def test_infested_quadrant_with_no_rats_on_its_surface():
    # seed 000: 8+ rats in a quadrant but none on the surface: any surface space there
    s = arrange(new(2), {0: [("U1", 0)] * 4 + [("U2", 0)] * 4, 1: [("S13", 0)] * 2})
    play(s, "end-moves")
    assert sorted(ids(s)) == sorted(f"ext:S{i}" for i in range(7))


def test_pigeon_call_sends_him_instead_of_the_normal_phase():
    # spec: exterminator items, any holder, at the start of the phase (Pigeon Call)
    s = arrange(new(2), {0: [("S1", 0)], 1: [("S13", 0)] * 2}, items={1: "pigeon-call"})
    play(s, "end-moves")
    assert s.to_move == 1 and ids(s) == ["use:pigeon-call", "pass"]
    play(s, "use:pigeon-call")
    assert s.to_move == 1 and len(ids(s)) == 24
    play(s, "ext:S1")
    assert where(s, 0) == [] and s.ext == sp("S1") and s.turn == 1


def test_an_exterminator_card_underground_lets_the_player_send_him():
    # spec: the exterminator event comes to the space, or a chosen surface space underground
    s = arrange(new(2), {0: [("U2", 0)], 1: [("S13", 0)] * 2})
    stack(s, "exterminator-below")
    play(s, "group:U2", "take:0:1", "step:U1", "stop", "scavenge:U1")
    assert s.to_move == 0 and "ext:S13" in ids(s)
    dice(s, 3)
    play(s, "ext:S13")
    assert any("sent the Exterminator to surface 13, killing 2 rats" in x for x in texts(s))
    assert where(s, 0) == [("U1", 0)] and where(s, 1) == [("H2", 0)] * 2  # re-entered


# --- Da Big Cheese ----------------------------------------------------------------------------


def claim_setup(nests=None):
    s = arrange(new(2), {0: [("U0", 0)] * 2, 1: [("S13", 0)] * 2}, tokens=nests or {})
    play(s, "group:U0", "take:0:2", "step:RC")
    if top(s) == "step":
        play(s, "stop")
    if top(s) == "move":
        play(s, "end-moves")
    return s


def test_claim_the_throne_with_a_target_on_one_die_plus_one_per_nest():
    # seed 000: roll 1 die plus 1 for each nest token; a 1 (Target) claims the throne
    s = claim_setup({"S3": 0, "U1": 0})
    dice(s, 4, 5, 1, 3)
    play(s, "claim:RC")
    assert s.cheese == 0
    assert "Player 1 rolled 4, 5, 1 for the throne: a Target! They are Da Big Cheese." \
        in texts(s)
    assert (sp("RC") * 2 + 1) in s.rats[0]  # seed 000: Da Big Cheese is always fed


def test_a_failed_claim_kills_a_rat_and_pushes_the_group_to_a_nest():
    # seed 000: on a failure one rat of the group dies and the group goes to a nest
    s = claim_setup({"S3": 0})
    dice(s, 4, 5)
    play(s, "claim:RC")
    assert s.cheese == -1 and ids(s) == ["retreat:H0", "retreat:S3"]
    dice(s, 3)
    play(s, "retreat:S3")
    assert where(s, 0) == [("S3", 0)]


def test_cheese_draws_two_cards_on_the_first_scavenge_and_keeps_one():
    # seed 000, PRIVILEGES: the first scavenge each turn draws two cards, keep one
    s = arrange(new(2), {0: [("RC", 1), ("S1", 0), ("S9", 0)], 1: [("S13", 0)] * 2}, cheese=0)
    stack(s, "popcorn-spill", "alley-cat", "hot-dog-stand")
    play(s, "group:S1", "take:0:1", "step:S2", "stop", "group:S9", "take:0:1", "step:S10",
         "stop")
    play(s, "scavenge:S2")
    assert ids(s) == ["keep:popcorn-spill", "keep:alley-cat"]
    assert [c["id"] for c in s.view(1)["choice"]["cards"]] == ["popcorn-spill", "alley-cat"]
    play(s, "keep:popcorn-spill")
    assert where(s, 0).count(("S2", 1)) == 1
    assert len(s.surface_discard) == 2
    dice(s, 3)
    play(s, "scavenge:S10")  # the second scavenge of the turn: one card
    assert where(s, 0).count(("S10", 1)) == 1 and s.turn == 1


def test_finding_an_undefended_nest_is_the_cheese_first_scavenge_of_the_turn():
    # seed 000, DA BIG CHEESE'S SPECIAL PRIVILEGES: two cards "the first time your faction
    # takes the scavenge action"; seed 000, NEST: an undefended nest is taken "by ... taking
    # the Scavenge action to discover the nest instead of drawing" (RULINGS): that uses the
    # first time up, so a later scavenge in the same turn draws one card
    s = arrange(new(2), {0: [("RC", 1), ("S1", 0), ("S9", 0)], 1: [("S13", 0)] * 2},
                tokens={"S2": 1}, cheese=0)
    stack(s, "popcorn-spill", "alley-cat")
    play(s, "group:S1", "take:0:1", "step:S2", "stop", "group:S9", "take:0:1", "step:S10",
         "stop")
    deck = list(s.surface_deck)
    play(s, "scavenge:S2")
    assert s.token[sp("S2")] == 3 and s.surface_deck == deck  # discovered, nothing drawn
    dice(s, 3)
    play(s, "scavenge:S10")
    assert not until(s, "keep:") and len(s.surface_deck) == len(deck) - 1  # one card only
    assert where(s, 0).count(("S10", 1)) == 1 and s.turn == 1  # the popcorn fed the rat


def test_cheese_rolls_an_extra_die_in_rat_city_and_loses_the_crown_to_the_winner():
    # seed 000, PRIVILEGES: one extra die fighting in Rat City; defeated, the victor crowns
    # one of their rats Da Big Cheese
    s = arrange(new(2), {0: [("U0", 0)] * 3, 1: [("RC", 1)]}, cheese=1)
    play(s, "group:U0", "take:0:3", "step:RC")
    dice(s, 4, 4, 4, 6, 5)
    play(s, "fight:RC")
    assert s.last_fight["rolls"]["1"] == [6, 5] and s.last_fight["winner"] == 0
    assert s.cheese == 0 and where(s, 1) == [("H2", 0)] * 2  # wiped out: re-entry


def test_an_event_in_rat_city_kills_the_others_of_his_group_never_the_throne_rat():
    # seed 000, DA BIG CHEESE & RAT CITY: the title changes hands when Da Big Cheese "is
    # defeated in a fight"; RULINGS, Target: Rats: he loses it only in a fight, and an event
    # that kills rats in Rat City kills the others of his group, never the throne rat
    s = arrange(new(2), {0: [("RC", 1)] + [("U0", 0)] * 2, 1: [("S13", 0)] * 2}, cheese=0)
    stack(s, "flash-flood", "dripping-tunnel")
    play(s, "group:U0", "take:0:2", "step:RC", "stop")
    play(s, "scavenge:RC", "keep:flash-flood")
    assert s.cheese == 0 and where(s, 0) == [("RC", 1)] and s.turn == 1
    assert "Player 1 lost 2 rats on Rat City." in texts(s)
    # a card that kills a number: only the others die, never more than they are
    s = arrange(new(2), {0: [("RC", 1), ("U0", 0)], 1: [("S13", 0)] * 2}, cheese=0)
    stack(s, "sewer-gator", "dripping-tunnel")
    play(s, "group:U0", "take:0:1", "step:RC", "stop")
    play(s, "scavenge:RC", "keep:sewer-gator")
    assert s.cheese == 0 and where(s, 0) == [("RC", 1)]
    # half of the others (at least one): two of four
    s = arrange(new(2), {0: [("RC", 1)] + [("U0", 0)] * 4, 1: [("S13", 0)] * 2}, cheese=0)
    stack(s, "poison-bait", "dripping-tunnel")
    play(s, "group:U0", "take:0:4", "step:RC", "stop")
    play(s, "scavenge:RC", "keep:poison-bait")
    assert s.cheese == 0 and where(s, 0) == [("RC", 0), ("RC", 0), ("RC", 1)]


def test_a_pushed_side_that_beats_da_big_cheese_in_rat_city_is_crowned():
    # seed 000, FIGHT: pushed onto another faction, fight at once; DA BIG CHEESE & RAT CITY:
    # if Da Big Cheese is defeated, the victorious faction crowns one of its rats
    s = arrange(new(3), {0: [("U2", 0)] * 3, 1: [("U1", 0)] * 3, 2: [("RC", 1)]}, cheese=2)
    play(s, "group:U2", "take:0:3", "step:U1")
    dice(s, 1, 1, 1, 6, 6, 6)  # Player 1 attacks and loses to Player 2
    play(s, "fight:U1")
    assert s.to_move == 1 and "push:RC" in ids(s)
    dice(s, 6, 6, 1, 1)  # the pushed pair (attacking) beats the throne rat and its extra die
    play(s, "push:RC")
    assert s.cheese == 0 and where(s, 0) == [("RC", 0), ("RC", 1)]  # the throne rat is fed
    assert where(s, 2) == [] and s.turn == 1  # wiped out: re-enters on its own turn


def test_a_scatter_card_leaves_the_throne_rat_in_rat_city():
    # seed 000, PRIVILEGES: Da Big Cheese may not leave Rat City once enthroned
    s = arrange(new(2), {0: [("RC", 1), ("U0", 0)], 1: [("S13", 0)] * 2}, cheese=0)
    stack(s, "blue-line-train", "dripping-tunnel")
    play(s, "group:U0", "take:0:1", "step:RC", "stop")
    play(s, "scavenge:RC", "keep:blue-line-train")
    assert top(s) == "push"
    play(s, "push:S0")
    assert where(s, 0) == [("RC", 1), ("S0", 0)] and s.cheese == 0


def test_corridor_rats_count_in_both_quadrants_for_the_infestation():
    # seed 000, THE EXTERMINATOR: rats in the access corridor spaces count as being in both
    # quadrants they border; he goes to the surface space with the most rats
    s = arrange(new(2), {0: [("S6", 0)] * 4 + [("U1", 0)] * 4,
                         1: [("S8", 0)] * 3 + [("U4", 0)]})
    play(s, "end-moves")
    assert s.ext == sp("S6") and where(s, 0) == [("U1", 0)] * 4
    assert where(s, 1) == [("S8", 0)] * 3 + [("U4", 0)]
