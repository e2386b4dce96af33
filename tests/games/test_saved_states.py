"""Corrupt saves, for every game: a saved state with one field spoiled (wrong type, out of
range, a list too short or too long, a bad item) is refused with RecordError, or, where the
spoiled value still makes sense, loads into a game that plays on without an error. Never a
crash, and never a broken game that fails later in someone's hands."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratking
from ratking import RecordError
from ratking.sim import random_play

GAMES = [info.id for info in ratking.list_games()]
ODD = (None, "x", -1, 10**9, True, 0.5, [], {})


def spoilt(value):
    """What a broken save might hold in place of `value`."""
    options = [st.just(x) for x in ODD]
    if isinstance(value, int) and not isinstance(value, bool):
        options += [st.just(value + 1), st.just(value - 1)]
    if isinstance(value, list) and value:
        options += [st.just(value[:-1]), st.just(value + value[-1:]),
                    st.sampled_from(ODD).map(lambda x: [x, *value[1:]]),
                    st.just([-1, *value[1:]]), st.just([10**6, *value[1:]])]
    return st.one_of(options)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_spoilt_save_is_refused_or_plays_on(game_id, data):
    game = ratking.make(game_id, max_rounds=20)
    players = data.draw(st.sampled_from(game.player_counts()))
    state = game.new_game(players, seed=data.draw(st.integers(0, 2**32)))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    random_play(state, rng, data.draw(st.integers(0, 150)))
    saved = json.loads(json.dumps(state.to_json()))
    key = data.draw(st.sampled_from(sorted(saved["state"])))
    saved["state"][key] = data.draw(spoilt(saved["state"][key]))
    try:
        loaded = game.from_json(saved)
    except RecordError:
        return
    for seat in (None, *range(players)):
        loaded.view(seat)
        loaded.events_for(seat)
    random_play(loaded, rng, 400)
    assert loaded.is_over or len(loaded.history) >= len(state.history) + 1
