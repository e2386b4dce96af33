"""Every game on a phone and on a desktop, measured from the rendered page in Chromium.

For each game, at 390x844 and 360x740 (phones) and 1280x800 (a desktop), at the start and in
mid-game (after some of the person's moves, chosen at random by a seeded generator): on a phone
every clickable legal action (`[data-action]`) is at least 24x24 CSS px (WCAG 2.2, 2.5.8),
every text on the board at least 10 CSS px, the page never scrolls sideways and the latest
event is on screen; on the desktop the board uses at least 80% of its column's width.
Screenshots of each game at each size go to test-artifacts/phone/ (RATKING_SCREENSHOTS=dir
writes the mid-game ones there instead: docs/screenshots/ was made so). Also: axe-core finds
no serious or critical problem on the lobby or any table, every action can be taken by
keyboard alone, pieces glide unless motion is reduced, and the board is described in words.
"""

from __future__ import annotations

import os
import random
import time
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from . import test_browser
from .conftest import Server, free_port
from .pages import answered, click_an_action, settled, show_panel, turn_or_end

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "phone"
SHOTS = Path(os.environ.get("RATKING_SCREENSHOTS") or ARTIFACTS)
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
GAMES = {"rat-a-tat-roll": 3, "you-dirty-rat": 3, "target-rats-simplified": 3,
         "target-rats": 3, "rat-and-duck": 4}
SIZES = {"phone": (390, 844), "small": (360, 740), "desktop": (1280, 800)}
MIN_TEXT, MIN_TARGET, MIN_BOARD = 10, 24, 0.8
browser = test_browser.browser  # the fixture: Debian's Chromium

