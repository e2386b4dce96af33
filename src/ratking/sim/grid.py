"""Rule values to try, as the command line writes them: NAME=V1,V2,... or NAME=LOW..HIGH.

Every value is checked against the game's rule (its type and bounds) before anything runs, and
the errors say which rule and which value were wrong.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from ..core import RatkingError, make

MAX_CELLS = 500  # a larger grid is nearly always a typo; `ratking tune` searches wide ranges


@dataclass(frozen=True)
class Axis:
    """One rule and the values a sweep gives it (typed, in the order given)."""

    name: str
    values: tuple[Any, ...]


def split_assignment(text: str, option: str) -> tuple[str, str]:
    name, eq, value = text.partition("=")
    name, value = name.strip(), value.strip()
    if not eq or not name or not value:
        raise RatkingError(f"{option} takes NAME=VALUES, not {text!r}")
    return name, value


def parse_range(text: str, option: str, name: str) -> tuple[int, int] | None:
    """'LOW..HIGH' as two whole numbers, LOW <= HIGH; None if `text` is not a range."""
    if ".." not in text:
        return None
    low_text, _, high_text = text.partition("..")
    try:
        low, high = int(low_text.strip()), int(high_text.strip())
    except ValueError:
        raise RatkingError(f"{option} {name}: a range is LOW..HIGH in whole numbers, "
                           f"not {text!r}") from None
    if low > high:
        raise RatkingError(f"{option} {name}: the range {text!r} is empty (LOW is above HIGH)")
    return low, high


def typed_value(game: str, base: dict[str, Any], name: str, value: Any) -> Any:
    """`value` converted and checked as the game's rule `name` (with the other rules in
    `base`)."""
    return make(game, **{**base, name: value}).rules[name]


def parse_axis(game: str, base: dict[str, Any], text: str, option: str = "--rule") -> Axis:
    """NAME=V1,V2,... or NAME=LOW..HIGH (every whole number in between) -> a checked Axis."""
    name, values = split_assignment(text, option)
    span = parse_range(values, option, name)
    if span is not None:
        raw: list[Any] = list(range(span[0], span[1] + 1))
    else:
        raw = [v.strip() for v in values.split(",")]
        if any(not v for v in raw):
            raise RatkingError(f"{option} {name}: an empty value in {values!r}")
    typed = [typed_value(game, base, name, v) for v in raw]
    seen: list[Any] = []
    for value in typed:
        if value in seen:
            raise RatkingError(f"{option} {name}: the value {value!r} is given twice")
        seen.append(value)
    return Axis(name, tuple(typed))


def parse_grid(game: str, texts: list[str] | None,
               more: bool = False) -> tuple[dict[str, Any], list[Axis]]:
    """--rule options -> (the fixed rules, the axes to sweep). A rule given one value is
    fixed; one given several is swept. Every cell of the grid is checked as a whole. `more`:
    other axes (card values) follow, so the rules may sweep nothing."""
    fixed: dict[str, Any] = {}
    axes: list[Axis] = []
    names: set[str] = set()
    for text in texts or []:
        name, _ = split_assignment(text, "--rule")
        if name in names:
            raise RatkingError(f"--rule {name} is given twice")
        names.add(name)
    for text in texts or []:
        axis = parse_axis(game, {}, text)
        if len(axis.values) == 1:
            fixed[axis.name] = axis.values[0]
        else:
            axes.append(axis)
    if not more:
        check_grid(axes)
    for cell in cells(axes):
        make(game, **fixed, **cell)  # cross-checks between rules, before anything runs
    return fixed, axes


def check_grid(axes: list[Axis]) -> list[Axis]:
    """The grid's axes, refused when there is none or the grid has too many cells."""
    if not axes:
        raise RatkingError("--rule: give at least one rule two or more values to sweep (or a "
                           "card value, with --card), e.g. --rule unrest_to_win=12,15,18")
    count = 1
    for axis in axes:
        count *= len(axis.values)
    if count > MAX_CELLS:
        raise RatkingError(f"the grid has {count:,} cells, more than {MAX_CELLS}; sweep fewer "
                           f"values, or search the ranges with `ratking tune`")
    return axes


def cells(axes: list[Axis]) -> list[dict[str, Any]]:
    """Every combination of the axes' values, the last axis varying fastest."""
    return [dict(zip([a.name for a in axes], combo, strict=True))
            for combo in itertools.product(*(a.values for a in axes))]


def show(value: Any) -> str:
    """A rule value as the command line writes it."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
