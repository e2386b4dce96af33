"""Property tests over random play, for every game: it ends, never raises, keeps its
invariants, replays bit for bit, clones stay independent and no view leaks hidden information.

Every registered game gets these, a game from a package of its own included; a game of
ratking's own also adds its invariant check to INVARIANTS.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratking
from ratking.sim import random_play
from ratking.testing import properties as contract

from ..own import own_games
from .rat_a_tat_roll import invariants as rat_a_tat_roll
from .rat_and_duck import invariants as rat_and_duck
from .target_rats import invariants as target_rats
from .target_rats_simplified import invariants as target_rats_simplified
from .you_dirty_rat import invariants as you_dirty_rat

INVARIANTS = {"rat-a-tat-roll": rat_a_tat_roll.check, "rat-and-duck": rat_and_duck.check,
              "target-rats": target_rats.check,
              "target-rats-simplified": target_rats_simplified.check,
              "you-dirty-rat": you_dirty_rat.check}
GAMES = [info.id for info in ratking.list_games()]
CAP = 40  # max_rounds for property runs: every game must end by then
RANGED = ("push_distance",)  # rule numbers drawn over their whole range
STEP_LIMIT = 20_000

SETTINGS = settings(max_examples=100, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def invariants(game_id):
    """The game's own invariant check (a game from another package may have none)."""
    return INVARIANTS.get(game_id, lambda state: None)


def test_every_game_of_ratkings_own_has_invariants():
    assert sorted(INVARIANTS) == sorted(own_games())


def dump(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@st.composite
def setups(draw, game_id):
    info = next(i for i in ratking.list_games() if i.id == game_id)
    seed = draw(st.integers(0, 2**40))
    chooser = draw(st.integers(0, 2**32))
    rules = {"max_rounds": CAP}
    for flag in ("memory_aid", "uneven_teams"):  # variants that change who sees or plays
        if any(r["name"] == flag for r in info.rules):
            rules[flag] = draw(st.booleans())
    for spec in info.rules:  # a number the board may not always allow, over its whole range
        if spec["name"] in RANGED:
            rules[spec["name"]] = draw(st.integers(spec["min"], spec["max"]))
    game = ratking.make(game_id, **rules)
    players = draw(st.sampled_from(game.player_counts()))
    if any(r["name"] == "first_seat" for r in info.rules):  # any seat may start
        game = ratking.make(game_id, **rules, first_seat=draw(st.integers(0, players - 1)))
    return game, players, seed, random.Random(chooser)


def started(data, game_id, stop):
    """A game of `game_id` after `stop` random decisions (or its end)."""
    game, players, seed, rng = data.draw(setups(game_id))
    state = game.new_game(players, seed=seed)
    random_play(state, rng, stop)
    return game, state, rng


@pytest.mark.parametrize("game_id", GAMES)
@SETTINGS
@given(data=st.data())
def test_random_play_ends_and_keeps_invariants(game_id, data):
    game, players, seed, rng = data.draw(setups(game_id))
    state = game.new_game(players, seed=seed)
    check = invariants(game_id)
    check(state)
    steps = 0
    while not state.is_over:
        assert state.current_player is not None
        legal = state.legal_actions()
        assert legal, "a live game always offers an action"
        assert len({a.id for a in legal}) == len(legal), "action ids are unique"
        state.apply(legal[int(rng.random() * len(legal))])
        check(state)
        steps += 1
        assert steps < STEP_LIMIT
    assert state.current_player is None and state.legal_actions() == []
    returns = state.returns()
    assert len(returns) == players and all(0.0 <= r <= 1.0 for r in returns)
    # DESIGN: 1 for a win (each seat of a winning team), 0 for a loss; a shared win or a
    # draw splits 1 among those sharing it
    team_win = set(returns) == {0.0, 1.0}
    assert team_win or abs(sum(returns) - 1.0) < 1e-9, returns
    assert state.end_reason in ("finished", "round-cap")
    json.dumps(state.view(None))


@pytest.mark.parametrize("game_id", GAMES)
@SETTINGS
@given(data=st.data(), stop=st.integers(0, 400))
def test_replay_and_json_round_trip_bit_for_bit_and_clones_stay_independent(game_id, data,
                                                                            stop):
    _, state, _ = started(data, game_id, stop)
    contract.check_replay(state, stop)


@pytest.mark.parametrize("game_id", GAMES)
@SETTINGS
@given(data=st.data(), stop=st.integers(0, 200), redeal=st.integers(0, 2**32))
def test_determinize_keeps_every_view(game_id, data, stop, redeal):
    _, state, _ = started(data, game_id, stop)
    contract.check_leaks(state, redeal)
    contract.check_views(state)
    for seat in [None, *range(state.players)]:
        invariants(game_id)(state.determinize(seat, seed=redeal))


@pytest.mark.parametrize("game_id", GAMES)
@SETTINGS
@given(data=st.data(), stop=st.integers(0, 200))
def test_illegal_actions_change_nothing(game_id, data, stop):
    _, state, rng = started(data, game_id, stop)
    contract.check_legality(state, rng)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_heuristic_uses_only_what_its_seat_may_know(game_id):
    # two states that differ only in what the seat to move cannot see get the same decision
    from ratking.bots import HeuristicBot

    game = ratking.make(game_id, max_rounds=CAP)
    for seed in range(4):
        players = game.player_counts()[seed % len(game.player_counts())]
        state = game.new_game(players, seed=seed)
        for _ in range(150):
            if state.is_over:
                break
            twin = state.determinize(state.to_move, seed=seed + 99)
            assert HeuristicBot(1).choose(twin).id == HeuristicBot(1).choose(state).id
            state.apply(HeuristicBot(seed).choose(state))


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), stop=st.integers(0, 300),
       script=st.lists(st.tuples(st.booleans(), st.integers(0, 30), st.integers(0, 40)),
                       min_size=1, max_size=12))
