"""The positions of the current turn, for bots that must not cycle on moves that change nothing.

Some games let a seat take actions that leave its position as it was (Rat & Duck's Link and
Unlink, any number of times in a turn), so a bot that always plays the same move in the same
position could go round for ever. A position is told by the mover's observation and legal
actions (`position_key`); the turn's earlier positions are replayed from the game's seed and
history, since a state keeps no record of them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import RatkingError, State

# the longest run of actions `repeats` looks for (Link, Link, Unlink, Unlink is four)
MAX_PERIOD = 6


def position_key(s: State) -> tuple:
    """What tells one position from another for the seat to move: its observation (its view,
    for a game without an observation tensor) and its legal actions."""
    seat = s.to_move
    obs = s.observation(seat)
    seen = repr(s.view(seat)) if obs is None else obs.tobytes()
    return seat, seen, tuple(map(id, s.legal_actions()))


def turn_so_far(state: State) -> set[tuple]:
    """The keys of the positions of the current turn up to `state` (those since the seat to
    move last changed), `state`'s own included."""
    return {position_key(state), *map(position_key, turn_before(state))}


def turn_before(state: State) -> list[State]:
    """The positions of the current turn before `state` (those since the seat to move last
    changed), replayed from the record: none where it does not replay."""
    return [p for p, _ in _turn(state)]


def taken_here(state: State) -> set[str]:
    """The ids of the actions already taken this turn in the position `state` stands in."""
    key = position_key(state)
    return {action for p, action in _turn(state) if position_key(p) == key}


def repeats(history: Sequence[str], action: str) -> bool:
    """Whether `action` would play a run of the last actions a third time: the last 2k of
    them are one run of k twice (k up to MAX_PERIOD) and `action` starts it again. Cheap; a
    cycle in one position always looks so, and `taken_here` then tells a true one."""
    last = list(history[-2 * MAX_PERIOD:])  # a Trail reads only its last items for this
    n = len(last)
    for k in range(1, n // 2 + 1):
        if last[n - k] == action and last[n - k:] == last[n - 2 * k:n - k]:
            return True
    return False


def _turn(state: State) -> list[tuple[State, str]]:
    """The current turn's earlier positions and the action taken in each, replayed from the
    state's seed and history; none where it does not replay (a state edited by hand)."""
    try:
        s = state.game.new_game(state.players, seed=state.seed, names=list(state.names))
        turn: list[tuple[State, str]] = []
        for action in state.history:
            if turn and s.to_move != turn[-1][0].to_move:
                turn = []
            turn.append((s.clone(), action))
            s.apply(action)
    except RatkingError:
        return []
    return turn if turn and turn[-1][0].to_move == state.to_move else []
