"""Moves to a destination in Chromium: a Target: Rats group's whole move in one click, and
the page asking only what is open (which rat, which way) before it sends the kernel's
decisions one after another."""

import httpx
import pytest

from .conftest import Server, free_port
from .pages import TURN_WAIT_MS, answered, click_an_action, turn_or_end
from .test_browser import ARTIFACTS, browser  # noqa: F401

DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("moves") / "web.db"
    running = Server(f"sqlite:///{db}", free_port(), bot_delay=0.05)
    yield running
    running.kill()


NO_FORCED = "localStorage.setItem('ratking:settings', JSON.stringify({forced: false}));"


def open_table(browser, server, game: str, viewport=DESKTOP, forced=True):  # noqa: F811
    """The table page at seat 1 (`forced` False: the page makes no only-move for you, so
    each decision it sends is one the test asked for)."""
    table = httpx.post(f"{server.url}/api/tables", json={
        "game": game, "players": 2, "seats": ["human", "heuristic"]}, timeout=30).json()
    page = browser.new_page(viewport=viewport)
    if not forced:
        page.add_init_script(NO_FORCED)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.url}/t/{table['id']}#seat=0&token={table['seats'][0]['token']}")
    page.locator("#board svg").wait_for()
    return page, errors


def test_a_whole_group_moves_to_its_destination_in_one_click(browser, server):  # noqa: F811
    """Target: Rats, the first move: the whole group at home goes to Rat City in one click:
    the page sends the group, its size, three steps and the stop."""
    page, errors = open_table(browser, server, "target-rats", forced=False)
    assert turn_or_end(page) == "turn"
    destination = page.locator("#board [data-action='route:RC']")
    title = destination.locator("title").text_content()
    assert title.startswith("Move to Rat City (3 steps): a group from")
    assert title.endswith("4 unfed rats")
    start = int(page.evaluate("() => document.body.dataset.version"))
    destination.click()
    answered(page, str(start))
    assert int(page.evaluate("() => document.body.dataset.version")) == start + 6
    assert page.locator("#actions .ask").count() == 0  # nothing was asked
    log = page.inner_text("#log")
    assert "You moved 4 rats H0 > S0 > U0 > RC" in log
    page.screenshot(path=str(ARTIFACTS / "one-click-move.png"))
    assert not errors, errors


def next_question(page, version: str) -> str:
    """After an answer: "which way" if the page asks that next, "sent" once the move went
    (the answered question stays on screen, the page busy, until the table's reply)."""
    return page.wait_for_function("""(version) => {
        const ask = document.querySelector('#actions .ask');
        if (document.body.dataset.version !== version) return 'sent';
        if (document.body.dataset.busy) return false;  // the answer is on its way
        if (ask && ask.textContent.trim().endsWith(': which way?')) return 'which way';
        return false;
    }""", arg=version, timeout=TURN_WAIT_MS).json_value()


def test_the_page_asks_only_what_is_open(browser, server):  # noqa: F811
    """Target: Rats Simplified: where rats on different spaces can end on one space, the
    page asks which rat (and then which way, if the ways differ), and sends the choice."""
    page, errors = open_table(browser, server, "target-rats-simplified")
    asked = None
    for _ in range(80):
        if turn_or_end(page, 60_000) != "turn":
            break
        choice = page.evaluate("""() => [...document.querySelectorAll(
            '#board [data-action^="route:"]')].map((n) => [n.dataset.action,
            n.querySelector('title').textContent]).find(([, t]) => t.includes('choices'))""")
        if choice is None:
            click_an_action(page)
            continue
        version = page.evaluate("() => document.body.dataset.version")
        page.locator(f"#board [data-action='{choice[0]}']").click()
        asked = page.locator("#actions .ask").inner_text()
        options = page.locator("#actions [data-path]")
        assert asked.endswith(": which rat goes there?") and options.count() >= 2
        assert asked.startswith("Move to ")
        assert page.evaluate("() => document.body.dataset.version") == version  # nothing sent
        page.screenshot(path=str(ARTIFACTS / "which-rat.png"))
        texts = options.all_inner_texts()
        assert all(t.startswith("Move a") for t in texts), texts
        options.first.click()
        while next_question(page, version) == "which way":
            page.locator("#actions [data-path]").first.click()
        answered(page, version)
        assert page.evaluate("() => document.body.dataset.version") != version
        break
    assert asked, "no destination was open to rats on two spaces"
    assert not errors, errors


def test_a_choice_can_be_cancelled(browser, server):  # noqa: F811
    """Cancel puts the turn's own buttons back, and nothing was sent."""
    page, errors = open_table(browser, server, "target-rats-simplified")
    for _ in range(80):
        if turn_or_end(page, 60_000) != "turn":
            break
        many = page.evaluate("""() => [...document.querySelectorAll(
            '#board [data-action^="route:"]')].map((n) => n.dataset.action).find((a) =>
            document.querySelector(`#board [data-action="${a}"] title`).textContent
              .match(/choices|ways/))""")
        if many is None:
            click_an_action(page)
            continue
        before = page.locator("#actions").inner_html()
        version = page.evaluate("() => document.body.dataset.version")
        page.locator(f"#board [data-action='{many}']").click()
        assert page.locator("#actions .ask").count() == 1
        page.locator("#actions [data-cancel]").click()
        assert page.locator("#actions").inner_html() == before
        assert page.evaluate("() => document.body.dataset.version") == version
        assert not errors, errors
        return
    pytest.fail("no destination with a choice came up")
