"""The environments take another component file as a constructor argument, and play it."""

from __future__ import annotations

import pickle

import pytest

import ratking
from tests.cardfiles import thief_file


@pytest.fixture
def thief400(tmp_path):
    return thief_file(tmp_path, 400)


def test_gymnasium_and_pettingzoo_play_the_given_card_file(thief400):
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    from ratking.envs.gymnasium import RatkingGymEnv
    from ratking.envs.pettingzoo import raw_env

    gym = RatkingGymEnv("you-dirty-rat", card_files={"cards": str(thief400)})
    aec = raw_env("you-dirty-rat", card_files={"cards": str(thief400)})
    for game in (gym.game, aec.game):
        assert [t.amount for t in game.deck.types if t.name == "Thief"] == [400]
    gym.reset(seed=1)
    assert gym.game.describe_files()["cards"]["name"] == str(thief400)
    with pytest.raises(ratking.RatkingError, match="cannot read"):
        RatkingGymEnv("you-dirty-rat", card_files={"cards": str(thief400) + ".absent"})


def test_openspiel_takes_a_cards_file_parameter_and_pickles_with_it(thief400):
    pyspiel = pytest.importorskip("pyspiel")
    from ratking.envs import openspiel  # noqa: F401  registers the games

    game = pyspiel.load_game("ratking_you_dirty_rat", {"cards_file": str(thief400)})
    state = game.new_initial_state()
    for _ in range(6):
        state.apply_action(state.legal_actions()[0])
    again = pickle.loads(pickle.dumps(state))
    assert again.holder.get().game.describe_files()["cards"]["sha256"] == \
        ratking.make("you-dirty-rat", card_files={"cards": str(thief400)}).files["cards"].sha256
    assert str(again) == str(state)
