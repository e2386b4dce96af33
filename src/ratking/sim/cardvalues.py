"""Numbers of a card file as a sweep's or a study's values: `--card thief.amount=200,300,400`.

A card value is named by a dotted path into the game's card file (`core/cardfile.py`; each
game's paths: docs/balance.md, "Card files"); a name with a dot is a card value wherever rule
values are given by name (Plan.with_rules sends it to the card file). Each value is checked
by making the game with the changed file, before anything runs.
"""

from __future__ import annotations

from typing import Any

from ..core import RatkingError, make
from ..core.cardfile import CardFile, get_number
from .grid import Axis, parse_range, split_assignment


def is_card_path(name: str) -> bool:
    """Whether a value's name is a card file's dotted path (rule names have no dot)."""
    return "." in name


def base_file(game: str, files: dict[str, CardFile]) -> CardFile:
    """The card file the values change: the one given, else the game's own."""
    if "cards" in files:
        return files["cards"]
    own = make(game).files
    if "cards" not in own:
        raise RatkingError(f"{make(game).title} has no card file: --card has nothing to change")
    return own["cards"]


def card_number(text: Any, option: str, path: str) -> int | float:
    if isinstance(text, int | float) and not isinstance(text, bool):
        return text
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            raise RatkingError(f"{option} {path}: {text!r} is not a number") from None


def card_value(game: str, files: dict[str, CardFile], path: str, value: Any,
               option: str = "--card") -> int | float:
    """`value` set at `path` in the card file, checked by the game: as the file holds it."""
    number = card_number(value, option, path)
    changed = base_file(game, files).changed({path: number})
    make(game, card_files={**files, "cards": changed})
    return get_number(changed.data(), path)


def default_value(game: str, files: dict[str, CardFile], path: str) -> int | float:
    """The number the card file holds at `path`."""
    return get_number(base_file(game, files).data(), path)


def card_axis(game: str, files: dict[str, CardFile], text: str) -> Axis:
    """PATH=V1,V2,... or PATH=LOW..HIGH (whole numbers) -> a checked Axis of card values."""
    path, values = split_assignment(text, "--card")
    if not is_card_path(path):
        raise RatkingError(f"--card takes a dotted path into the card file (e.g. "
                           f"thief.amount), not {path!r}")
    span = parse_range(values, "--card", path)
    raw: list[Any] = (list(range(span[0], span[1] + 1)) if span is not None
                      else [v.strip() for v in values.split(",")])
    typed = [card_value(game, files, path, v) for v in raw]
    if len(set(typed)) != len(typed):
        raise RatkingError(f"--card {path}: a value is given twice")
    return Axis(path, tuple(typed))


def card_axes(game: str, files: dict[str, CardFile],
              texts: list[str] | None) -> tuple[dict[str, Any], list[Axis]]:
    """--card options -> (the fixed card values, the card axes to sweep)."""
    fixed: dict[str, Any] = {}
    axes: list[Axis] = []
    for text in texts or []:
        axis = card_axis(game, files, text)
        if axis.name in fixed or any(a.name == axis.name for a in axes):
            raise RatkingError(f"--card {axis.name} is given twice")
        if len(axis.values) == 1:
            fixed[axis.name] = axis.values[0]
        else:
            axes.append(axis)
    return fixed, axes


def card_param(game: str, files: dict[str, CardFile], text: str):
    """PATH=LOW..HIGH (whole numbers; decimal when an end has a point) or PATH=A,B,... -> a
    tune.Param over a card value, both ends (or every choice) checked by the game."""
    from .tune import Param, decimal_range

    path, values = split_assignment(text, "--card")
    if not is_card_path(path):
        raise RatkingError(f"--card takes a dotted path into the card file (e.g. "
                           f"thief.amount), not {path!r}")
    span = decimal_range(values, path)
    whole = None if span is not None else parse_range(values, "--card", path)
    if span is not None or whole is not None:
        low, high = span or whole
        if low == high:
            raise RatkingError(f"--card {path}: the range {values!r} holds one value")
        for end in (low, high):
            kept = card_value(game, files, path, end)
            if whole is not None and not isinstance(kept, int):
                raise RatkingError(f"--card {path}: the file holds a decimal here: write the "
                                   f"range with a point (e.g. {low}.0..{high}.0)")
        return Param(path, low, high, decimal=span is not None)
    choices = tuple(card_value(game, files, path, v.strip()) for v in values.split(","))
    if len(choices) < 2 or len(set(choices)) != len(choices):
        raise RatkingError(f"--card {path}: give LOW..HIGH or two or more different values")
    return Param(path, choices=choices)