MEASURE = """() => {
  const shown = (n) => n.getClientRects().length > 0 && getComputedStyle(n).visibility !== "hidden";
  const texts = [], targets = [];
  for (const t of document.querySelectorAll("#board svg text, #board svg tspan")) {
    if (!t.textContent.trim() || !shown(t)) continue;
    const ctm = t.getScreenCTM();
    const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(ctm.a, ctm.b);
    texts.push([Math.round(px * 10) / 10, t.textContent.trim().slice(0, 40)]);
  }
  for (const a of document.querySelectorAll("[data-action]")) {
    if (!shown(a)) continue;
    const r = a.getBoundingClientRect();
    targets.push([Math.round(Math.min(r.width, r.height) * 10) / 10, a.dataset.action]);
  }
  const svg = document.querySelector("#board svg");
  const drawn = svg.viewBox.baseVal.width * svg.getScreenCTM().a;
  const column = document.querySelector(".board-wrap").getBoundingClientRect().width;
  // the phone's page may scroll (a long question under the board): the latest event is
  // whole once scrolled to, as the table page shows it (to within a pixel: a scroll may
  // stop at a fraction of one)
  document.querySelector("#latest").scrollIntoView({block: "nearest"});
  const latest = document.querySelector("#latest").getBoundingClientRect();
  const log = [...document.querySelectorAll("#log li")].map((li) => li.textContent);
  return {texts, targets, board: drawn / column,
          sideways: document.documentElement.scrollWidth > innerWidth,
          latest: document.querySelector("#latest").textContent,
          latestShown: latest.height > 0 && latest.top >= -1 && latest.bottom <= innerHeight + 1,
          lastLog: log.length ? log[log.length - 1] : ""};
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("phone") / "web.db"
    # This module opens far more tables in a minute than one client may by default.
    running = Server(f"sqlite:///{db}", free_port(), bot_delay=0.02, create_per_minute=10_000,
                     lab=1, lab_dir=str(db.with_name("lab")))  # the lab's page too (axe)
    yield running
    running.kill()


def new_page(browser, size: str, scheme: str = "light"):
    """A blank page of `size` (reduced motion) and the list its script errors go to."""
    width, height = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height}, color_scheme=scheme,
                            reduced_motion="reduce")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return page, errors


def open_table(browser, server, game: str, size: str, scheme: str = "light",
               rules: dict | None = None, seats: list[str] | None = None):
    """A new table of `game` (seat 1 a person, bots elsewhere unless `seats` says), open in a
    page of `size`."""
    players = GAMES[game] if seats is None else len(seats)
    body = {"game": game, "players": players, "bot_delay": 0.02, "rules": rules or {},
            "seats": seats or ["human"] + ["heuristic"] * (players - 1)}
    response = httpx.post(server.url + "/api/tables", json=body, timeout=30)
    assert response.status_code == 201, response.text
    table = response.json()
    page, errors = new_page(browser, size, scheme)
    page.goto(f"{server.url}/t/{table['id']}#seat=0&token={table['seats'][0]['token']}")
    page.locator("#board svg").wait_for()
    page.table = table  # its seats' tokens, for a test that holds more than one
    return page, errors


@contextmanager
def at_table(browser, server, game: str, size: str, **options):
    """open_table() as a context: the page, closed afterwards, with no script error on it."""
    page, errors = open_table(browser, server, game, size, **options)
    try:
        yield page
        assert not errors, errors
    finally:
        page.close()


def my_turn(page) -> bool:
    """Wait until the person can act (True) or the game is over (False); a move the page is
    about to make for the person (their only one) goes first."""
    return turn_or_end(page, 60_000) == "turn"


def play(page, decisions: int, rng: random.Random) -> int:
    """Make up to `decisions` of the person's moves, each a click on a random clickable
    action (where nothing covers it), each answered before the next; returns how many were
    made (fewer only when the game ended first). A click that cannot land fails the test."""
    made = 0
    for _ in range(decisions):
        if not my_turn(page):
            break
        clicked = click_an_action(page, rng, timeout_ms=60_000)
        assert clicked is not False, "every action offered is covered"
        made += clicked is not None
    return made


def check(page, size: str, where: str) -> list[str]:
    """Every floor this size must meet, as a list of what falls below (empty: all met)."""
    settled(page)
    m = page.evaluate(MEASURE)
    problems = []
    if size == "desktop":
        # a question about a move (which way, how many) is asked beside the board: the
        # floor holds while it is open too
        if m["board"] < MIN_BOARD:
            problems.append(f"{where}: the board uses {m['board']:.0%} of its column")
    else:
        problems += [f"{where}: text {px} px: {what!r}" for px, what in m["texts"]
                     if px < MIN_TEXT]
        problems += [f"{where}: target {px} px: {what}" for px, what in m["targets"]
                     if px < MIN_TARGET]
        if m["sideways"]:
            problems.append(f"{where}: the page scrolls sideways")
        if not m["latestShown"] or m["latest"] != m["lastLog"]:
            problems.append(f"{where}: the latest event is not on screen: {m['latest']!r}")
    assert m["texts"], "no text measured: the board did not draw"
    return problems


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_fits_every_screen(browser, server, game):
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems = []
    for size in SIZES:
        page, errors = open_table(browser, server, game, size)
        try:
            my_turn(page)
            problems += check(page, size, f"{game} {size} start")
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"{game}-{size}-start.png"))
            start = page.evaluate("() => document.body.dataset.version")
            assert play(page, 5, random.Random(f"{game}{size}")) >= 1
            assert page.evaluate("() => document.body.dataset.version") != start
            if my_turn(page):
                problems += check(page, size, f"{game} {size} mid-game")
            page.screenshot(path=str(SHOTS / f"{game}-{size}.png"))
            assert not errors, errors
        finally:
            page.close()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game", list(GAMES))
def test_dark_mode_follows_the_system(browser, server, game):
    """The page's colours follow prefers-color-scheme (and the board still draws)."""
    page, errors = open_table(browser, server, game, "phone", scheme="dark")
    try:
        my_turn(page)
        ink = page.evaluate("() => getComputedStyle(document.querySelector('.panel')).color")
        paper = page.evaluate(
            "() => getComputedStyle(document.querySelector('.panel')).backgroundColor")
        light = [int(x) for x in ink[ink.index("(") + 1:-1].split(",")[:3]]
        dark = [int(x) for x in paper[paper.index("(") + 1:-1].split(",")[:3]]
        assert sum(light) > sum(dark) + 300, (ink, paper)  # light ink on dark paper
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{game}-phone-dark.png"))
        assert not errors, errors
    finally:
        page.close()


def sized_page(browser, size: str, scheme: str):
    """A new page of `size` (a key of SIZES) in colour scheme `scheme`."""
    width, height = SIZES[size]
    return browser.new_page(viewport={"width": width, "height": height}, color_scheme=scheme)


