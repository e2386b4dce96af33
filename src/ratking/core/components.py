"""Component data files (TOML) that a game reads at start: checked, with clear errors.

DESIGN principle 5: components are data, validated at load; a broken file fails with the file
and the entry (or, for a syntax error, the line) that is wrong.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NoReturn

from .cardfile import CardFile, CardFileError, read


class ComponentError(CardFileError):
    """A component file that cannot be used; the message names the file and the entry."""


class ComponentFile:
    """One TOML component file (a path, or a CardFile already read), parsed at once; `need`
    fetches a checked entry."""

    def __init__(self, source: Path | CardFile) -> None:
        try:
            made = source if isinstance(source, CardFile) else read(source)
            self.data: dict[str, Any] = made.data()
        except CardFileError as exc:
            raise ComponentError(str(exc)) from None
        self.path = made.name

    def need(self, table: str, key: str, kind: type) -> Any:
        """The entry `key` of `[table]`, which must be of type `kind` (a bool is no int)."""
        section = self.data.get(table, {})
        value = section.get(key) if isinstance(section, dict) else None
        if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
            self.fail(f"[{table}] {key} must be a {kind.__name__}")
        return value

    def fail(self, message: str) -> NoReturn:
        raise ComponentError(f"{self.path}: {message}")
