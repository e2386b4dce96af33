"""Game records: reading, checking and replaying them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .cardfile import KINDS, CardFileError, known, read, remember
from .errors import IllegalAction, RatkingError, RecordError, RulesError, UnknownGame
from .game import check_files
from .registry import make
from .state import State

REQUIRED = {"game": str, "rules": dict, "players": int, "seed": int, "actions": list}


def check_record(record: Any) -> None:
    """Raise RecordError naming the first thing wrong with a record's shape."""
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    for key, kind in REQUIRED.items():
        if key not in record:
            raise RecordError(f"record has no {key!r}")
        value = record[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise RecordError(f"record {key!r} must be of type {kind.__name__}")
    for i, action in enumerate(record["actions"]):
        if not isinstance(action, str):
            raise RecordError(f"record action {i} must be an action id string, not {action!r}")
    names = record.get("names")
    if names is not None and (not isinstance(names, list)
                              or not all(isinstance(n, str) for n in names)):
        raise RecordError("record 'names' must be a list of strings")


def record_files(record: dict[str, Any],
                 given: dict[str, Any] | None = None) -> dict[str, Any]:
    """The component files to replay a record with: those `given` (by kind), else each file
    the record names: the one of its sha256 a game of this process was made with, or else
    the file at its name (a path)."""
    out = dict(given or {})
    for kind in KINDS:
        said = record.get(kind)
        if kind not in out and isinstance(said, dict) and isinstance(said.get("name"), str):
            out[kind] = known(said.get("sha256")) or said["name"]
    return out


def with_files_at(record: dict[str, Any], paths: dict[str, str]) -> dict[str, Any]:
    """The record with each component file it was played with found at `paths` (by kind):
    replaying it reads the file there and refuses it unless its sha256 is the record's (a
    record naming no file was played with the game's own)."""
    if not paths:
        return record
    try:
        own = make(record["game"]).files
    except RatkingError as exc:
        raise RecordError(f"record: {exc}") from None
    out = dict(record)
    for kind, path in paths.items():
        said = record.get(kind)
        if kind not in own:
            raise RecordError(f"record: {record['game']} has no {kind} file")
        sha = said.get("sha256") if isinstance(said, dict) else own[kind].sha256
        try:
            made = read(path)
        except CardFileError as exc:
            raise RecordError(f"record: {exc}") from None
        if made.sha256 != sha:
            played = said.get("name") if isinstance(said, dict) else "the built-in file"
            raise RecordError(f"record was played with {kind} {played!r} (sha256 "
                              f"{str(sha)[:12]}), not {path!r} (sha256 {made.sha256[:12]}): "
                              "give the same file")
        remember(made)
        out[kind] = {"name": path, "sha256": sha}
    return out


def replay(record: Any, upto: int | None = None,
           card_files: dict[str, Any] | None = None) -> State:
    """Rebuild the state a record describes (optionally only its first `upto` actions),
    with the component files it names (or `card_files`), refused unless each file's sha256
    is the one the record holds."""
    check_record(record)
    try:
        game = make(record["game"], card_files=record_files(record, card_files),
                    **record["rules"])
    except UnknownGame as exc:
        raise RecordError(f"record: {exc}") from None
    except RulesError as exc:
        raise RecordError(f"record rules: {exc}") from None
    except CardFileError as exc:
        raise RecordError(f"record: {exc}") from None
    check_files(game, record, "record")
    try:
        state = game.new_game(record["players"], seed=record["seed"], names=record.get("names"))
    except RatkingError as exc:
        raise RecordError(f"record: {exc}") from None
    actions = record["actions"] if upto is None else record["actions"][:upto]
    for i, action_id in enumerate(actions):
        try:
            state.apply(action_id)
        except IllegalAction as exc:
            raise RecordError(
                f"record action {i} ({action_id!r}) is illegal: {exc.reason}") from None
    result = record.get("result")
    if upto is None and result is not None:
        if not isinstance(result, dict) or "returns" not in result:
            raise RecordError("record 'result' must be an object with 'returns'")
        if not state.is_over or state.returns() != result["returns"] \
                or state.end_reason != result.get("end"):
            raise RecordError("record 'result' does not match what its actions lead to")
    return state


def load_record(path: str | Path) -> dict[str, Any]:
    """Read a record file, with a clear error for a missing or malformed file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read record {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a text file, so not a game record") from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path} is not valid JSON: {exc.msg} at line {exc.lineno}") from None
    check_record(record)
    return record


def save_record(state: State, path: str | Path) -> None:
    Path(path).write_text(json.dumps(state.record(), indent=1) + "\n", encoding="utf-8")
