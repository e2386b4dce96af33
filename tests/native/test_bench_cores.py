"""`ratking bench GAME --core python|native`: one figure per core, said which, as JSON."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ratking import cli, native
from ratking.native import load

from ..test_cli import assert_clean_error, flat

GAME = "rat-a-tat-roll"
needs_core = pytest.mark.skipif(load() is None, reason="the compiled core is not built")


@pytest.fixture
def run():
    runner = CliRunner()
    return lambda *args: runner.invoke(cli.app, list(args))


@needs_core
@pytest.mark.parametrize("core", ["python", "native"])
@pytest.mark.parametrize("loop", ["random", "heuristic"])
def test_each_loop_on_each_core_writes_its_figure(run, tmp_path, core, loop):
    out = tmp_path / "bench.json"
    result = run("bench", GAME, "--core", core, "--loop", loop, "--players", "3",
                 "--seconds", "0.05", "--json", str(out))
    assert result.exit_code == 0, result.output
    assert f"{loop} loop on the {core} core" in flat(result.output)
    figures = json.loads(out.read_text())
    assert figures["core"] == core and figures["loop"] == loop
    assert figures["players"] == 3 and figures["decisions_per_s"] > 0


@pytest.mark.parametrize("core", ["python", pytest.param("native", marks=needs_core)])
def test_the_search_loop_counts_iterations(run, tmp_path, core):
    out = tmp_path / "bench.json"
    result = run("bench", GAME, "--core", core, "--loop", "ismcts", "--seconds", "0.01",
                 "--json", str(out))
    assert result.exit_code == 0, result.output
    figures = json.loads(out.read_text())
    assert figures["core"] == core and figures["loop"] == "ismcts" and figures["players"] == 2
    # the hard level searches 1,500 iterations a decision (bots/specs.py, evaluate.py's LEVELS)
    assert figures["iterations_per_s"] >= 1000 * figures["decisions_per_s"]


def test_the_search_loop_of_each_core_searches_on_it(monkeypatch):
    from ratking.bots import ismcts
    from ratking.sim import cores

    seen = []
    real = ismcts.SearchBot.choose

    def choose(bot, state):
        seen.append(bot.native(state))
        return real(bot, state)

    monkeypatch.setattr(ismcts.SearchBot, "choose", choose)
    cores.bench_core(GAME, "python", "ismcts", 2, 0.01)
    assert seen and not any(seen)
    if load() is not None:
        seen.clear()
        cores.bench_core(GAME, "native", "ismcts", 2, 0.01)
        assert seen and all(seen)


def test_a_game_without_a_compiled_core_has_no_native_search_loop(run, monkeypatch):
    monkeypatch.setattr(native, "_compiled", lambda: object())  # as if built
    monkeypatch.delitem(native.COMPILED, "target-rats", raising=False)  # as if not compiled
    result = run("bench", "target-rats", "--core", "native", "--loop", "ismcts",
                 "--seconds", "0.01")
    assert_clean_error(result, "target-rats has no compiled core yet")


def test_a_game_without_a_compiled_core_is_one_error_line(run, monkeypatch):
    monkeypatch.setattr(native, "_compiled", lambda: object())  # as if built
    monkeypatch.delitem(native.COMPILED, "target-rats", raising=False)  # as if not compiled
    result = run("bench", "target-rats", "--core", "native", "--seconds", "0.01")
    assert_clean_error(result, "target-rats has no compiled core yet")


def test_a_core_that_was_not_built_is_one_error_line(run, monkeypatch):
    monkeypatch.setattr(native, "_compiled", lambda: None)
    result = run("bench", GAME, "--core", "native", "--seconds", "0.01")
    assert_clean_error(result, "the compiled core is not built")  # and no notice besides


def test_unknown_cores_and_loops_are_refused(run):
    assert_clean_error(run("bench", GAME, "--core", "rust"), "--core must be one of")
    assert_clean_error(run("bench", GAME, "--loop", "mcts"), "--loop must be one of")
