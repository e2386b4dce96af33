"""A game's card or component file as played: its name, its text and the text's sha256.

A game reads its components (cards, board, map) from TOML files beside its code; a designer may
give another file (`ratking.make(game, card_files={"cards": "my.toml"})`, `--cards FILE`) or
change numbers in one by a dotted path (`thief.amount=400`, `changed`). A CardFile carries the
text itself, so a game made from it in another process plays the very same components, and
its `describe()` ({"name", "sha256"}) is what records and reports keep.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from .errors import RatkingError

KINDS = ("cards", "board")  # the files a game may take: its cards (or components), its board


class CardFileError(RatkingError):
    """A card file that cannot be read or used; the message names the file."""


@dataclass(frozen=True)
class CardFile:
    """One component file's text and the name it goes by (the path as given, or the built-in
    file's name); `builtin` for the file shipped with the game."""

    name: str
    text: str
    builtin: bool = False
    # a changed copy (`changed`): the file it was made from, and the numbers set, by path
    origin: CardFile | None = field(default=None, compare=False)
    changes: tuple[tuple[str, int | float], ...] = field(default=(), compare=False)
    sha256: str = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "sha256", hashlib.sha256(self.text.encode()).hexdigest())

    def describe(self) -> dict[str, str]:
        """What records and reports keep of it: {"name", "sha256"}."""
        return {"name": self.name, "sha256": self.sha256}

    def data(self) -> dict[str, Any]:
        """The parsed TOML (a new dict each call); a syntax error raises CardFileError."""
        return parse(self.name, self.text)

    def changed(self, values: Mapping[str, int | float]) -> CardFile:
        """A copy with numeric fields set by dotted path (`thief.amount`): its text is the
        changed data written out as TOML (comments are not kept), its name says what changed."""
        if not values:
            return self
        origin = self.origin or self
        merged = {**dict(self.changes), **values}
        data = origin.data()
        for path, value in merged.items():
            set_number(data, path, value, origin.name)
        said = ", ".join(f"{p}={get_number(data, p)}" for p in merged)
        return CardFile(f"{origin.name} with {said}", dump_toml(data), origin=origin,
                        changes=tuple((p, get_number(data, p)) for p in merged))


