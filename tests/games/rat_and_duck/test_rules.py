"""Rat & Duck rules, citing seed 003 (the rulebook) and RULINGS.md, Rat & Duck."""

from __future__ import annotations

import pytest

import ratking
from ratking import IllegalAction, RatkingError, RulesError
from ratking.games.rat_and_duck.phases import AFTER_ACTION

from ..cores import start
from .helpers import PRE_ACTION, PRE_MOVE, P, arrange, civilian_at, hold, ids, new, unit

pytestmark = pytest.mark.usefixtures("core")  # each rule on both cores

# --- set-up and the map ---------------------------------------------------------------------


def test_the_map_has_22_links_in_the_designers_layout():
    # RULINGS, Rat & Duck: the 3x4 grid, Station on the left column, Prison, Lab (22 links)
    s = new()
    links = {frozenset(link) for link in s.layout.links}
    assert len(s.layout.links) == 22 == len(links)
    adj = s.layout.adj
    assert adj[P["police-station"]] == tuple(sorted(
        [P["bar"], P["factory"], P["neighborhood"], P["prison"]]))
    assert adj[P["prison"]] == (P["police-station"],)  # a dead end
    assert adj[P["lab"]] == (P["university"],)  # the right end of the middle row
    assert adj[P["company"]] == tuple(sorted([P["hotel"], P["factory"], P["fountain"],
                                              P["church"]]))
    assert adj[P["bar"]] == tuple(sorted([P["hotel"], P["factory"], P["police-station"]]))


def test_place_names_are_shuffled_at_setup_unless_fixed():
    # RULINGS, Rat & Duck: which name sits where is shuffled at set-up (an option can fix it)
    game = ratking.make("rat-and-duck")
    layouts = {start(game, 2, k).layout.cells for k in range(10)}
    assert len(layouts) > 1
    fixed = {new(seed=k).layout.cells for k in range(5)}
    assert fixed == {tuple(range(12))}
    # the wiring stays: every layout has 22 links and the Lab has one neighbour
    for cells in layouts:
        lay = game.layout_for(cells)
        assert len(lay.links) == 22 and len(lay.adj[P["lab"]]) == 1


@pytest.mark.python_only("checks the Python engine's cache of layouts")
def test_layouts_of_finished_games_are_not_kept_for_ever():
    # every game deals a layout of its own: a long simulation must not hold them all
    from ratking.games.rat_and_duck.game import _layout

    game = ratking.make("rat-and-duck")
    for k in range(400):
        game.new_game(2, seed=k)
    assert _layout.cache_info().currsize <= 256


def test_starting_places_and_first_unit():
    # seed 003, 1.2.1-1.2.2 and 1.3: police at the Station, the rest in the Lab, a dissent starts
    s = new()
    assert s.pos[unit(s, "p1")] == P["police-station"]
    assert [s.pos[unit(s, u)] for u in ("s1", "d1", "d2")] == [P["lab"]] * 3
    assert s.game.roles[s.active] == 2 and s.current_player == 0
    assert sorted(s.deck) == list(range(12)) and s.held == [] and sum(s.unrest) == 0
    assert ids(s) == ["move:university", "skip-move"]


def test_seats_alternate_teams_and_control_one_team_each():
    # seat mapping (rules.md): seat 0 dissent, seat 1 government...; units dealt round-robin
    game = ratking.make("rat-and-duck")
    assert game.owners(2) == (1, 1, 0, 0)  # P, S to seat 1; D1, D2 to seat 0
    assert game.owners(3) == (1, 1, 0, 2)
    assert game.owners(4) == (1, 3, 0, 2)
    big = ratking.make("rat-and-duck", units="PPS-DDD")
    assert big.owners(6) == (1, 3, 5, 0, 2, 4)
    for players in range(2, 7):
        owners = big.owners(players)
        teams = big.seat_teams(players)
        assert sorted(set(owners)) == list(range(players))  # every seat plays
        assert all(teams[owners[u]] == big.teams[u] for u in range(6))
    with pytest.raises(RatkingError):
        game.new_game(5)
    big.new_game(6)
    with pytest.raises(RatkingError):
        big.new_game(7)


