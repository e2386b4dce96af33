"""Bot levels at a table search for a time people accept: `hard` at most 0.3 s and `expert`
at most 1.5 s a decision (`TABLE_MS`), on top of the iterations the level stands for (the
search stops at whichever ends first). The arena and the lab keep the levels' iterations
alone, so that their results reproduce; at a table, where a person waits, time counts."""

from __future__ import annotations

from ...bots.specs import LEVELS, level_spec
from ...core import Game

TABLE_MS = {"hard": 300, "expert": 1500}  # milliseconds of search a decision, at a table


def table_spec(spec: str, game: Game) -> str:
    """The spec a bot plays by at a table: a searching level (a bare level name) with its time
    budget added; any other spec as it is."""
    name = spec.strip().lower()
    if name not in TABLE_MS or name not in LEVELS:
        return spec
    full = level_spec(game, name)
    if not full.startswith("ismcts") or ":ms=" in full:
        return spec
    return f"{full}:ms={TABLE_MS[name]}"
