"""The review page in a real browser: after a game of every game, the end screen's link opens
the review, which draws each seat's chance as an SVG graph and lists the turning points; a
game a person played lists that person's better moves. Light and dark, phone and desktop;
screenshots in test-artifacts/review/."""

from __future__ import annotations

import html
import random
import re
from pathlib import Path

import httpx
import pytest

from . import test_browser
from .conftest import Server, free_port, waiting
from .pages import click_an_action, show_panel
from .test_phone import AXE, GAMES, SIZES, axe_problems, my_turn

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "review"
browser = test_browser.browser  # the fixture: Debian's Chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("review") / "web.db"
    running = Server(f"sqlite:///{db}", free_port(), bot_delay=0.02, create_per_minute=10_000,
                     review_iters=30)
    yield running
    running.kill()


def bots_table(server, game: str) -> str:
    """A short game of heuristic bots, played to its end; its table id."""
    body = {"game": game, "players": GAMES[game], "bot_delay": 0,
            "rules": {"max_rounds": 2}, "seats": ["heuristic"] * GAMES[game]}
    answer = httpx.post(server.url + "/api/tables", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    table = answer.json()["id"]
    for _ in waiting(120, f"the {game} game to end"):
        if httpx.get(f"{server.url}/api/tables/{table}", timeout=30).json()["status"] != \
                "playing":
            return table
    raise AssertionError("unreachable")


def new_page(browser, size: str, scheme: str):
    """A page of `size` in `scheme`; `page.errors` collects its script errors."""
    width, height = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height}, color_scheme=scheme,
                            reduced_motion="reduce")
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    return page


def open_review(browser, server, table: str, size: str, scheme: str, token: str = ""):
    """The table's end screen, then its review by the end screen's link: the page."""
    page = new_page(browser, size, scheme)
    page.goto(f"{server.url}/t/{table}{token}")
    page.locator("[data-testid=game-over]").wait_for()
    page.locator("[data-testid=review-link]").click()
    page.wait_for_url(f"**/t/{table}/review")
    page.locator("[data-testid=review-graph] polyline").first.wait_for(timeout=120_000)
    return page


def persons_game(browser, server, rounds: int, seed: int) -> tuple[dict, str]:
    """A Rat-a-Tat Roll game of `rounds` rounds, a person (random clicks, seeded) against a
    heuristic bot, played to its end in the browser: the table and the person's link
    fragment."""
    body = {"game": "rat-a-tat-roll", "players": 2, "bot_delay": 0.02,
            "rules": {"max_rounds": rounds}, "seats": ["human", "heuristic"]}
    table = httpx.post(server.url + "/api/tables", json=body, timeout=30).json()
    token = f"#seat=0&token={table['seats'][0]['token']}"
    page = new_page(browser, "desktop", "light")
    page.goto(f"{server.url}/t/{table['id']}{token}")
    rng = random.Random(seed)
    for _ in range(300):
        if not my_turn(page):
            break
        assert click_an_action(page, rng) is not False
    page.close()
    return table, token


def read_review(page, players: int) -> dict:
    graph = page.locator("[data-testid=review-graph] svg")
    lines = graph.locator("polyline")
    assert lines.count() == players
    decisions = int(graph.get_attribute("data-decisions"))
    for k in range(players):  # one point at the start and one after every decision
        assert len(lines.nth(k).get_attribute("points").split()) == decisions + 1
    points = page.locator("[data-testid=turning-points] li")
    assert points.count() == min(3, decisions)
    texts = [points.nth(k).inner_text() for k in range(points.count())]
    # each placed as its player made it, with a link to the replay at that decision
    assert all(t.startswith("Round ") and "'s turn, step " in t and "chance" in t
               for t in texts), texts
    links = page.locator("[data-testid=turning-points] li a.board-link")
    assert links.count() == points.count()
    assert graph.locator("circle.turn-mark").count() == points.count()
    return {"decisions": decisions, "points": texts,
            "mistakes": page.locator("[data-testid=mistakes] li").all_inner_texts(),
            "note": page.locator("#mistakes-note").inner_text()}


@pytest.mark.parametrize("game", list(GAMES))
def test_the_review_of_every_game(browser, server, game):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    table = bots_table(server, game)
    page = open_review(browser, server, table, "desktop", "light")
    try:
        seen = read_review(page, GAMES[game])
        assert "Only bots played" in seen["note"] and not seen["mistakes"]
        page.screenshot(path=str(ARTIFACTS / f"{game}-desktop.png"), full_page=True)
        assert not page.errors, page.errors
    finally:
        page.close()


@pytest.mark.parametrize("size, scheme", [("phone", "dark"), ("desktop", "dark"),
                                          ("phone", "light")])
