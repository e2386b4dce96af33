"""Component data files (TOML) that a game reads at start: checked, with clear errors.

DESIGN principle 5: components are data, validated at load; a broken file fails with the file
and the entry (or, for a syntax error, the line) that is wrong.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, NoReturn

from .errors import RatkingError


class ComponentError(RatkingError):
    """A component file that cannot be used; the message names the file and the entry."""


class ComponentFile:
    """One TOML component file, read at once; `need` fetches a checked entry."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self.data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise ComponentError(f"{path}: cannot read ({exc.strerror})") from None
        except tomllib.TOMLDecodeError as exc:
            raise ComponentError(f"{path}: {exc}") from None

    def need(self, table: str, key: str, kind: type) -> Any:
        """The entry `key` of `[table]`, which must be of type `kind` (a bool is no int)."""
        section = self.data.get(table, {})
        value = section.get(key) if isinstance(section, dict) else None
        if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
            self.fail(f"[{table}] {key} must be a {kind.__name__}")
        return value

    def fail(self, message: str) -> NoReturn:
        raise ComponentError(f"{self.path}: {message}")
