"""The batch report: one self-contained page and one CSV row per game."""

from __future__ import annotations

import csv
import html
import io
import os
import re
import shlex
from pathlib import Path

import pytest
from rich.console import Console

from ratking.core import RatkingError, make
from ratking.core.rng import derive_seed
from ratking.outputs import check_writable_dir, check_writable_file
from ratking.sim import run_batch, summarize
from ratking.sim.plan import prepare
from ratking.sim.report import games_of, write_batch_report, write_games_csv
from ratking.terminal import TerminalGame, parse_seats


def played(game, players, games, seed=1, bots="heuristic", **rules):
    plan = prepare(game, players, bots, games, seed, rules)
    return plan, run_batch(plan.game, plan.players, plan.bots, plan.games, plan.seed,
                           plan.overrides)


def assert_self_contained(page: str) -> None:
    """Nothing is fetched: no external URL, no script, every image inline."""
    assert not re.search(r"(src|href)=\"(?!data:)", page)
    assert "http://" not in page.replace("http://www.w3.org", "")
    assert "<script" not in page and "@import" not in page
    assert all(src.startswith("data:image/svg+xml;base64,")
               for src in re.findall(r'<img src="([^"]+)"', page))


def test_the_report_of_a_team_game(tmp_path):
    plan, results = played("rat-and-duck", 4, 30)
    page_path = write_batch_report(tmp_path / "out", plan, results, "local", 1, 1.5)
    page = page_path.read_text(encoding="utf-8")
    assert_self_contained(page)
    assert page.count("<img ") >= 6  # shares, scores, length, endings, measures
    text = html.unescape(page)
    for phrase in ("Who wins", "How long games run", "How games ended",
                   "The game's own measures", "government (seats 2, 4)", "chi-square",
                   "25 rounds (the game's own limit)", "ended by unrest goal",
                   "ratking simulate rat-and-duck --games 30 --players 4 --bots heuristic"):
        assert phrase in text, phrase
    # every plot says in words what it shows, and is also saved as its own SVG
    assert all(alt.strip() for alt in re.findall(r'alt="([^"]*)"', page))
    saved = sorted((page_path.parent / "figures").iterdir())
    assert len(saved) == page.count("<img ")
    assert saved[0].name.startswith("01-bar-chart-of-each-team")
    assert saved[0].read_bytes().startswith(b"<?xml")


