"""A table played with a card file of the server's folder draws its cards from that file: a
card's hover text and face say the file's values, not the built-in ones (in Chromium)."""

from __future__ import annotations

import random

import httpx
import pytest

from tests.cardfiles import thief_file

from .conftest import Server, free_port
from .test_browser import browser  # noqa: F401 - the fixture
from .test_phone import my_turn, new_page, play

# a Thief face up anywhere on the board (a hand, a Hideout, the discard pile): its group
THIEF = """() => [...document.querySelectorAll('#board g[data-key^="card:"]')].filter((g) => {
  const title = [...g.children].find((c) => c.tagName === 'title');
  return title && title.textContent.startsWith('Thief (');
}).map((g) => g.dataset.key)"""


@pytest.fixture(scope="module")
def cards_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cards")
    thief_file(folder, 400)
    running = Server(f"sqlite:///{folder / 'web.db'}", free_port(), bot_delay=0.02,
                     cards_dir=str(folder))
    yield running
    running.kill()


def test_a_card_file_tables_hover_texts_are_the_files(browser, cards_server):  # noqa: F811
    body = {"game": "you-dirty-rat", "players": 3, "bot_delay": 0.02,
            "seats": ["human", "heuristic", "heuristic"],
            "card_files": {"cards": "thief400.toml"}}
    answer = httpx.post(cards_server.url + "/api/tables", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    table = answer.json()
    page, errors = new_page(browser, "desktop")
    try:
        page.goto(f"{cards_server.url}/t/{table['id']}#seat=0&token="
                  f"{table['seats'][0]['token']}")
        page.locator("#board svg").wait_for()
        rng = random.Random(4)
        thieves: list[str] = []
        for _ in range(40):  # until a Thief is face up somewhere (the deal is random)
            if not my_turn(page):
                break
            thieves = page.evaluate(THIEF)
            if thieves:
                break
            play(page, 1, rng)
        assert thieves, "no Thief was seen in 40 moves"
        page.locator(f'#board g[data-key="{thieves[0]}"]').first.hover()
        tip = page.locator("#tip")
        tip.wait_for(state="visible")
        text = tip.inner_text()
        assert "Steal $400 from the Town Stash" in text, text
        assert "$200" not in text, text
        assert not errors, errors
    finally:
        page.close()
