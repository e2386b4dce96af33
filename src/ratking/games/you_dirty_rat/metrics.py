"""You Dirty Rat's counters for lab reports: how the game ended, heists, draws and steals."""

from __future__ import annotations

from ...core.metrics import event_counts, events_of, one_of
from .rules import ENDINGS

# the report's names for rules.ENDINGS, in the same order
ENDING_NAMES = ("Town Stash empty", "no Heist left", "deck out")


def measure(state) -> dict[str, float]:
    ev = event_counts(state)
    end = next(events_of(state, "end"))
    held = [ENDING_NAMES[ENDINGS.index(e)] for e in end["endings"]]
    stash = robbed = 0
    for steal in events_of(state, "steal"):
        if steal["from"] < 0:
            stash += steal["amount"]
        else:
            robbed += steal["amount"]
    return {
        **one_of("ended by", ENDING_NAMES, held),
        "heists done": float(sum(len(won) for won in state.won)),
        "Specialists played": float(ev["play"]),
        "cards drawn": float(sum(d["count"] for d in events_of(state, "draw"))),
        "reshuffles": float(ev["reshuffle"]),
        "taken from the Town Stash": float(stash),
        "stolen from players": float(robbed),
        "winning total": float(max(end["totals"])),
    }
