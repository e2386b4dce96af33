"""What a bot is, and how to make one by name."""

from __future__ import annotations

from typing import Protocol

from ..core import Action, RatkingError, State


class Bot(Protocol):
    """Chooses an action for the player to move. Bots read only what that seat may know."""

    name: str

    def choose(self, state: State) -> Action: ...


BOT_KINDS = ("random", "heuristic")
BOT_NAMES = ("Whiskers", "Nibbles", "Templeton", "Remy", "Scabbers", "Ratatouille")


def make_bot(kind: str, seed: int | None = None) -> Bot:
    """A bot by kind name ("bot" is the heuristic bot)."""
    from .heuristic import HeuristicBot
    from .random_bot import RandomBot

    if kind == "random":
        return RandomBot(seed)
    if kind in ("heuristic", "bot"):
        return HeuristicBot(seed)
    raise RatkingError(f"no bot {kind!r}; bots: {', '.join(BOT_KINDS)}")
