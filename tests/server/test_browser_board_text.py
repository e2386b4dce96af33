"""The board's text is large enough to read at 1280x800, measured in Chromium.

For every game (You Dirty Rat, whose board grows a row a seat, at 2, 3 and 4 players), a
person's table against bots at 1280x800, at the start and after each of the person's first
three moves (chosen by a seeded generator): the median size of the board's SVG texts as
drawn (each text's font size times the scale it is drawn at) is at least 12 CSS px, at most 5%
of them are under 10 px, and the page still does not scroll. `benchmarks/board_text.py` prints
the same figures (docs/server.md keeps them).
"""

from __future__ import annotations

import random

import pytest

from .pages import board_text, settled
from .test_browser import browser  # noqa: F401 - the fixture
from .test_phone import GAMES, at_table, my_turn, play, server  # noqa: F401

MEDIAN, SMALL, SHARE = 12.0, 10.0, 0.05
CASES = [*GAMES.items(), ("you-dirty-rat", 2), ("you-dirty-rat", 4)]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_board_text_is_readable_at_1280x800(browser, server, game, players):  # noqa: F811
    seats = ["human"] + ["heuristic"] * (players - 1)
    with at_table(browser, server, game, "desktop", seats=seats) as page:
        problems = []
        rng = random.Random(game)
        for moment in ("start", "move 1", "move 2", "move 3"):
            if moment != "start":
                play(page, 1, rng)
            if not my_turn(page):
                break
            settled(page)
            found = board_text(page)
            assert found["count"] >= 10, found
            if found["median"] < MEDIAN:
                problems.append(f"{moment}: median {found['median']:.1f} px")
            if found["under10"] > SHARE:
                problems.append(f"{moment}: {found['under10']:.0%} under {SMALL:.0f} px")
            if page.evaluate("() => document.documentElement.scrollHeight > innerHeight + 1"):
                problems.append(f"{moment}: the page scrolls")
        assert not problems, "\n".join(problems)
