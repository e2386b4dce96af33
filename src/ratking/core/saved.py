"""Checks for the fields of a saved state (`State._load`): each raises RecordError naming the
field, so a corrupt save fails clearly instead of building a broken game."""

from __future__ import annotations

from typing import Any

from .errors import RecordError


def whole(value: Any, low: int, high: int, key: str) -> int:
    """`value` as a whole number low..high (a bool is not one)."""
    if value.__class__ is not int or not low <= value <= high:
        raise RecordError(f"state {key!r} must be a whole number {low} to {high}")
    return value


def ints(data: dict[str, Any], key: str, low: int, high: int,
         length: int | None = None) -> list[int]:
    """data[key] as a list of whole numbers low..high (of `length` items, if given)."""
    value = data[key]
    if not isinstance(value, list) or (length is not None and len(value) != length):
        size = f"{length} " if length is not None else ""
        raise RecordError(f"state {key!r} must be a list of {size}whole numbers {low} to {high}")
    return [whole(x, low, high, key) for x in value]


def flags(data: dict[str, Any], key: str, length: int | None = None) -> list[bool]:
    """data[key] as a list of true/false flags (of `length` items, if given)."""
    value = data[key]
    if not isinstance(value, list) or any(x.__class__ is not bool for x in value) \
            or (length is not None and len(value) != length):
        raise RecordError(f"state {key!r} must be a list of true/false flags")
    return list(value)
