"""The OpenSpiel games (ratking.envs.openspiel): registered for every game, OpenSpiel's own
random simulation test (with serialization in the explicit-chance mode), its Python ISMCTS bot
playing whole games, tabular CFR on the tiny rule set, pickling and worker processes, and the
adapter's promises (sampled chance, determinize as resampling, perfect-recall information
states)."""

from __future__ import annotations

import copy
import multiprocessing
import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import cfr, exploitability, ismcts, mcts

import ratking
from ratking.envs.common import STEPS_PER_ROUND
from ratking.envs.openspiel import GAME_NAMES, MAX_GAME_LENGTH, TINY_RULES, short_name

INFO = {info.id: info for info in ratking.list_games()}
GAMES = sorted(INFO)


def load(game_id, **params):
    return pyspiel.load_game(short_name(game_id), params)


def test_every_game_is_registered_under_its_name():
    assert [f"ratking_{game_id.replace('-', '_')}" for game_id in GAMES] == GAME_NAMES
    registered = set(pyspiel.registered_names())
    assert set(GAME_NAMES) <= registered
    game_type = load("rat-a-tat-roll").get_type()
    assert game_type.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_random_simulation_test_passes(game_id):
    # OpenSpiel's own checks: clones, sorted legal actions, unique action strings, tensor
    # sizes, finite values, returns within the utility range; with serialization in the
    # explicit mode (OpenSpiel's binding cannot save a sampled Python game's generator)
    game = load(game_id, players=INFO[game_id].min_players, max_rounds=3, seed=7)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    explicit = load(game_id, players=INFO[game_id].min_players, max_rounds=3,
                    chance="explicit")
    assert explicit.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    pyspiel.random_sim_test(explicit, num_sims=2, serialize=True, verbose=False)


def play_out(state: pyspiel.State, seed: int) -> pyspiel.State:
    """Random play to the end (chance outcomes by their probabilities)."""
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("chance", ["sampled", "explicit"])
@pytest.mark.parametrize("game_id", GAMES)
def test_games_and_states_pickle_and_deep_copy_with_their_random_state(game_id, chance):
    game = load(game_id, players=2, seed=5, max_rounds=4, chance=chance)
    state = game.new_initial_state()
    for _ in range(3):
        if not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[len(actions) // 2])
    twin = pickle.loads(pickle.dumps(game))
    assert str(twin) == str(game)
    # the generator travels with the game: the next deals are the same
    assert str(twin.new_initial_state()) == str(game.new_initial_state())
    for again in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert str(again) == str(state) and again.legal_actions() == state.legal_actions()
        # and the state's own generator too: the same chance from here on
        assert str(play_out(again, 1)) == str(play_out(state.clone(), 1))
    undealt = load(game_id, chance="explicit").new_initial_state()
    assert pickle.loads(pickle.dumps(undealt)).is_chance_node()


def returns_in_worker(state: pyspiel.State) -> list[float]:
    return play_out(state, 3).returns()


def test_games_travel_to_worker_processes():
    game = load("you-dirty-rat", players=3, seed=2, max_rounds=5)
    states = [game.new_initial_state() for _ in range(2)]
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        remote = pool.map(returns_in_worker, states)
    assert remote == [returns_in_worker(s.clone()) for s in states]


def test_tabular_cfr_runs_to_the_end_on_the_tiny_rules_and_exploitability_falls():
    # every die, draw and shuffle is a chance node of its own: one deal is tree enough
    game = load("rat-a-tat-roll", players=2, chance="explicit", deals=1, **TINY_RULES)
    solver = cfr.CFRSolver(game)
    curve = []
    for _ in range(2):
        solver.evaluate_and_update_policy()
        curve.append(exploitability.nash_conv(game, solver.average_policy()))
    assert curve[0] > 0.3
    assert curve[1] < curve[0] * 0.75


@pytest.mark.parametrize("game_id", GAMES)
def test_the_game_matches_ratking(game_id):
    info = INFO[game_id]
    players = info.max_players
    game = load(game_id, players=players, max_rounds=4, seed=3)
    ratking_game = ratking.make(game_id, max_rounds=4)
    space = ratking_game.action_space(players)
    assert game.num_players() == players
    assert game.num_distinct_actions() == len(space)
    assert game.observation_tensor_shape() == list(ratking_game.observation_shape(players))
    assert game.max_game_length() == 4 * STEPS_PER_ROUND * players  # max_rounds=4
    assert load(game_id, max_rounds=0).max_game_length() == MAX_GAME_LENGTH
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    while not state.is_terminal():
        inner = state.ratking_state()
        assert state.current_player() == inner.to_move
        assert state.legal_actions() == space.indices(inner.legal_actions())
        for p in range(players):
            assert np.array_equal(np.array(state.observation_tensor(p), np.float32),
                                  inner.observation(p))
            assert np.array_equal(np.array(state.information_state_tensor(p), np.float32),
                                  inner.information_state(p))
            # OpenSpiel's C++ side (through the Python observer) reads the same
            for method in ("observation_tensor", "information_state_tensor",
                           "observation_string", "information_state_string"):
                assert getattr(pyspiel.State, method)(state, p) == getattr(state, method)(p)
        # a resampled state is one the player cannot tell apart from this one
        player = state.current_player()
        twin = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0, 1))
        assert twin.information_state_string(player) == state.information_state_string(player)
        assert twin.observation_string(player) == state.observation_string(player)
        assert twin.legal_actions() == state.legal_actions()
        # a clone replays the same chance
        action = int(rng.choice(state.legal_actions()))
        copy = state.clone()
        state.apply_action(action)
        copy.apply_action(action)
        assert str(copy) == str(state) and copy.history() == state.history()
    assert state.returns() == state.ratking_state().returns()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert game.observation_tensor_size() == pyspiel.Game.observation_tensor_size(game)
    with pytest.raises(ValueError, match="no player"):
        state.observation_tensor()  # nobody is to move once the game is over
    with pytest.raises(ValueError, match="no player"):
        state.information_state_string(players)


