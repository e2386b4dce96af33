"""A compiled game on both cores, step by step: where the compiled core and the Python engine
(the reference) disagree. Rat-a-Tat Roll's handle by default; any compiled game's handle
(`handle`: new_game, to_json, legal_ids, apply, returns, evaluate, observation, determinize,
heuristic) alike."""

from __future__ import annotations

import random

import numpy as np

from ratking.native import load
from ratking.native.chance import seed_words
from ratking.native.rat_a_tat_roll import NativeRoll

GAME_KEYS = ("rng", "to_move", "over", "result", "end_reason", "state", "unordered")


def seated(rules: dict, players: int) -> dict:
    """Drawn rule values with a drawn `first_seat` (any small number) made a seat of the game."""
    if "first_seat" not in rules:
        return rules
    return {**rules, "first_seat": rules["first_seat"] % players}


def game_part(state_json: dict) -> dict:
    """The part of a Python state's JSON the compiled core holds (not the narration)."""
    return {k: state_json[k] for k in GAME_KEYS if k in state_json}


def check_step(state, native: NativeRoll, step: int, det_seed: int) -> None:
    """Everything the two cores must agree on at this point, each with where it differs."""
    where = f"step {step}"
    assert native.to_json() == game_part(state.to_json()), f"{where}: the state"
    assert native.legal_ids() == [a.id for a in state.legal_actions()], f"{where}: legal ids"
    assert native.returns() == state.returns(), f"{where}: returns"
    ev_py, ev_nat = state.game.evaluate(state), native.evaluate()
    assert np.allclose(ev_nat, ev_py, rtol=0, atol=1e-9), f"{where}: evaluation"
    for seat in [None, *range(state.players)]:
        for recall in (False, True):
            py = state.information_state(seat) if recall else state.observation(seat)
            assert native.observation(seat, recall).tobytes() == py.tobytes(), \
                f"{where}: observation of seat {seat} (recall={recall})"
        d_py, d_nat = state.determinize(seat, det_seed), native.determinize(seat, det_seed)
        assert d_nat.to_json() == game_part(d_py.to_json()), \
            f"{where}: determinization for seat {seat}"
        legal = d_py.legal_actions()
        assert d_nat.legal_ids() == [a.id for a in legal], \
            f"{where}: legal ids after the determinization for seat {seat}"
        if legal:  # and they play on alike (the keyed stream, the unordered pile)
            pick = legal[det_seed % len(legal)].id
            d_py.apply(pick)
            d_nat.apply(pick)
            assert d_nat.to_json() == game_part(d_py.to_json()), \
                f"{where}: a step after the determinization for seat {seat}"


def play_both(game, players: int, seed: int, heuristic_seats: int = 0,
              every_step: bool = True, handle: type = NativeRoll) -> int:
    """One game on both cores, random seats and `heuristic_seats` heuristic ones (the first
    seats), compared at every step (or only the legal ids, the heuristic's choices and the
    end); its decisions. `handle`: the compiled game's class (its `new_game`)."""
    state = game.new_game(players, seed=seed)
    native = handle.new_game(game, players, seed)
    core = load()
    picker = random.Random(seed ^ 0x5EED)
    jitter_py = [random.Random(seed * 10 + k) for k in range(players)]
    jitter_nat = [core.MersenneTwister(seed_words(seed * 10 + k)) for k in range(players)]
    step = 0
    while True:
        if every_step:
            check_step(state, native, step, seed + step)
        if state.is_over:
            break
        p = state.to_move
        if p < heuristic_seats:
            action = game.heuristic(state, jitter_py[p]).id
            assert native.heuristic(jitter_nat[p]) == action, f"step {step}: the heuristic"
        else:
            legal = state.legal_actions()
            if not every_step:
                assert native.legal_ids() == [a.id for a in legal], f"step {step}: legal ids"
            action = legal[int(picker.random() * len(legal))].id
        state.apply(action)
        native.apply(action)
        step += 1
    assert native.to_json() == game_part(state.to_json()), "the final state"
    return step
