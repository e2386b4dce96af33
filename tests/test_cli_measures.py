"""The designer's measures on the command line and in every report: skill or luck, drama,
the branching factor, forced moves and the round cap, per run and per sweep cell."""

from __future__ import annotations

import html
import json
import re

import pytest

from tests.test_cli_lab import run, wide_console  # noqa: F401

pytest.importorskip("matplotlib")


def test_simulate_prints_and_keeps_drama_and_skill(tmp_path):
    out = tmp_path / "s.json"
    result = run("simulate", "rat-a-tat-roll", "-n", "8", "-p", "2", "--seed", "1",
                 "--drama-games", "5", "--skill-games", "6", "--json", str(out))
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "Drama over the first 5 games" in text and "lead changes a game" in text
    assert "Skill or luck: the heuristic wins" in text and "over 6 deals" in text
    data = json.loads(out.read_text())
    assert data["drama"]["games"] == 5 and set(data["drama"]["lead_changes"]) >= {"mean", "low"}
    assert data["skill"]["games"] == 6 and 0 <= data["skill"]["share"] <= 1
    assert data["skill"]["fair"] == 0.5
    bare = tmp_path / "b.json"
    result = run("simulate", "rat-a-tat-roll", "-n", "8", "-p", "2", "--seed", "1",
                 "--drama-games", "0", "--skill-games", "0", "--json", str(bare))
    assert "Drama" not in result.stdout and "Skill" not in result.stdout
    again = json.loads(bare.read_text())
    assert "drama" not in again and "skill" not in again
    assert again["games"] == data["games"]  # the measures play no game of the run


def test_reports_show_skill_and_each_sweep_cell_its_measures(tmp_path):
    report = tmp_path / "s"
    assert run("simulate", "you-dirty-rat", "-n", "6", "-p", "2", "--drama-games", "0",
               "--skill-games", "0", "--report", str(report)).exit_code == 0
    page = html.unescape((report / "index.html").read_text(encoding="utf-8"))
    assert "Skill or luck" in page and "heuristic bot's share" in page
    grid = tmp_path / "g"
    assert run("sweep", "you-dirty-rat", "-p", "2", "-n", "6", "--rule", "hand=3,4",
               "--report", str(grid)).exit_code == 0
    page = html.unescape((grid / "index.html").read_text(encoding="utf-8"))
    for header in ("legal moves (sd)", "forced", "capped", "skill: heuristic against random"):
        assert header in page, header
    table = re.sub(r"<[^>]+>", "", page.split("<h2>Every cell")[1].split("Against each")[0])
    assert "0 (0.0%)" in table  # the games the round cap stopped: count and share
