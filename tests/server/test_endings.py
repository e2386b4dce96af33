"""How a game ends other than by its rules (server/play/endings.py), as properties over every game
and player count: seats leave in any order and for any reason; leaving never raises, the game
ends exactly when one side is left, the sides that left rank below every side still in (the
first to leave last), teammates share their fate, and the end screen's explanation is whole."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import ratking
from ratking.core import list_games, shared
from ratking.server.play.endings import (
    ending,
    final_returns,
    leave,
    out_seats,
    sides_gone,
    teams_of,
)

SETUPS = [(g.id, n) for g in list_games() for n in shared(g.id).player_counts()]
WHYS = ("resigned", "timed out", "left")


def played_out(game_id: str, players: int, seed: int):
    """A game of `game_id` played by random moves to its end (Rat-a-Tat Roll: short)."""
    state = ratking.make(game_id).new_game(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()).id)
    return state


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SETUPS), st.integers(0, 2**31), st.lists(st.sampled_from(WHYS),
                                                                  max_size=5))
def test_seats_leaving_in_any_order(setup, seed, whys):
    game_id, players = setup
    state = shared(game_id).new_game(players, seed=seed)
    teams = teams_of(state)
    rng = random.Random(seed)
    outcome = None
    for why in whys:
        still = [s for s in range(players) if s not in out_seats(outcome, teams)]
        if outcome and outcome["end"]:
            break
        seat = rng.choice(still)
        outcome = leave(outcome, seat, why, teams)
        gone = set(out_seats(outcome, teams))
        assert seat in gone and all((teams[s] == teams[seat]) <= (s in gone)
                                    for s in range(players))  # its side with it
        left = set(teams) - set(sides_gone(outcome, teams))
        assert bool(outcome["end"]) == (len(left) <= 1)
        returns = final_returns(state, outcome)
        if not outcome["end"]:
            assert returns is None  # the game goes on: no result yet
            continue
        assert outcome["end"] == ("resigned" if why == "resigned" else "claimed")
        kept = [returns[s] for s in range(players) if s not in gone]
        order = sides_gone(outcome, teams)
        for s in gone:
            assert all(returns[s] < r for r in kept)
            for t in gone:  # the first side to leave ranks last
                if order.index(teams[s]) < order.index(teams[t]):
                    assert returns[s] < returns[t]
        shown = ending(state, outcome, returns, None)
        assert len(shown["marks"]) == players
        assert set(shown["winners"]) == set(range(players)) - gone


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 5), st.integers(0, 2**31), st.sampled_from(WHYS))
def test_a_game_played_out_after_a_seat_left_ranks_it_last(players, seed, why):
    state = played_out("rat-a-tat-roll", players, seed)
    teams = teams_of(state)
    seat = seed % players
    outcome = leave(None, seat, why, teams)
    returns = final_returns(state, outcome)
    if players == 2:
        assert outcome["end"] and returns[seat] < returns[1 - seat]
        return
    assert outcome["end"] is None
    assert all(returns[seat] < returns[s] for s in range(players) if s != seat)
    engine = state.returns()
    for s in range(players):  # those still in keep the game's own result
        if s != seat:
            assert returns[s] == engine[s]
    shown = ending(state, outcome, returns, state.game.ending(state) if state.game.ending
                   else None)
    assert seat not in shown["winners"] and "ranked last" in shown["rule"]


def test_no_result_for_a_vote_or_an_abort():
    state = shared("rat-a-tat-roll").new_game(2, seed=1)
    for end in ("agreed", "aborted"):
        outcome = {"end": end, "out": []}
        assert final_returns(state, outcome) is None
        shown = ending(state, outcome, None, None)
        assert shown["winners"] == [] and "no rating changes" in shown["headline"]
