"""Crumbs' own counters of a finished game, for lab reports."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import CrumbsState


def measure(s: CrumbsState) -> dict[str, float]:
    return {"swaps": float(sum(s.swapped)), "winning score": max(s.scores()),
            "ended by/empty pile": float(s.end_reason == "finished"),
            "ended by/round limit": float(s.end_reason == "round-cap")}
