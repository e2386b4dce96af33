"""core.tables.once: a table per component object, worked out once, gone with its component."""

from __future__ import annotations

import gc

from ratking.core import tables
from ratking.core.tables import once


class Part:
    """A stand-in component (any object that takes weak references)."""

    def __init__(self, size: int) -> None:
        self.size = size


def squares(part: Part, offset: int = 0) -> list[int]:
    squares.calls += 1
    return [i * i + offset for i in range(part.size)]


squares.calls = 0


def test_a_table_is_worked_out_once_per_component_and_goes_with_it():
    squares.calls = 0
    a, b = Part(3), Part(4)
    assert once(a, squares) == [0, 1, 4]
    assert once(a, squares) is once(a, squares)
    assert once(b, squares, 10) == [10, 11, 14, 19]  # context goes to the build function
    assert squares.calls == 2
    key = (id(a), squares)
    assert key in tables._TABLES
    del a
    gc.collect()
    assert key not in tables._TABLES  # no table outlives its component
    c = Part(2)  # a new object, whatever its id: its own table
    assert once(c, squares) == [0, 1]
    assert squares.calls == 3