def test_a_persons_review_lists_their_better_moves(browser, server, size, scheme):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    table, token = persons_game(browser, server, 2, 5)
    page = open_review(browser, server, table["id"], size, scheme, token)
    try:
        seen = read_review(page, 2)
        assert "The moves of Player 1" in seen["note"] or "The moves of" in seen["note"]
        assert seen["mistakes"]  # a line per better move, or one saying there was none
        sideways = page.evaluate("document.documentElement.scrollWidth > innerWidth + 1")
        assert not sideways, "the review scrolls sideways"
        page.screenshot(path=str(ARTIFACTS / f"person-{size}-{scheme}.png"), full_page=True)
        if AXE.exists():
            assert not axe_problems(page)
        assert not page.errors, page.errors
    finally:
        page.close()


# the page's theme, its paper's brightness and, on the review, the first curve's colour
THEME = """() => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const panel = document.querySelector('.panel:not([hidden])');
  const paper = rgb(getComputedStyle(panel).backgroundColor);
  const curve = document.querySelector('[data-testid=review-graph] polyline');
  return [document.documentElement.dataset.theme, paper.reduce((a, b) => a + b, 0),
          curve ? getComputedStyle(curve).stroke : null];
}"""
CURVE = {"light": "rgb(47, 111, 176)", "dark": "rgb(127, 179, 234)"}  # review.css, seat 0


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_review_and_people_pages_follow_the_theme(browser, server, scheme):
    """The review, the leaderboard and a profile take the colours of the system, or of the
    person's choice in Settings over it; the review's graph draws in the page's colours."""
    table = bots_table(server, "rat-a-tat-roll")
    httpx.post(server.url + "/api/accounts", json={"name": "Ann", "password": "correct horse"})
    other = {"light": "dark", "dark": "light"}[scheme]
    problems = []
    for path in (f"/t/{table}/review", "/leaderboard/rat-a-tat-roll", "/players/Ann"):
        page = new_page(browser, "desktop", scheme)
        try:
            for chosen in ("system", other):
                page.goto(server.url + path)
                page.locator(".panel:not([hidden])").first.wait_for()
                if path.endswith("review"):
                    page.locator("[data-testid=review-graph] polyline").first.wait_for(
                        timeout=120_000)
                theme, paper, curve = page.evaluate(THEME)
                wanted = scheme if chosen == "system" else other
                assert theme == wanted, (path, chosen, theme)
                assert (paper < 200) == (wanted == "dark"), (path, chosen, paper)
                if path.endswith("review"):
                    assert curve == CURVE[wanted], (chosen, curve)
                if chosen == "system" and AXE.exists():
                    problems += [f"{path} {scheme}: {p}" for p in axe_problems(page)]
                page.evaluate("t => localStorage.setItem('ratking:settings', "
                              "JSON.stringify({theme: t}))", other)
            assert not page.errors, page.errors
        finally:
            page.close()
    assert not problems, "\n".join(problems)


def board_words(server, table: str, step: int) -> str:
    """The board's description at a replay step, as the replay route draws it."""
    svg = httpx.get(f"{server.url}/api/tables/{table}/replay/{step}").json()["svg"]
    return html.unescape(re.search(r"<desc>(.*?)</desc>", svg, re.S).group(1)).strip()


SHOWN_WORDS = "() => document.querySelector('#board svg > desc').textContent.trim()"


def test_a_turning_point_opens_the_replay_at_its_decision(browser, server):
    """A click on a turning point's link shows the table's replay at the position where that
    decision was made: its move comes next."""
    table = bots_table(server, "target-rats-simplified")
    page = open_review(browser, server, table, "desktop", "light")
    try:
        item = page.locator("[data-testid=turning-points] li").nth(1)
        index = int(item.get_attribute("data-index"))
        item.locator("a.board-link").click()
        page.wait_for_url(f"**/t/{table}#replay={index}")
        page.wait_for_function("s => document.body.dataset.replayStep === s", arg=str(index))
        assert page.locator("[data-testid=game-over]").is_hidden()
        assert page.locator("#replay-pos").inner_text().startswith(f"move {index} of ")
        # the board is the one the replay gives for that step (its words, compared whole)
        assert page.evaluate(SHOWN_WORDS) == board_words(server, table, index)
        assert not page.errors, page.errors
    finally:
        page.close()


