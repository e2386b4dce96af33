"""Target: Rats views, events and saved states: only the deck order is hidden."""

from __future__ import annotations

import json
import random

import pytest

import ratking
from ratking import RecordError
from ratking.sim import random_play

from .helpers import arrange, new, play, stack

SPACE_KEYS = {"id", "name", "kind", "ring_index", "quadrants", "corridor", "neighbours",
              "beneath", "token", "nest_seat", "exterminator", "throne", "rats"}
FACTION_KEYS = {"seat", "name", "faction", "colour", "home", "rats", "fed", "nests", "item",
                "item_ready", "cheese", "pending_win"}
TOP_KEYS = {"game", "seat", "players", "to_move", "round", "max_rounds", "phase", "prompt",
            "spaces", "factions", "exterminator", "cheese", "pending_win", "decks", "turn",
            "choice", "last_fight", "limits", "target_face", "over"}


def test_the_view_follows_the_schema():
    # spec, The view: the SVG and text renderers read only this dict
    s = new(3, seed=4)
    random_play(s, random.Random(1), 60)
    v = s.view(1)
    assert set(v) == TOP_KEYS
    assert all(set(x) == SPACE_KEYS for x in v["spaces"]) and len(v["spaces"]) == 41
    assert all(set(x) == FACTION_KEYS for x in v["factions"])
    assert set(v["decks"]["surface"]) == {"left", "discards", "top"}
    assert set(v["turn"]) == {"groups_left", "group", "action_spaces", "done_spaces"}
    assert set(v["limits"]) == {"space", "city", "max_rats", "max_nests", "nests_to_win",
                                "move_range"}
    assert v["game"] == "target-rats" and isinstance(v["prompt"], str) and v["prompt"]
    json.dumps(v)


def test_a_group_in_progress_and_a_fight_are_shown():
    s = arrange(new(2), {0: [("S1", 0), ("S1", 1)], 1: [("S13", 0)] * 2})
    play(s, "group:S1", "take:1:1", "step:S2")
    g = s.view(1)["turn"]["group"]
    assert g == {"from": "S1", "path": ["S1", "S2"], "fed": 1, "unfed": 1, "steps_left": 3}
    assert s.view(None)["phase"] == "step"


def test_the_deck_order_is_in_no_view_and_determinize_reshuffles_it():
    # DESIGN principle 3 + spec: the draw order is the only hidden information
    s = new(2, seed=3)
    random_play(s, random.Random(2), 80)
    guess = s.determinize(0, seed=5)
    assert guess.surface_deck != s.surface_deck or len(s.surface_deck) < 2
    assert sorted(guess.surface_deck) == sorted(s.surface_deck)
    assert sorted(guess.under_deck) == sorted(s.under_deck)
    for seat in (None, 0, 1):
        assert guess.view(seat) == s.view(seat)
    # two states differing only in the deck order give equal views
    twin = s.clone()
    twin.surface_deck.reverse()
    assert twin.view(0) == s.view(0)


def test_drawn_cards_are_public_events():
    s = arrange(new(2), {0: [("S1", 0)], 1: [("S13", 0)] * 2})
    stack(s, "hot-dog-stand")
    play(s, "group:S1", "take:0:1", "step:S2", "stop", "scavenge:S2")
    for seat in (None, 0, 1):
        assert any(e.kind == "draw" and e.data["card"] >= 0 for e in s.events_for(seat))
    assert "You scavenged on surface 2 and drew Hot Dog Stand." in [e.text for e in
                                                                    s.events_for(0)]


def test_saved_states_round_trip_and_bad_data_is_refused():
    # DESIGN: to_json / from_json round trip; a malformed save raises RecordError
    game = ratking.make("target-rats")
    s = game.new_game(3, seed=9)
    random_play(s, random.Random(3), 150)
    data = json.loads(json.dumps(s.to_json()))
    assert json.dumps(game.from_json(data).to_json(), sort_keys=True) == \
        json.dumps(s.to_json(), sort_keys=True)
    for key, value in (("rats", [[1000]] * 3), ("token", [0] * 3), ("surface_deck", []),
                       ("tasks", [["teleport", 0]]), ("ext", 30), ("item", [0, 0, 0])):
        bad = json.loads(json.dumps(data))
        bad["state"][key] = value
        with pytest.raises(RecordError):
            game.from_json(bad)


def test_describe_action_mentions_the_exterminator_on_a_push():
    s = arrange(new(2), {0: [("S1", 0)] * 3, 1: [("S2", 0)] * 3}, ext="S4")
    from .helpers import dice
    play(s, "group:S1", "take:0:3", "step:S2")
    dice(s, 6, 6, 6, 1, 1, 1)
    play(s, "fight:S2")
    labels = {a.id: s.describe_action(a) for a in s.legal_actions()}
    assert labels["push:S4"].endswith("(the Exterminator: they die)")


def test_every_event_reads_as_plain_english():
    # spec, Events: every visible change is an event with a plain-English sentence
    game = ratking.make("target-rats", max_rounds=30)
    for seed in range(4):
        s = game.new_game(2 + seed % 3, seed=seed)
        random_play(s, random.Random(seed))
        for seat in (None, 0):
            for e in s.events_for(seat):
                assert e.predicate != e.kind and "{" not in e.text, e
