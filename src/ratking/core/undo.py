"""Undo: taking back the last steps of the seat to move, by replaying the record without them.

The kernel keeps one bar per state (`State.undo_from`): the steps from there on were all made
by the seat to move, in its current turn, and none of them touched chance or hidden
information. `State.apply` moves the bar past a step that drew from the state's generator (a
die, a shuffle) or handed the decision to another seat; `State.draw` and a game's own
`State.reveal` move it past a step that showed a hidden card. Undo then needs no inverse in
any game: the state before those steps is the record without them, replayed (bit for bit).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import IllegalAction

if TYPE_CHECKING:
    from .state import State

# Why nothing (more) can be taken back, by what set the bar (`State.undo_bar`).
REFUSALS = {
    None: "no step has been made yet",
    "turn": "no step of this turn is left to take back (the turn came from another seat)",
    "chance": "chance has been drawn since (a die rolled or cards shuffled)",
    "hidden": "a hidden card has been drawn, turned or looked at since",
}


def refusal(state: State) -> str:
    """Why `state` offers nothing (more) to take back, in words."""
    if state.over:
        return "the game is over"
    return REFUSALS[state.undo_bar]


def undo(state: State, steps: int = 1) -> State:
    """A new state: `state` before its last `steps` steps (at most `state.undoable()`).

    Raises IllegalAction (action "undo") with the reason when that many cannot be taken back;
    `state` is never changed.
    """
    from .record import replay

    if steps.__class__ is not int or steps < 1:
        raise IllegalAction("undo", f"the number of steps to take back must be 1 or more, "
                                    f"not {steps!r}")
    can = state.undoable()
    if steps > can:
        why = refusal(state)
        raise IllegalAction("undo", why if can == 0 else
                            f"only {can} step(s) can be taken back: {why}")
    record = state.record()
    record["actions"] = record["actions"][:-steps]
    return replay(record)


def closes_undo(state: State) -> bool:
    """Whether the seat to move could take a step back now and would lose that by making
    its only legal move (it rolls, draws or shows a card, hands the turn on or ends the game).
    A page or terminal that makes a person's only move for them waits for them then, so a
    misclick before it can still be taken back. Whether a step reveals follows from what the
    seat sees, so the answer tells it nothing hidden (tests/games/test_undo.py)."""
    if not state.undoable():
        return False
    legal = state.legal_actions()
    if len(legal) != 1:
        return False
    after = state.clone()
    after.apply(legal[0])
    return after.undoable() == 0