def test_a_log_line_shows_the_board_at_that_moment(browser, server):
    """At a finished table, and then in its replay, a click on a line of the game log shows
    the board just after what the line tells (read-only: the replay)."""
    table = bots_table(server, "rat-a-tat-roll")
    page = new_page(browser, "desktop", "light")
    try:
        page.goto(f"{server.url}/t/{table}")
        page.locator("[data-testid=game-over]").wait_for()
        page.click("#over-close")
        show_panel(page, "log-panel")
        lines = page.locator("#log button[data-line]")
        lines.first.wait_for()
        total = int(page.evaluate("() => document.body.dataset.version"))
        for pick in (lines.count() // 2, 2):  # at the table, then in the replay
            line = page.locator("#log button[data-line]").nth(pick)
            known = line.get_attribute("data-step")  # in the replay: known beforehand
            told = line.inner_text()
            before = page.evaluate("() => document.body.dataset.replayStep ?? ''")
            line.click()
            if known is None:
                page.wait_for_function("b => (document.body.dataset.replayStep ?? '') !== b",
                                       arg=before)
            else:
                page.wait_for_function("s => document.body.dataset.replayStep === s",
                                       arg=known)
            step = int(page.evaluate("() => document.body.dataset.replayStep"))
            assert 0 <= step <= total
            assert page.evaluate(SHOWN_WORDS) == board_words(server, table, step)
            # the line that was clicked is in the log there, and tells the last move made
            answer = httpx.get(f"{server.url}/api/tables/{table}/replay/{step}").json()
            assert told in answer["log"]
            if step:
                assert step - 1 in [s - 1 for s in answer["log_steps"]]
            assert not page.locator("#board [data-action]").count()  # read-only
        assert not page.errors, page.errors
    finally:
        page.close()


def test_a_live_log_line_shows_that_moment_read_only(browser, server):
    """At a table still played, a click on an early line of the log shows the board as the
    person's seat saw it just after that line (no action on it); leaving goes back to the
    game, where the person can move again."""
    body = {"game": "rat-a-tat-roll", "players": 2, "bot_delay": 0.02,
            "seats": ["human", "heuristic"]}
    table = httpx.post(server.url + "/api/tables", json=body, timeout=30).json()
    token = table["seats"][0]["token"]
    page = new_page(browser, "desktop", "light")
    try:
        page.goto(f"{server.url}/t/{table['id']}#seat=0&token={token}")
        rng = random.Random(2)
        for _ in range(4):
            assert my_turn(page)
            assert click_an_action(page, rng) is not False
        assert my_turn(page)
        show_panel(page, "log-panel")
        line = page.locator("#log button[data-line]").nth(5)
        told = line.inner_text()
        line.click()
        page.wait_for_function("() => document.body.dataset.replayStep !== undefined")
        step = int(page.evaluate("() => document.body.dataset.replayStep"))
        then = httpx.get(f"{server.url}/api/tables/{table['id']}/moment/{step}?seat=0",
                         headers={"x-ratking-tokens": token}).json()
        assert told in then["log"]
        wanted = html.unescape(re.search(r"<desc>(.*?)</desc>", then["svg"], re.S).group(1))
        assert page.evaluate(SHOWN_WORDS) == wanted.strip()
        assert not page.locator("#board [data-action], #actions [data-action]").count()
        assert page.locator("#hint").is_hidden()  # nothing to ask of a past board
        page.click("#replay [data-step=close]")
        assert my_turn(page)  # back in the game, its actions offered again
        assert not page.errors, page.errors
    finally:
        page.close()


@pytest.fixture(scope="module")
def short_server(tmp_path_factory):
    """A server whose reviews have almost no CPU time: each is cut short."""
    db = tmp_path_factory.mktemp("review-cut") / "web.db"
    running = Server(f"sqlite:///{db}", free_port(), bot_delay=0.02, create_per_minute=10_000,
                     review_iters=200, review_cpu=0.01)
    yield running
    running.kill()


def test_a_review_cut_by_its_budget_says_so_and_its_marks_open_the_replay(browser,
                                                                          short_server):
    """A review its CPU budget stopped says where on its page; a turning point's numbered
    mark on the graph opens the replay at that decision, as its line does."""
    table, token = persons_game(browser, short_server, 3, 3)
    page = open_review(browser, short_server, table["id"], "desktop", "light", token)
    try:
        review = httpx.get(f"{short_server.url}/api/tables/{table['id']}/review").json()
        assert review["cut"] is not None
        note = page.locator("[data-testid=review-cut]")
        assert note.is_visible() and "Cut short" in note.inner_text()
        told = note.inner_text()
        assert (review["cut"]["when"] in told) if review["cut"]["at"] else \
            "too little to judge any move" in told
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "cut-desktop-light.png"), full_page=True)
        phone = open_review(browser, short_server, table["id"], "phone", "dark", token)
        try:  # the same on a phone, in dark mode: readable, nothing sideways
            assert phone.locator("[data-testid=review-cut]").is_visible()
            assert not phone.evaluate("document.documentElement.scrollWidth > innerWidth + 1")
            phone.screenshot(path=str(ARTIFACTS / "cut-phone-dark.png"), full_page=True)
            if AXE.exists():
                assert not axe_problems(phone)
            assert not phone.errors, phone.errors
        finally:
            phone.close()
        mark = page.locator("[data-testid=review-graph] a.turn-link").first
        index = int(mark.locator("circle").get_attribute("data-index"))
        mark.click()
        page.wait_for_url(f"**/t/{table['id']}#replay={index}")
        page.wait_for_function("s => document.body.dataset.replayStep === s", arg=str(index))
        assert page.evaluate(SHOWN_WORDS) == board_words(short_server, table["id"], index)
        assert not page.errors, page.errors
    finally:
        page.close()