def parse(name: str, text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardFileError(f"{name}: {exc}") from None


def read(path: str | Path) -> CardFile:
    """The file at `path`, named as given; unreadable or not TOML: CardFileError."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise CardFileError(f"{path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise CardFileError(f"{path}: not a text file") from None
    made = CardFile(str(path), text)
    made.data()
    return made


@cache
def builtin(path: Path) -> CardFile:
    """A game's own file, named by its file name."""
    return CardFile(path.name, path.read_text(encoding="utf-8"), builtin=True)


def resolve(value: CardFile | str | Path | None, default: Path) -> CardFile:
    """A CardFile from what a caller gave: None (the built-in file), a path, or a CardFile."""
    if value is None:
        return builtin(default)
    if isinstance(value, CardFile):
        return value
    if isinstance(value, str | Path):
        return read(value)
    raise CardFileError(f"a card file is a path, not {value!r}")


# the files games of this process were made with, by sha256 (the latest SEEN_KEPT): a record
# naming one replays with it, wherever its name points (a server's folder, a changed copy)
SEEN_KEPT = 256
_SEEN: dict[str, CardFile] = {}


def remember(made: CardFile) -> None:
    if made.sha256 not in _SEEN:
        if len(_SEEN) >= SEEN_KEPT:
            del _SEEN[next(iter(_SEEN))]
        _SEEN[made.sha256] = made


def known(sha256: Any) -> CardFile | None:
    """A file a game of this process was made with, by its sha256; None if none was."""
    return _SEEN.get(sha256) if isinstance(sha256, str) else None


# --- numbers by dotted path -----------------------------------------------------------------

KEYS = ("name", "colour", "id")  # what names an entry of a list of tables


def slug(text: str) -> str:
    """'Cat Burglar' -> 'cat-burglar' (how a path names an entry)."""
    return re.sub(r"[^a-z0-9]+", "-", str(text).lower()).strip("-")


def _entry_named(items: list[Any], step: str) -> list[Any]:
    if step.isdigit():  # counted from 1, as the files' comments count entries
        k = int(step) - 1
        return [items[k]] if 0 <= k < len(items) else []
    return [e for e in items if isinstance(e, dict)
            and any(slug(e.get(key, "")) == step for key in KEYS if key in e)]


def _step(node: Any, step: str) -> list[Any]:
    """Where one step of a path leads from `node`: a key of a table, an entry of a list
    (by number or by its name), or, from a table, an entry named so in any of its lists."""
    if isinstance(node, list):
        return _entry_named(node, step)
    if not isinstance(node, dict):
        return []
    if step in node:
        return [node[step]]
    found: list[Any] = []
    for value in node.values():
        if isinstance(value, list):
            found += _entry_named(value, step)
            for entry in value:  # entries nested one level down (a chain's heists)
                if isinstance(entry, dict):
                    for inner in entry.values():
                        if isinstance(inner, list):
                            found += _entry_named(inner, step)
    return found


def _parent(data: dict[str, Any], path: str, name: str) -> tuple[Any, str]:
    steps = path.split(".")
    if not path or any(not s for s in steps):
        raise CardFileError(f"{name}: {path!r} is not a dotted path (e.g. thief.amount)")
    node: Any = data
    for i, step in enumerate(steps[:-1]):
        found = _step(node, slug(step) if not step.isdigit() else step)
        if len(found) != 1:
            where = ".".join(steps[:i + 1])
            why = "names nothing" if not found else f"names {len(found)} entries"
            raise CardFileError(f"{name}: {where!r} {why} (path {path!r})")
        node = found[0]
    if not isinstance(node, dict) or steps[-1] not in node:
        raise CardFileError(f"{name}: {path!r} names no field")
    return node, steps[-1]


def get_number(data: dict[str, Any], path: str, name: str = "card file") -> int | float:
    """The numeric field at `path`; CardFileError if there is none."""
    node, key = _parent(data, path, name)
    value = node[key]
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise CardFileError(f"{name}: {path!r} is not a number ({value!r})")
    return value


def set_number(data: dict[str, Any], path: str, value: int | float,
               name: str = "card file") -> None:
    """Set the numeric field at `path` in place, keeping its kind (a whole number stays one)."""
    old = get_number(data, path, name)
    if isinstance(old, int) and not (isinstance(value, int) or float(value).is_integer()):
        raise CardFileError(f"{name}: {path!r} takes a whole number, not {value!r}")
    node, key = _parent(data, path, name)
    node[key] = int(value) if isinstance(old, int) else float(value)


# --- writing TOML (the changed copies) ------------------------------------------------------


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):
        return _string(v)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + " }"
    raise CardFileError(f"cannot write {v!r} as TOML")


def _string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ch == "\x7f":
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _key(k: str) -> str:
    return k if re.fullmatch(r"[A-Za-z0-9_-]+", k) else _string(k)


def _table_list(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def _body(table: dict[str, Any], prefix: str, out: list[str]) -> None:
    plain = {k: v for k, v in table.items()
             if not isinstance(v, dict) and not _table_list(v)}
    out += [f"{_key(k)} = {_value(v)}" for k, v in plain.items()]
    for k, v in table.items():
        full = f"{prefix}{_key(k)}"
        if isinstance(v, dict):
            out += ["", f"[{full}]"]
            _body(v, f"{full}.", out)
        elif _table_list(v):
            for entry in v:
                out += ["", f"[[{full}]]"]
                _body(entry, f"{full}.", out)


def dump_toml(data: dict[str, Any]) -> str:
    """`data` (as tomllib reads it) as TOML text that reads back to the same data."""
    out: list[str] = []
    _body(data, "", out)
    return "\n".join(out).lstrip("\n") + "\n"
