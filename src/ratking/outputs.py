"""Output paths checked before any work starts, so a long run never ends unable to save."""

from __future__ import annotations

import os
from pathlib import Path

from .core import RatkingError

__all__ = ["check_writable_dir", "check_writable_file"]


def _nearest(path: Path) -> Path:
    """`path` or its nearest folder above that exists."""
    while not path.exists() and path.parent != path:
        path = path.parent
    return path


def _can_make_in(path: Path, target: Path, option: str) -> None:
    probe = _nearest(path)
    if not probe.is_dir():
        raise RatkingError(f"{option} {target}: {probe} is not a folder")
    if not os.access(probe, os.W_OK | os.X_OK):
        raise RatkingError(f"{option} {target}: cannot write in {probe}")


def check_writable_dir(path: Path, option: str = "--report") -> Path:
    """`path` as a folder that can be written (made later if it does not exist yet); raises
    RatkingError saying why not. Nothing is created here."""
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise RatkingError(f"{option} {path} is a file, not a folder")
    _can_make_in(path, path, option)
    return path


def check_writable_file(path: Path, option: str) -> Path:
    """`path` as a file that can be written (its folder may not exist yet)."""
    path = Path(path)
    if path.is_dir():
        raise RatkingError(f"{option} {path} is a folder, not a file")
    if path.exists() and not os.access(path, os.W_OK):
        raise RatkingError(f"{option} {path}: the file cannot be written")
    _can_make_in(path.parent, path, option)
    return path
