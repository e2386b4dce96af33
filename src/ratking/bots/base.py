"""What a bot is."""

from __future__ import annotations

from typing import Protocol

from ..core import Action, State


class Bot(Protocol):
    """Chooses an action for the player to move. Bots read only what that seat may know."""

    name: str

    def choose(self, state: State) -> Action: ...


BOT_NAMES = ("Whiskers", "Nibbles", "Templeton", "Remy", "Scabbers", "Ratatouille")
