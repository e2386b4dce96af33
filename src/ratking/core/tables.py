"""Tables worked out once per component object (a board, a deck, a city layout) and reused.

Views are built on every move for every seat watching and on every step of a learning agent,
and most of what they show never changes during a game: a card's name, a space's neighbours.
A game's view module works such parts out once with `once(component, build)` and copies them
into each view, so that no two views share a dict or a list.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

# (id of the component, build function) -> (a weak reference to the component, its table).
# An entry goes when its component does, so a table never outlives it or passes to a new
# object that happens to get the same id.
_TABLES: dict[tuple[int, Callable[..., Any]], tuple[weakref.ref, Any]] = {}


def once(component: Any, build: Callable[..., T], *context: Any) -> T:
    """`build(component, *context)`, worked out on the first call for this very object and
    then reused: `context` must be what the component itself determines (the map a layout was
    built on). Components are immutable after loading, so the table never goes stale. The
    component must accept weak references (dataclasses and plain classes do)."""
    key = (id(component), build)
    found = _TABLES.get(key)
    if found is None or found[0]() is not component:
        ref = weakref.ref(component, lambda dead, key=key: _forget(key, dead))
        found = _TABLES[key] = (ref, build(component, *context))
    return found[1]


def _forget(key: tuple[int, Callable[..., Any]], dead: weakref.ref) -> None:
    found = _TABLES.get(key)
    if found is not None and found[0] is dead:
        del _TABLES[key]
