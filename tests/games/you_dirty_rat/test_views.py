"""No You Dirty Rat view shows another seat's hand; hand sizes are public; the deck order and
the Mastermind's draw stay secret."""

from __future__ import annotations

import io
import json
import random

import ratking
from ratking.sim import random_play

from .helpers import new, ready, set_hand


def test_no_view_shows_another_hand():
    game = ratking.make("you-dirty-rat")
    for seed in range(30):
        s = game.new_game(2 + seed % 3, seed=seed)
        random_play(s, random.Random(seed), seed * 5)
        for seat in [None, *range(s.players)]:
            v = s.view(seat)
            json.dumps(v)
            for p, info in enumerate(v["seats"]):
                assert info["hand_count"] == len(s.hands[p])
                assert (info["hand"] is not None) == (p == seat)
            assert "deck_order" not in v and isinstance(v["deck"], int)


def test_views_equal_when_only_hidden_cards_differ():
    # DESIGN principle 3: states that differ only in what seat p cannot see give equal views
    s = new(3, seed=4)
    random_play(s, random.Random(1), 40)
    for seat in range(3):
        other = s.clone()
        q = (seat + 1) % 3
        ring = s.game.deck.ringleader
        hidden = [i for i, c in enumerate(other.hands[q])
                  if c < ring and not other.public >> c & 1]
        if hidden and other.deck:
            i = hidden[0]
            other.hands[q][i], other.deck[0] = other.deck[0], other.hands[q][i]
        other.deck.reverse()
        assert other.view(seat) == s.view(seat)


def test_mastermind_draw_is_shown_only_to_its_player():
    s = ready(new(2))
    set_hand(s, 0, "Mastermind")
    s.apply("play:mastermind")
    assert len(s.view(0)["drawn"]) == 3
    assert s.view(1)["drawn"] is None and s.view(None)["drawn"] is None
    texts = [e.text for e in s.events_for(1)]
    assert any("drew 3 cards" in t for t in texts)
    mine = [e.text for e in s.events_for(0)]
    assert not any("drew 3 cards" in t for t in mine)


def test_text_rendering_runs():
    from rich.console import Console
    s = new(4)
    random_play(s, random.Random(3), 60)
    console = Console(file=io.StringIO(), width=120)
    console.print(s.game.render_text(s.view(1)))
    assert "Your hand" in console.file.getvalue()
