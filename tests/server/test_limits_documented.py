"""docs/server.md tells the limits as the code has them: every default in its settings table
is the setting's, every `setting` (number) in its text too, and the quotas per person are
quotas.py's."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from ratking.server.people import quotas
from ratking.server.settings import Settings

DOC = (Path(__file__).parents[2] / "docs" / "server.md").read_text()
DEFAULTS = Settings()
NUMBER = r"(\d[\d,]*(?:\.\d+)?)"
WORDED = {"search_workers": "one per core but one"}  # 0 stands for this


def number(text: str) -> float:
    return float(text.replace(",", ""))


def test_the_settings_table_gives_each_settings_default():
    rows = re.findall(r"^\| `(\w+)`(?:, `\w+`)? \| ([^|]+) \|", DOC, re.M)
    documented = {name: default.strip() for name, default in rows}
    fields = {f.name for f in dataclasses.fields(Settings)}
    assert set(documented) <= fields, set(documented) - fields
    checked = 0
    for name, default in documented.items():
        value = getattr(DEFAULTS, name)
        if isinstance(value, bool) or not isinstance(value, int | float):
            continue
        if name in WORDED:
            assert default == WORDED[name] and value == 0
            continue
        found = re.match(NUMBER, default)
        assert found and number(found.group(1)) == value, (name, default, value)
        checked += 1
    assert checked >= 20


def test_the_text_names_settings_with_their_defaults():
    told = re.findall(rf"`(\w+)` \({NUMBER}\)", DOC)
    assert len(told) >= 2
    for name, value in told:
        assert number(value) == getattr(DEFAULTS, name), (name, value)


def test_the_quotas_per_person_are_the_codes():
    lines, seconds = quotas.CHAT
    assert f"chat {lines} lines in {seconds:g}\nseconds" in DOC or \
        f"chat {lines} lines in {seconds:g} seconds" in DOC
    lines, seconds = quotas.SPECTATOR_CHAT
    assert f"the spectators' chat {lines} lines in {seconds:g} seconds" in DOC
    hints, window = quotas.HINTS
    assert window == 60 and f"hints {hints} a minute" in DOC
