"""`ratking compare`: two versions on the same seeds, every measure's difference with its 95%
interval and test; deterministic; a known difference found; bad input refused."""

from __future__ import annotations

import csv
import json

import pytest

import ratking
from ratking.sim.compare import paired_mean, paired_yes_no, parse_spec
from tests.cardfiles import thief_file
from tests.test_cli_lab import assert_refused, run, wide_console  # noqa: F401

pytest.importorskip("matplotlib")
pytest.importorskip("scipy")

FEW = ["-p", "2", "-n", "30", "--seed", "3", "--drama-games", "6", "--skill-games", "6"]


@pytest.fixture
def thieves(tmp_path):
    """Two card files of You Dirty Rat: the Thief steals $200 (as printed) or $400."""
    return [thief_file(tmp_path, amount) for amount in (200, 400)]


def compare(tmp_path, name, *args):
    out = tmp_path / f"{name}.json"
    result = run("compare", "you-dirty-rat", *FEW, *args, "--json", str(out))
    assert result.exit_code == 0, result.output
    return json.loads(out.read_text()), result.stdout


def test_two_card_files_give_the_same_comparison_twice(tmp_path, thieves):
    specs = ("--a", f"cards={thieves[0]}", "--b", f"cards={thieves[1]}")
    first, _ = compare(tmp_path, "first", *specs)
    second, _ = compare(tmp_path, "second", *specs)
    assert first == second
    assert set(first) == {"a", "b", "differences"}
    assert all(set(d) == {"measure", "difference", "low", "high", "p"}
               for d in first["differences"])
    assert first["a"]["cards"]["name"] == str(thieves[0])
    assert first["b"]["cards"] == {"name": str(thieves[1]), "sha256": ratking.make(
        "you-dirty-rat", card_files={"cards": str(thieves[1])}).files["cards"].sha256}


def test_a_thief_at_400_shortens_you_dirty_rat_beyond_chance(tmp_path, thieves):
    data, out = compare(tmp_path, "thief", "--a", f"cards={thieves[0]}", "--b",
                        f"cards={thieves[1]}")
    length = next(d for d in data["differences"] if d["measure"] == "length (rounds)")
    assert length["difference"] < 0 and length["high"] < 0 and length["p"] < 0.05
    a, b = data["a"]["measures"]["length (rounds)"], data["b"]["measures"]["length (rounds)"]
    assert b - a == pytest.approx(length["difference"])
    assert "B's length (rounds) is smaller" in " ".join(out.split())
    # the same version on both sides: every difference exactly 0, nothing beyond chance
    same, words = compare(tmp_path, "same", "--a", f"cards={thieves[1]}", "--b",
                          "thief.amount=400")
    assert all(d["difference"] == 0 and d["p"] >= 0.05 for d in same["differences"])
    assert "No measure differs beyond chance" in " ".join(words.split())


def test_the_report_shows_both_versions_and_every_game(tmp_path, thieves):
    report = tmp_path / "report"
    result = run("compare", "you-dirty-rat", *FEW, "--b", "thief.amount=400,hand=4",
                 "--report", str(report))
    assert result.exit_code == 0, result.output
    page = (report / "index.html").read_text(encoding="utf-8")
    for words in ("Verdict", "Every measure side by side", "version B",
                  "thief.amount=400,hand=4", "McNemar", "paired bootstrap"):
        assert words in page, words
    with (report / "games.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert [r["version"] for r in rows] == ["A"] * 30 + ["B"] * 30
    assert rows[0]["seed"] == rows[30]["seed"]  # paired: the same seeds


@pytest.mark.parametrize(("spec", "phrase"), [
    ("nope=3", "unknown rule 'nope'"),
    ("thief.amount=x", "'x' is not a number"),
    ("hand", "NAME=VALUE"),
    ("hand=3,hand=4", "hand is given twice"),
    ("cards=/absent.toml", "/absent.toml: cannot read"),
])
def test_a_bad_spec_is_refused_in_one_line(spec, phrase):
    assert_refused(run("compare", "you-dirty-rat", "-n", "4", "--b", spec), phrase)


def test_a_spec_tells_a_card_file_from_a_rule_of_the_same_name():
    assert parse_spec("rat-a-tat-roll", "cards=3") == ({"cards": "3"}, {}, {})
    assert parse_spec("rat-a-tat-roll", "cards=my.toml,cards_two_players=4") == (
        {"cards_two_players": "4"}, {"cards": "my.toml"}, {})
    assert parse_spec("you-dirty-rat", "thief.amount=400, hand=4") == (
        {"hand": "4"}, {}, {"thief.amount": "400"})


def test_the_paired_tests_agree_with_their_textbook_values():
    d = paired_mean("x", [1.0, 2.0, 3.0, 4.0], [2.0, 2.5, 4.5, 5.0])
    # differences 1, 0.5, 1.5, 1: mean 1, sd 0.408, t(3) 0.975 quantile 3.182
    assert d.difference == pytest.approx(1.0)
    assert (d.low, d.high) == pytest.approx((1 - 3.182 * 0.4082 / 2, 1 + 3.182 * 0.4082 / 2),
                                            abs=1e-3)
    assert d.p == pytest.approx(0.0163, abs=1e-4)  # t = 4.90 on 3 degrees of freedom
    # McNemar: 8 games only A, 1 only B, the rest alike: exact two-sided p = 0.0391
    a = [True] * 8 + [False] + [True] * 5 + [False] * 6
    b = [False] * 8 + [True] + [True] * 5 + [False] * 6
    m = paired_yes_no("y", a, b)
    assert m.difference == pytest.approx(-7 / 20) and m.p == pytest.approx(0.0391, abs=1e-4)