def axe_problems(page) -> list[str]:
    # run through the browser's devtools, as the test's own code: the page's
    # Content-Security-Policy (rightly) refuses an injected <script> tag
    page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    found = page.evaluate("""async () => {
        // WCAG 2.2's target size (2.5.8) too, which axe leaves off unless asked
        const result = await axe.run(document, {resultTypes: ["violations"],
                                                rules: {"target-size": {enabled: true}}});
        return result.violations.filter((v) => ["serious", "critical"].includes(v.impact))
          .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target)
                                                   .join(" | ")}`);
    }""")
    return found


@pytest.fixture
def axe():
    if not AXE.exists():
        if os.environ.get("CI"):
            pytest.fail("CI must install axe-core: npm install (make test does)")
        pytest.skip("axe-core is not installed: run npm install")
    return AXE


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious(browser, server, axe, scheme):
    """The lobby and a table of every game, in light and dark mode, on a phone and a
    desktop: no serious or critical accessibility violation."""
    problems = []
    for size in ("phone", "desktop"):
        page = sized_page(browser, size, scheme)
        page.goto(server.url + "/")
        page.locator("[role=radio]").first.wait_for()
        problems += [f"lobby {size}: {p}" for p in axe_problems(page)]
        page.close()
        for game in GAMES:
            page, _ = open_table(browser, server, game, size, scheme)
            my_turn(page)
            problems += [f"{game} {size}: {p}" for p in axe_problems(page)]
            page.close()
    assert not problems, "\n".join(problems)


IN_PLAY = "[data-action], #actions [data-path]"
FOCUSED = f"() => !!document.activeElement?.closest?.('{IN_PLAY}')"


def keyboard_decision(page) -> None:
    """One decision by keyboard alone: Tab to an action (the focus may already be on one),
    Enter, and a choice the page asks answered the same way, until the table has moved."""
    version = page.evaluate("() => document.body.dataset.version")
    for _ in range(6):  # the action, then any choices it brings (which group, which way)
        for _ in range(400):
            if page.evaluate(FOCUSED):
                break
            page.keyboard.press("Tab")
        else:
            pytest.fail("Tab never reached an action")
        page.keyboard.press("Enter")
        answered(page, version, 60_000)
        if page.evaluate("() => document.body.dataset.version") != version:
            return
    pytest.fail("Enter made no move")


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("game", list(GAMES))
def test_every_action_by_keyboard_alone(browser, server, game, size):
    """Every legal action can be focused, and the person plays several decisions by Tab and
    Enter only (no forced moves made for them: each move is theirs); after a move within
    their turn the focus stays on the actions."""
    page, errors = open_table(browser, server, game, size)
    try:
        page.evaluate("() => localStorage.setItem('ratking:settings',"
                      " JSON.stringify({ forced: false }))")
        page.reload()
        page.locator("#board svg").wait_for()
        made = 0
        for _ in range(4):
            if not my_turn(page):
                break
            unreachable = page.evaluate(
                "() => [...document.querySelectorAll('[data-action]')]"
                ".filter((n) => n.tabIndex < 0).map((n) => n.dataset.action)")
            assert not unreachable, unreachable
            keyboard_decision(page)
            made += 1
            if page.evaluate("() => document.querySelector('#status').classList"
                             ".contains('mine')"):  # still my turn: the focus is on an action
                assert page.evaluate(FOCUSED), "the focus left the actions after a move"
        assert made >= 3, f"only {made} decisions made by keyboard"
        assert not errors, errors
    finally:
        page.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_the_board_in_words(browser, server, game):
    """The board's text description, in every game, is on the page for a screen reader (and
    shown on request): the game, the person as "you", every other seat, built from the
    seat's own view (You Dirty Rat: your cards, nobody else's); it follows the board."""
    page, _ = open_table(browser, server, game, "desktop")
    try:
        my_turn(page)
        desc = page.locator("#board-desc")
        text = desc.inner_text()
        title = page.locator("#title").inner_text()
        assert text.startswith(title) and "you" in text
        assert text.split() == page.evaluate("() => document.querySelector("
                                             "'#board svg > desc').textContent").split()
        others = page.evaluate("() => [...document.querySelectorAll('#seats li')].slice(1)"
                               ".map((li) => li.textContent.split(' · ')[0])")
        assert len(others) == GAMES[game] - 1
        for name in others:
            assert name in text, (name, text)
        if game == "you-dirty-rat":
            assert "Player 1 (you)" in text and text.count("hand:") == 1
        assert page.get_attribute("#board svg", "aria-describedby") == "board-desc"
        show_panel(page, "settings-panel")
        page.check("#set-words")
        assert desc.is_visible() and desc.bounding_box()["height"] > 30
        play(page, 2, random.Random(game))
        my_turn(page)
        assert desc.inner_text() != text  # it tells the board as it is now
    finally:
        page.close()