def test_two_teams_of_an_even_amount_of_players():
    # seed 003, 1.1: "Two teams of an even amount of players"; RULINGS: the player count is
    # even (2, 4, up to 8 with more units), an odd count is refused with a clear error
    game = ratking.make("rat-and-duck")
    assert game.player_counts() == (2, 4)
    assert ratking.make("rat-and-duck", units="PPSS-DDDD").player_counts() == (2, 4, 6, 8)
    with pytest.raises(RulesError, match="an even number of players, not 3") as info:
        game.new_game(3)
    assert "uneven_teams" in str(info.value) and "\n" not in str(info.value)
    with pytest.raises(RulesError):
        ratking.make("rat-and-duck", units="PPS-DDD").new_game(5)
    for players in (2, 4):
        assert game.new_game(players, seed=1).players == players


def test_uneven_teams_is_a_house_rule_off_by_default():
    # RULINGS, Rat & Duck 1.1: a rule option, off by default, allows uneven teams; the dissent
    # takes the extra seat (rules.md, seats)
    assert ratking.make("rat-and-duck").rules.uneven_teams is False
    house = ratking.make("rat-and-duck", uneven_teams=True)
    assert house.player_counts() == (2, 3, 4)
    s = start(house, 3, 1)
    assert s.game.seat_teams(3) == (1, 0, 1) and house.owners(3) == (1, 1, 0, 2)
    with pytest.raises(RulesError):
        ratking.make("rat-and-duck", uneven_teams="sometimes")


# --- turn states and passing --------------------------------------------------------------------


def test_a_turn_goes_pre_move_pre_action_after_action():
    # seed 003, 3.1-3.2: one move point, then one action, then only ending (or immediates)
    s = new()
    s.apply("move:university")
    assert s.phase == PRE_ACTION and s.pos[unit(s, "d1")] == P["university"]
    assert "move:fountain" not in ids(s)
    assert ids(s) == ["speak", "end:p1", "end:s1"]
    s.apply("speak")
    assert s.phase == AFTER_ACTION and ids(s) == ["end:p1", "end:s1"]
    with pytest.raises(IllegalAction) as info:
        s.apply("speak")
    assert "already acted" in info.value.reason


def test_skip_move_and_no_ending_before_it():
    s = new()
    with pytest.raises(IllegalAction):
        s.apply("end:p1")
    s.apply("skip-move")
    assert s.phase == PRE_ACTION and s.pos[unit(s, "d1")] == P["lab"]


def test_the_ender_chooses_an_unplayed_opponent_and_the_round_restarts_with_a_dissent():
    # seed 003, 3.3; RULINGS: whoever ends a turn chooses which unplayed opponent goes next
    s = new()
    s.apply("skip-move")
    s.apply("end:s1")
    assert s.active == unit(s, "s1") and s.current_player == 3 and s.phase == PRE_MOVE
    s.apply("skip-move")
    assert [a for a in ids(s) if a.startswith("end:")] == ["end:d2"]  # d1 has played
    s.apply("end:d2")
    s.apply("skip-move")
    assert [a for a in ids(s) if a.startswith("end:")] == ["end:p1"]
    s.apply("end:p1")
    s.apply("skip-move")
    # the round's last turn: the next round opens with a dissent of the ender's choice
    assert [a for a in ids(s) if a.startswith("end:")] == ["end:d1", "end:d2"]
    s.apply("end:d2")
    assert s.round == 2 and s.played == 0 and s.active == unit(s, "d2")


def test_without_unplayed_opponents_pass_to_ones_own_team():
    # seed 003, 3.3 (our ruling for unequal leftovers): own team's unplayed unit next
    s = arrange(new(), active="d1", phase=AFTER_ACTION, played=("p1", "s1"))
    assert [a for a in ids(s) if a.startswith("end:")] == ["end:d2"]


# --- the actions --------------------------------------------------------------------------------


