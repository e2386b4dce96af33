"""Card files uploaded to the lab, kept by name in a folder of each person's own (an account,
or a guest's address), so a job may name one later (`"cards": "thief400.toml"`).

An upload is checked against the game it is for, as `--cards FILE` is on the command line
(the same one-line reasons); the name must be a plain .toml file name (`cardfiles.NAME`), so
a request never reaches a file outside the folder.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from ...core import RatkingError, list_games, make
from ...core.cardfile import CardFile
from ..play.cardfiles import NAME


class TooManyFiles(RatkingError):
    """A person keeping as many card files as the setting `lab_files_per_person` allows."""


def person_folder(root: Path, person: str) -> Path:
    """The folder of `person`'s card files: named by a hash, never by the person's key."""
    return root / "cards" / hashlib.sha256(person.encode()).hexdigest()[:24]


def check_name(name: str) -> str:
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise RatkingError(f"a card file is named by its file name (letters, digits, _ . -, "
                           f"ending in .toml), not {name!r}")
    return name


@cache
def kinds() -> dict[str, list[str]]:
    """The kinds of component file each game takes: {game id: ["cards", "board"]}."""
    return {g.id: list(make(g.id).component_files) for g in list_games()}


def checked(game: str, kind: str, name: str, text: str) -> CardFile:
    """The file, known to be one `game` can play as its `kind` file (else RatkingError, the
    command line's one-line reason)."""
    check_name(name)
    kinds = make(game).component_files
    if kind not in kinds:
        raise RatkingError(f"{game} takes {' and '.join(kinds) or 'no'} files, not {kind!r}")
    made = CardFile(name, text)
    make(game, card_files={kind: made})
    return made


def keep(folder: Path, made: CardFile, most: int) -> None:
    """Keep the file under its name (replacing one of that name), within `most` files."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / made.name
    if not path.exists() and len(listing(folder)) >= most:
        raise TooManyFiles(f"you keep {most} card files, the most one person may: upload one "
                           "under the name of a file to replace it")
    new = folder / f".{made.name}.new"
    new.write_text(made.text, encoding="utf-8")
    new.replace(path)


def listing(folder: Path) -> list[str]:
    """The names of the files kept, in order."""
    if not folder.is_dir():
        return []
    return sorted(p.name for p in folder.iterdir() if NAME.fullmatch(p.name))


def opened(folder: Path, name: str) -> CardFile:
    """A kept file, by its name; RatkingError if there is none."""
    path = folder / check_name(name)
    if not path.is_file():
        raise RatkingError(f"you have no card file {name!r} in the lab: upload it first")
    return CardFile(name, path.read_text(encoding="utf-8"))
