"""Undo over random play, for every game: taking back the seat's last steps gives exactly the
state (every view, every observation) it had before them; undo is offered only for the seat's
own steps of its turn that touched no chance; and an undoable step reveals nothing: played on
any determinization of what a seat may know, it shows that seat exactly the same."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratking
from ratking import IllegalAction
from ratking.core.undo import closes_undo

from .test_properties import GAMES, dump, setups

UNDO_SETTINGS = settings(max_examples=30, deadline=None,
                         suppress_health_check=[HealthCheck.too_slow])


def seen(state) -> list:
    """What every seat and a spectator are shown: views, events and observations."""
    out = []
    for seat in [None, *range(state.players)]:
        obs = state.observation(seat) if seat is not None else None
        out.append((state.view(seat), [e.to_dict() for e in state.events_for(seat)],
                    None if obs is None else obs.tobytes()))
    return out


@pytest.mark.parametrize("game_id", GAMES)
@UNDO_SETTINGS
@given(data=st.data(), length=st.integers(1, 150))
def test_undo_gives_back_the_state_before_the_steps(game_id, data, length):
    game, players, seed, rng = data.draw(setups(game_id))
    state = game.new_game(players, seed=seed)
    before = [dump(state)]
    shown = [seen(state)]
    movers, chance = [], [state.rng.pos]
    while not state.is_over and state.steps < length:
        legal = state.legal_actions()
        movers.append(state.current_player)
        state.apply(legal[rng.randrange(len(legal))])
        before.append(dump(state))
        shown.append(seen(state))
        chance.append(state.rng.pos)
        can = state.undoable()
        if state.is_over:
            assert can == 0
        # only the seat to move's own steps, made since chance was last drawn
        assert all(m == state.current_player for m in movers[state.steps - can:])
        assert chance[state.steps - can] == state.rng.pos
        if can and rng.random() < 0.3:
            for back in sorted({1, can}):
                earlier = state.undo(back)
                assert dump(earlier) == before[state.steps - back]
                assert seen(earlier) == shown[state.steps - back]
                assert earlier.record()["actions"] == state.record()["actions"][:-back]
        frozen = dump(state)
        with pytest.raises(IllegalAction) as refused:
            state.undo(can + 1)
        assert refused.value.action == "undo" and refused.value.reason
        assert dump(state) == frozen


@pytest.mark.parametrize("game_id", GAMES)
@UNDO_SETTINGS
@given(data=st.data(), length=st.integers(1, 150), redeal=st.integers(0, 2**32))
def test_an_undoable_step_reveals_nothing(game_id, data, length, redeal):
    """A step may be taken back only if it showed no seat anything hidden: the same action on
    a determinization for seat q (the hidden cards re-dealt, future chance re-seeded) gives q
    the same view and the same events as the real game."""
    game, players, seed, rng = data.draw(setups(game_id))
    state = game.new_game(players, seed=seed)
    while not state.is_over and state.steps < length:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        guesses = [(q, state.determinize(q, seed=redeal)) for q in [None, *range(players)]]
        mark = len(state.log)
        state.apply(action)
        if not state.undoable():
            continue
        for q, guess in guesses:
            guess.apply(action.id)
            assert guess.view(q) == state.view(q), (q, action.id)
            assert [e.to_dict() for e in guess.events_for(q, mark)] == \
                [e.to_dict() for e in state.events_for(q, mark)], (q, action.id)



@pytest.mark.parametrize("game_id", GAMES)
@UNDO_SETTINGS
@given(data=st.data(), length=st.integers(1, 150), redeal=st.integers(0, 2**32))
def test_closes_undo_tells_the_seat_nothing_hidden(game_id, data, length, redeal):
    """`closes_undo` (the page waits before an only move that would end what Undo can take
    back) is what the move does on every determinization for the seat to move: the answer
    follows from the seat's view, so it shows nothing hidden. It is asked wherever the seat
    has one legal move, and found both ways in the games that offer undo."""
    game, players, seed, rng = data.draw(setups(game_id))
    state = game.new_game(players, seed=seed)
    while not state.is_over and state.steps < length:
        legal = state.legal_actions()
        closes = closes_undo(state)
        assert not closes or (len(legal) == 1 and state.undoable())
        if len(legal) == 1 and state.undoable():
            after = state.clone()
            after.apply(legal[0])
            assert closes == (after.undoable() == 0)
            guess = state.determinize(state.current_player, seed=redeal)
            guess.apply(legal[0].id)
            assert closes == (guess.undoable() == 0), legal[0].id
        state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("game_id", ["target-rats", "target-rats-simplified"])
def test_closes_undo_is_found_both_ways(game_id):
    """Over random play, an only move that would end the undo (a draw, a roll, the turn handed
    on) and one that would not both come up, so the property above tests something. (In Rat &
    Duck every only move after an undoable one ends it; in Rat-a-Tat Roll and You Dirty Rat
    random play met none after an undoable one.)"""
    game = ratking.make(game_id, max_rounds=40)
    rng = random.Random(2)
    found = set()
    for seed in range(40):
        state = game.new_game(2, seed=seed)
        while not state.is_over:
            legal = state.legal_actions()
            if len(legal) == 1 and state.undoable():
                found.add(closes_undo(state))
            state.apply(legal[rng.randrange(len(legal))])
        if found == {True, False}:
            break
    assert found == {True, False}, found


@pytest.mark.parametrize("game_id", [g for g in GAMES
                                     if ratking.make(g).offers_undo is not None])
def test_a_game_offers_an_undo_as_it_declares(game_id):
    """Game.offers_undo: You Dirty Rat never offers one (each of its decisions plays, draws or
    names a card of the hand, or ends the turn); the others do."""
    game = ratking.make(game_id, max_rounds=40)
    offered = 0
    for seed in range(5):
        state = game.new_game(game.player_counts()[-1], seed=seed)
        rng = random.Random(seed)
        while not state.is_over and not (offered and game.offers_undo):
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            offered += state.undoable() > 0
    assert (offered > 0) == game.offers_undo


@pytest.mark.parametrize("game_id", [g for g in GAMES if ratking.make(g).offers_undo])
def test_the_undo_bar_survives_a_save(game_id):
    """A saved state keeps what may be taken back; a spoiled bar is refused."""
    game = ratking.make(game_id, max_rounds=40)
    rng = random.Random(5)
    for seed in range(20):
        state = game.new_game(game.player_counts()[-1], seed=seed)
        while not state.is_over and not state.undoable():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if state.undoable():
            break
    assert state.undoable()
    loaded = game.from_json(json.loads(json.dumps(state.to_json())))
    assert loaded.undoable() == state.undoable()
    assert dump(loaded.undo()) == dump(state.undo())
    spoiled = state.to_json() | {"undo": [state.steps, "turn"]}
    with pytest.raises(ratking.RecordError, match="undo"):
        game.from_json(spoiled)
