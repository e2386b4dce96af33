"""Target: Rats event decks: every effect kind and item power (cards.toml, spec: card effect
vocabulary), and the checks on a broken card file (DESIGN principle 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratking.core.components import ComponentError
from ratking.games.target_rats.full import cards as C
from ratking.games.target_rats.full.cards import CARDS_FILE, cards, load_cards

from .helpers import arrange, dice, ids, new, play, sp, stack, texts, top, where

pytestmark = pytest.mark.usefixtures("core")  # each rule on both cores


def scavenge_with(card_id, rats=None, space="S2", frm="S1", tokens=None, items=None):
    """Seat 0's group steps frm -> space and scavenges, drawing card_id."""
    s = arrange(new(2), rats or {0: [(frm, 0), (space, 1)], 1: [("S13", 0)] * 2},
                tokens=tokens, items=items)
    stack(s, card_id)
    play(s, f"group:{frm}", "take:0:1", f"step:{space}", "stop")
    if top(s) == "move":
        play(s, "end-moves")
    dice(s, 3)
    play(s, f"scavenge:{space}")
    return s


def test_the_decks_hold_45_and_34_cards():
    # seed 000, GAME PIECES: Surface event deck 45 cards, Underground event deck 34 cards
    cs = cards()
    assert cs.totals == (45, 34) and cs.size == 79
    items = {t.id for t in cs.types if t.power >= 0}
    assert "pigeon-call" in items and 4 <= len({cs.types[cs.type_index(i)].power
                                                for i in items}) <= 6
    assert {C.EFFECTS[t.effect] for t in cs.types} == set(C.EFFECTS)


def test_food_places_a_food_source_and_feeds():
    # seed 000, EXAMPLE TURNS: finds a food source, places the dumpster token, feeding
    s = scavenge_with("tamale-cart")
    assert s.token[sp("S2")] == 1 and where(s, 0) == [("S2", 1), ("S2", 1)]


def test_nest_card_places_a_nest_token():
    # seed 000, EXAMPLE TURNS: the underground group discovers a nest and places a token
    s = scavenge_with("dry-pipe", {0: [("U2", 0)], 1: [("S13", 0)] * 2}, "U1", "U2")
    assert s.token[sp("U1")] == 3


def test_sewer_card_places_a_sewer_entrance():
    s = scavenge_with("loose-manhole")
    assert s.token[sp("S2")] == 2


def test_feed_card_feeds_and_unfeed_card_unfeeds():
    # spec, card effect vocabulary: feed / unfeed hit every rat of the player on the space
    s = scavenge_with("grease-trap", {0: [("U2", 0)], 1: [("S13", 0)] * 2}, "U1", "U2")
    assert where(s, 0) == [("U1", 1)]
    s = scavenge_with("rainstorm")
    assert where(s, 0) == [("S2", 0), ("S2", 0)]


def test_kill_cards():
    # RULINGS: cats, hawks, sewer gators, the third rail (Electrocuted: kill 1)
    s = scavenge_with("alley-cat", {0: [("S1", 0), ("S2", 1), ("S2", 1)], 1: [("S13", 0)] * 2})
    assert where(s, 0) == [("S2", 1), ("S2", 1)]  # an unfed rat dies first (ruling)
    s = scavenge_with("sewer-gator", {0: [("U2", 0)] + [("U1", 0)] * 2, 1: [("S13", 0)] * 2},
                      "U1", "U2")
    assert where(s, 0) == [("U1", 0)]


def test_kill_half_and_kill_all():
    # spec, card effect vocabulary: kill_half (rounded down, at least one), kill_all;
    # RULINGS: garbage trucks, sewer floods
    s = scavenge_with("garbage-truck", {0: [("S1", 0)] * 2 + [("S2", 0)] * 2,
                                        1: [("S13", 0)] * 2})
    assert where(s, 0) == [("S1", 0), ("S2", 0), ("S2", 0)]  # half of 3, rounded down
    s = scavenge_with("flash-flood", {0: [("U2", 0), ("U1", 0), ("S5", 0)],
                                      1: [("S13", 0)] * 2}, "U1", "U2")
    assert where(s, 0) == [("S5", 0)]


def test_scatter_the_player_chooses_where_two_spaces_away():
    s = arrange(new(2), {0: [("S1", 0), ("S2", 0)], 1: [("S13", 0)] * 2})
    stack(s, "street-sweeper")
    play(s, "group:S1", "take:0:1", "step:S2", "stop", "end-moves")
    play(s, "scavenge:S2")
    assert s.to_move == 0 and sorted(ids(s)) == ["push:S0", "push:S4"]
    dice(s, 3)
    play(s, "push:S4")
    assert where(s, 0) == [("S4", 0), ("S4", 0)]


def test_exterminator_card_on_the_surface_comes_to_the_space():
    s = scavenge_with("exterminator-called")
    assert s.ext == sp("S2") and where(s, 0) == []  # (they re-enter at their next turn)


