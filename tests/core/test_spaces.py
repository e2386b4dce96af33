"""The kernel's spaces for learning agents (core/spaces.py), on the toy game."""

from __future__ import annotations

import numpy as np
import pytest

from ratking.core import RatkingError
from ratking.core.spaces import (
    ActionSpace,
    Layout,
    relative,
    scaled,
    seat_order,
    view_observation,
)

from .toy import Toy


def _actions(game, players):
    return [*game.takes, game.reveal]


def _layout(game, players):
    lay = Layout()
    lay.add("pile", 1, "counters left / the starting pile")
    lay.add("cards", players * 11, "per seat, relative: 1 if unknown, then the card one-hot")
    return lay


def _encode(game, view, lay, out):
    out[lay.at["pile"]] = scaled(view["pile"], game.rules.pile)
    players = len(view["cards"])
    for k, p in enumerate(seat_order(view["seat"], players)):
        card = view["cards"][p]
        out[lay.at["cards"] + 11 * k + (0 if card is None else 1 + card)] = 1.0


class SpacedToy(Toy):
    action_catalogue = _actions
    tensor_layout = _layout
    encode_view = _encode


class SpacedState(Toy.state_class):
    __slots__ = ()

    def _view(self, seat):
        return {**super()._view(seat), "seat": seat}


SpacedToy.state_class = SpacedState


def _encode_state(game, state, seat, lay, out):
    out[lay.at["pile"]] = scaled(state.pile, game.rules.pile)
    players = state.players
    for k, p in enumerate(seat_order(seat, players)):
        shown = p == seat or state.revealed[p]
        out[lay.at["cards"] + 11 * k + (1 + state.secret[p] if shown else 0)] = 1.0


class FastToy(SpacedToy):
    encode_state = _encode_state


def test_a_game_without_the_hooks_has_no_spaces():
    game = Toy()
    state = game.new_game(2, seed=1)
    assert game.action_space(2) is None and game.observation_shape(2) is None
    assert state.action_mask() is None and state.observation(0) is None


def test_the_action_space_numbers_every_action_both_ways():
    game = SpacedToy(max_take=3)
    space = game.action_space(3)
    assert space is game.action_space(3)  # cached
    assert space.ids == ("take:1", "take:2", "take:3", "reveal") and len(space) == 4
    for i, action_id in enumerate(space.ids):
        assert space.index(action_id) == i
        assert space.index(space.action(i)) == i
        assert space.action(np.int64(i)).id == action_id  # numbers from numpy work too
    with pytest.raises(RatkingError, match="not in this action space"):
        space.index("take:9")
    with pytest.raises(RatkingError, match="no action number 4"):
        space.action(4)
    with pytest.raises(RatkingError, match="whole number"):
        space.action("two")
    with pytest.raises(RatkingError, match="takes 2 to 4 players"):
        game.action_space(5)


def test_the_mask_is_exactly_the_legal_actions():
    game = SpacedToy(pile=3, max_take=2)
    state = game.new_game(2, seed=3)
    space = game.action_space(2)
    while not state.is_over:
        mask = state.action_mask()
        assert mask.dtype == np.bool_ and mask.shape == (len(space),)
        assert {space.ids[i] for i in np.flatnonzero(mask)} == {a.id for a in
                                                                state.legal_actions()}
        assert space.indices(state.legal_actions()) == list(np.flatnonzero(mask))
        state.apply(state.legal_actions()[0])
    assert not state.action_mask().any()


def test_a_legal_action_missing_from_the_catalogue_is_a_clear_error():
    class Incomplete(SpacedToy):
        def action_catalogue(self, players):
            return self.takes

    state = Incomplete().new_game(2, seed=1)
    with pytest.raises(RatkingError, match="reveal is not in the action space"):
        state.action_mask()


def test_an_action_space_refuses_an_action_listed_twice():
    game = Toy()
    with pytest.raises(RatkingError, match="twice"):
        ActionSpace([game.reveal, game.reveal])


def test_the_layout_is_contiguous_and_named():
    lay = Layout()
    assert lay.add("a", 3, "three") == 0
    assert lay.add("b", 2, "two") == 3
    assert lay.shape == (5,) and list(lay.blank()) == [0.0] * 5
    assert lay.describe() == [("a", 0, 3, "three"), ("b", 3, 5, "two")]
    with pytest.raises(RatkingError, match="twice"):
        lay.add("a", 1, "again")
    with pytest.raises(RatkingError, match="at least one"):
        lay.add("c", 0, "empty")


def test_observations_come_from_the_view_and_hide_what_it_hides():
    game = SpacedToy()
    state = game.new_game(3, seed=5)
    assert game.observation_shape(3) == (34,)
    for seat in range(3):
        obs = state.observation(seat)
        assert obs.dtype == np.float32 and obs.shape == (34,)
        assert obs[0] == 1.0 and obs[1 + 1 + state.secret[seat]] == 1.0  # own card, first
        # another deal of the cards this seat cannot see gives the same tensor
        for redeal in range(5):
            assert np.array_equal(state.determinize(seat, redeal).observation(seat), obs)
    with pytest.raises(RatkingError, match="no seat 3"):
        state.observation(3)


def test_a_game_with_encode_state_skips_the_view_and_gives_the_same_tensor(monkeypatch):
    game = FastToy()
    state = game.new_game(3, seed=5)
    state.apply("reveal")
    monkeypatch.setattr(SpacedState, "_view", lambda s, seat: pytest.fail("view built"))
    tensors = {seat: state.observation(seat) for seat in (None, 0, 1, 2)}
    monkeypatch.undo()
    for seat, obs in tensors.items():
        assert obs.dtype == np.float32 and obs.shape == (34,)
        assert obs.tobytes() == view_observation(state, seat).tobytes()
    with pytest.raises(RatkingError, match="no seat 3"):
        state.observation(3)


@pytest.mark.parametrize("game_class", [SpacedToy, FastToy])
def test_a_tensor_can_be_written_into_an_array_the_caller_keeps(game_class):
    state = game_class().new_game(3, seed=5)
    batch = np.full((2, 34), 0.5, np.float32)
    for row, seat in enumerate((1, 2)):
        target = batch[row]
        assert state.observation(seat, out=target) is target
        assert np.array_equal(batch[row], state.observation(seat))
    for bad in (np.zeros(34, np.float64), np.zeros(33, np.float32), batch[:, 0],
                np.zeros(34, np.float32)[::1].copy().reshape(2, 17)):
        with pytest.raises(RatkingError, match="float32 array of shape"):
            state.observation(0, out=bad)


def test_seats_are_listed_from_the_observer():
    assert seat_order(2, 4) == [2, 3, 0, 1] and seat_order(None, 3) == [0, 1, 2]
    assert relative(2, 1, 4) == 3 and relative(None, 1, 3) == 1
    assert scaled(3, 4) == 0.75 and scaled(9, 4) == 1.0 and scaled(-1, 4) == 0.0
    assert scaled(1, 0) == 0.0