def test_arrest_needs_two_wanted_on_the_same_place():
    # seed 003, 3.4 Arrest; RULINGS: every action happens where its unit stands
    s = arrange(new(), active="p1", phase=PRE_ACTION,
                places={"p1": "hotel", "d1": "hotel", "d2": "bar"}, wanted={"d1": 1, "d2": 5})
    assert not any(a.startswith("arrest") for a in ids(s))
    s = arrange(s, active="p1", phase=PRE_ACTION, wanted={"d1": 3})
    assert "arrest:d1" in ids(s) and "arrest:d2" not in ids(s)
    s.apply("arrest:d1")
    d1 = unit(s, "d1")
    assert s.pos[d1] == P["prison"] and s.wanted[d1] == 1 and s.phase == AFTER_ACTION


def test_a_jailed_dissent_plays_on_from_the_prison():
    # RULINGS, Rat & Duck: a jailed dissent is moved to the Prison and plays on from there
    s = arrange(new(), active="d1", places={"d1": "prison"})
    assert ids(s) == ["move:police-station", "skip-move"]
    s.apply("move:police-station")
    assert ids(s) == ["end:p1", "end:s1"]  # no unrest at the Station: Speak is not legal


def test_control_reduces_unrest_and_is_not_legal_at_zero():
    # seed 003, 3.4 Control; our ruling: Control needs unrest at the place
    s = arrange(new(), active="p1", phase=PRE_ACTION, places={"p1": "bar"})
    assert "control" not in ids(s)
    s = arrange(s, active="p1", phase=PRE_ACTION, unrest={"bar": 2})
    s.apply("control")
    assert s.unrest[P["bar"]] == 1


def test_target_is_immediate_and_capped_at_two_cards():
    # seed 003, 3.4 Target (immediate, 3.2.1): at most 2 location cards for the government
    s = arrange(new(), active="s1", phase=PRE_MOVE)
    assert "target" in ids(s)
    top = s.deck[-1]
    s.apply("target")
    assert s.phase == PRE_MOVE and s.held == [top] and len(s.deck) == 11
    s.apply("target")
    assert len(s.held) == 2 and "target" not in ids(s)
    with pytest.raises(IllegalAction) as info:
        s.apply("target")
    assert "2 location cards" in info.value.reason


def test_immediate_actions_stay_within_the_acting_units_own_turn():
    # seed 003, 3.2.1: an immediate action "can be performed at any time"; RULINGS: at any
    # point of the acting unit's own turn (pre-move, pre-action, after-action), never during
    # another unit's turn, even one of the same seat
    s = arrange(new(players=2), active="p1", places={"s1": "university"})
    civilian_at(s, "university")
    assert s.current_player == 1  # seat 1 plays the Police and the Scientist
    assert "target" not in ids(s) and "link:university" not in ids(s)
    s = arrange(s, active="s1", phase=AFTER_ACTION)
    assert "target" in ids(s) and "link:university" in ids(s)
    s.apply("target")
    assert s.phase == AFTER_ACTION  # no change in the turn's state
    s.apply("end:d1")
    assert s.current_player == 0 and "target" not in ids(s)
    assert not [a for a in ids(s) if a.startswith(("link:", "unlink:"))]


def test_the_deck_never_refills():
    # RULINGS, Rat & Duck: a kidnap uses its card up; the deck never refills
    s = arrange(new(), active="s1", phase=PRE_ACTION)
    for c in list(s.deck):
        s.deck.remove(c)
        s.used.append(c)
    s._legal = None
    assert "target" not in ids(s)


def test_kidnap_plays_the_card_of_the_scientists_place():
    # seed 003, 3.4 Kidnap: play a location card at its place, a civilian appears there
    s = arrange(new(), active="s1", phase=PRE_ACTION, places={"s1": "hotel"})
    hold(s, "bar")
    assert "kidnap" not in ids(s)
    s = arrange(s, active="s1", phase=PRE_ACTION, places={"s1": "bar"})
    s.apply("kidnap")
    assert s.held == [] and s.used == [P["bar"]] and s.civ_at[P["bar"]] == P["bar"]
    assert s.phase == AFTER_ACTION


