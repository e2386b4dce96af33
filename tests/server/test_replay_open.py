"""The replay of a finished game in Chromium: at every step shown, the board draws every hidden
hand face up (read from the SVG and checked against the record replayed to that step), and the
replay's buttons are inside the viewport with the page not scrolled, at 1280x800 and 390x844.

Each game is played to its end by bots alone; the page watches it as a spectator.
"""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest

import ratking

from . import test_browser, test_phone

browser = test_browser.browser  # the fixture: Debian's Chromium
server = test_phone.server  # a server of its own for this module (the fixture is module-wide)
axe = test_phone.axe
new_page = test_phone.new_page
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "replay"
SIZES = {size: test_phone.SIZES[size] for size in ("desktop", "phone")}
# the games that hide hands: players (the most, for the tallest board) and rules that keep a
# game short
GAMES = {"rat-a-tat-roll": (5, {"max_rounds": 2}), "you-dirty-rat": (4, {"max_rounds": 3}),
         "rat-and-duck": (4, {"max_rounds": 3})}

IN_VIEW = """() => {
  const out = [];
  for (const b of document.querySelectorAll("#replay button")) {
    const r = b.getBoundingClientRect();
    if (r.width === 0 || r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1
        || r.right > innerWidth + 1) out.push(b.dataset.step);
  }
  return {outside: out, scrolled: scrollY !== 0 || document.scrollingElement.scrollTop !== 0};
}"""


def finished_table(server, game: str) -> dict:
    """A table of `game` played to its end by bots; its summary."""
    players, rules = GAMES[game]
    body = {"game": game, "players": players, "bot_delay": 0.0, "rules": rules,
            "seats": ["heuristic"] * players}
    response = httpx.post(server.url + "/api/tables", json=body, timeout=30)
    assert response.status_code == 201, response.text
    table = response.json()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        summary = httpx.get(f"{server.url}/api/tables/{table['id']}", timeout=30).json()
        if summary["status"] == "over":
            return table
        time.sleep(0.2)
    raise AssertionError(f"the bots never finished the {game} game")


def replaying(browser, server, table: dict, size: str, scheme: str = "light"):
    """A page watching the finished `table`, its replay opened at the first move."""
    page, errors = new_page(browser, size, scheme)
    page.goto(f"{server.url}/t/{table['id']}")
    page.locator("[data-testid=game-over]").wait_for()
    # no click (Playwright would scroll to what it clicks): the page's own events only
    page.evaluate("() => document.getElementById('over-replay').click()")
    page.wait_for_function("() => document.body.dataset.replayStep === '0'")
    return page, errors


def face_up(page, game: str) -> dict:
    """What the board's SVG shows face up, per seat (or the location cards, in Rat & Duck)."""
    if game == "rat-a-tat-roll":
        return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
            "#board [data-seat-panel]")].map((p) => [p.dataset.seatPanel, [...p.querySelectorAll(
            "[data-key^='card:hand:']")].map((c) => c.dataset.v)]))""")
    if game == "you-dirty-rat":
        return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
            "#board [data-open-hand]")].map((h) => [h.dataset.openHand, [...h.querySelectorAll(
            "[data-key^='card:']")].map((c) => Number(c.dataset.key.slice(5))).sort(
            (a, b) => a - b)]))""")
    return {"held": sorted(page.evaluate("""() => [...document.querySelectorAll(
        "#board [data-location-card]")].map((c) => c.dataset.locationCard)"""))}


def expected(state: ratking.State, game: str) -> dict:
    """face_up() as it should read at this state: every hand, from the state itself."""
    if game == "rat-a-tat-roll":
        values = state.game.values
        return {str(p): [str(values[c]) for c in hand] for p, hand in enumerate(state.hands)}
    if game == "you-dirty-rat":
        return {str(p): sorted(hand) for p, hand in enumerate(state.hands)}
    return {"held": sorted(state.game.city.slugs[c] for c in state.held)}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(GAMES))
def test_the_replay_shows_every_hand_face_up_with_its_buttons_in_view(browser, server, game,
                                                                       size):
    table = finished_table(server, game)
    record = httpx.get(f"{server.url}/api/tables/{table['id']}/record", timeout=30).json()
    page, errors = replaying(browser, server, table, size)
    try:
        position = page.locator("#replay-pos")
        total = int(position.inner_text().split(" of ")[1])
        seen_hidden = False
        for step in range(total + 1):  # every step, by the right arrow (as "next" steps)
            if step:
                page.keyboard.press("ArrowRight")
            page.wait_for_function("s => document.body.dataset.replayStep === String(s)",
                                   arg=step)
            state = ratking.replay(record, upto=step)
            want = expected(state, game)
            assert face_up(page, game) == want, (game, size, step)
            seen_hidden |= any(want.values()) and not state.is_over
            # the board shows the hands: their words are folded, leaving it the room
            assert not page.evaluate("() => document.getElementById('hands-words').open")
            where = page.evaluate(IN_VIEW)
            assert where == {"outside": [], "scrolled": False}, (game, size, step, where)
            if step == total // 2:
                SHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=SHOTS / f"{game}-{size}.png")
        # hands are dealt at the start; the government may never draw a location card
        assert seen_hidden or game == "rat-and-duck", "no step had a hidden card to show"
        assert not errors, errors
    finally:
        page.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_in_a_replay(browser, server, axe, scheme):
    """A replay mid-game, its hands on the board and in words (folded, then opened): no
    serious or critical accessibility violation, on a phone and a desktop."""
    table = finished_table(server, "you-dirty-rat")
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems = []
    for size in SIZES:
        page, errors = replaying(browser, server, table, size, scheme)
        page.keyboard.press("ArrowRight")
        page.wait_for_function("() => document.body.dataset.replayStep === '1'")
        problems += [f"{size} folded: {p}" for p in test_phone.axe_problems(page)]
        page.evaluate("() => { document.getElementById('hands-words').open = true; }")
        problems += [f"{size} open: {p}" for p in test_phone.axe_problems(page)]
        page.screenshot(path=SHOTS / f"you-dirty-rat-{size}-{scheme}-words.png")
        assert not errors, errors
        page.close()
    assert not problems, "\n".join(problems)
