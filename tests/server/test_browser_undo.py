"""Undo in Chromium: the button (and `u` / Ctrl-Z) takes back the person's last move where
the table offers it, every screen shows it, it is never offered after a roll or a draw, and
the record of the finished table has no trace of the move taken back."""

from __future__ import annotations

import random
from collections.abc import Callable

import httpx

import ratking

from .pages import answered, click_an_action
from .test_browser import browser  # noqa: F401
from .test_phone import at_table, my_turn, server  # noqa: F401

VERSION = "() => document.body.dataset.version"
STEPS = "() => document.body.dataset.steps"  # the moves that stand
LOG = "() => [...document.querySelectorAll('#log li')].map(n => n.textContent)"
UNDO = "#undo"


def play_until_undo(page, rng: random.Random, decisions: int = 80,
                    prefer: Callable[[str], int] | None = None,
                    moved: bool = False) -> bool:
    """Click random actions (`prefer` ranks them, as in click_an_action) until the Undo
    button shows (True) or the game ends (False); with `moved`, until it shows just after
    the person moved something (the log's last line)."""
    def offered() -> bool:
        return page.locator(UNDO).is_visible() and (
            not moved or page.evaluate(LOG)[-1].startswith("You moved"))

    for _ in range(decisions):
        if not my_turn(page):
            return False
        if offered():
            return True
        assert click_an_action(page, rng, prefer=prefer) is not False
    return offered()


def split_the_group(ids: str) -> int:
    """Target: Rats' ranking for play_until_undo: pick a group, then the fewest rats where
    the page asks how many go, then a destination; end the moves last (that rolls for the
    Exterminator). So the move taken back is part of a group; a one-click move to a
    destination takes the whole group (whole_groups, the test of an only move below)."""
    taken = [sum(map(int, i.split(":")[1:])) for i in ids.split() if i.startswith("take:")]
    if taken:  # take:<fed>:<unfed>
        return 1 + min(taken)
    return {"group": 0, "end-moves": 1_000}.get(ids.split(":")[0], 100)



def whole_groups(ids: str) -> int:
    """Target: Rats' ranking for the one-click move: a destination first (the whole group
    goes), all the rats where the page asks how many, a group's space after, "end moves"
    last."""
    taken = [sum(map(int, i.split(":")[1:])) for i in ids.split() if i.startswith("take:")]
    if taken:  # take:<fed>:<unfed>
        return 100 - max(taken)
    return {"group": 500, "end-moves": 1_000}.get(ids.split(":")[0], 0)


# the distinct actions the page offers now (on the board and beside it)
OFFERED = """() => [...new Set([...document.querySelectorAll(
  '#board [data-action], #actions [data-action]')].filter(n => n.getClientRects().length)
  .map(n => n.dataset.action))]"""

def no_undo(page) -> str:
    """Why a test found nothing to take back, for its failure: the page's status and log."""
    return (f"no move that could be taken back in 80 decisions; status "
            f"{page.locator('#status').inner_text()!r}, version {page.evaluate(VERSION)}, "
            f"the log's end: {page.evaluate(LOG)[-6:]}")


def take_back(page, how: str) -> int:
    """Undo with the button or a key: the moves that stand go down, the version goes on
    (it is never seen again); the version after."""
    version, steps = int(page.evaluate(VERSION)), int(page.evaluate(STEPS))
    if how == "button":
        page.locator(UNDO).click()
    else:
        page.locator("#board").focus()
        page.keyboard.press(how)
    answered(page, str(version))
    after = int(page.evaluate(VERSION))
    assert after > version and int(page.evaluate(STEPS)) < steps, (version, after)
    assert any("took back" in line for line in page.evaluate(LOG)), page.evaluate(LOG)[-3:]
    return after


def record_of(running, page) -> dict:
    """Close the table (its creator) and read its record."""
    owner = {"authorization": f"Bearer {page.table['owner_token']}"}
    closed = httpx.delete(f"{running.url}/api/tables/{page.table['id']}", headers=owner,
                          timeout=30)
    assert closed.status_code == 200, closed.text
    return httpx.get(f"{running.url}/api/tables/{page.table['id']}/record", timeout=30).json()