def finished(browser, server, size: str = "desktop", scheme: str = "light"):
    """A short Rat-a-Tat Roll game (one round) played to its end; its end screen shown."""
    page, errors = open_table(browser, server, "rat-a-tat-roll", size, scheme,
                              rules={"max_rounds": 1})
    rng = random.Random(7)
    for _ in range(100):
        if not my_turn(page):
            break
        assert click_an_action(page, rng) is not False
    page.locator("[data-testid=game-over]").wait_for()
    return page, errors


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_on_the_end_screen(browser, server, axe, scheme):
    problems = []
    for size in ("phone", "desktop"):
        page, _ = finished(browser, server, size, scheme)
        problems += [f"end screen {size} {scheme}: {p}" for p in axe_problems(page)]
        page.close()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_on_a_rules_page(browser, server, axe, scheme):
    """A rules page (tables and inline code in it), light and dark, phone and desktop; its
    tables scroll inside themselves on a phone, never the page."""
    problems = []
    for size in ("phone", "desktop"):
        page = sized_page(browser, size, scheme)
        page.goto(server.url + "/rules/target-rats")
        problems += [f"rules {size} {scheme}: {p}" for p in axe_problems(page)]
        if page.evaluate("() => document.documentElement.scrollWidth > innerWidth"):
            problems.append(f"rules {size} {scheme}: the page scrolls sideways")
        page.close()
    assert not problems, "\n".join(problems)


def test_axe_finds_nothing_serious_on_the_pass_the_screen_cover(browser, server, axe):
    """Hot seat: two people at one screen; when it changes hands, the cover is accessible."""
    page, errors = open_table(browser, server, "rat-a-tat-roll", "desktop",
                              seats=["human", "human", "heuristic"])
    tokens = [seat["token"] for seat in page.table["seats"][:2]]
    page.evaluate("([id, tokens]) => localStorage.setItem(`ratking:tokens:${id}`,"
                  " JSON.stringify(tokens))", [page.table["id"], tokens])
    page.reload()
    page.locator("#board svg").wait_for()
    for _ in range(40):
        if page.locator("#pass").is_visible():
            break
        assert my_turn(page)
        click_an_action(page)
    assert page.locator("#pass").is_visible(), "the screen never changed hands"
    problems = axe_problems(page)
    assert not problems, "\n".join(problems)
    assert not errors, errors
    page.close()


def test_a_replay_by_buttons_and_keys_shows_every_hand(browser, server):
    """After the end: the replay's buttons draw their icons (no font glyphs), step to the
    first and last move, the arrow keys (and Home, End, Escape) step too, and every hand is
    shown at every move (on the board, and in words on asking)."""
    page, errors = finished(browser, server)
    try:
        page.click("#over-replay")
        position = page.locator("#replay-pos")
        position.wait_for()
        page.wait_for_function("() => document.body.dataset.replayStep === '0'")
        total = int(position.inner_text().split(" of ")[1])
        assert total >= 4
        for step in ("first", "prev", "next", "last"):
            button = page.locator(f"#replay [data-step={step}]")
            icon = button.locator("svg path").bounding_box()
            assert icon and icon["width"] >= 8 and icon["height"] >= 8, step
            assert button.get_attribute("aria-label") and not button.inner_text().strip()

        def at(step: int) -> None:
            page.wait_for_function("s => document.body.dataset.replayStep === String(s)",
                                   arg=step)
            assert position.inner_text() == f"move {step} of {total}"

        page.click("#replay [data-step=last]")
        at(total)
        page.click("#replay [data-step=first]")
        at(0)
        page.keyboard.press("ArrowRight")
        at(1)
        page.keyboard.press("ArrowRight")
        at(2)
        page.keyboard.press("ArrowLeft")
        at(1)
        page.keyboard.press("End")
        at(total)
        page.keyboard.press("Home")
        at(0)
        page.keyboard.press("ArrowRight")
        at(1)
        hands = page.locator("#replay-hands")
        assert hands.is_visible()
        # the board shows every hand face up, so the words are folded until asked for
        assert page.locator("#board [data-key^='card:hand:'][data-v='back']").count() == 0
        assert not page.evaluate("() => document.getElementById('hands-words').open")
        hands.locator("summary").click()
        page.keyboard.press("ArrowRight")  # the choice holds from move to move
        at(2)
        assert page.evaluate("() => document.getElementById('hands-words').open")
        whose = hands.locator("dt").all_inner_texts()
        holds = hands.locator("dd").all_inner_texts()
        assert len(whose) == GAMES["rat-a-tat-roll"] and all(any(c.isdigit() for c in h)
                                                              for h in holds), holds
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.body.dataset.replayStep")
        assert page.locator("#replay").is_hidden() and hands.is_hidden()
        assert not errors, errors
    finally:
        page.close()


