"""Small graph helpers for boards and maps, computed once when a game is made."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence


def distances(neighbours: Sequence[Iterable[int]]) -> tuple[tuple[int, ...], ...]:
    """Fewest steps between every pair of places (breadth-first search from each).

    `neighbours[p]` lists the places one step from p. An unreachable place is given the number
    of places, farther than any path.
    """
    size = len(neighbours)
    table = []
    for start in range(size):
        d = [size] * size
        d[start] = 0
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in neighbours[here]:
                if d[nxt] == size:
                    d[nxt] = d[here] + 1
                    queue.append(nxt)
        table.append(tuple(d))
    return tuple(table)
