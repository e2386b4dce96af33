"""What the environments share: a game with its spaces checked, and text rendering."""

from __future__ import annotations

import io
from typing import Any

from ..core import Game, RatkingError, State, make
from ..core.spaces import ActionSpace, Layout


class Spec:
    """One game, rule set and player count, with its action space and tensor layout."""

    def __init__(self, game_id: str, players: int, rules: dict[str, Any]) -> None:
        self.game: Game = make(game_id, **rules)
        self.game.check_players(players)
        self.players = players
        space = self.game.action_space(players)
        layout = self.game.observation_layout(players)
        if space is None or layout is None:
            raise RatkingError(f"{self.game.title} has no action space or observation tensor")
        self.space: ActionSpace = space
        self.layout: Layout = layout


def render_text(state: State, width: int = 100) -> str:
    """The spectator's view as the terminal draws it (ANSI colours included)."""
    from rich.console import Console

    out = io.StringIO()
    console = Console(file=out, width=width, force_terminal=True, color_system="standard")
    console.print(state.game.render_text(state.view(None)))
    status = (f"Game over ({state.end_reason}): returns {state.returns()}" if state.is_over
              else f"{state.names[state.current_player]} to decide")
    console.print(status, highlight=False, markup=False)
    return out.getvalue()
