"""Target: Rats rules tests, the actions phase: Scavenge, Feed, Breed, Nest, tokens, items."""

from __future__ import annotations

import json

import pytest

from ratking import IllegalAction, RecordError

from .helpers import B, arrange, dice, ids, new, play, sp, stack, texts, top, until, where

pytestmark = pytest.mark.usefixtures("core")  # each rule on both cores


def moved_to(s, frm, to, fed=0, unfed=1):
    """Move one group one step and end movement."""
    play(s, f"group:{frm}", f"take:{fed}:{unfed}", f"step:{to}")
    if top(s) == "step":
        play(s, "stop")
    if top(s) == "move":
        play(s, "end-moves")
    return s


# --- scavenge ------------------------------------------------------------------------------------


def test_a_group_that_moved_must_act_and_rests_only_where_no_action_is_open():
    # seed 000, ACTIONS: "you must declare an action for each group to take" (RULINGS: it may
    # rest only where no action is open to it): no rest beside a possible scavenge, feed...
    s = moved_to(arrange(new(2), {0: [("S1", 0)]}), "S1", "S2")
    assert ids(s) == ["scavenge:S2"]
    with pytest.raises(IllegalAction):
        s.apply("rest:S2")  # no such action: a group off its home nest always has one open
    s = moved_to(arrange(new(2), {0: [("S1", 0)]}, tokens={"S2": "food"}), "S1", "S2")
    assert ids(s) == ["scavenge:S2", "feed:S2"]
    # ... while a group back in its home nest has none open, so it rests
    s = moved_to(arrange(new(2), {0: [("S0", 0)]}), "S0", "H0")
    assert ids(s) == ["rest:H0"]


def test_scavenge_draws_from_the_deck_of_where_the_rats_are():
    # seed 000, SCAVENGE: the Surface or the Underground event deck, by location
    s = arrange(new(2), {0: [("S1", 0), ("U2", 0)]})
    stack(s, "swept-alley" if False else "empty-alley", "dripping-tunnel")
    top_s, top_u = s.surface_deck[-1], s.under_deck[-1]
    play(s, "group:S1", "take:0:1", "step:S2", "stop", "group:U2", "take:0:1", "step:U1",
         "stop")
    dice(s, 3, 3)
    play(s, "scavenge:S2")
    assert s.surface_discard == [top_s]
    play(s, "scavenge:U1")
    assert s.under_discard == [top_u]
    assert "Player 1 scavenged on surface 2 and drew Swept Alley." in texts(s)



def test_an_empty_event_deck_is_refilled_by_shuffling_its_discard_pile():
    # seed 000, SCAVENGE: draw from the deck of where the rats are; RULINGS, Target: Rats: an
    # empty event deck is refilled by shuffling that deck's discard pile (and with both
    # empty, nothing is drawn)
    s = arrange(new(2), {0: [("S1", 0), ("U2", 0)]})
    s.surface_discard, s.surface_deck = s.surface_deck, []
    kept = list(s.surface_discard)
    unders = list(s.under_deck)
    moved_to(s, "S1", "S2")
    dice(s, 3)
    play(s, "scavenge:S2")
    drawn = [e.data["card"] for e in s.events_for(None) if e.kind == "draw"]
    assert len(drawn) == 1 and drawn[0] in kept and s.under_deck == unders
    assert sorted([*s.surface_deck, drawn[0]]) == sorted(kept)
    assert any(e.kind == "reshuffle" for e in s.events_for(None))
    s = arrange(new(2), {0: [("S1", 0)]})
    s.under_discard += s.surface_deck + s.surface_discard  # out of the surface piles
    s.surface_deck, s.surface_discard = [], []
    moved_to(s, "S1", "S2")
    play(s, "scavenge:S2")
    assert any(e.kind == "decks-empty" for e in s.events_for(None)) and s.turn == 1

def test_no_scavenging_in_home_nests_nor_an_unclaimed_rat_city():
    # seed 000, RAT CITY: scavenging there draws Underground cards once the throne is claimed
    s = moved_to(arrange(new(2), {0: [("U0", 0)]}), "U0", "RC")
    assert "scavenge:RC" not in ids(s) and "claim:RC" in ids(s)
    s = moved_to(arrange(new(2), {0: [("U0", 0), ("RC", 1)]}, cheese=0), "U0", "RC")
    assert "scavenge:RC" in ids(s) and "claim:RC" not in ids(s)
    s = moved_to(arrange(new(2), {0: [("S0", 0)]}), "S0", "H0")
    assert ids(s) == ["rest:H0"]