def test_card_texts_on_hover(browser, server):
    """A card's whole text shows on hover (and by keyboard focus)."""
    page, _ = open_table(browser, server, "you-dirty-rat", "desktop")
    try:
        my_turn(page)
        card = page.locator("#board [data-action^='play:']").first
        card.hover()
        tip = page.locator("#tip")
        tip.wait_for(state="visible")
        text = tip.inner_text()
        assert "(" in text and len(text) > 30 and "Play the" not in text  # the card's own
        # keyboard focus shows what the action does
        page.mouse.move(1, 1)
        page.evaluate("() => { document.querySelector('#tip').hidden = true; }")
        for _ in range(60):
            page.keyboard.press("Tab")
            if page.evaluate("() => !!document.activeElement.closest('#board [data-action]')"):
                break
        tip.wait_for(state="visible")
        label = page.evaluate("""() => { const n = document.activeElement;
          const title = [...n.children].find((c) => c.tagName === 'title');
          return title ? title.textContent : n.getAttribute('aria-label'); }""")
        shown = "".join(tip.inner_text().split())
        assert label and shown == "".join(label.replace(": ", "").split()), (shown, label)
    finally:
        page.close()


def test_a_click_closes_the_hover_text(browser, server):
    """A mouse's click on a card closes its text, which stays closed over the board redrawn
    under the still pointer, until the mouse moves again."""
    page, errors = open_table(browser, server, "you-dirty-rat", "desktop")
    try:
        my_turn(page)
        card = page.locator("#board [data-action^='play:']").first
        card.hover()
        tip = page.locator("#tip")
        tip.wait_for(state="visible")
        version = page.evaluate("() => document.body.dataset.version")
        box = card.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.click(x, y)
        assert tip.is_hidden()
        page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
        settled(page)
        page.wait_for_timeout(600)  # longer than a hover waits before it shows a text
        assert tip.is_hidden()
        # the mouse moves on: texts show on hover again
        page.mouse.move(1, 1)
        assert my_turn(page)
        # any action on the board has its text (the next turn may offer no card to play)
        page.locator("#board [data-action]").first.hover()
        tip.wait_for(state="visible")
        assert not errors, errors
    finally:
        page.close()


def tip_at(page, x: float, y: float, touch: bool) -> str:
    """The tooltip's text after hovering (a mouse) or tapping (a finger) at x, y."""
    page.mouse.move(1, 1)
    page.evaluate("() => { document.querySelector('#tip').hidden = true; }")
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.move(x, y)
    page.locator("#tip").wait_for(state="visible")
    return page.locator("#tip").inner_text()


FREE_CARD = """() => {
  const card = [...document.querySelectorAll('#board g.card')]
    .find((n) => !n.closest('[data-action]') && n.getClientRects().length);
  if (!card) return null;
  card.scrollIntoView({ block: 'center' });
  const r = card.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2,
          card.querySelector('title').textContent];
}"""