def test_target_rats_a_group_moved_then_taken_back(browser, server):  # noqa: F811
    rng = random.Random(3)
    with at_table(browser, server, "target-rats", "desktop",
                  seats=["human", "heuristic"]) as page:
        assert not page.locator(UNDO).is_visible()
        assert play_until_undo(page, rng, prefer=split_the_group, moved=True), no_undo(page)
        before = page.evaluate(LOG)
        back = take_back(page, "button")
        # the table is as it was: a move can be made again from there
        assert my_turn(page) and int(page.evaluate(VERSION)) == back
        assert len(page.evaluate(LOG)) >= len(before) - 10
        played = click_an_action(page, rng)
        assert played is not None
        seen = int(page.evaluate(STEPS))
        record = record_of(server, page)
    # the bot (or a forced move) may have moved again before the table closed
    final = len(record["actions"])
    assert final >= seen
    state = ratking.replay(record)
    assert state.steps == final
    replay = httpx.get(f"{server.url}/api/tables/{page.table['id']}/replay/{final}",
                       timeout=30).json()
    assert not any("took back" in line for line in replay["log"]), replay["log"]



def test_target_rats_an_only_move_that_draws_waits_while_undo_is_open(browser, server):  # noqa: F811
    """Groups sent in one click each until the moves end: scavenging (a draw) is then the
    person's only move, and the page, which makes an only move for them, waits for their
    click, since Undo could take the last move back until then."""
    rng = random.Random(5)
    with at_table(browser, server, "target-rats", "desktop",
                  seats=["human", "heuristic"]) as page:
        for _ in range(80):
            assert my_turn(page), "the game ended first"
            offered = page.evaluate(OFFERED)
            if len(offered) == 1 and page.locator(UNDO).is_visible():
                break
            assert click_an_action(page, rng, prefer=whole_groups) is not False
        else:
            raise AssertionError(no_undo(page))
        assert offered[0].startswith("scavenge:"), offered
        version = page.evaluate(VERSION)
        page.wait_for_timeout(1_000)  # the page makes an only move after 350 ms
        assert page.evaluate(VERSION) == version and page.evaluate(OFFERED) == offered
        take_back(page, "button")
        assert my_turn(page) and len(page.evaluate(OFFERED)) > 1

def test_rat_and_duck_undo_by_key_and_seen_by_a_watcher(browser, server):  # noqa: F811
    rng = random.Random(8)
    with at_table(browser, server, "rat-and-duck", "desktop") as page:
        watcher = browser.new_page(viewport={"width": 1280, "height": 800})
        try:
            watcher.goto(f"{server.url}/t/{page.table['id']}")
            watcher.locator("#board svg").wait_for()
            assert play_until_undo(page, rng), no_undo(page)
            back = take_back(page, "u")
            watcher.wait_for_function(f"() => document.body.dataset.version === '{back}'",
                                      timeout=15_000)
            assert any("took back" in line for line in watcher.evaluate(LOG))
            assert not watcher.locator(UNDO).is_visible()  # a watcher is offered nothing
            if page.locator(UNDO).is_visible():  # more to take back: Ctrl-Z too
                take_back(page, "Control+z")
        finally:
            watcher.close()


def test_rat_a_tat_roll_no_undo_after_a_roll(browser, server):  # noqa: F811
    with at_table(browser, server, "rat-a-tat-roll", "desktop",
                  seats=["human", "heuristic"]) as page:
        assert my_turn(page)
        version = page.evaluate(VERSION)
        page.locator("#board [data-action='roll:2']").first.click()
        answered(page, version)
        assert int(page.evaluate(VERSION)) > int(version)
        assert not page.locator(UNDO).is_visible()
        rolled = page.evaluate(VERSION)
        page.locator("#board").focus()
        page.keyboard.press("u")
        page.keyboard.press("Control+z")
        page.wait_for_timeout(500)
        assert page.evaluate(VERSION) == rolled
        assert not any("took back" in line for line in page.evaluate(LOG))
