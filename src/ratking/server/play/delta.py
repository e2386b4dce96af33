"""Deltas: what changed between two JSON messages, and how to rebuild the new one from the old.

The server knows no game, so the diff is generic. Dicts are compared key by key, lists of the
same length item by item, lists of strings (the log) and long strings (the SVG board of a game
the browser cannot draw, cut before every "<") as sequences of pieces, each piece either a run
copied from the old sequence or new text. A delta is a list of operations, each on a path of
keys and indices:

    ["=", path, value]    set the value at path (a new or changed key, or a list item)
    ["-", path]           delete the key at path
    ["~", path, pieces]   the list of strings at path, rebuilt from pieces
    ["<", path, pieces]   the string at path, cut before every "<", rebuilt from pieces

A piece is [start, count] (copy `count` items of the old sequence from `start`) or a string
(new text; in a "<" operation it may hold several tags, since the pieces are joined with "<").
`apply` rebuilds exactly the new message; the page's `static/delta.js` does the same.
"""

from __future__ import annotations

from itertools import compress, count
from operator import ne
from typing import Any

from orjson import dumps

CUT = "<"  # long strings are cut before every "<": one piece per SVG tag
LONG = 256  # strings at least this long are sent as pieces
_STRINGS = {str}
_MISSING = object()


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
    """diff() for two values known to differ. Most values in two messages a move apart are
    the same, so `same` is inlined for them: an equal scalar or object costs a comparison."""
    if type(old) is dict and type(new) is dict:
        get = old.get
        for key, value in new.items():
            before = get(key, _MISSING)
            if before is value:
                continue
            kind = type(value)
            if kind is type(before):
                if kind is dict or kind is list:
                    if before == value and dumps(before) == dumps(value):
                        continue
                    _diff(before, value, [*path, key], ops)
                    continue
                if before == value:
                    continue
                if kind is str and len(value) >= LONG:
                    _diff(before, value, [*path, key], ops)
                    continue
            ops.append(["=", [*path, key], value])
        if len(old) + len(ops) > len(new):  # some keys may be gone
            ops.extend(["-", [*path, key]] for key in old if key not in new)
    elif type(old) is list and type(new) is list:
        if old and new and set(map(type, old)) == _STRINGS == set(map(type, new)):
            ops.append(["~", path, _scrolled(old, new) or pieces(old, None, new)])
        elif len(old) == len(new):
            for i, (a, b) in enumerate(zip(old, new, strict=True)):
                if a is not b and not same(a, b):
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

