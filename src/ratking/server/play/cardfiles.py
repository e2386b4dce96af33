"""Card files a table may be played with: only those the server's operator put in its cards
folder (the setting `cards_dir`, `ratking serve --cards-dir DIR`), named by file name.

A table's set-up names a file (`"card_files": {"cards": "thief400.toml"}`); the name must be a
plain file name ending in .toml, of a file directly in the folder, so a request can never make
the server read anything else. The table's row keeps the name; every process that rebuilds
the table (a room, a search worker) reads the file from the folder again and the game checks
it, and records name it with its sha256.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...core import Game, make, shared
from ...core.cardfile import CardFile, CardFileError

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,80}\.toml")


def served_file(folder: str, name: Any) -> CardFile:
    """The file `name` of the cards folder, read; ValueError (one line) if the server has no
    folder, the name is not a plain .toml file name, or no such file is there."""
    if not folder:
        raise ValueError("this server offers no card files (its operator gives a folder of "
                         "them with --cards-dir)")
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise ValueError(f"a card file is named by its file name (letters, digits, _ . -, "
                         f"ending in .toml), not {name!r}")
    path = Path(folder) / name
    if not path.is_file():
        raise ValueError(f"this server has no card file {name!r}")
    try:
        return CardFile(name, path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        raise ValueError(f"card file {name!r} cannot be read") from None


def served_files(folder: str, names: Any) -> dict[str, CardFile]:
    """Each named file of a table's set-up ({kind: file name}), read from the folder."""
    if names is None:
        return {}
    if not isinstance(names, dict) or len(names) > 2:
        raise ValueError("card_files names a file per kind: {\"cards\": NAME, \"board\": NAME}")
    return {str(kind): served_file(folder, name) for kind, name in names.items()}


def table_game(game_id: str, rules: Mapping[str, Any], folder: str = "") -> Game:
    """The game of a table's rules: shared() when it names no card file; with card files
    (file names, read from `folder`, or CardFiles), one Game per game, rules and files."""
    rules = dict(rules)
    given = rules.pop("card_files", None)
    if not given:
        return shared(game_id, **rules)
    files = {kind: made if isinstance(made, CardFile) else served_file(folder, made)
             for kind, made in given.items()}
    return _with_files(game_id, json.dumps(rules, sort_keys=True),
                       tuple(sorted(files.items())))


@lru_cache(maxsize=64)
def _with_files(game_id: str, rules: str, files: tuple[tuple[str, CardFile], ...]) -> Game:
    try:
        return make(game_id, card_files=dict(files), **json.loads(rules))
    except CardFileError as exc:
        raise ValueError(str(exc)) from None


def table_rules(game: Game) -> dict[str, Any]:
    """What a table's row keeps of its game: every rule value, and the card files' names."""
    names = {kind: made.name for kind, made in game.file_overrides().items()}
    return {**game.rules.as_dict(), **({"card_files": names} if names else {})}
