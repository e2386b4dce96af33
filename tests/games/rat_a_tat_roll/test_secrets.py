"""Rat-a-Tat Roll hides what it must: property tests of views and events (seed 004 and
RULINGS.md, memory: a player's view holds only what that player has been shown)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import ratking
from ratking.sim import random_play

SECRET_KINDS = {"first-card": "value", "draw": "value", "peek": "value", "peek-own": "values"}


def played(players, seed, steps, memory_aid):
    game = ratking.make("rat-a-tat-roll", memory_aid=memory_aid, max_rounds=40)
    state = game.new_game(players, seed=seed)
    random_play(state, random.Random(seed), steps)
    return state


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), steps=st.integers(0, 120))
def test_secret_values_reach_only_the_seat_they_were_shown_to(players, seed, steps):
    state = played(players, seed, steps, memory_aid=False)
    for seat in [None, *range(players)]:
        for event in state.events_for(seat):
            field = SECRET_KINDS.get(event.kind)
            if field is not None:
                assert (field in event.data) == (event.actor == seat), event


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), steps=st.integers(0, 120),
       memory_aid=st.booleans(), pick=st.integers(0, 2**32))
def test_moving_unseen_cards_does_not_change_a_view(players, seed, steps, memory_aid, pick):
    # Principle 3: two states that differ only in what seat p cannot see give equal view(p)
    state = played(players, seed, steps, memory_aid)
    if state.is_over:
        return
    rng = random.Random(pick)
    values = state.game.values
    for seat in [None, *range(players)]:
        knows = state.knows(seat)
        places = [(hand, i) for hand in state.hands for i, c in enumerate(hand)
                  if not knows >> c & 1]
        places += [(state.pile, i) for i, c in enumerate(state.pile) if not knows >> c & 1]
        pairs = [(a, b) for a in places for b in places
                 if values[a[0][a[1]]] != values[b[0][b[1]]]]
        if not pairs:
            continue
        (ha, ia), (hb, ib) = rng.choice(pairs)
        twin = state.clone()
        before = twin.view(seat)
        # swap the two cards in the twin only (same positions in the twin's lists)
        ta = twin.hands[state.hands.index(ha)] if ha is not state.pile else twin.pile
        tb = twin.hands[state.hands.index(hb)] if hb is not state.pile else twin.pile
        ta[ia], tb[ib] = tb[ib], ta[ia]
        assert twin.view(seat) == before


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), steps=st.integers(0, 120))
def test_memory_aid_views_show_true_values_of_seen_cards_only(players, seed, steps):
    state = played(players, seed, steps, memory_aid=True)
    for seat in [None, *range(players)]:
        knows = state.knows(seat)
        shown = state.view(seat)["seats"]
        for owner, hand in enumerate(state.hands):
            for card, value in zip(hand, shown[owner]["cards"], strict=True):
                if state.is_over or knows >> card & 1:
                    assert value == state.game.values[card]
                else:
                    assert value is None


def test_views_never_include_the_draw_pile_or_card_ids():
    state = played(3, 7, 30, memory_aid=True)
    view = state.view(0)
    assert isinstance(view["draw_pile"], int)
    text = repr(view)
    assert "pile\": [" not in text and "known" not in view and "hands" not in view


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), steps=st.integers(0, 200),
       redeal=st.integers(0, 2**32))
def test_a_determinization_moves_other_seats_knowledge_with_the_places(players, seed, steps,
                                                                      redeal):
    # the re-deal changes which card lies at a place `seat` was not shown; every other seat
    # keeps knowing exactly the places it knew (its peeked cards, its discards under the
    # pile), now holding the new cards, and the pile's unordered top holds no card anyone saw
    state = played(players, seed, steps, memory_aid=False)

    def places(s):
        return [*[(p, i, c) for p, hand in enumerate(s.hands) for i, c in enumerate(hand)],
                *[("pile", i, c) for i, c in enumerate(s.pile)]]

    for seat in [None, *range(players)]:
        guess = state.determinize(seat, seed=redeal)
        for other in range(players):
            knew = [(p, i) for p, i, c in places(state) if state.knows(other) >> c & 1]
            knows = [(p, i) for p, i, c in places(guess) if guess.knows(other) >> c & 1]
            assert knows == knew
        loose = (guess.unordered or {}).get("pile", 0)
        seen = guess.public
        for bits in guess.known:
            seen |= bits
        assert all(not seen >> c & 1 for c in guess.pile[len(guess.pile) - loose:])


def test_a_variant_with_many_cards_determinizes_too():
    # up to 20 copies of each value and 30 nines: 210 cards, far past one machine word
    game = ratking.make("rat-a-tat-roll", copies_per_value=20, nines=30, max_rounds=40)
    state = game.new_game(5, seed=3)
    random_play(state, random.Random(3), 60)
    for seat in [None, *range(5)]:
        guess = state.determinize(seat, seed=7)
        assert guess.view(seat) == state.view(seat)
        cards = [c for h in guess.hands for c in h] + guess.pile + \
            [c for c in guess.faceup if c >= 0]
        assert sorted(cards) == list(range(210))
