"""Trail: an append-only sequence whose copies share their common past.

A state's action history and event log only ever grow, and a search clones states millions of
times. Copying them would make a clone cost as much as the game is long; a Trail's `fork()`
costs the same at any length, because the copy and the original share every item they both
have and each appends its own future.

How: items appended since the trail was made (or last forked) live in `tail`, a plain list
only this trail appends to. A fork turns the tail into a *frame*, `(parent frame, items)`,
that the trail and its copy both point to, and gives each a new empty tail. Frames are never
changed, so neither trail sees the other's new items; forking again before anything new is
appended shares the same frame and costs no more than a new empty list. A trail forked after
every decision (a game whose bots clone it) grows a long chain of small frames; the first read
that walks far merges them into one new frame for that trail, so reads stay cheap.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

_blank = object.__new__
FLAT_AFTER = 8  # a read that walks more frames than this merges them into one (for this trail)

# A frame: (parent frame or None, items). The number of items before `items` is the parent's
# total (each Trail keeps its own total before `tail` as `base`).
Frame = tuple[Any, list]


class Trail:
    """A list-like, append-only sequence with an O(1) `fork()`.

    Supports len(), iteration, indexing, slices, `==` with lists and trails, `append` and
    `since(k)`. Appending is the one change; `tail.append` is the fast path for the kernel.
    """

    __slots__ = ("_frame", "base", "tail")

    def __init__(self, items: Iterable[Any] = ()) -> None:
        self._frame: Frame | None = None
        self.base = 0  # how many items come before `tail` (all in frames)
        self.tail: list[Any] = list(items)

    def append(self, item: Any) -> None:
        self.tail.append(item)

    def fork(self) -> Trail:
        """A copy in O(1): it shares every current item and appends its own."""
        tail = self.tail
        if tail:  # what this trail holds becomes a frame both share; it starts a new tail
            self._frame = (self._frame, tail)
            self.base += len(tail)
            self.tail = []
        new = _blank(Trail)
        new._frame = self._frame
        new.base = self.base
        new.tail = []
        return new

    def _chunks(self, start: int = 0) -> list[list[Any]]:
        """The items from index `start` on, as lists in order (the first may start early)."""
        chunks = [self.tail]
        frame, end = self._frame, self.base
        while frame is not None and end > start:
            frame, items = frame
            chunks.append(items)
            end -= len(items)
        chunks.reverse()
        if start == 0 and len(chunks) > FLAT_AFTER:  # read in full: keep it as one frame
            merged: list[Any] = []
            for items in chunks[:-1]:
                merged += items
            self._frame = (None, merged)
            return [merged, self.tail]
        if end < start:  # the oldest chunk begins before `start`: cut it
            chunks[0] = chunks[0][start - end:]
        return chunks

    def since(self, start: int) -> list[Any]:
        """The items from index `start` on (negative counts from the end), reading only
        the frames that hold them."""
        if start < 0:
            start = max(0, len(self) + start)
        if start >= self.base:
            return self.tail[start - self.base:]
        out: list[Any] = []
        for chunk in self._chunks(start):
            out += chunk
        return out

    def to_list(self) -> list[Any]:
        return self.since(0)

    def __len__(self) -> int:
        return self.base + len(self.tail)

    def __iter__(self) -> Iterator[Any]:
        for chunk in self._chunks():
            yield from chunk

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            if index.step in (None, 1) and index.stop is None and index.start is not None:
                return self.since(index.start)
            return self.to_list()[index]
        n = len(self)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("Trail index out of range")
        if index >= self.base:
            return self.tail[index - self.base]
        frame, end, walked = self._frame, self.base, 0
        while True:
            frame, items = frame  # type: ignore[misc]
            end -= len(items)
            if index >= end:
                if walked > FLAT_AFTER:  # a long way down: next time, one frame
                    self._chunks()
                return items[index - end]
            walked += 1

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Trail):
            return len(self) == len(other) and self.to_list() == other.to_list()
        if isinstance(other, list):
            return len(self) == len(other) and self.to_list() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, like a list

    def __reduce__(self) -> tuple[type, tuple[list[Any]]]:
        # pickled flat: a deep chain of frames would otherwise nest as deep
        return Trail, (self.to_list(),)

    def __repr__(self) -> str:
        return f"Trail({self.to_list()!r})"
