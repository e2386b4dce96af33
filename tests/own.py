"""Which installed games are ratking's own (their package is inside ratking): the tests that
hold golden files, shipped policies or hand-built positions cover those; the generic tests
cover every installed game, a game from a package of its own included."""

from __future__ import annotations

import ratking


def is_own(game_id: str) -> bool:
    return ratking.core.game_class(game_id).__module__.startswith("ratking.")


def own_games() -> list[str]:
    return [info.id for info in ratking.list_games() if is_own(info.id)]
