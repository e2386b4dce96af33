"""The log kept move by move (`Narrator`) tells exactly what the whole log told afresh
(`whole_log`) does, for every seat and a spectator, in every game, whatever moves were made
for a person (their notes), before and after an undo (after which the room tells the log
afresh)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ratking
from ratking.core import RulesError, game_class
from ratking.server.messages import Narrator, made_for_note, whole_log

GAMES = [info.id for info in ratking.list_games()]


def players_of(game_id: str) -> int:
    """Three where the game takes three, else its smallest table."""
    game = game_class(game_id)()
    try:
        game.check_players(3)
    except RulesError:
        return game.min_players
    return 3


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), noted=st.floats(0.0, 0.5),
       undo_at=st.integers(5, 60))
def test_the_kept_log_is_the_whole_log_told_again(game_id, seed, noted, undo_at):
    game = game_class(game_id)()
    players = players_of(game_id)
    state = game.new_game(players, seed=seed)
    pick = random.Random(seed)
    seats = [*range(players), None]
    narrators = {seat: Narrator(seat) for seat in seats}
    notes: dict[int, str] = {}
    moves: list[str] = []
    undone = False
    while not state.is_over and len(moves) < 150:
        seat = state.current_player
        action = pick.choice(state.legal_actions()).id
        if pick.random() < noted:  # made for a person, as the room notes it
            notes[state.steps] = made_for_note(state, seat, pick.choice(["forced", "timer"]))
        state.apply(action)
        moves.append(action)
        if not undone and len(moves) == undo_at:  # an undo: rebuilt shorter, told afresh
            undone = True
            narrators = {seat: Narrator(seat) for seat in seats}  # as the room does
            keep = undo_at // 2
            moves = moves[:keep]
            notes = {i: n for i, n in notes.items() if i < keep}
            state = game.new_game(players, seed=seed)
            for move in moves:
                state.apply(move)
        for seat in seats:
            assert narrators[seat](state, notes) == whole_log(state, seat, notes), \
                f"{game_id}, seat {seat}, after {len(moves)} moves"
