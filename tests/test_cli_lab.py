"""The lab's commands: simulate --report/--backend, sweep and tune, as a designer runs them."""

from __future__ import annotations

import csv
import html
import json
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from ratking import cli

pytest.importorskip("matplotlib")
pytest.importorskip("optuna")


@pytest.fixture(autouse=True)
def wide_console(monkeypatch):
    monkeypatch.setattr(cli, "console", Console(width=200, force_terminal=False, no_color=True,
                                                highlight=False))


def run(*args: str):
    return CliRunner().invoke(cli.app, list(args))


def assert_refused(result, phrase: str, folder=None) -> None:
    """Exit code 2, one line on stderr naming the problem, no traceback, nothing written."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error:"), result.stderr
    assert phrase in lines[0], (phrase, lines[0])
    assert "Traceback" not in result.output
    for announced in ("Playing", "Sweeping", "Study"):  # refused before anything runs
        assert announced not in result.stdout, result.stdout
    if folder is not None:
        assert not any(folder.iterdir()), list(folder.iterdir())


# --- simulate --------------------------------------------------------------------------------


def test_simulate_writes_a_report_and_a_csv(tmp_path):
    out = tmp_path / "report"
    result = run("simulate", "rat-and-duck", "-n", "12", "-p", "4", "--seed", "2",
                 "--report", str(out))
    assert result.exit_code == 0, result.output
    assert "Round cap: 25 rounds (the game's own limit)" in result.stdout
    assert f"Wrote {out / 'index.html'}" in " ".join(result.stdout.split())
    page = html.unescape((out / "index.html").read_text(encoding="utf-8"))
    assert "Rat &amp; Duck" not in page and "Rat & Duck: 12 games, 4 players" in page
    with (out / "games.csv").open(encoding="utf-8") as fh:
        assert len(list(csv.DictReader(fh))) == 12


def test_simulate_caps_a_game_that_has_no_cap_and_counts_those_games(tmp_path):
    path = tmp_path / "s.json"
    result = run("simulate", "target-rats-simplified", "-n", "3", "-p", "2", "--bots",
                 "random", "--json", str(path))
    assert result.exit_code == 0, result.output
    assert "Round cap: 200 rounds (added by the simulator: the game has none)" in result.stdout
    text = " ".join(result.stdout.split())
    assert "Stopped by the round cap: 3 (3 draws there, left out of the win shares)" in text
    assert "0 of the 0 decided games" in text  # the capped draws are not counted as ties
    data = json.loads(path.read_text())
    assert data["rules"]["max_rounds"] == 200 and data["round_cap_added"] == 200
    assert all(g["end"] == "round-cap" and g["decided"] is False for g in data["games"])
    summary = data["summary"]
    assert (summary["capped"], summary["undecided"], summary["decided"], summary["draws"]) == \
        (3, 3, 0, 0)
    assert "fights in Rat City" in data["games"][0]["metrics"]


@pytest.mark.parametrize(("args", "phrase"), [
    (["--backend", "cluster"], "--backend is one of local, ray, not 'cluster'"),
    (["--ray-address", "127.0.0.1:6379"], "--ray-address needs --backend ray"),
    (["--workers", "0"], "--workers must be at least 1"),
    (["--bots", "heuristic,,random"], "empty bot spec"),
    (["--rule", "cards=3", "--rule", "cards=4"], "--rule cards is given twice"),
])
def test_simulate_refuses_bad_options_before_playing(tmp_path, args, phrase):
    out = tmp_path / "report"
    assert_refused(run("simulate", "rat-a-tat-roll", "-n", "5", "--report", str(out),
                       "--json", str(tmp_path / "s.json"), *args), phrase, tmp_path)


def test_simulate_refuses_a_report_folder_it_cannot_write(tmp_path):
    (tmp_path / "a-file").write_text("x")
    result = run("simulate", "rat-a-tat-roll", "-n", "5", "--report",
                 str(tmp_path / "a-file" / "report"), "--json", str(tmp_path / "s.json"))
    assert_refused(result, "is not a folder")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]
    assert_refused(run("simulate", "rat-a-tat-roll", "-n", "5", "--report",
                       str(tmp_path / "a-file")), "is a file, not a folder")
    # root passes the permission bits, yet cannot write under /proc
    assert_refused(run("simulate", "rat-a-tat-roll", "-n", "5", "--report", "/proc/rk"),
                   "--report /proc/rk cannot be written")
    assert_refused(run("simulate", "rat-a-tat-roll", "-n", "5", "--json", "/proc/rk.json"),
                   "--json /proc/rk.json cannot be written")


# --- sweep -----------------------------------------------------------------------------------


def test_sweep_prints_every_cell_and_writes_its_report(tmp_path):
    out = tmp_path / "sweep"
    result = run("sweep", "rat-and-duck", "--rule", "bio_sci_to_win=1,3", "--rule",
                 "unrest_to_win=12..13", "--rule", "max_rounds=20", "-n", "8", "-p", "4",
                 "--workers", "2", "--report", str(out))
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "rat-and-duck: 4 cells of 8 games, 4 players" in text
    for header in ("bio_sci_to_win", "unrest_to_win", "government", "dissent", "rounds"):
        assert header in text
    page = html.unescape((out / "index.html").read_text(encoding="utf-8"))
    assert "a sweep of bio_sci_to_win x unrest_to_win" in page
    assert "--rule max_rounds=20 --rule bio_sci_to_win=1,3 --rule unrest_to_win=12,13" in page
    assert "Both rules at once" in page
    drama = page.split("Drama: how the chances moved")[1].split("Files")[0]
    for cell in ("bio_sci_to_win=1,unrest_to_win=12", "bio_sci_to_win=3,unrest_to_win=13"):
        row = drama.split(cell)[1].split("</tr>")[0]  # the cell's 8 games, three measures
        assert re.search(r"<td[^>]*>(<span[^>]*>)?8<", row), row
    with (out / "games.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == 32
    assert {(r["rule bio_sci_to_win"], r["rule unrest_to_win"]) for r in rows} == {
        ("1", "12"), ("1", "13"), ("3", "12"), ("3", "13")}


def test_sweep_cells_match_simulate_with_the_same_seed(tmp_path):
    result = run("sweep", "rat-a-tat-roll", "--rule", "cards=3,4", "-n", "6", "-p", "3",
                 "--seed", "4", "--report", str(tmp_path / "s"))
    assert result.exit_code == 0, result.output
    run("simulate", "rat-a-tat-roll", "-n", "6", "-p", "3", "--seed", "4", "--rule",
        "cards=3", "--json", str(tmp_path / "one.json"))
    one = json.loads((tmp_path / "one.json").read_text())["games"]
    with (tmp_path / "s" / "games.csv").open(encoding="utf-8") as fh:
        rows = [r for r in csv.DictReader(fh) if r["rule cards"] == "3"]
    assert [int(r["seed"]) for r in rows] == [g["seed"] for g in one]
    assert [int(r["decisions"]) for r in rows] == [g["decisions"] for g in one]


@pytest.mark.parametrize(("rules", "phrase"), [
    (["cards"], "--rule takes NAME=VALUES, not 'cards'"),
    (["cards=4"], "give at least one rule two or more values"),
    (["cards=5..2"], "the range '5..2' is empty"),
    (["cards=3,x"], "rule 'cards' must be a whole number"),
    (["cards=3,99"], "rule 'cards' must be at most"),
    (["cards=3,4", "cards=5,6"], "--rule cards is given twice"),
    (["wings=1,2"], "unknown rule 'wings'"),
])
def test_sweep_refuses_bad_grids(tmp_path, rules, phrase):
    args = [a for r in rules for a in ("--rule", r)]
    assert_refused(run("sweep", "rat-a-tat-roll", *args, "-n", "2", "--report",
                       str(tmp_path / "out")), phrase, tmp_path)


def test_sweep_refuses_an_unwritable_report_and_bad_options(tmp_path):
    (tmp_path / "f").write_text("x")
    base = ["sweep", "rat-a-tat-roll", "--rule", "cards=3,4", "-n", "2"]
    assert_refused(run(*base, "--report", str(tmp_path / "f" / "out")), "is not a folder")
    assert_refused(run(*base, "--report", "/proc/rk"), "--report /proc/rk cannot be written")
    assert_refused(run(*base, "--players", "9"), "2 to 5 players, not 9")
    assert_refused(run(*base, "--bots", "wizard"), "no bot 'wizard'")
    assert_refused(run(*base, "--games", "0"), "--games must be at least 1")
    assert_refused(run(*base, "--backend", "spark"), "--backend is one of")
    assert_refused(run("sweep", "rat-race", "--rule", "x=1,2"), "no game 'rat-race'")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f"]


# --- tune ------------------------------------------------------------------------------------

TUNE = ["tune", "rat-a-tat-roll", "--param", "cards_two_players=3..7", "--objective",
        "length=5", "-n", "10", "-p", "2", "--bots", "random"]  # checked on 2,000 games


def test_tune_runs_a_study_checks_the_best_and_resumes(tmp_path):
    storage = tmp_path / "study.sqlite3"
    out = tmp_path / "tune"
    result = run(*TUNE, "--trials", "3", "--storage", str(storage), "--report", str(out))
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "0 trials done, 3 to run" in text
    assert "Best: cards_two_players=" in text and "Checked on 2,000 fresh games (seed 1)" in text
    assert "seat 1: wins" in text and "rounds:" in text
    assert storage.exists()
    page = html.unescape((out / "index.html").read_text(encoding="utf-8"))
    assert "The best values, checked" in page and "The study" in page
    again = run(*TUNE, "--trials", "4", "--storage", str(storage))
    assert again.exit_code == 0, again.output
    assert "3 trials done, 1 to run" in " ".join(again.stdout.split())


@pytest.mark.parametrize(("args", "phrase"), [
    (["--param", "cards_two_players"], "--param takes NAME=VALUES"),
    (["--param", "cards_two_players=9..3"], "is empty"),
    (["--param", "cards_two_players=3..99"], "must be at most"),
    (["--param", "cards_two_players=3..4", "--param", "cards_two_players=5..6"],
     "given twice"),
    (["--param", "cards=3..4", "--rule", "cards=4"], "both fixed (--rule) and tuned"),
    (["--param", "cards=3..4", "--objective", "long"], "--objective is fair or length=R"),
    (["--param", "cards=3..4", "--trials", "0"], "--trials must be at least 1"),
    (["--param", "cards=3..4", "--check-games", "0"], "--check-games must be at least 2,000"),
    (["--param", "cards=3..4", "--check-games", "1999"], "--check-games must be at least 2,000"),
    (["--param", "cards=3..4", "--trials", "3"], "--trials 3 is more than the 2 different"),
    (["--param", "cards=3..4", "--objective", "fair,length=4", "--pick", "weights=1"],
     "--pick weights= takes 2 numbers"),
])
def test_tune_refuses_bad_input_and_writes_nothing(tmp_path, args, phrase):
    assert_refused(run("tune", "rat-a-tat-roll", *args, "-n", "2", "--storage",
                       str(tmp_path / "s.sqlite3"), "--report", str(tmp_path / "out")),
                   phrase, tmp_path)


def test_tune_refuses_a_storage_it_cannot_write(tmp_path):
    (tmp_path / "f").write_text("x")
    assert_refused(run("tune", "rat-a-tat-roll", "--param", "cards=3..4", "--storage",
                       str(tmp_path / "f" / "s.sqlite3")), "is not a folder")
    assert_refused(run("tune", "rat-a-tat-roll", "--param", "cards=3..4", "--storage",
                       str(tmp_path)), "is a folder, not a file")
    assert_refused(run("tune", "rat-a-tat-roll", "--param", "cards=3..4", "--storage",
                       "/proc/rk.sqlite3"), "--storage /proc/rk.sqlite3 cannot be written")
    assert_refused(run("tune", "rat-a-tat-roll", "--param", "cards=3..4", "--storage",
                       str(tmp_path / "s.sqlite3"), "--report", "/proc/rk"),
                   "--report /proc/rk cannot be written")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f"]


def test_tune_refuses_a_storage_that_is_not_a_study_file_and_leaves_it_as_it_was(tmp_path):
    import sqlite3

    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    other = tmp_path / "other.db"
    db = sqlite3.connect(other)
    db.execute("create table recipes (name text)")
    db.commit()
    db.close()
    broken = tmp_path / "broken.sqlite3"
    broken.write_bytes(b"SQLite format 3\x00" + b"\xff" * 200)
    before = {p: p.read_bytes() for p in (notes, other, broken)}
    for path, phrase in ((notes, "is not an SQLite file"),
                         (other, "is an SQLite database of another program"),
                         (broken, "cannot be read as SQLite")):
        assert_refused(run(*TUNE, "--trials", "1", "--storage", str(path)),
                       f"--storage {path} {phrase}")
    assert {p: p.read_bytes() for p in before} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.sqlite3", "notes.txt",
                                                          "other.db"]


def test_simulate_on_a_ray_address_where_nothing_answers_fails_in_one_line(tmp_path):
    pytest.importorskip("ray")
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    for command in (["simulate", "rat-a-tat-roll", "-n", "4"],
                    ["arena", "rat-a-tat-roll", "--bots", "heuristic,random", "-n", "4"],
                    ["sweep", "rat-a-tat-roll", "-r", "cards=3,4", "-n", "4"]):
        assert_refused(run(*command, "--backend", "ray", "--ray-address", f"127.0.0.1:{port}",
                           "--report", str(tmp_path / "r")),
                       f"--ray-address 127.0.0.1:{port}: nothing answers there", tmp_path)


def test_tune_of_two_objectives_shows_the_front_and_checks_every_objective(tmp_path):
    out = tmp_path / "mo"
    result = run("tune", "rat-a-tat-roll", "--param", "cards_two_players=3..7", "--objective",
                 "fair,length:5..6", "-n", "12", "-p", "2", "--bots", "random", "--trials", "4",
                 "--storage", str(tmp_path / "mo.sqlite3"), "--report", str(out))
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "The leaders played again on 2,000 fresh games" in text
    assert "distance from an even share:" in text and "rounds outside 5-6:" in text
    page = html.unescape((out / "index.html").read_text(encoding="utf-8"))
    assert "Pareto front" in page and "multi-objective, TPE sampler" in page
    assert "rules varied</td><td>cards_two_players=3..7 (searched)" in page
    assert "unfairness: fresh (95%)" in page and "length off: fresh (95%)" in page
    matters = page.split("Which parameter matters")[1].split("</table>")[0]
    assert re.search(r"cards_two_players</td><td[^>]*>.*100\.0%.*100\.0%", matters), matters


def test_issue_46s_two_objective_tune_skips_repeats_and_picks_by_the_stated_rule(tmp_path):
    """The issue's scenario: TPE suggests trial 2's and trial 6's values again; both repeats
    are skipped, not counted, and the order rule (fair, then length) names trial 6 (inside
    12-20 rounds, fairness not told apart from trial 4's) over trial 4 (3.2 rounds short)."""
    # seed 000 (rat-and-duck), WINNING: the goals these rules set
    result = run("tune", "rat-and-duck", "-p", "4", "--param", "bio_sci_to_win=1..4",
                 "--param", "unrest_to_win=12..30", "--objective", "fair,length:12..20",
                 "--trials", "10", "--games", "200", "--leaders", "2", "--seed", "1",
                 "--storage", str(tmp_path / "t.sqlite3"))
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "Trial 7 repeats trial 2" in text and "Trial 10 repeats trial 6" in text
    assert text.count(" done: ") == 10
    assert "the rule order fair, length" in text and "length picks trial 6" in text
    assert "Best: bio_sci_to_win=2, unrest_to_win=22 (trial 6)" in text