def test_link_moves_the_civilian_with_its_unit_and_research_in_the_lab():
    # seed 003, 3.4 Link (immediate) and Research; RULINGS: scientist and civilian in the Lab
    s = arrange(new(), active="s1", phase=PRE_MOVE, places={"s1": "university"})
    c = civilian_at(s, "university")
    assert "link:university" in ids(s)
    s.apply("link:university")
    assert s.phase == PRE_MOVE and s.link[c] == unit(s, "s1")
    assert "link:university" not in ids(s) and "unlink:university" in ids(s)
    s.apply("move:lab")
    assert s.civ_at[c] == P["lab"]
    s.apply("research:university")
    assert s.biosci == 1 and c not in s.civs and s.civ_at[c] == -1


def test_research_needs_the_civilian_in_the_lab():
    s = arrange(new(), active="s1", phase=PRE_ACTION, places={"s1": "lab"})
    civilian_at(s, "bar")
    assert not any(a.startswith("research") for a in ids(s))


def test_a_unit_links_one_civilian_and_dissents_never_link():
    # our ruling: links_per_unit (1) civilians per police or scientist
    s = arrange(new(), active="p1", phase=PRE_ACTION, places={"p1": "bar"})
    civilian_at(s, "bar")
    civilian_at(s, "hotel", place="bar")
    assert {"link:bar", "link:hotel"} <= set(ids(s))
    s.apply("link:bar")
    assert "link:hotel" not in ids(s)
    s = arrange(s, active="d1", phase=PRE_ACTION, places={"d1": "bar"})
    assert not any(a.startswith("link") for a in ids(s))


def test_speak_adds_unrest_and_wanted_up_to_the_cap():
    # seed 003, 3.4 Speak: +1 unrest (at most 3 a place) and +1 wanted
    s = arrange(new(), active="d1", phase=PRE_ACTION, places={"d1": "hotel"}, unrest={"hotel": 2})
    s.apply("speak")
    d1 = unit(s, "d1")
    assert s.unrest[P["hotel"]] == 3 and s.wanted[d1] == 1
    s = arrange(s, active="d1", phase=PRE_ACTION)
    assert "speak" not in ids(s)


def test_release_below_the_cap_raises_unrest_here():
    # seed 003, 3.4 Release: remove the civilian; +1 unrest if the place has 0-2; +1 wanted
    s = arrange(new(), active="d1", phase=PRE_ACTION, places={"d1": "company"},
                unrest={"company": 1})
    c = civilian_at(s, "company")
    s.apply("release:company")
    assert c not in s.civs and s.released == 1
    assert s.unrest[P["company"]] == 2 and s.wanted[unit(s, "d1")] == 1


def test_release_at_the_cap_spills_to_every_civilian_neighbour():
    # seed 003, 3.4 Release: at 3 unrest ALL neighbours gain 1 (each capped at 3)
    s = arrange(new(), active="d1", phase=PRE_ACTION, places={"d1": "factory"},
                unrest={"factory": 3, "bar": 3, "company": 1})
    civilian_at(s, "hotel", place="factory")
    s.apply("release:hotel")
    assert s.unrest[P["factory"]] == 3 and s.unrest[P["bar"]] == 3  # capped
    assert s.unrest[P["company"]] == 2 and s.unrest[P["neighborhood"]] == 1
    assert len(s.unrest) == 12  # the Police Station (a neighbour) holds no unrest


def test_release_frees_a_civilian_linked_to_an_opponent_there():
    # RULINGS, Rat & Duck: Release may free a civilian linked to an opponent on the same place
    s = arrange(new(), active="d1", phase=PRE_ACTION, places={"d1": "bar", "p1": "bar"})
    c = civilian_at(s, "bar")
    s.link[c] = unit(s, "p1")
    s._legal = None
    s.apply("release:bar")
    assert c not in s.civs and s.link[c] == -1


def test_a_dissent_cannot_use_government_actions():
    s = arrange(new(), active="d1", phase=PRE_ACTION)
    with pytest.raises(IllegalAction) as info:
        s.apply("target")
    assert "dissent" in info.value.reason


# --- the end ----------------------------------------------------------------------------------