@contextmanager
def touch_table(browser, server, game: str):
    """The person's page at a new two-seat `game` against the heuristic, on a 1280x800 screen
    with a touch screen and a mouse, once it is their turn."""
    table = httpx.post(server.url + "/api/tables", json={
        "game": game, "players": 2, "bot_delay": 0.02,
        "seats": ["human", "heuristic"]}, timeout=30).json()
    context = browser.new_context(viewport={"width": 1280, "height": 800}, has_touch=True,
                                  reduced_motion="reduce")
    page = context.new_page()
    try:
        page.goto(f"{server.url}/t/{table['id']}#seat=0&token={table['seats'][0]['token']}")
        assert my_turn(page)
        yield page
    finally:
        context.close()


def test_spaces_and_event_cards_explain_themselves_on_hover_and_tap(browser, server):
    """Target: Rats: a space with no legal action, and an event card (the last one drawn),
    show their whole text in the tooltip on hover (a mouse) and on a tap (a finger)."""
    with touch_table(browser, server, "target-rats") as page:
        # S9: another faction's side of the board, out of this seat's reach
        label = page.locator("#board svg .labels text", has_text="S9").first
        box = label.bounding_box()
        assert not page.evaluate("([x, y]) => !!document.elementFromPoint(x, y)"
                                 ".closest('[data-action]')",
                                 [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
        for touch in (False, True):
            text = tip_at(page, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2,
                          touch)
            assert text.startswith("S9 (surface)") and "outer ring" in text, text
        # play on (scavenging when offered) until an event card has been drawn; look at it
        # at the person's turn, while the bots leave the board as it is
        card = None
        for _ in range(120):
            if not my_turn(page):
                break
            card = page.evaluate(FREE_CARD)
            if card:
                break
            scavenge = page.locator("#actions [data-action^='scavenge:']")
            if scavenge.count():
                version = page.evaluate("() => document.body.dataset.version")
                scavenge.first.click()
                answered(page, version)
            else:
                click_an_action(page)
        assert card, "no event card was drawn"
        x, y, title = card
        name, words = title.split(": ", 1)
        for touch in (False, True):
            text = tip_at(page, x, y, touch)
            assert text.startswith(name) and words in text, (text, title)


def hold_finger(page, x: float, y: float, hold: float) -> None:
    """A finger on x, y for `hold` seconds (a real touch sequence, through Chromium's
    gesture recognizer: a long one makes no click)."""
    cdp = page.context.new_cdp_session(page)
    point = [{"x": x, "y": y}]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    time.sleep(hold)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def test_a_long_press_on_an_action_explains_it_and_a_later_click_still_acts(browser, server):
    """A finger held on an action shows its text and makes no move; the next click (a mouse
    after the finger, as on a laptop with a touch screen) is not swallowed by it."""
    with touch_table(browser, server, "you-dirty-rat") as page:
        version = page.evaluate("() => document.body.dataset.version")
        card = page.locator("#board [data-action^='play:']").first
        box = card.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.evaluate("() => { document.querySelector('#tip').hidden = true; }")
        hold_finger(page, x, y, 0.9)
        page.locator("#tip").wait_for(state="visible")
        assert "(" in page.locator("#tip").inner_text()  # the card's own text
        time.sleep(0.5)  # a move, had one been sent, would be on its way
        assert page.evaluate("() => document.body.dataset.version") == version
        assert not page.evaluate("() => document.body.dataset.busy")
        page.mouse.click(x, y)
        answered(page, version)


GLIDES = """
window.__glides = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  if (JSON.stringify(frames).includes("translate")) window.__glides.push(this.dataset.key || "");
  return animate.call(this, frames, options);
};
"""


def watched_table(browser, server, game: str, motion: str, players: int = 3,
                  bot_delay: float = 0.3):
    """A table of `game` (seat 1 a person), open in a desktop page that counts the glides."""
    table = httpx.post(server.url + "/api/tables", json={
        "game": game, "players": players, "bot_delay": bot_delay,
        "seats": ["human"] + ["heuristic"] * (players - 1)}, timeout=30).json()
    page = browser.new_page(viewport={"width": 1280, "height": 800}, reduced_motion=motion)
    page.add_init_script(GLIDES)
    page.goto(f"{server.url}/t/{table['id']}#seat=0&token={table['seats'][0]['token']}")
    page.locator("#board svg").wait_for()
    return page


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_pieces_glide_unless_motion_is_reduced(browser, server, motion):
    """Rat-a-Tat Roll: the pawn (data-key="pawn") glides from space to space, and a card
    dealt to a hand glides from the region (or the pile) it came from; with
    prefers-reduced-motion nothing moves (no glide, no CSS animation, the board's own SVG
    animations paused) but the board itself changes."""
    page = watched_table(browser, server, "rat-a-tat-roll", motion)
    try:
        play(page, 6, random.Random(3))
        my_turn(page)
        glides = page.evaluate("() => window.__glides")
        assert page.evaluate("() => document.body.dataset.version") != "0"
        if motion == "reduce":
            assert glides == []
            assert page.evaluate("() => document.getAnimations().length") == 0
            assert page.evaluate("() => document.querySelector('#board svg').animationsPaused()")
        else:
            assert "pawn" in glides
            assert any(key.startswith("card:hand:") for key in glides), glides
    finally:
        page.close()


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_moving_group_is_followed_step_by_step(browser, server, motion):
    """Target: Rats: the group on the move is keyed by where its move began, so its token
    glides along every step of a one-click move (none under reduced motion)."""
    page = watched_table(browser, server, "target-rats", motion, players=2)
    try:
        assert my_turn(page)
        start = int(page.evaluate("() => document.body.dataset.version"))
        page.evaluate("() => { window.__glides = []; }")
        page.locator("#board [data-action='route:RC']").click()  # H0 > S0 > U0 > RC
        page.wait_for_function("v => !document.body.dataset.busy && "
                               "Number(document.body.dataset.version) >= v", arg=start + 6)
        glides = page.evaluate("() => window.__glides")
        if motion == "reduce":
            assert glides == []
        else:
            group = [key for key in glides if ":move-H0" in key]
            assert len(group) >= 3, glides  # S0, U0 and RC, each from the step before
    finally:
        page.close()


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_rematch_pulse_stops_under_reduced_motion(browser, server, motion):
    """Every CSS animation and transition is off under prefers-reduced-motion (the Rematch
    button's pulse among them)."""
    page = watched_table(browser, server, "rat-a-tat-roll", motion)
    try:
        page.evaluate("""() => {
            document.querySelector('#game-over').hidden = false;
            const button = document.querySelector('#over-rematch');
            button.hidden = false;
            button.classList.add('pulse');
        }""")
        running = page.evaluate("""() => [getComputedStyle(
            document.querySelector('#over-rematch')).animationName,
            document.getAnimations().filter((a) => a.playState === 'running').length,
            getComputedStyle(document.querySelector('.act-button, button')).transitionDuration]""")
        if motion == "reduce":
            assert running[0] == "none" and running[1] == 0
            assert set(running[2].split(", ")) == {"0s"}
        else:
            assert running[0] == "pulse" and running[1] >= 1
    finally:
        page.close()


def test_a_phone_opens_you_dirty_rat_on_your_own_hand(browser, server):
    """A new table, its first draw before the person is asked anything (a bot moves first,
    slowly): the zoomed board opens on the person's own hand, not at its left edge."""
    body = {"game": "you-dirty-rat", "players": 3, "bot_delay": 5.0,
            "seats": ["heuristic", "human", "heuristic"]}
    table = httpx.post(server.url + "/api/tables", json=body, timeout=30).json()
    page, errors = new_page(browser, "phone", "light")
    try:
        page.goto(f"{server.url}/t/{table['id']}#seat=1&token={table['seats'][1]['token']}")
        page.locator("#board [data-home]").wait_for(state="attached")
        page.wait_for_timeout(800)  # the scroll may glide
        where = page.evaluate("""() => {
          const host = document.getElementById("board");
          const box = host.getBoundingClientRect();
          const hand = host.querySelector("[data-home]").getBoundingClientRect();
          return {zoomed: host.classList.contains("zoomed"), left: host.scrollLeft,
                  middle: (hand.left + hand.right) / 2 - box.left, width: host.clientWidth,
                  acting: document.querySelectorAll("#board [data-action]").length};
        }""")
        assert where["zoomed"] and where["acting"] == 0, where
        assert where["left"] > 0, where  # not at the board's left edge
        assert abs(where["middle"] - where["width"] / 2) < where["width"] * 0.15, where
        assert not errors, errors
    finally:
        page.close()
