"""The Target: Rats board (games/target_rats/board.py) as the compiled core holds it."""

from __future__ import annotations

from typing import Any

from ..games.target_rats.board import Board

# the Board fields the compiled board holds under the same names (tuples become lists)
FIELDS = ("surface", "underground", "city", "homes", "corridor_surface", "corridor_under",
          "home_exit", "kind", "ring_index", "beneath", "exterminator_spaces",
          "simplified_dumpsters", "adj", "dist", "quadrants", "unlimited", "corridor",
          "token_slot")


def compiled_board(core: Any, board: Board) -> Any:
    """The compiled twin of `board`, field for field."""
    made = core.target_rats.Board()
    for name in FIELDS:
        value = getattr(board, name)
        if isinstance(value, tuple):
            value = [list(v) if isinstance(v, tuple) else v for v in value]
        setattr(made, name, value)
    return made
