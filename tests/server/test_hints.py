"""Hints: the search bot's suggestion for the player to move, searched in the worker pool,
sent only to them, and built from nothing their seat cannot know."""

import random

import pytest

import ratking
from ratking.server.pool.workers import job_of
from ratking.server.rooms.hints import TOP, hint_in_worker

from .conftest import expect, new_table
from .test_socket import join

GAMES = [info.id for info in ratking.list_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hint_ranks_legal_moves_and_knows_only_the_seats_information(game_id):
    game = ratking.make(game_id, max_rounds=30)
    state = game.new_game(2, seed=5)
    rng = random.Random(2)
    while len(state.legal_actions()) < 2:  # a position with a choice to make
        state.apply(game.heuristic(state, rng))
    seat = state.current_player
    hint = hint_in_worker(job_of(state), seat, None, 11, iters=150)
    legal = {a.id for a in state.legal_actions()}
    assert 1 <= len(hint) <= TOP and {h["id"] for h in hint} <= legal
    assert all(0.0 <= h["win"] <= 1.0 and h["label"] for h in hint)
    assert [h["visits"] for h in hint] == sorted((h["visits"] for h in hint), reverse=True)
    # the same search on a state re-dealt where the seat cannot see gives the same hint
    other = state.determinize(seat, seed=3)
    assert hint_in_worker(job_of(other), seat, None, 11, iters=150) == hint


def test_a_hint_goes_to_the_player_to_move_only(client):
    table = new_table(client, seats=("human", "heuristic"), game="you-dirty-rat")
    with join(client, table, [table["seats"][0]["token"]]) as (ws, state), \
            join(client, table) as (watcher, _state):
        assert state["hints"] is True
        watcher.send_json({"type": "hint"})
        assert expect(watcher, "error")["code"] == "hint-not-your-turn"
        ws.send_json({"type": "hint"})
        hint = expect(ws, "hint")
        assert hint["version"] == state["version"] and hint["seat"] == 0
        assert {m["id"] for m in hint["moves"]} <= {a["id"] for a in state["actions"]}


def test_a_hints_chance_counts_finished_games_as_wins_and_losses(monkeypatch):
    """You Dirty Rat's search levels value a finished game partly by its cash margin; a hint
    searches without that, so the chance it shows is one of winning."""
    from ratking.bots import ismcts

    used = []
    real = ismcts.SearchSettings

    def settings(**options):
        used.append(options)
        return real(**options)

    monkeypatch.setattr(ismcts, "SearchSettings", settings)
    game = ratking.make("you-dirty-rat", max_rounds=30)
    state = game.new_game(2, seed=5)
    rng = random.Random(2)
    while len(state.legal_actions()) < 2:
        state.apply(game.heuristic(state, rng))
    hint_in_worker(job_of(state), state.current_player, None, 11, iters=60)
    assert "margin=0.3" in game.levels["expert"] and used[-1]["margin"] == 0.0


@pytest.mark.parametrize("game_id", ["target-rats", "target-rats-simplified"])
def test_a_target_rats_hint_names_the_whole_move(game_id):
    # seed 000, MOVEMENT: a move is which group, how many, then its steps; the hint says all
    from ratking.server.play.board_routes import ROUTE, STEP

    state = ratking.make(game_id).new_game(2, seed=5)
    rng = random.Random(4)
    while not any(a.id.startswith(("group:", "rat:")) for a in state.legal_actions()):
        state.apply(state.game.heuristic(state, rng))
    seat = state.current_player
    hint = hint_in_worker(job_of(state), seat, None, 11, iters=300)
    whole = [h for h in hint if "to" in h]
    assert whole, hint
    for move in whole:
        assert move["id"].startswith(("group:", "rat:")) and move["to"].startswith(ROUTE)
        where = move["to"][len(ROUTE):]
        words = state.game.action_by_id(STEP + where).label.removeprefix("Step to ")
        # from where (the group's space), to where; how many when a group is split
        start = state.game.action_by_id(move["id"]).label
        assert move["label"].startswith(start) and f"to {words}" in move["label"], move
