"""The Gymnasium environment (ratking.envs.gymnasium), for every game: registered ids,
Gymnasium's own check_env, and random play against bots through it."""

from __future__ import annotations

import json
import random

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratking
from ratking import RatkingError
from ratking.envs.gymnasium import ENV_IDS, RatkingGymEnv

INFO = {info.id: info for info in ratking.list_games()}
GAMES = sorted(INFO)
CAP = 12


def test_every_game_is_registered():
    assert [f"ratking/{game_id}-v0" for game_id in GAMES] == ENV_IDS
    for name in ENV_IDS:
        assert name in gymnasium.registry


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("opponents", ["random", "heuristic"])
def test_gymnasium_check_env_passes(game_id, opponents):
    e = gymnasium.make(f"ratking/{game_id}-v0", players=INFO[game_id].max_players,
                       opponents=opponents, max_rounds=CAP)
    check_env(e.unwrapped)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_random_play_against_bots(game_id, data, seed):
    players = data.draw(st.sampled_from(ratking.make(game_id).player_counts()))
    opponents = data.draw(st.lists(st.sampled_from(["random", "heuristic"]),
                                   min_size=players - 1, max_size=players - 1))
    seat = data.draw(st.sampled_from([None, *range(players)]))
    e = RatkingGymEnv(game_id, players=players, opponents=opponents, seat=seat,
                      max_rounds=CAP)
    obs, info_ = e.reset(seed=seed)
    rng = random.Random(seed)
    done = False
    while not done:
        state = e.game_state
        assert e.observation_space.contains(obs)
        assert state.current_player == e.seat == info_["seat"]
        assert np.array_equal(obs, state.observation(e.seat))
        mask = info_["action_mask"]
        assert sorted(np.flatnonzero(mask)) == e.space.indices(state.legal_actions())
        obs, reward, terminated, truncated, info_ = e.step(rng.choice(np.flatnonzero(mask)))
        done = terminated or truncated
        assert reward == (state.returns()[e.seat] if done else 0.0)
    assert state.is_over and not info_["action_mask"].any()
    assert truncated == (state.end_reason == "round-cap")
    again = ratking.replay(json.loads(json.dumps(state.record())))
    assert again.to_json() == state.to_json()


def test_an_illegal_action_changes_nothing_and_says_why():
    e = RatkingGymEnv("rat-a-tat-roll", players=2)
    obs, info = e.reset(seed=4)
    before = e.game_state.to_json()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    again, reward, terminated, truncated, info = e.step(illegal)
    assert np.array_equal(again, obs) and reward == 0.0 and not (terminated or truncated)
    assert info["illegal"].startswith(f"illegal action {e.space.ids[illegal]!r}: ")
    assert e.game_state.to_json() == before


def test_the_learner_and_the_bots_take_their_own_seats():
    e = RatkingGymEnv("you-dirty-rat", players=3, opponents=["heuristic", "random"], seat=1)
    e.reset(seed=2)
    assert [type(e.bots[p]).__name__ for p in (0, 2)] == ["HeuristicBot", "RandomBot"]
    assert e.game_state.to_move == 1
    seats = set()
    dealt = RatkingGymEnv("you-dirty-rat", players=3, seat=None)
    for seed in range(12):
        dealt.reset(seed=seed)
        seats.add(dealt.seat)
    assert seats == {0, 1, 2}


def test_bad_settings_are_refused():
    with pytest.raises(RatkingError, match="no bot"):
        RatkingGymEnv("rat-a-tat-roll", opponents="grandmaster")
    with pytest.raises(RatkingError, match="2 opponents given for 1"):
        RatkingGymEnv("rat-a-tat-roll", opponents=["random", "random"])
    with pytest.raises(RatkingError, match="seat must be"):
        RatkingGymEnv("rat-a-tat-roll", seat=2)
    with pytest.raises(ValueError, match="render_mode"):
        RatkingGymEnv("rat-a-tat-roll", render_mode="rgb_array")
    with pytest.raises(RatkingError, match="recall must be True or False"):
        RatkingGymEnv("rat-a-tat-roll", recall="yes")


def test_recall_observes_the_information_state():
    # seed 004: without the memory aid a seat's view forgets the cards it was shown; with
    # recall=True the learner observes the information state, which keeps them
    e = gymnasium.make("ratking/rat-a-tat-roll-v0", players=2, recall=True)
    plain = gymnasium.make("ratking/rat-a-tat-roll-v0", players=2)
    obs, _ = e.reset(seed=4)
    seen, _ = plain.reset(seed=4)
    state = e.unwrapped.game_state
    assert np.array_equal(obs, state.information_state(e.unwrapped.seat))
    assert np.array_equal(seen, state.observation(e.unwrapped.seat))
    assert not np.array_equal(obs, seen)  # the first card, looked at during set-up
    e = RatkingGymEnv("rat-a-tat-roll")
    with pytest.raises(RatkingError, match="reset"):
        e.step(0)


def test_ansi_rendering():
    e = gymnasium.make("ratking/rat-and-duck-v0", render_mode="ansi")
    e.reset(seed=1)
    assert "to decide" in e.render()
