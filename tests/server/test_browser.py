"""A real browser: Playwright drives Debian's Chromium through a whole Rat-a-Tat Roll game,
created in the lobby against two bots and played to the end by clicking. Screenshots of the
board and of the game-over screen are kept in test-artifacts/browser/."""

import os
import shutil
from pathlib import Path

import httpx
import pytest

from .conftest import Server, free_port
from .pages import click_an_action, trace_sockets, turn_or_end

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture
def browser():
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("CI must install Debian's chromium (scripts/test-services.sh)")
        pytest.skip("Debian's chromium is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield TracedBrowser(chromium)
        chromium.close()


class TracedBrowser:
    """The browser, with the web sockets of every page it opens traced (`trace_sockets`), so
    that a click left unanswered fails with what the page and the table said."""

    def __init__(self, browser) -> None:
        self._browser = browser

    def __getattr__(self, name: str):
        return getattr(self._browser, name)

    def new_page(self, **options):
        page = self._browser.new_page(**options)
        trace_sockets(page)
        return page

    def new_context(self, **options):
        context = self._browser.new_context(**options)
        context.on("page", trace_sockets)
        return context


def create_table(browser, server, viewport, seats, lobby_shot=None, game="rat-a-tat-roll",
                 rules=None):
    """Open the lobby, create a table of `game` (its id) with these seats and rule
    variants, land on its page. Returns the page and the list that collects its script
    errors."""
    page = browser.new_page(viewport=viewport)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # the pages work under the server's Content-Security-Policy: nothing refused
    page.on("console", lambda msg: errors.append(msg.text)
            if "Content Security Policy" in msg.text else None)
    page.goto(server.url + "/")
    choice = page.locator(f"[role=radio][data-game='{game}']")
    choice.wait_for()
    choice.click()
    page.select_option("#players", str(len(seats)))
    for i, kind in enumerate(seats):
        page.select_option(f"[data-seat='{i}']", kind)
    if rules:
        page.get_by_text("Rule variants").click()
    for name, value in (rules or {}).items():
        page.fill(f"[data-rule='{name}']", str(value))
    if lobby_shot:
        page.screenshot(path=str(ARTIFACTS / lobby_shot))
    page.click("[data-testid=create-table]")
    page.wait_for_url("**/t/*")
    return page, errors


def play_by_clicking(page, shots: str) -> int:
    """Click the first clickable legal action until the game is over; return the clicks."""
    clicks, shot_taken = 0, False
    while turn_or_end(page) == "turn":
        assert clicks < 400, "the game did not end"
        if not shot_taken and page.locator("#board [data-action]").count():
            page.screenshot(path=str(ARTIFACTS / f"{shots}-board.png"))
            shot_taken = True
        clicks += bool(click_an_action(page))
    return clicks


@pytest.mark.parametrize("viewport, name", [({"width": 1280, "height": 900}, "desktop"),
                                            ({"width": 390, "height": 844}, "phone")])
def test_a_whole_game_in_the_browser(browser, tmp_path, viewport, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    server = Server(f"sqlite:///{tmp_path / 'web.db'}", free_port(), bot_delay=0.05)
    try:
        page, errors = create_table(browser, server, viewport, ["human", "heuristic", "heuristic"],
                                    lobby_shot=f"{name}-lobby.png")
        page.locator("#board svg").wait_for()
        clicks = play_by_clicking(page, name)
        assert clicks >= 4
        summary = page.locator("[data-testid=game-over]")
        assert "Game over" in summary.inner_text()
        assert summary.locator("tr").count() == 4  # a header and three players
        page.screenshot(path=str(ARTIFACTS / f"{name}-game-over.png"))
        assert not errors, errors
    finally:
        server.kill()


def test_target_rats_in_the_browser(browser, tmp_path):
    """The flagship game, created in the lobby with a round cap and played to the end by
    clicking: moving groups, acting, and every choice the cards and fights bring."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    server = Server(f"sqlite:///{tmp_path / 'web.db'}", free_port(), bot_delay=0.05)
    try:
        page, errors = create_table(browser, server, {"width": 1280, "height": 900},
                                    ["human", "heuristic", "heuristic"], game="target-rats",
                                    rules={"max_rounds": 4})
        page.locator("#board svg").wait_for()
        assert "Target: Rats" in page.title() or "Target: Rats" in page.inner_text("body")
        clicks = play_by_clicking(page, "target-rats")
        assert clicks >= 4
        summary = page.locator("[data-testid=game-over]")
        assert "Game over" in summary.inner_text()
        page.screenshot(path=str(ARTIFACTS / "target-rats-game-over.png"))
        assert not errors, errors
    finally:
        server.kill()


def test_hot_seat_and_reload_in_the_browser(browser, tmp_path):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    server = Server(f"sqlite:///{tmp_path / 'web.db'}", free_port(), bot_delay=0.05)
    try:
        page, errors = create_table(browser, server, {"width": 1280, "height": 900},
                                    ["human", "human", "heuristic"])
        # the creator holds seat 1; seat 2's invite can be played on this same screen
        page.get_by_text("Play it on this screen").click()
        page.wait_for_function("() => document.querySelector('#seats').innerText"
                               ".split('(you)').length === 3")
        passed = False
        for _ in range(40):  # play until the screen must change hands
            if page.locator("#pass").is_visible():
                passed = True
                break
            assert turn_or_end(page) == "turn"
            click_an_action(page)
        assert passed, "the pass-the-screen cover never came up"
        assert "Player 2" in page.locator("#pass-text").inner_text()
        page.screenshot(path=str(ARTIFACTS / "hot-seat-pass.png"))
        # the cover hides the whole table: nothing of the next player's log shows through
        hidden = page.evaluate("""() => {
            const cover = document.querySelector('#pass');
            document.querySelector('#log').scrollIntoView();  // the board may be taller
            const log = document.querySelector('#log').getBoundingClientRect();
            const top = document.elementFromPoint(log.left + 10, log.top + 10);
            return cover.contains(top) && getComputedStyle(cover).backgroundImage !== 'none';
        }""")
        assert hidden, "the log shows around the pass-the-screen cover"
        page.click("#pass-ok")
        assert not page.locator("#pass").is_visible()
        # a reload (or a lost network) puts the browser back in both seats, at the same move
        status = page.locator("[data-testid=status]").inner_text()
        page.reload()
        page.locator("#board svg").wait_for()
        page.wait_for_function("() => document.querySelector('#seats').innerText"
                               ".split('(you)').length === 3")
        assert page.locator("[data-testid=status]").inner_text().split(" · ")[0] == \
            status.split(" · ")[0]
        assert not errors, errors
    finally:
        server.kill()


def test_the_lobby_offers_rat_and_duck_only_even_player_counts(browser, tmp_path):
    # seed 003, 1.1 "Two teams of an even amount of players": the lobby offers 2 or 4
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    server = Server(f"sqlite:///{tmp_path / 'web.db'}", free_port(), bot_delay=0.05)
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(server.url + "/")
        choice = page.locator("[role=radio][data-game='rat-and-duck']")
        choice.wait_for()
        assert "2 or 4 players" in choice.inner_text()
        choice.click()
        options = page.locator("#players option")
        assert options.all_inner_texts() == ["2", "4"]
        assert page.locator("#players").input_value() == "4"
        assert page.locator("[data-seat]").count() == 4
        page.screenshot(path=str(ARTIFACTS / "lobby-rat-and-duck.png"))
        page.locator("[role=radio][data-game='rat-a-tat-roll']").click()
        assert page.locator("#players option").all_inner_texts() == ["2", "3", "4", "5"]
        assert page.locator("#players").input_value() == "3"
    finally:
        server.kill()


def test_the_lobby_offers_the_first_player_by_seat(browser, tmp_path):
    """The rule first_seat counts seats from 0, in the API as on the command line; the lobby
    offers this table's seats as the form names them (Seat 1...), follows the player count
    and each seat's kind, and sends the seat's index. The table starts with that seat."""
    server = Server(f"sqlite:///{tmp_path / 'web.db'}", free_port(), bot_delay=0.05)
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(server.url + "/")
        page.locator("[role=radio][data-game='you-dirty-rat']").click()
        page.select_option("#players", "3")
        page.get_by_text("Rule variants").click()
        first = page.locator("[data-rule='first_seat']")
        assert first.locator("option").all_inner_texts() == [
            "Seat 1 (Person)", "Seat 2 (Bot: normal)", "Seat 3 (Bot: normal)"]
        assert first.input_value() == "0"
        assert "(0" not in page.locator(".rule", has=first).inner_text()
        first.select_option(label="Seat 3 (Bot: normal)")
        page.select_option("[data-seat='2']", "human")  # the choice is named anew, and kept
        assert first.locator("option:checked").inner_text() == "Seat 3 (Person)"
        page.select_option("#players", "2")  # no third seat: back to the rule's default
        assert first.locator("option").count() == 2 and first.input_value() == "0"
        page.select_option("#players", "4")
        for seat in range(4):
            page.select_option(f"[data-seat='{seat}']", "human")
        first.select_option(label="Seat 3 (Person)")
        with page.expect_request("**/api/tables") as sent:
            page.click("[data-testid=create-table]")
        assert sent.value.post_data_json["rules"] == {"first_seat": 2}
        page.wait_for_url("**/t/*")
        table = httpx.get(server.url + "/api/tables/" + page.url.rsplit("/", 1)[1],
                          timeout=30).json()
        assert table["to_move"] == 2  # the third seat, as the API counts
        assert not errors, errors
    finally:
        server.kill()
