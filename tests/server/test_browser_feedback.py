"""What the table tells a person, in Chromium: a searching bot says it is thinking and for how
long; the end screen is a dialog that takes the keyboard focus and gives it back; a chat line
too long is refused in words, never cut; the colours follow a Settings switch; the page has one
h1; a hint lists the moves best chance first."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .pages import click_an_action, show_panel, turn_or_end
from .test_browser import browser  # noqa: F401
from .test_phone import at_table, finished, my_turn, server  # noqa: F401

# the thinking badge's box against the texts on the board that hold the bot's name
COVERS_NAME = """() => {
  const badge = document.querySelector('#board [data-testid=board-thinking] rect');
  if (!badge) return null;
  const r = badge.getBoundingClientRect();
  return [...document.querySelectorAll('#board svg text')]
    .filter((t) => t.textContent.includes('Whiskers'))
    .some((t) => { const n = t.getBoundingClientRect();
                   return n.left < r.right && r.left < n.right && n.top < r.bottom
                          && r.top < n.bottom; });
}"""


@pytest.mark.parametrize("game", ["you-dirty-rat", "target-rats"])
def test_a_searching_bot_says_it_is_thinking(browser, server, game):  # noqa: F811
    with at_table(browser, server, game, "desktop", seats=["human", "expert"]) as page:
        seen = None
        for _ in range(10):
            if not my_turn(page):
                break
            click_an_action(page)
            note = page.locator("#seats [data-testid=thinking]")
            try:
                note.wait_for(timeout=3000)
            except PlaywrightTimeout:  # the bot's only move needed no search: try the next turn
                continue
            # in the seat list, and on the seat's panel on the board, read at one moment
            seen, board, covers = page.evaluate(f"""() => {{
              const badge = document.querySelector(
                '#board [data-seat-panel="1"] [data-testid=board-thinking]');
              const item = document.querySelector('#seats li:has([data-testid=thinking])');
              return [item?.textContent, badge ? badge.textContent : null, ({COVERS_NAME})()];
            }}""")
            if seen is None:  # the bot was done meanwhile
                continue
            break
        assert seen and "thinking" in seen and seen.rstrip().endswith(" s"), seen
        assert seen.startswith("Whiskers"), seen
        assert board and board.startswith("thinking") and board.endswith(" s"), board
        assert covers is False  # the badge leaves the bot's name on the board readable
        assert not page.locator('#board [data-seat-panel="0"] [data-testid=board-thinking]'
                                ).count()


def test_the_end_screen_takes_the_focus_and_gives_it_back(browser, server):  # noqa: F811
    page, errors = finished(browser, server)
    try:
        box = page.locator("[data-testid=game-over]")
        assert box.is_visible()
        dialog = page.locator("#game-over [role=dialog]")
        assert dialog.get_attribute("aria-modal") == "true"
        assert page.evaluate("() => document.getElementById('game-over')"
                             ".contains(document.activeElement)")
        for _ in range(8):  # Tab goes round inside the dialog
            page.keyboard.press("Tab")
            assert page.evaluate("() => document.getElementById('game-over')"
                                 ".contains(document.activeElement)")
        page.keyboard.press("Escape")
        assert not box.is_visible()
        assert not page.evaluate("() => document.getElementById('game-over')"
                                 ".contains(document.activeElement)")
        assert page.evaluate("() => document.activeElement !== document.body")
        assert not errors, errors
    finally:
        page.close()


def test_a_chat_line_too_long_is_refused_in_words(browser, server):  # noqa: F811
    with at_table(browser, server, "rat-a-tat-roll", "desktop") as page:
        turn_or_end(page)
        show_panel(page, "chat-panel")
        page.fill("#chat-text", "squeak " * 50)
        page.click("#chat-form button[type=submit]")
        said = page.locator("#chat-error").inner_text()
        assert "Too long: 349 characters" in said and "240" in said, said
        assert page.input_value("#chat-text").startswith("squeak")  # kept, not cut
        page.fill("#chat-text", "squeak")
        assert page.locator("#chat-error").inner_text() == ""
        page.click("#chat-form button[type=submit]")
        page.locator("#chat-lines li", has_text="squeak").wait_for()


def test_colours_follow_the_settings_switch_and_one_h1(browser, server):  # noqa: F811
    with at_table(browser, server, "target-rats", "desktop", scheme="light") as page:
        turn_or_end(page)
        assert page.evaluate("() => document.documentElement.dataset.theme") == "light"
        assert page.locator("h1").count() == 1
        assert page.locator("h1").inner_text() == "Target: Rats"
        show_panel(page, "settings-panel")
        page.select_option("#set-theme", "dark")
        assert page.evaluate("() => document.documentElement.dataset.theme") == "dark"
        page.reload()
        page.locator("#board svg").wait_for()
        assert page.evaluate("() => document.documentElement.dataset.theme") == "dark"
        table = page.url
        page.goto(server.url + "/rules/target-rats")
        assert page.evaluate("() => document.documentElement.dataset.theme") == "dark"
        assert page.evaluate("() => [...document.querySelectorAll('main table')]"
                             ".every(t => t.tabIndex === 0)")
        page.goto(table)
        page.locator("#board svg").wait_for()
        show_panel(page, "settings-panel")  # the tab chosen is remembered: still shown
        page.select_option("#set-theme", "system")
        assert page.evaluate("() => document.documentElement.dataset.theme") == "light"


def test_a_turn_based_table_shows_its_deadline(browser, server):  # noqa: F811
    """The table page of a turn-based table says whose turn it is and until when (the
    summary's `turn_ends`), as the lobby does."""
    import httpx

    body = {"game": "rat-a-tat-roll", "players": 2, "seats": ["human", "heuristic"],
            "turn_bank": 7200, "bot_delay": 0.02}
    table = httpx.post(server.url + "/api/tables", json=body, timeout=30).json()
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"{server.url}/t/{table['id']}#seat=0&token={table['seats'][0]['token']}")
        assert my_turn(page)
        clock = page.locator("[data-testid=clock]")
        clock.wait_for()
        ends = httpx.get(f"{server.url}/api/tables/{table['id']}").json()["turn_ends"]
        assert clock.get_attribute("data-ends") == ends
        assert clock.inner_text().startswith("Your turn until ")
        # the same moment as the page writes it, in the browser's own words
        shown = page.evaluate("""e => new Date(e).toLocaleString(undefined, {weekday: 'short',
          day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit'})""", ends)
        assert clock.inner_text() == f"Your turn until {shown}"
    finally:
        page.close()
