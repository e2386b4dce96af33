"""Rat-a-Tat Roll's counters for lab reports: totals, and how the dice and cards were used."""

from __future__ import annotations

from ...core.metrics import event_counts


def measure(state) -> dict[str, float]:
    ev = event_counts(state)
    totals = state.scores()
    return {
        "winning total": min(totals),
        "spread of totals": max(totals) - min(totals),
        "plays/re-roll": float(ev["reroll"]),
        "plays/swap": float(ev["swap"]),
        "plays/peek": float(ev["peek"] + ev["peek-own"]),
        "plays/face-up card taken": float(ev["take"]),
        "plays/card drawn from the pile": float(ev["draw"]),
        "plays/card discarded": float(ev["discard"]),
        "face-up reshuffles": float(ev["reshuffle"]),
    }
