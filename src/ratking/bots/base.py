"""What a bot is."""

from __future__ import annotations

from typing import Protocol

from ..core import Action, State


class Bot(Protocol):
    """Chooses an action for the player to move. Bots read only what that seat may know."""

    name: str

    def choose(self, state: State) -> Action: ...


def action_probabilities(bot: Bot, state: State) -> dict[str, float] | None:
    """The chance `bot` gives each legal action at `state` (action id -> probability, the
    actions it never takes left out), from its `probabilities(state)` where it has one; None
    for a bot that cannot say (a search, whose choice is no closed-form distribution)."""
    give = getattr(bot, "probabilities", None)
    return None if give is None else give(state)


BOT_NAMES = ("Whiskers", "Nibbles", "Templeton", "Remy", "Scabbers", "Ratatouille")
