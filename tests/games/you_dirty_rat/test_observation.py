"""You Dirty Rat's observation tensor kept between looks (`encode_update`): the cases random
play reaches seldom, set up by hand."""

from __future__ import annotations

from ratking.core.spaces import Kept

from .helpers import new, ready, set_hand


def look(s, kept: Kept, seat: int) -> bytes:
    if kept.state is not s:
        kept.start(s)
    s.game.encode_update(s, seat, s.game.observation_layout(s.players), kept.out, kept)
    assert kept.array.tobytes() == s.observation(seat).tobytes()
    return kept.array.tobytes()


def test_a_hand_that_changes_behind_an_unchanged_hideout_is_written_again():
    # seed 002: the Inside Man draws a card as it is played (the hand keeps its size), and a
    # Poacher takes it from the Hideout before its owner looks again: the owner's Hideout,
    # cash and Refresh Area are as they were, and only its hand tells the two looks apart
    s = ready(new(2))
    set_hand(s, 0, "Inside Man", "Hacker")
    set_hand(s, 1, "Poacher")
    kept = Kept(s.game.observation_layout(2))
    first = look(s, kept, 0)
    s.apply("play:inside-man")
    inside = s.nights[0][0][0]
    s.apply("play:poacher")
    s.apply(f"card:{inside}")
    assert s.to_move == 0 and inside not in s.hands[0] and len(s.hands[0]) == 2
    assert look(s, kept, 0) != first
