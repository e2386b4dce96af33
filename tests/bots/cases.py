"""What the property tests of the best responses share: a position after random play in any
game and player count, and the check that a bot's choice there is legal and repeatable."""

from __future__ import annotations

import json
import random

from hypothesis import strategies as st

import ratking
from ratking.bots import make_bot
from ratking.sim import random_play

from .test_search import GAMES


@st.composite
def choices(draw, steps: int, spec):
    """(a position after up to `steps` random moves, the spec `spec(draw)` draws, a seed)."""
    return position(draw, steps), spec(draw), draw(st.integers(0, 2**32))


def position(draw, steps: int):
    """A state after up to `steps` random moves (round cap 20), drawn with `draw`."""
    game = ratking.make(draw(st.sampled_from(GAMES)), max_rounds=20)
    players = draw(st.sampled_from(game.player_counts()))
    state = game.new_game(players, seed=draw(st.integers(0, 2**40)))
    random_play(state, random.Random(draw(st.integers(0, 2**32))), draw(st.integers(0, steps)))
    return state


def legal_repeatable_and_harmless(state, spec: str, seed: int) -> None:
    """Two bots of `spec` seeded alike choose the same legal action and leave `state` as it
    was."""
    if state.over:
        return
    before = json.dumps(state.to_json(), sort_keys=True)
    first, again = make_bot(spec, seed).choose(state), make_bot(spec, seed).choose(state)
    assert first in state.legal_actions() and first.id == again.id
    assert json.dumps(state.to_json(), sort_keys=True) == before  # it changed nothing
