"""`u` in `ratking play`: a person takes back their last decision of the turn, as far as the
kernel allows (`State.undoable`: nothing rolled, drawn or shown since, no other seat's
decision). A decision the terminal made for them (their only choice) goes back with the one
before it, or it would be made again at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.undo import refusal

if TYPE_CHECKING:
    from .table import TerminalGame

KEYS = ("u", "undo")


def take_back(play: TerminalGame) -> bool:
    """Undo the person's last decision in `play` (printing what was taken back, or why
    nothing can be); True if the state changed."""
    state, say = play.state, play._say
    can = state.undoable()
    if not can:
        say(f"[red]Nothing to take back: {refusal(state)}.[/]")
        return False
    steps = 1
    earlier = state.undo(1)
    while play.forced and len(earlier.legal_actions()) == 1 and steps < can:
        steps += 1  # an only choice, made for them: the decision before it goes back too
        earlier = state.undo(steps)
    if play.forced and len(earlier.legal_actions()) == 1:
        say("[red]Nothing to take back: your decisions since were your only choices.[/]")
        return False
    first = state.history[state.steps - steps]
    label = earlier.describe_action(state.game.action_by_id(first))
    play.state = earlier
    play.shown = min(play.shown, len(earlier.log))
    for seat in play.seen:
        play.seen[seat] = min(play.seen[seat], len(earlier.log))
    say(f"  [yellow]You took back[/] {label}" + (f" (and {steps - 1} more)" if steps > 1 else ""))
    play.last_actor = None  # the next decision draws the whole screen again
    return True
