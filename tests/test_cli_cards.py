"""--cards and --board on the command line: checked at the start, named with their sha256 in
the JSON, games.csv and records, and never mixed by --resume."""

from __future__ import annotations

import csv
import json

import pytest

import ratking
from ratking.core import cardfile, save_record
from tests.test_cli_lab import assert_refused, run, wide_console  # noqa: F401

pytest.importorskip("matplotlib")


@pytest.fixture
def thief400(tmp_path):
    path = tmp_path / "thief400.toml"
    base = ratking.make("you-dirty-rat").files["cards"]
    path.write_text(base.changed({"thief.amount": 400}).text, encoding="utf-8")
    return path


def sha(path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_simulate_names_the_card_file_in_json_csv_and_report(tmp_path, thief400):
    out, report = tmp_path / "s.json", tmp_path / "report"
    result = run("simulate", "you-dirty-rat", "-n", "6", "-p", "2", "--seed", "3",
                 "--cards", str(thief400), "--json", str(out), "--report", str(report))
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["cards"] == {"name": str(thief400), "sha256": sha(thief400)}
    assert "rules changed" not in data and "card_files" not in data["rules"]
    with (report / "games.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert {r["cards"] for r in rows} == {str(thief400)}
    assert {r["cards sha256"] for r in rows} == {sha(thief400)}
    assert all(f"--cards {thief400}" in r["replay"] for r in rows)
    page = (report / "index.html").read_text(encoding="utf-8")
    assert sha(thief400) in page and "cards file" in page
    plain = tmp_path / "plain.json"
    assert run("simulate", "you-dirty-rat", "-n", "6", "-p", "2", "--seed", "3", "--json",
               str(plain)).exit_code == 0
    own = json.loads(plain.read_text())["cards"]
    assert own["name"] == "components.toml" and own["sha256"] != sha(thief400)
    assert json.loads(plain.read_text())["games"] != data["games"]  # the file was played


def test_resume_refuses_a_run_of_another_card_file(tmp_path, thief400):
    out = tmp_path / "s.json"
    assert run("simulate", "you-dirty-rat", "-n", "4", "-p", "2", "--json",
               str(out)).exit_code == 0
    before = out.read_text()
    result = run("simulate", "you-dirty-rat", "-n", "8", "-p", "2", "--json", str(out),
                 "--resume", "--cards", str(thief400))
    assert_refused(result, "holds another run (cards")
    assert out.read_text() == before


def test_sweep_resume_refuses_another_card_file(tmp_path, thief400):
    out = tmp_path / "grid.json"
    args = ["sweep", "you-dirty-rat", "-p", "2", "-n", "3", "--rule", "hand=3,4", "--json",
            str(out)]
    assert run(*args, "--cards", str(thief400)).exit_code == 0
    assert json.loads(out.read_text())["cards"]["sha256"] == sha(thief400)
    assert_refused(run(*args, "--resume"), "holds another sweep (cards")


@pytest.mark.parametrize("command", [
    ("simulate", "you-dirty-rat", "-n", "2"),
    ("sweep", "you-dirty-rat", "-n", "2", "--rule", "hand=3,4"),
    ("arena", "you-dirty-rat", "--bots", "heuristic,random", "-n", "2"),
    ("tune", "you-dirty-rat", "--param", "hand=3..4", "--trials", "1"),
])
def test_a_bad_card_file_is_refused_in_one_line_before_anything_runs(tmp_path, command):
    bad = tmp_path / "bad.toml"
    bad.write_text("copies = 0\n", encoding="utf-8")
    empty = tmp_path / "empty"
    empty.mkdir()
    extra = ["--storage", str(empty / "t.sqlite3")] if command[0] == "tune" else []
    assert_refused(run(*command, *extra, "-p", "2", "--cards", str(bad), "--report",
                       str(empty / "report")),
                   "bad.toml: copies must be a whole number", empty)


def test_a_game_without_cards_refuses_cards_and_takes_a_board(tmp_path):
    board = tmp_path / "board.toml"
    board.write_text(ratking.make("target-rats").files["board"].text, encoding="utf-8")
    assert_refused(run("simulate", "target-rats-simplified", "-n", "1", "--cards",
                       str(board)), "has no cards file")
    out = tmp_path / "s.json"
    result = run("simulate", "target-rats-simplified", "-n", "1", "-p", "2", "--board",
                 str(board), "--json", str(out))
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["board"] == {"name": str(board), "sha256": sha(board)} and data["cards"] is None


def test_arena_names_the_card_file(tmp_path, thief400):
    out = tmp_path / "a.json"
    result = run("arena", "you-dirty-rat", "--bots", "heuristic,random", "-n", "2",
                 "--cards", str(thief400), "--json", str(out))
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["cards"]["sha256"] == sha(thief400)


def test_replay_reads_the_file_the_record_names_and_refuses_another(tmp_path, thief400,
                                                                    monkeypatch):
    game = ratking.make("you-dirty-rat", card_files={"cards": str(thief400)})
    state = game.new_game(2, seed=5)
    while not state.over:
        state.apply(state.legal_actions()[0])
    record = tmp_path / "g.json"
    save_record(state, record)
    moved = tmp_path / "moved.toml"
    moved.write_text(thief400.read_text(), encoding="utf-8")
    thief400.unlink()
    monkeypatch.setattr(cardfile, "_SEEN", {})  # as `ratking replay` starts: no file known
    assert_refused(run("replay", str(record), "--no-step"), "cannot read")
    assert run("replay", str(record), "--no-step", "--cards", str(moved)).exit_code == 0
    moved.write_text(moved.read_text().replace("amount = 400", "amount = 500", 1))
    assert_refused(run("replay", str(record), "--no-step", "--cards", str(moved)),
                   "give the same file")