def test_the_csv_has_one_row_per_game_with_the_games_own_measures(tmp_path):
    plan, results = played("you-dirty-rat", 3, 12)
    write_batch_report(tmp_path, plan, results)
    with (tmp_path / "games.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == 12
    assert [int(r["game"]) for r in rows] == list(range(12))
    for r, got in zip(rows, results, strict=True):
        assert int(r["seed"]) == got.seed and int(r["decisions"]) == got.decisions
        assert [float(r[f"result seat {i}"]) for i in (1, 2, 3)] == list(got.returns)
        assert float(r["heists done"]) == dict(got.metrics)["heists done"]
        assert r["end"] == got.end


def test_an_uncapped_game_is_capped_and_says_so(tmp_path):
    plan, results = played("target-rats-simplified", 2, 4, bots="random", max_rounds=None)
    assert plan.cap_added == 200 and plan.rules["max_rounds"] == 200
    assert all(r.end == "round-cap" for r in results)  # random rats never reach Rat City
    page = html.unescape(write_batch_report(tmp_path, plan, results).read_text("utf-8"))
    assert "added by the simulator" in page
    assert "4 stopped at the simulator's round cap of 200 rounds" in page


def test_the_page_the_csv_and_the_json_count_capped_draws_alike(tmp_path):
    # a cap of 10 rounds stops some heuristic games of Target: Rats Simplified as draws
    plan, results = played("target-rats-simplified", 2, 8, max_rounds=10)
    summary = summarize(results)
    assert 0 < summary.undecided < summary.games
    page = html.unescape(write_batch_report(tmp_path, plan, results).read_text("utf-8"))
    with (tmp_path / "games.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert [r["decided"] for r in rows] == [str(int(r.decided)) for r in results]
    assert sum(r["decided"] == "0" for r in rows) == summary.undecided
    assert summary.to_dict()["undecided"] == summary.undecided
    assert (f"Win shares are over the {summary.decided} decided games: the "
            f"{summary.undecided} that the round cap stopped as draws are left out") in page
    assert f"{summary.undecided} ended there as draws (left out of the win shares" in page


def test_extra_columns_lead_each_row(tmp_path):
    plan, results = played("rat-a-tat-roll", 2, 3, bots="random")
    write_games_csv(tmp_path / "g.csv", games_of(plan, results), [{"rule cards": "4"}] * 3)
    header = (tmp_path / "g.csv").read_text().splitlines()[0].split(",")
    assert header[:3] == ["rule cards", "game", "seed"]


def test_each_row_names_the_seats_bots_and_replays_exactly(tmp_path):
    plan, results = played("rat-and-duck", 4, 3, bots="heuristic,easy,random,heuristic",
                           bio_sci_to_win=2)
    write_games_csv(tmp_path / "g.csv", games_of(plan, results))
    with (tmp_path / "g.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    for row, result in zip(rows, results, strict=True):
        assert [row[f"bot seat {i}"] for i in (1, 2, 3, 4)] == list(plan.bots)
        assert int(row["bot seed seat 1"]) == derive_seed(result.seed, 1)
        # the printed command, read back as `ratking play` reads it, plays the same game
        args = shlex.split(row["replay"])
        assert args[:3] == ["ratking", "play", "rat-and-duck"]
        opts = dict(zip(args[3::2], args[4::2], strict=True))
        assert opts["--rule"] == "bio_sci_to_win=2"
        game = make("rat-and-duck", bio_sci_to_win=opts["--rule"].split("=")[1])
        table = TerminalGame(game, parse_seats(opts["--seats"], 4), int(opts["--seed"]),
                             Console(file=io.StringIO()))
        state = table.run()
        assert state.steps == result.decisions and tuple(state.returns()) == result.returns
        assert game.metrics(state) == dict(result.metrics)


def test_a_report_folder_that_cannot_be_written_is_refused(tmp_path):
    afile = tmp_path / "a-file"
    afile.write_text("x")
    with pytest.raises(RatkingError, match="is a file"):
        check_writable_dir(afile)
    with pytest.raises(RatkingError, match="is not a folder"):
        check_writable_dir(afile / "inside")
    # root passes every permission test but still cannot make anything under /proc
    with pytest.raises(RatkingError, match=r"--report /proc/ratking/new cannot be written"):
        check_writable_dir(Path("/proc/ratking/new"))
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if os.geteuid() != 0:  # a locked folder stops everyone but root
            with pytest.raises(RatkingError, match="cannot be written"):
                check_writable_dir(locked / "new" / "deeper")
        assert not any(locked.iterdir())
    finally:
        locked.chmod(0o700)
    assert check_writable_dir(tmp_path / "new" / "deeper") == tmp_path / "new" / "deeper"
    assert not (tmp_path / "new").exists()  # nothing is made by the check


def test_a_file_to_write_is_tried_and_left_as_it_was(tmp_path):
    with pytest.raises(RatkingError, match=r"--json /proc/x\.json cannot be written"):
        check_writable_file(Path("/proc/x.json"), "--json")
    kept = tmp_path / "kept.json"
    kept.write_text("old")
    assert check_writable_file(kept, "--json") == kept
    assert kept.read_text() == "old"
    fresh = tmp_path / "a" / "b" / "new.json"
    assert check_writable_file(fresh, "--json") == fresh
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.json"]


def test_the_report_follows_each_side_round_by_round_and_says_who_moved_first(tmp_path):
    plan, results = played("rat-and-duck", 4, 20)
    for r in results:  # a snapshot at the start of every round and one at the end
        assert len(r.trail) == r.rounds + 1
        assert r.trail[0][:2] == (0.0, 0.0) and r.first == 0
        unrest, biosci = r.trail[-1][:2]  # shares of the goals: the winner's reached 100%
        assert (unrest == 1.0) == (r.returns[0] == 1.0) or r.end == "round-cap"
        assert 0 <= biosci <= 1
    page = html.unescape(write_batch_report(tmp_path / "out", plan, results).read_text())
    assert "<h2>How games unfold</h2>" in page
    assert "The dissent: Unrest" in page and "The government: Bio-Sci" in page
    assert "Every game started with dissent (seats 1, 3)" in page
    assert "cannot be told apart" in page


def test_a_report_prints_an_interval_of_one_value_once_and_shares_as_percentages(tmp_path):
    plan, results = played("rat-and-duck", 4, 12)
    page = html.unescape(write_batch_report(tmp_path / "out", plan, results).read_text())
    assert not re.search(r">(\d[\d.,%]*) - \1<", page)  # never "15 - 15"
    wins = page[page.index("<h2>Who wins</h2>"):page.index("<h2>Moving first</h2>")]
    assert not re.search(r">0\.\d{3}<", wins)  # shares as the plots print them (48.3%)
    assert re.search(r">\d+\.\d%<", wins)


def test_the_report_measures_the_games_drama_with_intervals(tmp_path):
    # the review's measures over the run's games (review/lab_section.py), read back from the
    # page: each a number with its interval, or one value where the interval is one value
    plan, results = played("rat-a-tat-roll", 2, 12)
    page = html.unescape(write_batch_report(tmp_path, plan, results).read_text("utf-8"))
    assert "Drama: how the chances moved" in page
    assert "Over the first 12 games" in page
    for measure in ("lead changes a game", "decisive moment (share of the game)",
                    "comebacks (share of winners)"):
        cell = re.search(re.escape(measure) + r"</td><td>([^<]+)</td>", page)
        assert cell, measure
        assert re.fullmatch(r"[\d.]+( \([\d.]+ to [\d.]+\))?|none", cell.group(1))