def test_an_event_hits_every_rat_of_the_space_not_only_the_movers():
    # seed 000, SCAVENGE: an event affects all rats on the space
    s = arrange(new(2), {0: [("S1", 0), ("S2", 0), ("S2", 0)]})
    stack(s, "popcorn-spill")
    moved_to(s, "S1", "S2")
    dice(s, 3)
    play(s, "scavenge:S2")
    assert where(s, 0) == [("S2", 1)] * 3


def test_one_token_a_space_the_player_chooses_which_stays():
    # seed 000, SCAVENGE: a space holds one token; placing another, you choose which to discard
    s = arrange(new(2), {0: [("S1", 0)]}, tokens={"S2": "sewer"})
    stack(s, "hot-dog-stand")
    moved_to(s, "S1", "S2")
    play(s, "scavenge:S2")
    assert ids(s) == ["token:keep", "token:new"]
    assert s.view(0)["choice"]["kind"] == "token"
    dice(s, 3)
    play(s, "token:new")
    assert s.token[sp("S2")] == 1 and where(s, 0) == [("S2", 1)]
    s = arrange(new(2), {0: [("S1", 0)]}, tokens={"S2": "sewer"})
    stack(s, "hot-dog-stand")
    moved_to(s, "S1", "S2")
    dice(s, 3)
    play(s, "scavenge:S2", "token:keep")
    assert s.token[sp("S2")] == 2


def test_no_token_left_moves_one_from_elsewhere():
    # seed 000, SCAVENGE: none of that token left: move another of the same from the board
    sewers = {"S3": "sewer", "S9": "sewer", "S15": "sewer", "S21": "sewer"}
    s = arrange(new(2), {0: [("S1", 0)]}, tokens=sewers)
    stack(s, "loose-manhole")
    moved_to(s, "S1", "S2")
    play(s, "scavenge:S2")
    assert sorted(ids(s)) == ["relocate:S15", "relocate:S21", "relocate:S3", "relocate:S9"]
    dice(s, 3)
    play(s, "relocate:S9")
    assert s.token[sp("S2")] == 2 and s.token[sp("S9")] == 0 and s.token.count(2) == 4


def test_an_undefended_enemy_nest_is_discovered_instead_of_drawing():
    # seed 000, NEST: enemy rats ending on an undefended nest and scavenging take it over
    s = arrange(new(2), {0: [("S1", 0)]}, tokens={"S2": 1})
    deck = list(s.surface_deck)
    moved_to(s, "S1", "S2")
    dice(s, 3)
    play(s, "scavenge:S2")
    assert s.token[sp("S2")] == 3 and s.surface_deck == deck
    # spec ruling: with all four nest tokens out, the enemy nest is just removed
    mine = {"S3": 0, "S9": 0, "S15": 0, "U1": 0, "S2": 1}
    s = arrange(new(2), {0: [("S1", 0)]}, tokens=mine)
    moved_to(s, "S1", "S2")
    dice(s, 3)
    play(s, "scavenge:S2")
    assert s.token[sp("S2")] == 0


# --- feed, breed, nest -------------------------------------------------------------------------


def test_feed_at_a_food_source_feeds_every_rat_there():
    # seed 000, FEED: an established food source feeds all rats on a space
    s = arrange(new(2), {0: [("S1", 0), ("S2", 0)]}, tokens={"S2": "food"})
    moved_to(s, "S1", "S2")
    assert "feed:S2" in ids(s)
    dice(s, 3)
    play(s, "feed:S2")
    assert where(s, 0) == [("S2", 1), ("S2", 1)]
    s = moved_to(arrange(new(2), {0: [("S1", 0)]}), "S1", "S2")
    assert "feed:S2" not in ids(s)  # no food source: no feeding


