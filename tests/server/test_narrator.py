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
from ratking.server.play.messages import Narrator, log_entries, log_lines, made_for_note, whole_log

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


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), noted=st.floats(0.0, 0.5))
def test_each_log_line_knows_the_move_it_tells_of(game_id, seed, noted):
    # the replay's log steps: the same sentences as the log, each with the move whose events
    # (or note) it tells, in the order played
    game = game_class(game_id)()
    state = game.new_game(players_of(game_id), seed=seed)
    pick = random.Random(seed)
    notes: dict[int, str] = {}
    while not state.over and len(state.history) < 80:
        if pick.random() < noted:
            notes[len(state.history)] = made_for_note(state, state.to_move, "forced")
        state.apply(pick.choice(state.legal_actions()))
    events = state.events_for(None)
    for told in ({}, notes):
        entries = log_entries(events, told)
        assert [line for line, _ in entries] == log_lines(events, told)
        moves = [move for _, move in entries]
        assert moves == sorted(moves) and all(-1 <= m < len(state.history) for m in moves)
        for line, move in entries:
            if line in told.values():
                continue
            sentence = log_lines([e for e in events if e.step == move])
            assert line in sentence
