"""--cards and --board on the command line: checked at the start, named with their sha256 in
the JSON, games.csv and records, and never mixed by --resume."""

from __future__ import annotations

import csv
import json

import pytest

import ratking
from ratking.core import cardfile, save_record
from tests.cardfiles import thief_file
from tests.test_cli_lab import assert_refused, run, wide_console  # noqa: F401

pytest.importorskip("matplotlib")


@pytest.fixture
def thief400(tmp_path):
    return thief_file(tmp_path, 400)


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
    assert f"sha256 {sha(thief400)[:16]}" in page and "cards file" in page
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


# --- card values swept and tuned (--card PATH=VALUES) ----------------------------------------


def test_sweep_over_a_card_value_plays_a_changed_copy_per_cell(tmp_path):
    out, report = tmp_path / "grid.json", tmp_path / "report"
    args = ["sweep", "you-dirty-rat", "-p", "2", "-n", "4", "--seed", "2", "--card",
            "thief.amount=200,400", "--rule", "hand=3", "--json", str(out)]
    result = run(*args, "--report", str(report))
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert [c["values"] for c in data["cells"]] == [{"thief.amount": 200}, {"thief.amount": 400}]
    with (report / "games.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    by_cell = {r["card thief.amount"]: r for r in rows}
    assert by_cell["400"]["cards"] == "components.toml with thief.amount=400"
    assert by_cell["200"]["cards sha256"] != by_cell["400"]["cards sha256"]
    four = ratking.make("you-dirty-rat").files["cards"].changed({"thief.amount": 400})
    assert by_cell["400"]["cards sha256"] == four.sha256
    assert "--card thief.amount=400" in by_cell["400"]["replay"]
    assert "--card thief.amount=200,400" in (report / "index.html").read_text()
    # the replay command plays the very game the sweep played
    row = by_cell["400"]
    again = run(*row["replay"].split()[1:], "--save", str(tmp_path / "g.json"))
    assert again.exit_code == 0, again.output
    record = json.loads((tmp_path / "g.json").read_text())
    assert record["cards"]["sha256"] == four.sha256
    assert [str(int(x)) for x in ratking.replay(record).returns()] == \
        [row["result seat 1"], row["result seat 2"]]
    # resumed: nothing to play again
    assert "Resuming: 2 of 2 cells" in run(*args, "--resume").stdout


@pytest.mark.parametrize(("card", "phrase"), [
    ("nobody.amount=1,2", "'nobody' names nothing"),
    ("thief.amount=a,b", "'a' is not a number"),
    ("thief.amount=-5,5", "amount must be a whole number from 0 to 5000"),
    ("hand=3,4", "takes a dotted path"),
])
def test_a_bad_card_value_is_refused_in_one_line(card, phrase):
    assert_refused(run("sweep", "you-dirty-rat", "-p", "2", "-n", "2", "--card", card), phrase)


def test_simulate_and_play_take_one_value_a_card(tmp_path):
    out = tmp_path / "s.json"
    assert run("simulate", "you-dirty-rat", "-n", "2", "-p", "2", "--card",
               "thief.amount=300", "--json", str(out)).exit_code == 0
    assert json.loads(out.read_text())["cards"]["name"] == \
        "components.toml with thief.amount=300"
    assert_refused(run("simulate", "you-dirty-rat", "-n", "2", "--card",
                       "thief.amount=300,400"), "takes one value here")


def test_tune_searches_a_card_value(tmp_path):
    pytest.importorskip("optuna")
    storage = tmp_path / "t.sqlite3"
    result = run("tune", "you-dirty-rat", "-p", "2", "--card", "thief.amount=100..500",
                 "--objective", "length=14", "--trials", "2", "--games", "4",
                 "--check-games", "2000", "--leaders", "1", "--storage", str(storage))
    assert result.exit_code == 0, result.output
    assert "thief.amount=" in result.stdout and "--card thief.amount=" in result.stdout
    import optuna

    study = optuna.load_study(study_name=optuna.get_all_study_names(f"sqlite:///{storage}")[0],
                              storage=f"sqlite:///{storage}")
    assert study.trials[0].params == {"thief.amount": 200}  # the file's own value first


def test_a_study_of_another_card_file_is_a_study_of_its_own(tmp_path, thief400):
    optuna = pytest.importorskip("optuna")
    storage = tmp_path / "t.sqlite3"
    args = ["tune", "you-dirty-rat", "-p", "2", "--param", "hand=3..5", "--trials", "1",
            "--games", "4", "--check-games", "2000", "--leaders", "1", "--storage",
            str(storage)]
    assert run(*args, "--cards", str(thief400)).exit_code == 0
    assert run(*args).exit_code == 0
    names = optuna.get_all_study_names(f"sqlite:///{storage}")
    assert len(names) == 2  # the trials of one file never count for the other
    assert sum(f"cards={sha(thief400)[:16]}" in n for n in names) == 1
