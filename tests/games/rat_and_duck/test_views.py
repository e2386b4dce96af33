"""What Rat & Duck shows each seat: JSON-able views, secrets kept, sentences, the terminal."""

from __future__ import annotations

import io
import json
import random

from rich.console import Console

import ratking
from ratking.sim import random_play

from .helpers import P, arrange, new

CIVILIAN_NAMES = ["Bar", "Hotel", "Pharmacy", "Dining Place", "Factory", "Company", "Fountain",
                  "University", "Neighborhood", "Church", "Theater", "Shopping Mall"]


def _drawn(players=4):
    s = arrange(new(players=players), active="s1")
    s.apply("target")
    s.apply("target")
    return s


def test_views_are_json_and_complete():
    s = new()
    view = s.view(None)
    json.dumps(view)
    assert view["to_move"] == 0 and view["active"] == "d1" and view["phase"] == "pre-move"
    assert len(view["places"]) == 15 and len(view["links"]) == 22
    assert [u["id"] for u in view["units"]] == ["p1", "s1", "d1", "d2"]
    assert view["location_cards"] == {"held": 0, "max": 2, "cards": None, "deck": 12, "used": []}


def test_the_dissent_never_sees_location_cards():
    # RULINGS, Rat & Duck: the location deck is hidden from the dissent
    s = _drawn()
    held = [s.game.city.names[c] for c in s.held]
    assert s.view(1)["location_cards"]["cards"] == held  # government seats see them
    assert s.view(3)["location_cards"]["cards"] == held
    for seat in (0, 2, None):
        view = s.view(seat)
        assert view["location_cards"]["cards"] is None and view["location_cards"]["held"] == 2
        text = json.dumps(view) + " ".join(e.text for e in s.events_for(seat)
                                           if e.kind == "target")
        assert "drew a location card with Scientist 1 (" in text
        for name in held:
            assert f"Scientist 1: the {name}" not in text


def test_views_equal_whatever_the_hidden_cards():
    # DESIGN, principle 3: states differing only in hidden cards give equal views
    s = _drawn()
    other = s.clone()
    other.held, other.deck = other.deck[-2:], other.deck[:-2] + other.held
    for seat in (0, 2, None):
        assert other.view(seat) == s.view(seat)
    assert other.view(1) != s.view(1)


def test_views_of_played_games_hold_no_held_card_names_for_the_dissent():
    game = ratking.make("rat-and-duck")
    for seed in range(20):
        s = game.new_game(4, seed=seed)
        random_play(s, random.Random(seed), 150)
        view = s.view(0)
        assert view["location_cards"]["cards"] is None
        unplayed = {CIVILIAN_NAMES[c] for c in s.held}
        assert not unplayed & set(view["location_cards"]["used"])
        json.dumps(s.view(1))


def test_sentences_name_the_units_and_places():
    s = arrange(new(), active="d1", phase=1, places={"d1": "bar"})
    s.apply("speak")
    assert s.events_for(None)[-1].text == \
        "Player 1 spoke at the Bar with Dissent 1: unrest 1, wanted 1."
    s.apply("end:p1")
    assert "Police 1 plays next" in s.events_for(None)[-1].text
    assert s.describe_action(s.game.action_by_id("control")).startswith("Control")


def test_the_terminal_draws_the_grid():
    s = _drawn()
    console = Console(file=io.StringIO(), width=160, no_color=True)
    console.print(s.game.render_text(s.view(0)))
    out = console.file.getvalue()
    assert "Police Station" in out and "Shopping Mall" in out and "hidden" in out
    assert P["lab"] == 12