def test_spawn_card_places_new_rats_at_a_nest():
    s = arrange(new(2), {0: [("S1", 0)] * 2, 1: [("S13", 0)] * 2})
    stack(s, "busy-night")
    play(s, "group:S1", "take:0:2", "step:S2", "stop")
    play(s, "scavenge:S2")
    assert ids(s) == ["spawn:H0"]
    dice(s, 3)
    play(s, "spawn:H0")
    assert where(s, 0) == [("H0", 0)] * 2 + [("S2", 0)] * 2


def test_nothing_card():
    # spec, card effect vocabulary: nothing (scavenging is never sure to pay)
    s = scavenge_with("empty-alley")
    assert where(s, 0) == [("S2", 0), ("S2", 1)] and s.token[sp("S2")] == 0


def test_item_card_is_held():
    s = scavenge_with("pigeon-call")
    assert s.item[0] >= 0 and s.item_ready[0]
    assert "Player 1 now holds Pigeon Call." in texts(s)


def test_cancel_item_stops_a_harmful_event():
    # spec: scavenge window items cancel a harmful event (Lucky Bottle Cap)
    s = arrange(new(2), {0: [("U2", 0)], 1: [("S13", 0)] * 2}, items={0: "bottle-cap"})
    stack(s, "third-rail")
    play(s, "group:U2", "take:0:1", "step:U1", "stop", "scavenge:U1")
    assert ids(s) == ["use:bottle-cap", "pass"]
    dice(s, 3)
    play(s, "use:bottle-cap")
    assert where(s, 0) == [("U1", 0)] and "Player 1 cancelled Electrocuted." in texts(s)
    # a good card: no prompt
    s = arrange(new(2), {0: [("U2", 0)], 1: [("S13", 0)] * 2}, items={0: "bottle-cap"})
    stack(s, "grease-trap")
    dice(s, 3)
    play(s, "group:U2", "take:0:1", "step:U1", "stop", "scavenge:U1")
    assert s.turn == 1


def test_extra_steps_item():
    # spec: move items (+2 steps for the group being moved: the Lost Skateboard)
    s = arrange(new(2), {0: [("S1", 0)], 1: [("S13", 0)] * 2}, items={0: "skateboard"})
    play(s, "group:S1", "take:0:1", "step:S2", "step:S3", "step:S4")
    assert "use:skateboard" in ids(s)
    play(s, "use:skateboard", "step:S5", "step:S6", "step:S7")
    assert where(s, 0) == [("S7", 0)]


def test_extra_group_and_fight_dice_and_call_exterminator_items_exist():
    # (their powers are tested in test_actions, test_fights and test_exterminator)
    powers = {C.POWERS[t.power] for t in cards().types if t.power >= 0}
    assert powers == set(C.POWERS)


# --- a broken card file --------------------------------------------------------------------------

GOOD = CARDS_FILE.read_text(encoding="utf-8")


def broken(tmp_path: Path, text: str) -> str:
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ComponentError) as info:
        load_cards(path)
    assert str(path) in str(info.value)
    return str(info.value)


def test_the_shipped_file_loads():
    # DESIGN principle 5: components are data, validated at load
    assert load_cards(CARDS_FILE).totals == (45, 34)


def test_an_unknown_effect_fails_naming_the_card(tmp_path):
    msg = broken(tmp_path, GOOD.replace('effect = "nothing"', 'effect = "teleport"', 1))
    assert "'empty-alley'" in msg and "unknown effect 'teleport'" in msg


def test_wrong_totals_fail(tmp_path):
    # seed 000, GAME PIECES: the Surface deck has 45 cards
    msg = broken(tmp_path, GOOD.replace("count = 4\ntext = \"A vendor", "count = 5\ntext = "
                                        "\"A vendor", 1))
    assert "surface deck has 46 cards" in msg


def test_bad_counts_and_missing_fields_fail(tmp_path):
    assert "count must be a whole number" in broken(tmp_path, GOOD.replace("count = 3", "count = 0",
                                                                           1))
    assert "needs n" in broken(tmp_path, GOOD.replace('effect = "kill"\nn = 1', 'effect = "kill"',
                                                      1))
    assert "name must be" in broken(tmp_path, GOOD.replace('name = "Hot Dog Stand"', 'name = ""'))
    assert "an item needs a power" in broken(tmp_path, GOOD.replace(
        'power = "call_exterminator"', 'power = "fly"'))
    assert "used twice" in broken(tmp_path, GOOD.replace('id = "italian-beef"',
                                                         'id = "hot-dog-stand"'))
    assert "line" in broken(tmp_path, GOOD + "\n[[card\n")  # a syntax error names the line
    assert "unknown key" in broken(tmp_path, GOOD.replace('count = 2\ntext = "Nobody',
                                                          'cost = 1\ncount = 2\ntext = "Nobody'))


def test_the_rules_page_lists_every_card():
    # RULINGS: the rules page in docs/rules/ names every card, in our own words
    page = (Path(C.__file__).parent / "rules.md").read_text(encoding="utf-8")
    for t in cards().types:
        assert t.name in page and t.text in page, t.id
