"""`ratking review RECORD [--seat N] [--json FILE]`: the text graph within 80 columns, the
JSON, and one line on stderr for bad input."""

from __future__ import annotations

import json

import pytest
from rich.console import Console
from typer.testing import CliRunner

import ratking
from ratking import cli
from ratking.bots import make_bot
from ratking.core import save_record

from ..test_cli import assert_clean_error


@pytest.fixture(autouse=True)
def plain_consoles(monkeypatch):
    monkeypatch.setattr(cli, "console", Console(width=80, force_terminal=False, no_color=True,
                                                highlight=False))
    monkeypatch.setattr(cli, "errors", Console(width=80, stderr=True, force_terminal=False,
                                               no_color=True, highlight=False))


def run(*args: str):
    return CliRunner().invoke(cli.app, list(args))


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    game = ratking.make("rat-a-tat-roll")
    s = game.new_game(2, seed=3, names=["Ana", "Bo"])
    bots = [make_bot("heuristic:eps=0.3", i) for i in range(2)]
    while not s.over:
        s.apply(bots[s.to_move].choose(s))
    path = tmp_path_factory.mktemp("review") / "game.json"
    save_record(s, path)
    return path, s.record()


def test_review_prints_a_graph_within_80_columns_and_writes_the_json(finished, tmp_path):
    path, record = finished
    out = tmp_path / "review.json"
    result = run("review", str(path), "--iters", "60", "--json", str(out))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert any(line.startswith("100% |") for line in lines)
    assert "Turning points" in result.stdout and "Better moves" in result.stdout
    data = json.loads(out.read_text())
    assert data["seats"] == 2 and len(data["turns"]) == len(record["actions"])
    assert {"index", "seat", "chances"} <= set(data["turns"][0])
    assert len(data["turning_points"]) == 3
    for point in data["turning_points"]:
        assert {"index", "seat", "swing", "text"} <= set(point)
        assert f"{point['when']}:" in result.stdout
    for mistake in data["mistakes"]:
        assert {"index", "seat", "played", "better", "cost"} <= set(mistake)


def test_review_of_one_seat_judges_only_its_moves(finished, tmp_path):
    path, _ = finished
    out = tmp_path / "bo.json"
    result = run("review", str(path), "--iters", "60", "--seat", "2", "--json", str(out))
    assert result.exit_code == 0, result.output
    assert "Better moves of Bo" in result.stdout
    assert all(m["seat"] == 1 for m in json.loads(out.read_text())["mistakes"])


def test_bad_input_is_one_line_on_stderr(finished, tmp_path):
    path, record = finished
    assert_clean_error(run("review", str(path), "--seat", "3"), "no seat 3")
    assert_clean_error(run("review", str(tmp_path / "none.json")), "cannot read record")
    assert_clean_error(run("review", str(path), "--json", "/proc/no/review.json"), "--json")
    unfinished = tmp_path / "unfinished.json"
    unfinished.write_text(json.dumps({k: v for k, v in record.items() if k != "result"}
                                     | {"actions": record["actions"][:5]}))
    assert_clean_error(run("review", str(unfinished), "--iters", "5"), "not over")


def test_a_game_without_an_evaluation_cannot_be_reviewed_and_says_so(finished, monkeypatch):
    # evaluate is an optional hook: without it there are no chances to draw, so the review
    # stops at once with one line, before any work
    from ratking.games.rat_a_tat_roll.game import RatATatRoll

    monkeypatch.setattr(RatATatRoll, "evaluate", None)
    path, _ = finished
    result = run("review", str(path))
    assert_clean_error(result, "Rat-a-Tat Roll cannot be reviewed", "no evaluation")
