"""Every game's action space and observation tensor (core/spaces.py, each game's
observation.py), checked over random play: the mask is exactly the legal actions, numbers and
ids map both ways, tensors have the declared shape, finite values in [0, 1], the fast encoder
(`encode_state`) writes exactly the bytes of the view's encoding, and tensors never leak: two
states that differ only in what a seat cannot see give that seat the same tensor.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratking
from ratking.core.spaces import Kept, view_observation
from ratking.sim import random_play
from ratking.testing.properties import check_spaces

from ..own import own_games

GAMES = [info.id for info in ratking.list_games()]
CAP = 30
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def variants(game_id: str) -> tuple[dict, ...]:
    """The rule variants the game declares (Game.variants): those that change its spaces."""
    return ratking.make(game_id).variants


def has_spaces(game_id: str) -> bool:
    game = ratking.make(game_id)
    return game.action_catalogue is not None and game.tensor_layout is not None


# the games the environments take (a game without an action catalogue and a tensor layout
# is played everywhere else, and its environments say they cannot take it)
SPACED = [game_id for game_id in GAMES if has_spaces(game_id)]


def test_every_game_of_ratkings_own_has_spaces():
    for game_id in own_games():
        game = ratking.make(game_id)
        for players in game.player_counts():
            assert game.action_space(players) is not None
            assert game.observation_shape(players) is not None


@st.composite
def games(draw, game_id, players=None):
    """A game of one of the variants (one that takes `players`, if given), its player count, a
    seed and a chooser."""
    chosen = [rules for rules in variants(game_id)
              if players is None or players in ratking.make(game_id, **rules).player_counts()]
    rules = dict(draw(st.sampled_from(chosen)))
    game = ratking.make(game_id, max_rounds=CAP, **rules)
    if players is None:
        players = draw(st.sampled_from(game.player_counts()))
    return game, players, draw(st.integers(0, 2**40)), random.Random(draw(st.integers(0, 2**32)))


# every game at every player count any of its variants takes (Rat & Duck takes up to one seat
# per unit, which its rules may raise, and an odd count only with uneven_teams)
# (the fast encoder is optional: the games that have one)
SEATINGS = [(game_id, players) for game_id in SPACED if ratking.make(game_id).encode_state
            for players in sorted({n for rules in variants(game_id)
                                   for n in ratking.make(game_id, **rules).player_counts()})]


def check_mask(state) -> None:
    space = state.game.action_space(state.players)
    mask = state.action_mask()
    assert mask.dtype == np.bool_ and mask.shape == (len(space),)
    legal = state.legal_actions()
    assert sorted(space.ids[i] for i in np.flatnonzero(mask)) == sorted(a.id for a in legal)
    for action in legal:
        assert space.action(space.index(action.id)) is action


def check_tensor(state, seat) -> np.ndarray:
    obs = state.observation(seat)
    assert obs.dtype == np.float32
    assert obs.shape == state.game.observation_shape(state.players)
    assert np.isfinite(obs).all() and obs.min() >= 0.0 and obs.max() <= 1.0
    return obs


@pytest.mark.parametrize("game_id", SPACED)
def test_action_spaces_are_stable_unique_and_from_the_catalogue(game_id):
    for rules in variants(game_id):
        one, two = ratking.make(game_id, **rules), ratking.make(game_id, **rules)
        for players in one.player_counts():
            space = one.action_space(players)
            assert space.ids == two.action_space(players).ids  # the same order every time
            assert len(set(space.ids)) == len(space)
            for i, action in enumerate(space.actions):
                assert one.action_by_id(action.id) is action
                assert space.index(action.id) == i


@pytest.mark.parametrize("game_id", SPACED)
@SETTINGS
@given(data=st.data())
def test_masks_and_tensors_over_whole_random_games(game_id, data):
    game, players, seed, rng = data.draw(games(game_id))
    state = game.new_game(players, seed=seed)
    steps = 0
    while not state.is_over:
        check_mask(state)
        if steps % 7 == 0:
            check_tensor(state, state.current_player)
        random_play(state, rng, 1)
        steps += 1
    check_mask(state)
    assert not state.action_mask().any()
    for seat in [None, *range(players)]:
        check_tensor(state, seat)


@pytest.mark.parametrize(("game_id", "players"), SEATINGS)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_fast_encoder_writes_the_bytes_of_the_view_encoding(game_id, players, data):
    # state.observation takes the game's encode_state, which reads the state's fields; it
    # must equal encode_view(view(seat)) bit for bit, for every seat and the spectator, at
    # every decision point of a random game and at its end
    game, players, seed, rng = data.draw(games(game_id, players))
    assert game.encode_state is not None
    state = game.new_game(players, seed=seed)
    out = np.empty(game.observation_shape(players), np.float32)
    while True:
        for seat in [None, *range(players)]:
            expected = view_observation(state, seat).tobytes()
            assert state.observation(seat).tobytes() == expected
            out.fill(0.5)  # written in place over whatever was there
            assert state.observation(seat, out=out).tobytes() == expected
        if state.is_over:
            break
        random_play(state, rng, 1)


@pytest.mark.parametrize("game_id", SPACED)
@SETTINGS
@given(data=st.data(), stop=st.integers(0, 300), redeal=st.integers(0, 2**32))
def test_tensors_never_leak(game_id, data, stop, redeal):
    # a determinization for a seat re-deals everything that seat cannot see: its tensor
    # (from the fast encoder, and from the view) must not change
    game, players, seed, rng = data.draw(games(game_id))
    state = game.new_game(players, seed=seed)
    random_play(state, rng, stop)
    check_spaces(state, redeal)  # the contract's check (ratking check GAME)
    for seat in [None, *range(players)]:
        obs = check_tensor(state, seat)
        twin = state.determinize(seat, seed=redeal)
        assert np.array_equal(view_observation(twin, seat), obs)
        assert np.array_equal(state.clone().observation(seat), obs)
        # the information state too: it recalls what the seat was shown, nothing else
        recall = state.information_state(seat)
        assert recall.shape == obs.shape and recall.min() >= 0.0 and recall.max() <= 1.0
        if game.encode_recall is None:  # a view that forgets nothing is the information state
            assert np.array_equal(recall, obs)
    if players > 1 and not state.is_over:
        # seats see the table differently: the observer always comes first
        views = [state.observation(seat) for seat in range(players)]
        assert any(not np.array_equal(views[0], other) for other in views[1:])


# games whose fast encoder also comes in parts, for the environments' kept tensors
UPDATED = [game_id for game_id in SPACED if ratking.make(game_id).encode_update is not None]


def test_the_games_whose_tensors_pay_to_keep_have_encoders_in_parts():
    # docs/performance.md: keeping a seat's tensor pays in these two, not in the others
    assert sorted(UPDATED) == ["target-rats", "you-dirty-rat"]


@pytest.mark.parametrize("game_id", UPDATED)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), looks=st.integers(0, 2**32))
def test_a_kept_tensor_brought_up_to_date_is_the_tensor(game_id, data, looks):
    # an environment keeps a tensor per seat and writes again only the parts whose keys
    # changed: at every look, in game after game on the same kept tensors, it must be the
    # fast encoder's tensor bit for bit, whichever seats look and however seldom
    game, players, seed, rng = data.draw(games(game_id))
    layout = game.observation_layout(players)
    kept = {seat: Kept(layout) for seat in [None, *range(players)]}
    chooser = random.Random(looks)
    for g in range(3):
        state = game.new_game(players, seed=seed + g)
        while True:
            seats = [seat for seat in kept if chooser.random() < 0.3]
            if not state.is_over:
                seats.append(state.current_player)
            for seat in seats:
                tensor = kept[seat]
                if tensor.state is not state:
                    tensor.start(state)
                game.encode_update(state, seat, layout, tensor.out, tensor)
                assert tensor.array.tobytes() == state.observation(seat).tobytes()
            if state.is_over:
                break
            random_play(state, rng, 1)


def test_a_kept_part_is_cleared_only_when_its_key_changes():
    layout = ratking.make("you-dirty-rat").observation_layout(3)
    kept = Kept(layout)
    kept.start(object())
    kept.array[:] = 1.0
    assert kept.stale(0, ("a", [1, 2]), 2, 5)  # never written: stale, and its values cleared
    assert kept.array[:6].tolist() == [1.0, 1.0, 0.0, 0.0, 0.0, 1.0]
    kept.array[:] = 1.0
    assert not kept.stale(0, ("a", [1, 2]), 2, 5)  # an equal key: nothing cleared
    assert kept.stale(1, ("a", [1, 2]), 7, 8)  # another part keeps its own key
    assert kept.stale(0, ("a", [1, 3]), 2, 5)
    assert kept.array[:6].tolist() == [1.0, 1.0, 0.0, 0.0, 0.0, 1.0]
    kept.start(object())  # a new state: every part is written again, from zeros
    assert not kept.array.any() and kept.stale(0, ("a", [1, 3]), 2, 5)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(0, 2**40), moves=st.integers(0, 2**32),
       rules=st.sampled_from([{}, {"number_dice": 2, "cards": 3}]))
def test_rat_a_tat_roll_information_state_is_the_memory_aid_view(players, seed, moves, rules):
    # seed 004: remembering the cards you were shown is part of the game, so the view forgets
    # them; RULINGS' memory aid keeps them in view. The information state is perfect recall:
    # bit for bit the tensor of the memory aid's view, in the same game played the same way
    plain = ratking.make("rat-a-tat-roll", max_rounds=CAP, **rules).new_game(players, seed=seed)
    aided = ratking.make("rat-a-tat-roll", max_rounds=CAP, memory_aid=True,
                         **rules).new_game(players, seed=seed)
    rng = random.Random(moves)
    differ = False
    while True:
        for seat in [None, *range(players)]:
            recall = plain.information_state(seat)
            assert recall.tobytes() == view_observation(aided, seat).tobytes()
            assert aided.information_state(seat).tobytes() == recall.tobytes()
            differ |= not np.array_equal(recall, plain.observation(seat))
        if plain.is_over:
            break
        action = rng.choice(plain.legal_actions())
        plain.apply(action)
        aided.apply(aided.game.action_by_id(action.id))
    # set-up 2: each player has looked at its first card, which only the recall keeps
    assert differ