def test_information_states_remember_what_views_forget():
    # seed 004: a peeked card leaves the view (memory is part of the game) but not the
    # information state, which recalls every event a seat was told
    game = load("rat-a-tat-roll", players=2, seed=11)
    state = game.new_initial_state()
    seen = set()
    rng = np.random.default_rng(2)
    for _ in range(60):
        if state.is_terminal():
            break
        seen.add(state.information_state_string(0))
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert len(seen) > 10
    view = state.observation_string(0)
    assert view.startswith("{") and '"seat":0' in view


def test_the_information_state_tensor_keeps_the_cards_a_seat_was_shown():
    # seed 004, set-up 2: each player looks at its first card once; without the memory aid
    # the view (and the observation tensor) forget its value, the information state keeps it
    game = load("rat-a-tat-roll", players=2, seed=5)
    state = game.new_initial_state()
    inner = state.ratking_state()
    lay = inner.game.observation_layout(2)
    card = lay.at["seat0.cards"]  # the observer's first card: present, unknown, value one-hot
    recall = np.array(state.information_state_tensor(0), np.float32)
    seen = np.array(state.observation_tensor(0), np.float32)
    value = inner.game.values[inner.hands[0][0]]
    assert seen[card] == 1.0 and seen[card + 1] == 1.0 and not seen[card + 2:card + 12].any()
    assert recall[card] == 1.0 and recall[card + 1] == 0.0 and recall[card + 2 + value] == 1.0
    # OpenSpiel's C++ side reads it through a perfect-recall observer
    assert pyspiel.State.information_state_tensor(state, 0) == state.information_state_tensor(0)


@pytest.mark.parametrize("game_id", ["rat-a-tat-roll", "you-dirty-rat"])
def test_openspiel_ismcts_plays_whole_games(game_id):
    game = load(game_id, players=2, max_rounds=8, seed=5)
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rng)
            for _ in range(2)]
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
        returns = state.returns()
        assert len(returns) == 2 and all(0.0 <= r <= 1.0 for r in returns)


def test_seeds_fix_the_deals_and_parameters_map_to_rules():
    a = load("you-dirty-rat", players=3, seed=9)
    b = load("you-dirty-rat", players=3, seed=9)
    assert [str(a.new_initial_state()) for _ in range(2)] == \
        [str(b.new_initial_state()) for _ in range(2)]
    assert load("rat-and-duck").new_initial_state().ratking_state().game.rules.max_rounds == 25
    capless = load("rat-and-duck", max_rounds=0).new_initial_state().ratking_state()
    assert capless.game.rules.max_rounds is None
    big = load("rat-and-duck", players=6, units="PPS-DDD")
    assert big.num_players() == 6
    with pytest.raises(ValueError, match="takes 2 to 5 players") as bad:
        load("rat-a-tat-roll", players=6)
    repr(bad.traceback)  # the half-made game shows without harm
    with pytest.raises(ValueError, match="cards"):
        load("rat-a-tat-roll", cards=99)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        load("rat-a-tat-roll", colour="red")


def test_a_state_saves_and_loads():
    game = load("target-rats-simplified", players=2, seed=4)
    state = game.new_initial_state()
    for action in (state.legal_actions()[0], 0):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[min(action, len(state.legal_actions()) - 1)])
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state)
    assert again.legal_actions() == state.legal_actions()


def test_a_game_that_stalls_ends_at_its_length_bound_as_a_draw():
    # seed 003, 3.2.1: Link and Unlink may be repeated within a turn any number of times, so a
    # policy can keep a Rat & Duck game going for ever; OpenSpiel's algorithms need the
    # declared bound to hold
    game = pyspiel.load_game("ratking_rat_and_duck", {"seed": 3, "max_rounds": 1})
    bound = game.max_game_length()
    assert bound == 1 * STEPS_PER_ROUND * 2
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])

    def named() -> dict[int, str]:
        return {a: state.action_to_string(state.current_player(), a)
                for a in state.legal_actions()}

    while not any(n.startswith("link:") for n in named().values()):
        names = named()
        state.apply_action(next((a for a, n in names.items() if n.startswith("move:")),
                                min(names)))
    for _ in range(bound):  # link, unlink, link... within the one turn
        if state.is_terminal():
            break
        state.apply_action(next(a for a, n in named().items()
                                if n.startswith(("link:", "unlink:"))))
    assert state.is_terminal()
    assert len(state.ratking_state().history) == bound
    assert not state.ratking_state().over
    assert state.returns() == [0.5, 0.5]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.legal_actions() == []
