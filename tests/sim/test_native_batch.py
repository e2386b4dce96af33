"""The lab on the compiled core: the very games the Python loop plays from the same seed, each
bot seeded as the lab seeds it, and the same rows; the JSON, the CSV and the page say which
core ran; a core that cannot run is one clear line."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

import ratking
from ratking import cli
from ratking.native import COMPILED, NativeUnavailable, load
from ratking.sim import run_batch
from ratking.sim.native_batch import batch_core

pytestmark = pytest.mark.skipif(load() is None, reason="the compiled core is not built")
GAMES = sorted(COMPILED)
BOTS = ["random", "heuristic", "heuristic:eps=0.25", "bot"]


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**40))
def test_the_native_batch_plays_the_python_batchs_games(game_id, data, seed):
    players = data.draw(st.sampled_from(ratking.make(game_id).player_counts()), label="players")
    bots = data.draw(st.lists(st.sampled_from(BOTS), min_size=players, max_size=players),
                     label="bots")
    games = data.draw(st.integers(1, 12), label="games")
    rules = data.draw(st.sampled_from([None, {"max_rounds": 4}]), label="rules")
    python = run_batch(game_id, players, bots, games, seed, rules, core="python")
    native = run_batch(game_id, players, bots, games, seed, rules, core="native")
    assert native == python  # every row: returns, scores, length, ending, counters, course


def test_a_game_whose_core_builds_no_rows_is_replayed_for_them(monkeypatch):
    # a compiled game registered without its rows' parts (bind_loops.cpp): the native loop
    # plays, the Python engine replays each game for its row
    from types import SimpleNamespace

    from ratking.sim import native_batch

    real = native_batch.loops
    monkeypatch.setattr(native_batch, "loops",
                        lambda g: SimpleNamespace(play_seeded=real(g).play_seeded))
    bots = ["heuristic", "random", "heuristic:eps=0.25"]
    native = run_batch("you-dirty-rat", 3, bots, 8, 5, core="native")
    assert native == run_batch("you-dirty-rat", 3, bots, 8, 5, core="python")


def test_auto_picks_the_native_core_where_it_can():
    assert batch_core("auto", "rat-a-tat-roll", ["heuristic", "random"]) == "native"
    assert batch_core("auto", "rat-a-tat-roll", ["heuristic", "hard"]) == "python"
    assert batch_core("python", "you-dirty-rat", ["random", "random"]) == "python"
    with pytest.raises(NativeUnavailable, match="random and heuristic bots only"):
        batch_core("native", "you-dirty-rat", ["random", "ismcts:iters=10"])


def test_two_workers_play_the_same_games_on_the_native_core():
    one = run_batch("rat-and-duck", 4, ["heuristic"] * 4, 30, 9, core="python")
    assert run_batch("rat-and-duck", 4, ["heuristic"] * 4, 30, 9, workers=2) == one


@pytest.fixture
def run(monkeypatch):
    monkeypatch.setattr(cli, "console", Console(width=200, force_terminal=False, no_color=True,
                                                highlight=False))
    return lambda *args: CliRunner().invoke(cli.app, list(args))


def test_simulate_on_either_core_writes_the_same_games(run, tmp_path):
    pytest.importorskip("matplotlib")
    out = {}
    for core in ("native", "python"):
        result = run("simulate", "rat-a-tat-roll", "-n", "40", "-p", "3", "--seed", "11",
                     "--bots", "heuristic,random,heuristic:eps=0.3", "--core", core,
                     "--json", str(tmp_path / f"{core}.json"),
                     "--report", str(tmp_path / core))
        assert result.exit_code == 0, result.output
        name = {"native": "the compiled core", "python": "the Python engine"}[core]
        assert f"Playing 40 games on {name}" in result.stdout
        assert name in (tmp_path / core / "index.html").read_text(encoding="utf-8")
        data = json.loads((tmp_path / f"{core}.json").read_text(encoding="utf-8"))
        assert data.pop("core") == core
        out[core] = data
    assert out["native"] == out["python"]
    assert (tmp_path / "native" / "games.csv").read_bytes() == \
        (tmp_path / "python" / "games.csv").read_bytes()


def test_simulate_refuses_a_core_that_cannot_run_in_one_line(run):
    result = run("simulate", "you-dirty-rat", "-n", "5", "--bots", "hard", "--core", "native")
    assert result.exit_code == 2 and "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "random and heuristic bots only" in lines[0]
    result = run("simulate", "you-dirty-rat", "-n", "5", "--core", "fast")
    assert result.exit_code == 2 and "--core must be one of" in result.stderr
