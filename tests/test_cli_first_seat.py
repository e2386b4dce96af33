"""`--first-seat rotate` on simulate, sweep and compare: who starts, in the report, the JSON
and games.csv, and the first player's measured win share."""

from __future__ import annotations

import csv
import html
import json

import pytest

from .test_cli_lab import assert_refused, run, wide_console  # noqa: F401 (a fixture)

pytest.importorskip("matplotlib")


def test_simulate_rotates_the_first_player_and_measures_it(tmp_path):
    out, path = tmp_path / "rep", tmp_path / "s.json"
    result = run("simulate", "you-dirty-rat", "-n", "12", "-p", "3", "--seed", "5",
                 "--first-seat", "rotate", "--json", str(path), "--report", str(out),
                 "--drama-games", "2", "--skill-games", "0")
    assert result.exit_code == 0, result.output
    words = " ".join(result.stdout.split())
    assert "The first player won" in words and "of 12 decided games" in words
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["first_seat"] == "rotate"
    assert [g["first"] for g in data["games"]] == [i % 3 for i in range(12)]
    effect = data["first_player"]
    wins = sum(g["returns"][g["first"]] for g in data["games"])
    assert effect["games"] == 12 and effect["wins"] == wins and effect["fair"] == 1 / 3
    with (out / "games.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert [int(r["first seat"]) for r in rows] == [i % 3 + 1 for i in range(12)]
    assert "--rule first_seat=2" in rows[2]["replay"] and "first_seat" not in rows[3]["replay"]
    page = html.unescape((out / "index.html").read_text(encoding="utf-8"))
    assert "rotated: game i starts at seat i mod 3" in page
    assert "The first player won" in page and "--first-seat rotate" in page


def test_a_run_without_rotation_says_how_to_rotate(tmp_path):
    out = tmp_path / "rep"
    result = run("simulate", "you-dirty-rat", "-n", "4", "-p", "2", "--rule", "first_seat=1",
                 "--report", str(out), "--drama-games", "0", "--skill-games", "0")
    assert result.exit_code == 0, result.output
    page = html.unescape((out / "index.html").read_text(encoding="utf-8"))
    assert "Every game started with seat 2" in page and "seat 2 (first_seat=1)" in page
    assert "run again with --first-seat rotate" in page


def test_rotation_is_refused_for_rat_and_duck_before_anything_runs(tmp_path):
    # seed 003, 1.3: a dissent starts; the rulebook leaves no choice
    folder = tmp_path / "out"
    folder.mkdir()
    result = run("simulate", "rat-and-duck", "-n", "4", "-p", "4", "--first-seat", "rotate",
                 "--json", str(folder / "s.json"))
    assert_refused(result, "Rat & Duck's rules fix who starts", folder)
    assert_refused(run("simulate", "you-dirty-rat", "-n", "4", "--first-seat", "last"),
                   "--first-seat must be one of rules, rotate")
    assert_refused(run("sweep", "you-dirty-rat", "-n", "4", "--rule", "first_seat=0,1",
                       "--first-seat", "rotate"), "cannot be swept too")


def test_resume_refuses_to_mix_rotated_games_with_others(tmp_path):
    path = tmp_path / "s.json"
    first = run("simulate", "rat-a-tat-roll", "-n", "3", "-p", "2", "--json", str(path),
                "--first-seat", "rotate", "--drama-games", "0", "--skill-games", "0")
    assert first.exit_code == 0, first.output
    again = run("simulate", "rat-a-tat-roll", "-n", "6", "-p", "2", "--json", str(path),
                "--resume", "--drama-games", "0", "--skill-games", "0")
    assert_refused(again, "holds another run (first_seat 'rotate', not 0)")


def test_sweep_and_compare_carry_the_rotation(tmp_path):
    sweep_json = tmp_path / "w.json"
    result = run("sweep", "rat-a-tat-roll", "-n", "4", "-p", "2", "--rule", "cards=3,4",
                 "--first-seat", "rotate", "--json", str(sweep_json))
    assert result.exit_code == 0, result.output
    data = json.loads(sweep_json.read_text(encoding="utf-8"))
    assert data["first_seat"] == "rotate"
    assert [g["first"] for g in data["cells"][0]["games"]] == [0, 1, 0, 1]
    assert "first player" in result.stdout  # a column of the table of cells
    compare_json = tmp_path / "c.json"
    result = run("compare", "you-dirty-rat", "--b", "start_money=500", "-n", "6", "-p", "3",
                 "--first-seat", "rotate", "--json", str(compare_json), "--drama-games", "0",
                 "--skill-games", "0", "--report", str(tmp_path / "cmp"))
    assert result.exit_code == 0, result.output
    with (tmp_path / "cmp" / "games.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert [r["first seat"] for r in rows] == ["1", "2", "3"] * 4  # A's games, then B's
    assert "--rule first_seat=1" in rows[7]["replay"]
    data = json.loads(compare_json.read_text(encoding="utf-8"))
    assert data["a"]["first_seat"] == data["b"]["first_seat"] == "rotate"
    assert "win share: the first player" in {d["measure"] for d in data["differences"]}


def test_tune_rotates_every_trial_and_its_check(tmp_path):
    storage = tmp_path / "study.sqlite3"
    args = ["tune", "rat-a-tat-roll", "--param", "cards_two_players=3..7", "--objective",
            "fair", "-n", "10", "-p", "2", "--bots", "random", "--storage", str(storage)]
    assert_refused(run(*args[:3], "first_seat=0..1", *args[4:], "--first-seat", "rotate"),
                   "cannot be tuned too")
    result = run(*args, "--trials", "2", "--first-seat", "rotate")
    assert result.exit_code == 0, result.output
    assert "--first-seat rotate" in " ".join(result.stdout.split())
    import optuna

    names = [s.study_name for s in optuna.get_all_study_summaries(f"sqlite:///{storage}")]
    assert len(names) == 1 and names[0].endswith(" first=rotate")
