"""`ratking simulate ... --trajectories DIR` (ratking.sim.trajectories): every decision as
Parquet, loaded back and replayed to the same observations, actions and results."""

from __future__ import annotations

import json

import numpy as np
import pytest
from rich.console import Console
from typer.testing import CliRunner

import ratking
from ratking import cli
from ratking.sim import trajectories

pytest.importorskip("pyarrow")


@pytest.fixture(autouse=True)
def wide_console(monkeypatch):
    monkeypatch.setattr(cli, "console", Console(width=200, force_terminal=False, no_color=True,
                                                highlight=False))


def run(*args: str):
    return CliRunner().invoke(cli.app, list(args))


@pytest.mark.parametrize(("game_id", "bots"), [("you-dirty-rat", "random,heuristic"),
                                               ("rat-a-tat-roll", "heuristic,random")])
def test_a_trajectory_dataset_replays_to_the_same_games(tmp_path, game_id, bots):
    folder = tmp_path / "data"
    result = run("simulate", game_id, "--games", "3", "--players", "2", "--bots", bots,
                 "--seed", "4", "--json", str(tmp_path / "run.json"),
                 "--trajectories", str(folder))
    assert result.exit_code == 0, result.output
    games, decisions = trajectories.load(folder)
    meta = json.loads(decisions.schema.metadata[b"ratking"])
    assert (meta["game"], meta["players"], meta["bots"]) == (game_id, 2, bots.split(","))
    run_json = json.loads((tmp_path / "run.json").read_text())
    assert games.column("seed").to_pylist() == [g["seed"] for g in run_json["games"]]
    rows = decisions.to_pylist()
    assert len(rows) == sum(games.column("decisions").to_pylist())
    space = ratking.make(game_id, **meta["rules"]).action_space(2)
    assert meta["action_ids"] == list(space.ids)
    for game in games.to_pylist():
        record = json.loads(game["record"])
        final = ratking.replay(record)  # the record replays to the game's result
        assert final.returns() == pytest.approx(game["returns"])
        mine = [r for r in rows if r["game_index"] == game["game_index"]]
        assert [r["step"] for r in mine] == list(range(game["decisions"]))
        for row in mine:  # and every decision to the state it was made in
            state = ratking.replay(record, upto=row["step"])
            assert row["seat"] == state.to_move
            assert np.array_equal(np.array(row["observation"], np.float32),
                                  state.observation(row["seat"]))
            assert np.array_equal(np.array(row["action_mask"]), state.action_mask())
            assert row["action_id"] == record["actions"][row["step"]]
            assert space.ids[row["action"]] == row["action_id"]
            assert row["game_return"] == pytest.approx(game["returns"][row["seat"]])
        last = mine[-1]
        assert last["reward"] == last["game_return"]
        assert last["terminated"] != last["truncated"]
        assert all(r["reward"] == 0 and not r["terminated"] for r in mine[:-1])
    # a folder that already holds a dataset is refused before any game is played
    again = run("simulate", game_id, "--games", "1", "--players", "2", "--bots", bots,
                "--trajectories", str(folder))
    assert again.exit_code == 2 and "exists" in again.stderr
    assert "Traceback" not in again.output


def test_a_rotated_run_keeps_each_game_with_its_starter(tmp_path):
    folder = tmp_path / "data"
    result = run("simulate", "you-dirty-rat", "--games", "4", "--players", "2", "--bots",
                 "heuristic", "--first-seat", "rotate", "--drama-games", "0",
                 "--skill-games", "0", "--trajectories", str(folder))
    assert result.exit_code == 0, result.output
    games, decisions = trajectories.load(folder)
    assert json.loads(decisions.schema.metadata[b"ratking"])["first_seat"] == "rotate"
    for k, game in enumerate(games.to_pylist()):
        record = json.loads(game["record"])
        assert record["rules"]["first_seat"] == k % 2
        assert ratking.replay(record).returns() == pytest.approx(game["returns"])
    firsts = [r["seat"] for r in decisions.to_pylist() if r["step"] == 0]
    assert firsts == [0, 1, 0, 1]
