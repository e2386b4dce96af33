"""Target: Rats Simplified's counters for lab reports: fights for Rat City, the throne, losses."""

from __future__ import annotations

from ....core.metrics import event_counts, events_of


def measure(state) -> dict[str, float]:
    ev = event_counts(state)
    fights = list(events_of(state, "fight"))
    killed_in_fights = sum(sum(f["sides"].values()) - f["sides"][str(f["winner"])]
                           for f in fights)
    exterminated = sum(sum(e["killed"]) for e in events_of(state, "exterminator"))
    return {
        "fights in Rat City": float(len(fights)),
        "rats lost/in fights": float(killed_in_fights),
        "rats lost/to the Exterminator": float(exterminated + ev["exterminated"]),
        "rats bred": float(sum(b["rats"] for b in events_of(state, "breed"))),
        "rats fed": float(ev["feed"]),
        "Da Big Cheese crowned": float(ev["cheese"] + sum(1 for f in fights if f["throne"])),
        "Da Big Cheese lost the throne": float(ev["throne-lost"]),
    }