def test_breed_each_fed_pair_spawns_two_unfed_rats_at_any_nest():
    # seed 000, BREED: two fed rats breed: 2 new unfed rats on any nest you control; the
    # breeders become unfed; "If there are multiple pairs of fed rats on the space, each pair
    # may breed": here both do
    s = arrange(new(2), {0: [("S1", 1), ("S1", 1), ("S2", 1), ("S2", 1)]}, tokens={"U1": 0})
    play(s, "group:S1", "take:2:0", "step:S2", "stop", "end-moves")
    assert "breed:S2" in ids(s)
    play(s, "breed:S2")
    assert ids(s) == ["pairs:1", "pairs:2"] and top(s) == "breed"
    assert s.view(0)["choice"] == {"kind": "breed", "cards": [], "spaces": ["S2"]}
    play(s, "pairs:2")
    assert ids(s) == ["spawn:H0", "spawn:U1"]
    assert s.view(0)["choice"] == {"kind": "spawn", "cards": [], "spaces": ["H0", "U1"]}
    play(s, "spawn:U1")
    dice(s, 3)
    play(s, "spawn:H0")
    assert where(s, 0) == [("H0", 0)] * 2 + [("S2", 0)] * 4 + [("U1", 0)] * 2


def test_with_several_fed_pairs_the_player_chooses_how_many_breed():
    # seed 000, BREED: "each pair may breed": one pair of the two breeds, the other pair
    # stays fed (RULINGS: pairs that do not breed stay fed); five rats fit on a space here
    rats = [("S1", 1), ("S1", 1), ("S2", 1), ("S2", 1), ("S2", 0)]
    s = arrange(new(2, space_limit=5), {0: rats})
    play(s, "group:S1", "take:2:0", "step:S2", "stop", "end-moves")
    play(s, "breed:S2")
    assert s.view(None)["prompt"] == ("Player 1: choose how many of the 2 fed pairs on surface 2 "
                                      "breed (the others stay fed).")
    play(s, "pairs:1")
    assert "Player 1 bred 1 pair on surface 2: 2 rats to be born." in texts(s)
    dice(s, 3)
    play(s, "spawn:H0")
    assert sorted(where(s, 0)) == [("H0", 0)] * 2 + [("S2", 0)] * 3 + [("S2", 1)] * 2
    assert s.turn == 1  # the space's one action was the breeding


def test_a_save_at_the_breeding_choice_loads_and_a_spoilt_one_is_refused():
    # DESIGN: to_json / from_json round trip; a malformed save raises RecordError
    s = arrange(new(2, space_limit=5), {0: [("S1", 1), ("S1", 1), ("S2", 1), ("S2", 1)]})
    play(s, "group:S1", "take:2:0", "step:S2", "stop", "end-moves", "breed:S2")
    data = json.loads(json.dumps(s.to_json()))
    assert data["state"]["tasks"][-1] == ["breed", 0, sp("S2"), 2]
    assert ids(s.game.from_json(data)) == ["pairs:1", "pairs:2"]
    for most in (0, 1, 7):
        data["state"]["tasks"][-1][3] = most
        with pytest.raises(RecordError, match="breeding choice"):
            s.game.from_json(data)


def test_one_fed_pair_breeds_without_a_count_to_choose():
    # seed 000, BREED: a single pair (the odd fed rat stays fed) breeds at once
    s = arrange(new(2), {0: [("S1", 1), ("S2", 1), ("S2", 1)]})
    play(s, "group:S1", "take:1:0", "step:S2", "stop", "end-moves", "breed:S2")
    assert ids(s) == ["spawn:H0"]
    assert sorted(where(s, 0)) == [("S2", 0)] * 2 + [("S2", 1)]


def test_the_breeding_count_stops_at_the_rat_limit():
    # seed 000, BREED: "a maximum of 12 rats": with room for two rats, only one of the three
    # fed pairs can breed, so there is no count to choose; with room for three, two can
    fed = [("S1", 1), ("S1", 1)] + [("RC", 1)] * 4
    s = arrange(new(2), {0: fed + [("H0", 0)] * 4}, cheese=0)
    play(s, "group:S1", "take:2:0", "step:S0", "step:U0", "step:RC", "stop", "end-moves")
    assert "breed:RC" in ids(s)
    play(s, "breed:RC")
    assert top(s) == "spawn"
    s = arrange(new(2), {0: fed + [("H0", 0)] * 3}, cheese=0)
    play(s, "group:S1", "take:2:0", "step:S0", "step:U0", "step:RC", "stop", "end-moves",
         "breed:RC")
    assert ids(s) == ["pairs:1", "pairs:2"]