def test_clones_of_clones_stay_independent_at_any_depth(game_id, data, stop, script):
    # a family of states grown from one game by cloning any member (clones of clones) and
    # playing on any member (original and clones, after the clone); each member must equal
    # the game its own record replays, events, record and full state included, and a member
    # nobody played on must not change
    _, state, _ = started(data, game_id, stop)
    family = [state]
    frozen = [dump(state)]
    for clone, which, steps in script:
        i = which % len(family)
        if clone:
            family.append(family[i].clone())
            frozen.append(frozen[i])
        else:
            random_play(family[i], random.Random(which * 100 + steps), steps)
            frozen[i] = dump(family[i])
    for member, snapshot in zip(family, frozen, strict=True):
        assert dump(member) == snapshot
        again = ratking.replay(json.loads(json.dumps(member.record())))
        assert dump(again) == snapshot and member.record() == again.record()
        assert len(member.history) == member.steps == len(again.history)
        assert len(member.log) == len(again.log)
        for seat in [None, *range(member.players)]:
            since = len(member.log) // 2
            assert [e.to_dict() for e in member.events_for(seat, since=since)] == \
                [e.to_dict() for e in again.events_for(seat, since=since)]


@pytest.mark.parametrize("game_id", GAMES)
@SETTINGS
@given(data=st.data(), stop=st.integers(0, 300), redeal=st.integers(0, 2**63))
def test_determinize_is_reproducible_and_independent(game_id, data, stop, redeal):
    game, state, _ = started(data, game_id, stop)
    before = dump(state)
    seat = state.current_player
    a, b = state.determinize(seat, seed=redeal), state.determinize(seat, seed=redeal)
    assert dump(a) == dump(b)  # same seed, same determinized state
    assert a.view(seat) == state.view(seat) and a.history == state.history
    # its future chance is its own: playing it on changes neither the original nor a twin
    random_play(a, random.Random(1), 30)
    assert dump(state) == before
    random_play(b, random.Random(1), 30)
    assert dump(a) == dump(b)
    # and it saves and loads like any state, generator included
    loaded = game.from_json(json.loads(json.dumps(b.to_json())))
    assert dump(loaded) == dump(b)
