"""Rule grids for sweeps: NAME=V1,V2 and NAME=LOW..HIGH, each value checked before anything
runs."""

from __future__ import annotations

import pytest

from ratking.core import RatkingError, RulesError, UnknownGame
from ratking.sim.grid import MAX_CELLS, cells, parse_axis, parse_grid

GAME = "rat-and-duck"


def test_lists_and_ranges_become_typed_values():
    assert parse_axis(GAME, {}, "unrest_to_win=12, 15,18").values == (12, 15, 18)
    assert parse_axis(GAME, {}, "bio_sci_to_win=2..4").values == (2, 3, 4)
    assert parse_axis(GAME, {}, "shuffle_places=yes,no").values == (True, False)
    assert parse_axis(GAME, {}, "max_rounds=none,20").values == (None, 20)


def test_fixed_rules_and_axes_and_every_combination():
    fixed, axes = parse_grid(GAME, ["units=PS-DD", "unrest_to_win=10,20",
                                    "bio_sci_to_win=1..2"])
    assert fixed == {"units": "PS-DD"}
    assert [a.name for a in axes] == ["unrest_to_win", "bio_sci_to_win"]
    assert cells(axes) == [{"unrest_to_win": 10, "bio_sci_to_win": 1},
                           {"unrest_to_win": 10, "bio_sci_to_win": 2},
                           {"unrest_to_win": 20, "bio_sci_to_win": 1},
                           {"unrest_to_win": 20, "bio_sci_to_win": 2}]


@pytest.mark.parametrize(("rules", "error", "phrase"), [
    (["unrest_to_win"], RatkingError, "takes NAME=VALUES"),
    (["=1,2"], RatkingError, "takes NAME=VALUES"),
    (["unrest_to_win="], RatkingError, "takes NAME=VALUES"),
    (["unrest_to_win=1,,2"], RatkingError, "an empty value"),
    (["unrest_to_win=5..2"], RatkingError, "is empty"),
    (["unrest_to_win=a..9"], RatkingError, "whole numbers"),
    (["unrest_to_win=10,10"], RatkingError, "given twice"),
    (["unrest_to_win=10,20", "unrest_to_win=30,40"], RatkingError, "given twice"),
    (["unrest_to_win=0,20"], RulesError, "at least 1"),
    (["unrest_to_win=20,99"], RulesError, "at most 36"),
    (["unrest_to_win=x,y"], RulesError, "whole number"),
    (["nope=1,2"], RulesError, "unknown rule"),
    (["unrest_to_win=15"], RatkingError, "two or more values"),
    ([], RatkingError, "two or more values"),
    (["unrest_to_win=1..36", "bio_sci_to_win=1..12", "arrest_wanted=0..2"], RatkingError,
     f"more than {MAX_CELLS}"),
])
def test_bad_grids_are_refused(rules, error, phrase):
    with pytest.raises(error, match=phrase):
        parse_grid(GAME, rules)


def test_cross_checks_run_on_every_cell():
    # units must be equal teams: a value that is fine alone can fail with another rule
    with pytest.raises(RulesError, match="units"):
        parse_grid(GAME, ["units=PS-DD,PS-DDD", "unrest_to_win=10,20"])
    with pytest.raises(UnknownGame):
        parse_grid("rat-race", ["x=1,2"])
