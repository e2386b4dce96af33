"""The kernel contract, run on one game: `check(game_id)` here, `ratking check GAME` from a shell.

Every check plays the game at random (each rule variant the game declares, every player count)
and holds it to what the kernel and every consumer of its hooks rely on (docs/new-game.md).
The property functions it is built from take one state and raise `Broken` naming what is
wrong; ratking's own generic tests call the same functions on states Hypothesis draws.
"""

from .contract import CHECKS, Outcome, check
from .properties import Broken

__all__ = ["CHECKS", "Broken", "Outcome", "check"]
