"""Trajectory datasets of `ratking simulate` games, for offline reinforcement learning: every
decision with its seat, observation, action mask, action and reward, and every game with the
record that replays it, as two Parquet files in a folder (pyarrow, the `research` extra):
`games.parquet`, a row per game, and `decisions.parquet`, a row per decision. Their columns
are in docs/research.md ("Trajectory datasets"). The rows come from replaying each game of
the run (the same seeds and bots give the same actions, which is checked by its result).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ..core import Game, RatkingError, State, make
from ..core.spaces import observation
from .batch import GameResult, play_out
from .plan import Plan

GAMES_FILE = "games.parquet"
DECISIONS_FILE = "decisions.parquet"


def _arrow() -> Any:
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise RatkingError("--trajectories needs pyarrow: pip install 'ratking[research]'") \
            from None
    return pyarrow


def check_folder(directory: Path) -> None:
    """Refuse a folder that already holds a dataset, or a path that is a file, before any game
    is played."""
    _arrow()
    if directory.exists() and not directory.is_dir():
        raise RatkingError(f"--trajectories: {directory} is a file, not a folder")
    for name in (GAMES_FILE, DECISIONS_FILE):
        if (directory / name).exists():
            raise RatkingError(f"--trajectories: {directory / name} exists; give a new folder")


def write(directory: Path, plan: Plan, results: list[GameResult],
          progress: Callable[[int], None] | None = None) -> tuple[int, int]:
    """Write the run's games and every decision in them to `directory`; return (games,
    decisions)."""
    pa = _arrow()
    game = make(plan.game, **plan.full_rules)
    played = plan.report_games(results)  # each game's rules (its starter, if rotated)
    made: dict[int, Game] = {}  # by id of its rules, which `played` holds
    space = game.action_space(plan.players)
    size = game.observation_shape(plan.players)[0]
    columns: dict[str, list[Any]] = {name: [] for name in (
        "game_index", "step", "seat", "action", "action_id", "reward", "game_return",
        "terminated", "truncated")}
    observations: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    games: dict[str, list[Any]] = {name: [] for name in (
        "game_index", "seed", "returns", "end", "decisions", "record")}
    for k, result in enumerate(results):
        rules = played.rules[k]
        if id(rules) not in made:
            made[id(rules)] = make(plan.game, **rules)
        game = made[id(rules)]
        final = play_out(game, plan.players, plan.bots, result.seed)
        if tuple(final.returns()) != tuple(result.returns):
            raise RatkingError(f"game {result.index} played again ended otherwise: "
                               "a bot is not reproducible from its seed")
        record = final.record()
        returns = final.returns()
        _decisions(game.new_game(plan.players, seed=result.seed), record["actions"], returns,
                   final.end_reason, result.index, space, columns, observations, masks)
        games["game_index"].append(result.index)
        games["seed"].append(result.seed)
        games["returns"].append(returns)
        games["end"].append(final.end_reason)
        games["decisions"].append(final.steps)
        games["record"].append(json.dumps(record, separators=(",", ":")))
        if progress:
            progress(1)
    directory.mkdir(parents=True, exist_ok=True)
    table = pa.table({
        "game_index": pa.array(columns["game_index"], pa.int64()),
        "step": pa.array(columns["step"], pa.int32()),
        "seat": pa.array(columns["seat"], pa.int8()),
        "observation": _fixed(pa, observations, size, pa.float32()),
        "action_mask": _fixed(pa, masks, len(space), pa.bool_()),
        "action": pa.array(columns["action"], pa.int32()),
        "action_id": pa.array(columns["action_id"], pa.string()),
        "reward": pa.array(columns["reward"], pa.float32()),
        "game_return": pa.array(columns["game_return"], pa.float32()),
        "terminated": pa.array(columns["terminated"], pa.bool_()),
        "truncated": pa.array(columns["truncated"], pa.bool_()),
    })
    about = {"game": plan.game, "players": plan.players, "bots": list(plan.bots),
             "rules": plan.rules, **plan.files_json(), "seed": plan.seed,
             "first_seat": plan.first_json(),
             "action_ids": space.ids}
    meta = {b"ratking": json.dumps(about).encode()}
    pa.parquet.write_table(table.replace_schema_metadata(meta), directory / DECISIONS_FILE)
    pa.parquet.write_table(pa.table({
        "game_index": pa.array(games["game_index"], pa.int64()),
        "seed": pa.array(games["seed"], pa.int64()),
        "returns": pa.array(games["returns"], pa.list_(pa.float32())),
        "end": pa.array(games["end"], pa.string()),
        "decisions": pa.array(games["decisions"], pa.int32()),
        "record": pa.array(games["record"], pa.string()),
    }).replace_schema_metadata(meta), directory / GAMES_FILE)
    return len(results), len(columns["step"])


def _decisions(state: State, actions: list[str], returns: list[float], end: str | None,
               index: int, space: Any, columns: dict[str, list[Any]],
               observations: list[np.ndarray], masks: list[np.ndarray]) -> None:
    """Replay one game's actions from its first state, adding a row per decision."""
    last = len(actions) - 1
    for step, action_id in enumerate(actions):
        seat = state.to_move
        observations.append(observation(state, seat))
        masks.append(state.action_mask())
        columns["game_index"].append(index)
        columns["step"].append(step)
        columns["seat"].append(seat)
        columns["action"].append(space.index(action_id))
        columns["action_id"].append(action_id)
        ends = step == last
        columns["reward"].append(returns[seat] if ends else 0.0)
        columns["game_return"].append(returns[seat])
        columns["terminated"].append(ends and end != "round-cap")
        columns["truncated"].append(ends and end == "round-cap")
        state.apply(action_id)


def _fixed(pa: Any, rows: list[np.ndarray], width: int, kind: Any) -> Any:
    """Rows of equal width as one fixed-size-list column."""
    flat = np.concatenate(rows) if rows else np.zeros(0)
    values = pa.array(flat.astype(np.float32 if kind == pa.float32() else bool), kind)
    return pa.FixedSizeListArray.from_arrays(values, width)


def load(directory: Path) -> tuple[Any, Any]:
    """The dataset in `directory` as two pyarrow tables: (games, decisions)."""
    pa = _arrow()
    return (pa.parquet.read_table(directory / GAMES_FILE),
            pa.parquet.read_table(directory / DECISIONS_FILE))