def test_breeding_stops_at_twelve_rats():
    # seed 000, BREED: at most 12 rats on the board
    rats = [("S1", 1), ("S2", 1)] + [("H0", 0)] * 9
    s = arrange(new(2), {0: rats})
    play(s, "group:S1", "take:1:0", "step:S2", "stop", "end-moves")
    play(s, "breed:S2")
    dice(s, 3)
    play(s, "spawn:H0")
    assert len(s.rats[0]) == 12
    assert where(s, 0).count(("S2", 0)) == 2
    s = arrange(new(2), {0: [("S1", 1), ("S2", 1)] + [("H0", 0)] * 10})
    play(s, "group:S1", "take:1:0", "step:S2", "stop", "end-moves")
    assert "breed:S2" not in ids(s)


def test_nest_two_fed_rats_place_a_token_others_stay_fed_but_act_no_more():
    # seed 000, NEST: two fed rats place a nest token and become unfed; other fed rats stay
    # fed but cannot take a separate action; spec ruling: a food source there is replaced
    s = arrange(new(2), {0: [("S1", 1), ("S2", 1), ("S2", 1)]}, tokens={"S2": "food"})
    play(s, "group:S1", "take:1:0", "step:S2", "stop", "end-moves")
    dice(s, 3)
    play(s, "nest:S2")
    assert s.token[sp("S2")] == 3
    assert where(s, 0) == [("S2", 0), ("S2", 0), ("S2", 1)]
    assert s.turn == 1  # the one action of the space was the nest


def test_four_nest_tokens_at_most():
    # seed 000, NEST: up to 4 nest tokens on the board at one time
    mine = {"S3": 0, "S9": 0, "S15": 0, "U1": 0}
    s = arrange(new(2), {0: [("S1", 1), ("S2", 1)]}, tokens=mine)
    play(s, "group:S1", "take:1:0", "step:S2", "stop", "end-moves")
    assert "nest:S2" not in ids(s)


def test_no_nest_in_corridors_rat_city_or_on_a_nest():
    s = arrange(new(2), {0: [("S5", 1), ("S6", 1)]})
    play(s, "group:S5", "take:1:0", "step:S6", "stop", "end-moves")
    assert "nest:S6" not in ids(s) and "breed:S6" in ids(s)


# --- items ---------------------------------------------------------------------------------------


def test_hold_one_item_choose_which_to_keep():
    # seed 000, SPECIAL ITEM CARDS: only one item at a time; draw another, choose the discard
    s = arrange(new(2), {0: [("U2", 0)]}, items={0: "rusty-nail"})
    stack(s, "transit-card")
    moved_to(s, "U2", "U1")
    play(s, "scavenge:U1")
    assert ids(s) == ["item:rusty-nail", "item:transit-card"]
    dice(s, 3)
    play(s, "item:transit-card")
    assert s.game.cards.types[s.game.cards.type_of[s.item[0]]].id == "transit-card"
    assert len(s.under_discard) == 1


def test_an_item_is_used_once_a_round_and_reactivated_at_the_holders_turn():
    # seed 000, SPECIAL ITEM CARDS: once per round, on any turn; reactivate at your turn
    s = arrange(new(2), {0: [("S1", 0), ("S9", 0)], 1: [("S13", 0)] * 2},
                items={0: "transit-card"})
    play(s, "use:transit-card")
    assert s.groups_left == 3 and not s.item_ready[0] and "use:transit-card" not in ids(s)
    dice(s, 3, 3)
    play(s, "end-moves")
    assert s.turn == 1 and not s.item_ready[0]
    play(s, "end-moves")
    assert s.turn == 0 and s.item_ready[0]


def test_items_are_public():
    # seed 000, SPECIAL ITEM CARDS: place your item face up in front of you
    s = arrange(new(2), {0: [("S1", 0)], 1: [("S13", 0)]}, items={0: "pigeon-call"})
    card = s.view(1)["factions"][0]["item"]
    assert card["id"] == "pigeon-call" and card["item"] and card["kind"] == "item"
    assert B.size == 41
    assert until(s, "use") == []


def test_no_pointless_extra_group_prompt_once_every_rat_has_moved():
    # seed 000, SPECIAL ITEM CARDS + MOVEMENT: an extra group is only worth offering while a
    # group could still start; with every rat moved, movement ends by itself
    s = arrange(new(2), {0: [("S1", 0)], 1: [("S13", 0)] * 2}, items={0: "transit-card"})
    assert "use:transit-card" in ids(s)
    play(s, "group:S1", "take:0:1", "step:S2", "stop")
    assert top(s) == "actions" and s.item_ready[0]
