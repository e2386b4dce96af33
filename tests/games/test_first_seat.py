"""Who starts: the rule `first_seat`, where a game's rulebook lets the players choose.

Four rulebooks leave the choice to the table (seed 000, SETUP 5: "Whoever most recently ate
pizza will be the first"; seed 001 keeps the full game's set-up; seed 002, HOW TO PLAY:
"Choose a starting Player, with your preferred method."; seed 004: "Whoever most recently
visited a famous monument goes first"); Rat & Duck's fixes it (seed 003, 1.3: "A dissent
starts the turn"), so it has no such rule.
"""

from __future__ import annotations

import json
import random
from itertools import pairwise

import pytest

import ratking
from ratking.core import RatkingError, RulesError, replay

CHOOSERS = ("target-rats", "target-rats-simplified", "you-dirty-rat", "rat-a-tat-roll")


def owner(state) -> int:
    """Whose turn it is (Target: Rats lets others answer during a turn: `turn` is its owner)."""
    return getattr(state, "turn", state.to_move)


def turns(game_id: str, players: int, first: int, seed: int, rounds: int = 3):
    """A random game under a round cap: the final state and each turn as (round, owner)."""
    state = ratking.make(game_id, first_seat=first, max_rounds=rounds).new_game(players, seed)
    rng = random.Random(seed)
    seen = [(state.round, owner(state))]
    while not state.over:
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])
        if not state.over and owner(state) != seen[-1][1]:
            seen.append((state.round, owner(state)))
    return state, seen


@pytest.mark.parametrize("game_id", CHOOSERS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_chosen_seat_starts_and_every_round_starts_with_it(game_id, players):
    # seed 000, SETUP 5 (and seed 001), seed 002 HOW TO PLAY, seed 004: the players choose who
    # starts; play then goes on in seat order (seed 000: "clockwise"; seed 004: "play proceeds
    # clockwise"), so a round is one turn of each seat, from the starter
    for first in range(players):
        state, seen = turns(game_id, players, first, seed=11 * players + first)
        assert seen[0] == (1, first)
        for (r0, p0), (r1, p1) in pairwise(seen):
            assert p1 == (p0 + 1) % players, "turns pass in seat order"
            assert r1 == r0 + (p1 == first), "a new round starts exactly at the starter"
        if state.end_reason == "round-cap":  # DESIGN principle 4: every seat had its turns
            assert len(seen) == 3 * players and seen[-1][1] == (first - 1) % players


@pytest.mark.parametrize("game_id", CHOOSERS)
def test_the_default_is_the_first_seat(game_id):
    game = ratking.make(game_id)
    assert game.rules.first_seat == 0 and game.new_game(3, seed=1).to_move == 0


@pytest.mark.parametrize("game_id", CHOOSERS)
def test_a_record_names_the_starter_and_replays_bit_for_bit(game_id):
    state, _ = turns(game_id, 3, 2, seed=5, rounds=2)
    record = json.loads(json.dumps(state.record()))
    assert record["rules"]["first_seat"] == 2
    again = replay(record)
    assert json.dumps(again.to_json(), sort_keys=True) == json.dumps(state.to_json(),
                                                                     sort_keys=True)


@pytest.mark.parametrize("game_id", CHOOSERS)
def test_a_seat_the_game_does_not_have_is_refused(game_id):
    game = ratking.make(game_id, first_seat=2)
    with pytest.raises(RatkingError, match="'first_seat' is seat 2, but a 2-player game"):
        game.new_game(2, seed=0)
    assert 2 not in game.player_counts() and 3 in game.player_counts()
    with pytest.raises(RulesError, match="first_seat"):
        ratking.make(game_id, first_seat=-1)


def test_rat_a_tat_roll_takes_a_fifth_starter():
    # seed 004: 2 to 5 players
    assert ratking.make("rat-a-tat-roll", first_seat=4).new_game(5, seed=0).to_move == 4
    with pytest.raises(RulesError, match="at most 3"):
        ratking.make("you-dirty-rat", first_seat=4)


def test_rat_and_duck_has_no_choice_a_dissent_starts():
    # seed 003, 1.3: "A dissent starts the turn": the rulebook fixes who starts
    with pytest.raises(RulesError, match="unknown rule 'first_seat'"):
        ratking.make("rat-and-duck", first_seat=1)
    game = ratking.make("rat-and-duck")
    state = game.new_game(4, seed=0)
    assert state.active in game.dissents


def test_rat_a_tat_roll_final_round_ends_with_its_trigger_whoever_started():
    # seed 004 and RULINGS: the final round starts when the last player completes and ends
    # with the player who triggered it: a turn for each other seat, however play started
    for first in range(3):
        game = ratking.make("rat-a-tat-roll", first_seat=first)
        state = game.new_game(3, seed=first)
        rng = random.Random(first)
        trigger, after = None, []
        while not state.over:
            mover = state.to_move
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
            if trigger is None and state.final_left > 0:
                trigger = mover
            elif trigger is not None and (not after or after[-1] != mover):
                after.append(mover)
        assert state.end_reason == "finished" and trigger is not None
        assert after[-1] == trigger and len(after) == 3

