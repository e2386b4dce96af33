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


def test_alike_cards_to_target_have_labels_that_differ():
    # the kernel: ids tell actions apart for programs, labels for people, so alike cards in
    # one Hideout are told apart by their Night, and in one Night by a copy number
    from .helpers import put, set_hand

    s = ready(new(3))
    set_hand(s, 1)
    set_hand(s, 2)  # every Hacker back in the deck
    set_hand(s, 0, "Poacher")
    first, second = put(s, 1, 2, "Hacker", "Hacker")
    (third,) = put(s, 1, 3, "Hacker")
    s.apply("play:poacher")
    labels = {a.id: s.describe_action(a) for a in s.legal_actions()}
    assert labels == {f"card:{first}": "Target Player 2's Hacker (Night 2, copy 1 of 2)",
                      f"card:{second}": "Target Player 2's Hacker (Night 2, copy 2 of 2)",
                      f"card:{third}": "Target Player 2's Hacker (Night 3)"}


def test_a_snitched_or_poached_card_is_told_with_its_owner():
    from .helpers import put, set_hand

    for played, said, to_owner in (
            ("snitch", "Player 1 had Player 3's Forger discarded.",
             "Player 1 had your Forger discarded."),
            ("poacher", "Player 1 poached Player 3's Forger into their Refresh Area.",
             "Player 1 poached your Forger into their Refresh Area.")):
        s = ready(new(3))
        set_hand(s, 0, played.capitalize())
        (forger,) = put(s, 2, 1, "Forger")
        s.apply(f"play:{played}")
        s.apply(f"card:{forger}")
        assert [e.text for e in s.events_for(None) if e.kind == "move-card"] == [said]
        assert [e.text for e in s.events_for(2) if e.kind == "move-card"] == [to_owner]
    # a game saved before the owner was recorded still reads
    s.log.append((len(s.history) - 1, "move-card", 0, {"card": forger, "how": "snitch"}, None,
                  0))
    assert s.events_for(None)[-1].text == "Player 1 had the Forger discarded."
