"""The seats of a terminal game: the kind of each (a person or a bot spec) and its name."""

from __future__ import annotations

from collections.abc import Sequence

from ..bots import BOT_KINDS, BOT_NAMES, parse_spec
from ..core import RatkingError

SEAT_KINDS = ("human", "bot", "heuristic", "random")  # the common ones; any bot spec works


def parse_seats(seats: str | None, players: int) -> list[str]:
    """`human,bot,hard` -> a kind per seat: `human` or a bot spec (ratking.bots.make_bot);
    default: one human, heuristic bots for the rest."""
    kinds = ["human"] + ["bot"] * (players - 1) if not seats else \
        [k.strip().lower() for k in seats.split(",")]
    if len(kinds) != players:
        raise RatkingError(f"--seats names {len(kinds)} seats for {players} players")
    for kind in kinds:
        if kind.split(":")[0] not in ("human", *BOT_KINDS):
            raise RatkingError(f"unknown seat kind {kind!r}; choose from human, "
                               f"{', '.join(BOT_KINDS)} (bots may take options, e.g. "
                               "ismcts:iters=500)")
        if kind != "human":
            parse_spec(kind)  # a bad option raises, naming it
    return kinds


def seat_names(kinds: Sequence[str]) -> list[str]:
    """People are named by their seat ("Player 1"), never "You": the saved record names
    them, and a replay shown as another seat must read right; the screen says "you" itself
    (events are narrated to their reader)."""
    names, bots = [], iter(BOT_NAMES)
    for i, kind in enumerate(kinds):
        if kind == "human":
            names.append(f"Player {i + 1}")
        else:
            names.append(next(bots, f"Bot {i + 1}"))
    return names
