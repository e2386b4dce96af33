"""Deltas: what changed between two JSON messages, and how to rebuild the new one from the old.

The server knows no game, so the diff is generic. Dicts are compared key by key, lists of the
same length item by item, lists of strings (the log) and long strings (the SVG board, cut
before every "<") as sequences of pieces, each piece either a run copied from the old
sequence or new text. A delta is a list of operations, each on a path of keys and indices:

    ["=", path, value]    set the value at path (a new or changed key, or a list item)
    ["-", path]           delete the key at path
    ["~", path, pieces]   the list of strings at path, rebuilt from pieces
    ["<", path, pieces]   the string at path, cut before every "<", rebuilt from pieces

A piece is [start, count] (copy `count` items of the old sequence from `start`) or a string
(new text; in a "<" operation it may hold several tags, since the pieces are joined with "<").
`apply` rebuilds exactly the new message; the page's `static/delta.js` does the same.

The SVG board is diffed from the fragments its renderer drew it in (`Drawing`): the fragments
that did not change (most of a board, and often the very same string objects, from the
renderers' caches) are matched a run at a time at C speed, and only the changed ones are cut
into tags and compared tag by tag.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import accumulate, compress, count, repeat
from operator import methodcaller, ne
from typing import Any

from orjson import dumps

CUT = "<"  # long strings are cut before every "<": one piece per SVG tag
LONG = 256  # strings at least this long are sent as pieces


def pieces(old: list[str], index: dict[str, int] | None, new: list[str]) -> list[Any]:
    """The new sequence as runs of the old one ([start, count]) and new strings. `index`
    maps each old item to a position where it occurs (None: built here if it is needed).

    The common head and tail are found at C speed; the middle is walked item by item: an
    item that follows on from the current run extends it, any other is looked up."""
    n_old, n_new = len(old), len(new)
    shortest = min(n_old, n_new)
    head = next(compress(count(), map(ne, old, new)), shortest)
    tail = next(compress(count(), map(ne, reversed(old), reversed(new))), shortest)
    tail = min(tail, shortest - head)
    out: list[Any] = []
    start, length = 0, head  # the current run
    old_end = n_old - tail
    get = None if index is None else index.get
    for item in new[head:n_new - tail]:
        if length:
            k = start + length
            if k < old_end and old[k] == item:
                length += 1
                continue
            out.append([start, length])
            length = 0
        if get is None:
            get = index_of(old).get
        j = get(item)
        if j is None:
            out.append(item)
        else:
            start, length = j, 1
    if tail:
        if length and start + length == old_end:
            length += tail
        else:
            if length:
                out.append([start, length])
            start, length = old_end, tail
    if length:
        out.append([start, length])
    return out


def index_of(items: list[str]) -> dict[str, int]:
    return dict(zip(items, range(len(items)), strict=True))


class Drawing:
    """A long string (an SVG board) as fragments: `head`, the text before its first "<", then
    `parts`, each starting with "<" (the renderer's fragments, merged where one did not).
    `counts` holds the number of "<" in each part (so of the string's pieces, cut before
    every "<", that each part holds) and `starts` where each part's pieces start, the total
    last: both worked out when first needed, and a part that did not change since the
    drawing before takes its count from there."""

    __slots__ = ("_counts", "_starts", "head", "parts")

    def __init__(self, fragments: Iterable[str]) -> None:
        fragments = tuple(fragments)
        if fragments and all(map(_opens, fragments)):
            head, parts = "", fragments
        else:
            head, parts = _normalized(fragments)
        self.head = head
        self.parts = parts
        self._counts: list[int] | None = None
        self._starts: list[int] | None = None

    @property
    def text(self) -> str:
        return self.head + "".join(self.parts)

    @property
    def counts(self) -> list[int]:
        if self._counts is None:
            self._counts = list(map(str.count, self.parts, repeat(CUT)))
        return self._counts

    @property
    def starts(self) -> list[int]:
        if self._starts is None:
            self._starts = list(accumulate(self.counts, initial=1))
        return self._starts


_opens = methodcaller("startswith", CUT)


def _normalized(fragments: Sequence[str]) -> tuple[str, tuple[str, ...]]:
    """The head and the parts of the string the fragments make up (see Drawing)."""
    head = ""
    parts: list[str] = []
    for fragment in fragments:
        if not fragment:
            continue
        if parts:
            if fragment[0] == CUT:
                parts.append(fragment)
            else:
                parts[-1] += fragment
            continue
        before, cut, after = fragment.partition(CUT)
        head += before
        if cut:
            parts.append(cut + after)
    return head, tuple(parts)


def drawing_pieces(old: Drawing, new: Drawing) -> list[Any]:
    """pieces() of the two strings cut before every "<", worked out from their fragments:
    first the parts are matched as pieces() matches items (runs of equal parts, mostly the
    same strings, are copied whole), then the new parts between two runs are cut into tags
    and compared with the old parts between them, if any. New text may hold several tags."""
    o_parts, n_parts = old.parts, new.parts
    starts, o_counts = old.starts, old.counts
    n_counts = [0] * len(n_parts) if new._counts is None else None  # worked out on the way
    out: list[Any] = [[0, 1]] if old.head == new.head else [new.head]

    def text(piece: str) -> None:
        if type(out[-1]) is str:
            out[-1] += CUT + piece
        else:
            out.append(piece)

    def changed(i0: int, i1: int, k0: int, k1: int) -> None:
        """New parts i0:i1, where old parts k0:k1 were (none if k1 <= k0). The old parts
        are taken as many as the new ones and a few more at most: the next run may start
        much later (a short part found further on), and most changes are in place."""
        if n_counts is not None:
            n_counts[i0:i1] = map(str.count, n_parts[i0:i1], repeat(CUT))
        k1 = min(k1, k0 + i1 - i0 + 2)
        if k1 <= k0:
            text("".join(n_parts[i0:i1])[1:])
            return
        later = "".join(n_parts[i0:i1]).split(CUT)
        before = "".join(o_parts[k0:k1]).split(CUT)
        del later[0], before[0]
        offset = starts[k0]
        for piece in pieces(before, None, later):
            if type(piece) is str:
                text(piece)
            else:
                run(piece[0] + offset, piece[1])

    def run(start: int, length: int) -> None:
        last = out[-1]
        if type(last) is list and last[0] + last[1] == start:
            last[1] += length
        else:
            out.append([start, length])

    matched = pieces(o_parts, None, n_parts)
    i = k = 0  # the next new part, and where the old parts were up to
    waiting = -1  # the first of the new parts not yet sent, or -1
    for piece in matched:
        if type(piece) is str:
            if waiting < 0:
                waiting = i
            i += 1
            continue
        start, length = piece
        if waiting >= 0:
            changed(waiting, i, k, start)
            waiting = -1
        run(starts[start], starts[start + length] - starts[start])
        if n_counts is not None:
            n_counts[i:i + length] = o_counts[start:start + length]
        i += length
        k = start + length
    if waiting >= 0:
        changed(waiting, i, k, len(o_parts))
    if n_counts is not None:
        new._counts = n_counts
    return out


def diff(old: Any, new: Any, path: list[Any] | None = None,
         ops: list[list[Any]] | None = None) -> list[list[Any]]:
    """The operations that turn `old` into `new` (both JSON values)."""
    if ops is None:
        ops = []
    if path is None:
        path = []
    if not same(old, new):
        _diff(old, new, path, ops)
    return ops


def same(a: Any, b: Any) -> bool:
    """Equal as JSON: Python's == takes 1 for True and 1.0 for 1, which JSON tells apart."""
    if a is b:
        return True
    kind = type(a)
    if kind is not type(b) or a != b:
        return False
    if kind is dict or kind is list:  # equal, unless a True and a 1 hide inside
        return dumps(a) == dumps(b)
    return True


def _diff(old: Any, new: Any, path: list[Any], ops: list[list[Any]]) -> None:
    """diff() for two values known to differ."""
    if type(old) is dict and type(new) is dict:
        for key, value in new.items():
            if key not in old:
                ops.append(["=", [*path, key], value])
                continue
            before = old[key]
            if not same(before, value):
                _diff(before, value, [*path, key], ops)
        if len(old) + len(ops) > len(new):  # some keys may be gone
            ops.extend(["-", [*path, key]] for key in old if key not in new)
    elif type(old) is list and type(new) is list:
        if old and new and all(type(x) is str for x in old) \
                and all(type(x) is str for x in new):
            ops.append(["~", path, _scrolled(old, new) or pieces(old, None, new)])
        elif len(old) == len(new):
            for i, (a, b) in enumerate(zip(old, new, strict=True)):
                if not same(a, b):
                    _diff(a, b, [*path, i], ops)
        else:
            ops.append(["=", path, new])
    elif type(old) is str and type(new) is str and len(new) >= LONG and len(old) >= LONG:
        before = old.split(CUT)
        ops.append(["<", path, pieces(before, index_of(before), new.split(CUT))])
    else:
        ops.append(["=", path, new])


def _scrolled(old: list[str], new: list[str]) -> list[Any] | None:
    """The pieces for a log that scrolled: old lines dropped from the front, new ones added
    at the end (the usual move); None if it is not that."""
    try:
        start = old.index(new[0])
    except ValueError:
        return None
    kept = len(old) - start
    if old[start:] != new[:kept]:
        return None
    return [[start, kept], *new[kept:]]


def rebuild(old: list[str], parts: list[Any]) -> list[str]:
    out: list[str] = []
    for piece in parts:
        if type(piece) is str:
            out.append(piece)
        else:
            start, count = piece
            if start < 0 or count < 1 or start + count > len(old):
                raise ValueError("a piece outside the old sequence")
            out.extend(old[start:start + count])
    return out


def follow(held: dict[str, Any] | None, message: dict[str, Any]) -> dict[str, Any] | None:
    """A client's side: the table message after `message` (a full "state" or a "delta" on
    top of `held`); None when the delta does not fit what is held (the client then asks for a
    full one with a "sync" message)."""
    if message["type"] == "state":
        return message
    if held is None or held["seq"] != message["base"]:
        return None
    return {**apply(held, message["ops"]), "seq": message["seq"]}


def apply(message: Any, ops: list[list[Any]]) -> Any:
    """The new message: `message` with `ops` applied. `message` itself is left as it was
    (containers on a changed path are copied)."""
    if not ops:
        return message
    root = [message]
    copied: set[int] = set()

    def own(parent: Any, key: Any) -> Any:
        """parent[key], copied once so that the old message never changes."""
        child = parent[key]
        if id(child) not in copied:
            child = child.copy()
            parent[key] = child
            copied.add(id(child))
        return child

    for op in ops:
        kind, path = op[0], op[1]
        where: Any = root
        key: Any = 0
        for step in path:
            where = own(where, key)
            key = step
        if kind == "=":
            where[key] = op[2]
        elif kind == "-":
            del where[key]
        elif kind == "~":
            where[key] = rebuild(where[key], op[2])
        elif kind == "<":
            where[key] = CUT.join(rebuild(where[key].split(CUT), op[2]))
        else:
            raise ValueError(f"unknown delta operation {kind!r}")
    return root[0]

