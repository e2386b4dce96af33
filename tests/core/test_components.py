"""Component files: read and checked at start, with errors naming the file and the entry."""

import pytest

from ratking.core.components import ComponentError, ComponentFile
from ratking.games.rat_a_tat_roll.components import COMPONENTS_FILE, load_board


def write(tmp_path, text):
    path = tmp_path / "parts.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_entries_are_checked_by_type(tmp_path):
    parts = ComponentFile(write(tmp_path, "[deck]\ncount = 5\nfair = true\nnames = ['a']\n"))
    assert parts.need("deck", "count", int) == 5 and parts.need("deck", "fair", bool) is True
    with pytest.raises(ComponentError, match=r"parts.toml: \[deck\] fair must be a int"):
        parts.need("deck", "fair", int)  # a bool is not a number
    with pytest.raises(ComponentError, match=r"\[deck\] missing must be a list"):
        parts.need("deck", "missing", list)
    with pytest.raises(ComponentError, match=r"\[other\] count must be a int"):
        parts.need("other", "count", int)


def test_syntax_errors_name_the_file_and_line(tmp_path):
    with pytest.raises(ComponentError, match=r"parts.toml: .*line 2"):
        ComponentFile(write(tmp_path, "[deck]\ncount = = 5\n"))
    with pytest.raises(ComponentError, match="cannot read"):
        ComponentFile(tmp_path / "absent.toml")


def test_the_rat_a_tat_roll_board_file_is_checked(tmp_path):
    good = COMPONENTS_FILE.read_text(encoding="utf-8")
    assert load_board(write(tmp_path, good)).size == 20
    broken = good.replace('"reroll", "peek"]', '"reroll", "teleport"]')
    with pytest.raises(ComponentError, match="unknown space kinds \\['teleport'\\]"):
        load_board(write(tmp_path, broken))
    broken = good.replace('"swap", "swap"]', '"swap", "jump"]')
    with pytest.raises(ComponentError, match=r"\[wild_die\] faces must each be one of"):
        load_board(write(tmp_path, broken))
    broken = good.replace("start_space = 0", "start_space = 40")
    with pytest.raises(ComponentError, match="start_space must be 0 to 19"):
        load_board(write(tmp_path, broken))


def test_the_rat_and_duck_map_file_is_checked(tmp_path):
    from ratking.games.rat_and_duck.components import COMPONENTS_FILE as MAP
    from ratking.games.rat_and_duck.components import load_map

    good = MAP.read_text(encoding="utf-8")
    assert load_map(write(tmp_path, good)).size == 15
    broken = good.replace("rows = 3", "rows = 5")
    with pytest.raises(ComponentError, match=r"\[map\] rows x columns must equal the 12"):
        load_map(write(tmp_path, broken))
