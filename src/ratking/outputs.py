"""Output paths checked before any work starts, so a long run never ends unable to save.

Each check tries the real thing: it creates (or opens) the file, or a file in the folder, and
then removes whatever it made. Permission bits alone would not do: root passes every
`os.access` test, yet cannot write under /proc or on a read-only disk."""

from __future__ import annotations

import tempfile
from pathlib import Path

from .core import RatkingError

__all__ = ["check_writable_dir", "check_writable_file"]


def _missing_folders(folder: Path, target: Path, option: str) -> list[Path]:
    """The folders from `folder` up that do not exist yet, nearest the root last; fails if
    the nearest existing one is not a folder."""
    missing = []
    while not folder.exists() and folder.parent != folder:
        missing.append(folder)
        folder = folder.parent
    if not folder.is_dir():
        raise RatkingError(f"{option} {target}: {folder} is not a folder")
    return missing


def _refused(option: str, target: Path, exc: OSError) -> RatkingError:
    why = exc.strerror or str(exc)
    return RatkingError(f"{option} {target} cannot be written ({why.lower()})")


def _probe(folder: Path, target: Path, option: str, file: Path | None) -> None:
    """Make the missing folders down to `folder`, then create `file` there (or open it, if
    it exists), or a scratch file if `file` is None; undo all that was made."""
    made: list[Path] = []
    try:
        for step in reversed(_missing_folders(folder, target, option)):
            step.mkdir()
            made.append(step)
        if file is None:
            with tempfile.TemporaryFile(dir=folder):
                pass
        elif file.exists():
            with file.open("ab"):  # opened for writing, nothing written
                pass
        else:
            with file.open("xb"):
                made.append(file)
    except OSError as exc:
        raise _refused(option, target, exc) from None
    finally:
        for path in reversed(made):
            try:
                if path == file:
                    path.unlink()
                else:
                    path.rmdir()
            except OSError:
                pass


def check_writable_dir(path: Path, option: str = "--report") -> Path:
    """`path` as a folder that can be written (made later if it does not exist yet); raises
    RatkingError naming `option` and saying why not. Leaves nothing behind."""
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise RatkingError(f"{option} {path} is a file, not a folder")
    _probe(path, path, option, None)
    return path


def check_writable_file(path: Path, option: str) -> Path:
    """`path` as a file that can be written (its folder may not exist yet); an existing file
    is opened for writing but not changed. Raises RatkingError naming `option`."""
    path = Path(path)
    if path.is_dir():
        raise RatkingError(f"{option} {path} is a folder, not a file")
    _probe(path.parent, path, option, path)
    return path
