"""The turn (seed 000, TURN FLOW REFERENCE): its start (the held victory, items reactivated,
re-entry, the one-rat choice), the victory check, and the passing of the turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .phases import ACT, END_TURN, EXT_PHASE, MOVE, ONE_RAT, VICTORY
from .rats import home, nests, spawn

if TYPE_CHECKING:
    from .state import FullState


def start_turn(s: FullState) -> None:
    f = s.turn
    r = s.game.rules
    s.emit("turn", f, {"round": s.round})
    # RULINGS (victory): marked at a check, the player wins if it still holds now
    if s.pending_win == f:
        s.pending_win = -1
        if s.cheese == f and nests(s, f) >= r.nests_to_win:
            win(s, f)
            return
        s.emit("win-lost", f, {})
    if s.item[f] >= 0:
        s.item_ready[f] = True  # 1. reactivate any used item
    s.cheese_drew = False
    s.action_spaces = []
    s.done_spaces = []
    s.grp_idx = []
    s.grp_path = []
    s.grp_steps = 0
    s.tasks = [(END_TURN,), (VICTORY,), (EXT_PHASE,), (ACT, f), (MOVE, f)]
    if not s.rats[f]:
        # seed 000, GAMEPLAY: a wiped-out faction re-enters with two rats and plays on
        n = spawn(s, f, home(s, f), r.reentry_rats)
        s.emit("reentry", f, {"rats": n})
    elif len(s.rats[f]) == 1 and r.one_rat_skip:
        s.tasks.append((ONE_RAT, f))
    s.groups_left = r.base_groups + nests(s, f)
    s.moved = [False] * len(s.rats[f])


def reinforce(s: FullState) -> None:
    """seed 000, GAMEPLAY: with one rat, spawn two on the home nest and "skip the rest of
    their turn": movement, actions and the Exterminator phase (seed 000 calls it the final
    turn phase) are all skipped; so is the victory check, which could find nothing new, since
    rats on a home nest change no nest and no throne."""
    f = s.turn
    n = spawn(s, f, home(s, f), s.game.rules.reentry_rats)
    s.emit("reinforce", f, {"rats": n})
    s.tasks = [(END_TURN,)]
    s.moved = []


def victory_check(s: FullState) -> None:
    """seed 000, GAMEPLAY: 3 nest tokens and Da Big Cheese, to be held for one more round."""
    f = s.cheese
    if f >= 0 and nests(s, f) >= s.game.rules.nests_to_win and s.pending_win != f:
        s.pending_win = f
        s.emit("pending-win", f, {"nests": nests(s, f)})


def win(s: FullState, f: int) -> None:
    result = [0.0] * s.players
    result[f] = 1.0
    s.tasks = []
    s.emit("end-game", None, {"winner": f, "reason": "finished"})
    s.finish(result, "finished")


def end_turn(s: FullState) -> None:
    nxt = (s.turn + 1) % s.players
    if nxt == s.game.rules.first_seat:  # a round ends when play comes back to the starter
        cap = s.game.rules.max_rounds
        if cap is not None and s.round >= cap:
            s.tasks = []
            s.emit("end-game", None, {"winner": None, "reason": "round-cap"})
            s.finish([1.0 / s.players] * s.players, "round-cap")
            return
        s.round += 1
    s.turn = nxt
    start_turn(s)
