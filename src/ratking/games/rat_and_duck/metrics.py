"""Rat & Duck's counters for lab reports: unrest, Bio-Sci, what each side did, how it ended."""

from __future__ import annotations

from ...core.metrics import event_counts, events_of, one_of
from .params import GOVERNMENT

ENDINGS = ("unrest goal", "Bio-Sci goal", "round limit")


def ending(state) -> str:
    """Which of the three endings closed the game."""
    end = next(events_of(state, "end-game"))
    if end["reason"] != "finished":
        return "round limit"
    return "Bio-Sci goal" if end["winner"] == GOVERNMENT else "unrest goal"


def measure(state) -> dict[str, float]:
    ev = event_counts(state)
    return {
        "unrest": float(sum(state.unrest)),
        "Bio-Sci": float(state.biosci),
        **one_of("ended by", ENDINGS, [ending(state)]),
        "government actions/arrest": float(ev["arrest"]),
        "government actions/control": float(ev["control"]),
        "government actions/target": float(ev["target"]),
        "government actions/kidnap": float(ev["kidnap"]),
        "government actions/link": float(ev["link"]),
        "government actions/unlink": float(ev["unlink"]),
        "government actions/research": float(ev["research"]),
        "dissent actions/speak": float(ev["speak"]),
        "dissent actions/release": float(ev["release"]),
    }