def test_four_bio_sci_wins_for_every_government_seat():
    # seed 003, 4: 4 Bio-Sci progress, the government wins; DESIGN: 1 for each winning seat
    s = arrange(new(), active="s1", phase=PRE_ACTION, places={"s1": "lab"})
    s.biosci = 3
    civilian_at(s, "bar", place="lab")
    s.apply("research:bar")
    assert s.is_over and s.end_reason == "finished"
    assert s.returns() == [0.0, 1.0, 0.0, 1.0]


def test_fifteen_unrest_wins_for_the_dissent():
    # seed 003, 4: 15 unrest in total, the dissent wins
    s = arrange(new(), active="d1", phase=PRE_ACTION, places={"d1": "bar"},
                unrest={"hotel": 3, "pharmacy": 3, "company": 3, "church": 3, "bar": 2})
    s.apply("speak")
    assert s.is_over and s.returns() == [1.0, 0.0, 1.0, 0.0]



def test_fifteen_unrest_counts_the_unrest_on_the_map_now():
    # seed 003, 4: "15 unrests in total"; RULINGS, Rat & Duck: the unrest standing on the
    # map now, which Control lowers: 14 on the map, controlled to 13, and a Speak back to 14
    # is no win, though 15 unrest have been raised in all
    s = arrange(new(), active="p1", phase=PRE_ACTION, places={"p1": "hotel", "d1": "bar"},
                unrest={"hotel": 3, "pharmacy": 3, "company": 3, "church": 3, "bar": 2})
    s.apply("control")
    assert sum(s.unrest) == 13
    s.apply("end:d1")
    s.apply("skip-move")
    s.apply("speak")
    assert sum(s.unrest) == 14 and not s.is_over

def test_the_round_limit_scores_unrest_x2_against_bio_sci_x5():
    # RULINGS, Rat & Duck: at the limit unrest x 2 against Bio-Sci x 5; equal is a draw
    for unrest, biosci, expect in ((3, 1, [1.0, 0.0]), (2, 1, [0.0, 1.0]), (5, 2, [0.5, 0.5])):
        s = arrange(new(players=2, max_rounds=1), active="p1", phase=AFTER_ACTION,
                    played=("d1", "s1", "d2"), unrest={"bar": 0})
        s.unrest[:unrest] = [1] * unrest
        s.biosci = biosci
        s.apply("end:d1")
        assert s.is_over and s.end_reason == "round-cap" and s.returns() == expect
        assert s.scores() == [2.0 * unrest, 5.0 * biosci]


def test_two_players_play_one_team_each():
    s = new(players=2)
    assert s.current_player == 0
    s.apply("skip-move")
    s.apply("end:s1")
    assert s.current_player == 1


# --- rule options -------------------------------------------------------------------------------


def test_rule_options_change_the_numbers():
    s = arrange(new(arrest_wanted=1, arrest_reduce=5), active="p1", phase=PRE_ACTION,
                places={"p1": "bar", "d1": "bar"}, wanted={"d1": 1})
    s.apply("arrest:d1")
    assert s.wanted[unit(s, "d1")] == 0
    s = arrange(new(max_location_cards=3), active="s1")
    for _ in range(3):
        s.apply("target")
    assert "target" not in ids(s)
    big = new(players=6, units="PPS-DDD")
    assert big.game.unit_keys == ("p1", "p2", "s1", "d1", "d2", "d3")


@pytest.mark.parametrize("rules", [
    {"units": "PP-DD"}, {"units": "SS-DD"}, {"units": "PS-DDD"}, {"units": "PSPSP-DDDDD"},
    {"units": "PS"}, {"units": "PX-DD"}, {"max_unrest": 4}, {"bio_sci_to_win": 0},
    {"max_rounds": 0}, {"unrest_to_win": "many"}, {"shuffle_places": "maybe"}, {"nope": 1},
])
def test_bad_rule_values_are_refused(rules):
    with pytest.raises(RulesError):
        ratking.make("rat-and-duck", **rules)


def test_default_round_limit_is_25():
    assert ratking.make("rat-and-duck").rules.max_rounds == 25
