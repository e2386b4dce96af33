"""Acting on the pieces, in Chromium: a decision that was a list of buttons is a gesture on
what it is about, built on the same action ids. Rat-a-Tat Roll: the K-th die rolls K dice, the
dice to re-roll are picked and then one button re-rolls them. You Dirty Rat: the hand lies
under the Heists, a card is played by clicking it, and a team for a heist is selected in the
hand before the heist is clicked. Target: Rats: every destination is on the board and a
question about a move is asked beside the board (under it on a phone), never over it.
Rat & Duck: the acting unit's other choices are a menu beside it."""

from __future__ import annotations

import random

from .pages import answered, click_an_action, turn_or_end
from .test_browser import browser  # noqa: F401
from .test_phone import at_table, my_turn, server  # noqa: F401

VERSION = "() => document.body.dataset.version"
LOG = "() => [...document.querySelectorAll('#log li')].map(li => li.textContent)"
COMPLETED = f"() => ({LOG})().filter(l => l.startsWith('You added') && l.includes('completed'))" \
            ".length"
LAST_LOG = "() => [...document.querySelectorAll('#log li')].pop()?.textContent || ''"


def click_node(page, selector: str) -> None:
    """Click the centre of the first node matching `selector` and wait for the answer."""
    version = page.evaluate(VERSION)
    page.locator(selector).first.click()
    answered(page, version)


def test_rat_a_tat_roll_dice_are_rolled_and_picked_on_the_board(browser, server):  # noqa: F811
    rng = random.Random(5)
    rolled = picked = 0
    with at_table(browser, server, "rat-a-tat-roll", "desktop",
                  seats=["human", "heuristic"]) as page:
        for _ in range(60):
            if not my_turn(page) or (rolled and picked):
                break
            ghosts = page.locator("#board [data-testid=roll-dice] [data-action^='roll:']")
            if ghosts.count():
                # no "Roll K dice" buttons: the dice are on the board, the K-th rolls K
                assert not page.locator("#actions [data-action^='roll:']").count()
                k = ghosts.count()
                click_node(page, f"#board [data-action='roll:{k}']")
                assert f"{k} dice" in page.evaluate(LAST_LOG) or "rolled" in page.evaluate(
                    LAST_LOG), page.evaluate(LAST_LOG)
                rolled += 1
                continue
            dice = page.locator("#board [data-pick]")
            if dice.count() >= 2 and not picked:
                # one button, idle until dice are picked; no button per subset of dice
                ids = page.evaluate("() => [...document.querySelectorAll('#actions button')]"
                                    ".map(b => b.dataset.action || '')")
                assert not [i for i in ids if i.startswith("reroll:")], ids
                button = page.locator("#actions [data-select-button]")
                assert button.is_disabled()
                dice.nth(0).click()
                dice.nth(1).click()
                dice.nth(1).click()  # picked again: put back
                assert page.locator("#board [data-pick].picked").count() == 1
                assert button.get_attribute("data-action") == "reroll:0"
                tokens_before = page.evaluate(LAST_LOG)
                click_node(page, "#actions [data-select-button]")
                assert "re-roll" in page.evaluate(LAST_LOG), (tokens_before,
                                                               page.evaluate(LAST_LOG))
                picked += 1
                continue
            assert click_an_action(page, rng) is not False
        assert rolled and picked, (rolled, picked)


def test_you_dirty_rat_hand_under_the_heists_played_by_a_click(browser, server):  # noqa: F811
    with at_table(browser, server, "you-dirty-rat", "desktop") as page:
        assert my_turn(page)
        tops = page.evaluate("""() => {
          const top = (sel) => Math.min(...[...document.querySelectorAll(sel)]
                                          .map(n => n.getBoundingClientRect().top));
          return {hand: top('#board [data-action^="play:"]'),
                  bottom: document.querySelector('#board svg').getBoundingClientRect().bottom,
                  window: innerHeight};
        }""")
        assert tops["hand"] < tops["bottom"] <= tops["window"], tops
        card = page.locator("#board [data-action^='play:']").first
        name = card.get_attribute("data-action")
        click_node(page, f"#board [data-action='{name}']")
        assert page.evaluate(VERSION) != "0"


def test_target_rats_destinations_on_the_board_questions_under_it(browser, server):  # noqa: F811
    rng = random.Random(11)
    asked = 0
    with at_table(browser, server, "target-rats-simplified", "desktop") as page:
        for _ in range(40):
            if not my_turn(page):
                break
            offered = page.evaluate("() => [...document.querySelectorAll('#actions button')]"
                                    ".map(b => b.dataset.action || '')")
            assert not [i for i in offered if i.startswith("route:")], offered
            if page.locator("#actions .ask").count():
                # on a desktop the question and its ways are beside the board, never over
                # it, and the board keeps at least 80% of its column
                where = page.evaluate("""() => {
                  const board = document.querySelector('#board svg').getBoundingClientRect();
                  const asked = document.querySelector('#ask-panel').getBoundingClientRect();
                  const column = document.querySelector('.board-wrap').getBoundingClientRect();
                  return {beside: asked.left >= board.right,
                          inPanel: !!document.querySelector('#ask-panel #actions .ask'),
                          share: board.width / column.width,
                          bottom: document.documentElement.scrollHeight - innerHeight};
                }""")
                assert where["beside"] and where["inPanel"], where
                assert where["share"] >= 0.8 and where["bottom"] <= 1, where
                asked += 1
            if click_an_action(page, rng) is None and turn_or_end(page) == "over":
                break
        assert asked, "no question about a move was asked in 40 decisions"


def test_you_dirty_rat_team_selected_in_the_hand_then_the_heist(browser, server):  # noqa: F811
    rng = random.Random(3)
    with at_table(browser, server, "you-dirty-rat", "desktop",
                  seats=["human", "heuristic"]) as page:
        for _ in range(40):
            if not my_turn(page):
                break
            heist = page.locator("#board [data-teams]")
            if not heist.count():
                assert click_an_action(page, rng) is not False
                continue
            # no card of the team is a button: the toggles under the hand and the heist
            team = heist.first.get_attribute("data-teams").split(",")[0].split(" ")
            name = heist.first.get_attribute("data-action")
            toggles = page.locator("#board [data-team] [data-pick]")
            assert toggles.count() >= len(team)
            # a team that does not fit is refused, with nothing sent
            version = page.evaluate(VERSION)
            page.locator("#board [data-team] [data-pick]").first.click()
            page.locator("#board [data-team] [data-pick]").first.click()  # put back
            assert not page.locator("#board [data-team] .picked").count()
            for kind in team:
                page.locator(f"#board [data-team] [data-pick][data-type='{kind}']"
                             ":not(.picked)").first.click()
            assert page.locator("#board [data-team] .picked").count() == len(team)
            done = page.evaluate(COMPLETED)
            click_node(page, f"#board [data-action='{name}']")
            page.wait_for_function("() => !document.body.dataset.busy", timeout=10_000)
            # the heist and then its whole team were sent, each checked by the kernel
            assert int(page.evaluate(VERSION)) >= int(version) + 1 + len(team)
            assert page.evaluate(COMPLETED) == done + 1, page.evaluate(LOG)
            return
        raise AssertionError("no heist could be committed in 40 decisions")


def test_rat_and_duck_choices_beside_the_acting_unit(browser, server):  # noqa: F811
    rng = random.Random(8)
    seen = 0
    with at_table(browser, server, "rat-and-duck", "desktop") as page:
        for _ in range(30):
            if not my_turn(page) or seen >= 2:
                break
            menu = page.locator("#board .unit-menu [data-action]")
            if menu.count():
                # no list of buttons away from the unit: its choices are on the board, by it
                assert not page.locator("#actions [data-action]").count()
                near = page.evaluate("""() => {
                  const unit = document.querySelector('#board .unit-at circle[stroke="#ffd23f"]')
                    .getBoundingClientRect();
                  const box = document.querySelector('#board .unit-menu rect')
                    .getBoundingClientRect();
                  const dx = Math.max(0, box.left - unit.right, unit.left - box.right);
                  const dy = Math.max(0, box.top - unit.bottom, unit.top - box.bottom);
                  return Math.hypot(dx, dy) / unit.width;
                }""")
                assert near < 5, near  # within a few tokens of the acting unit
                name = menu.nth(rng.randrange(menu.count())).get_attribute("data-action")
                click_node(page, f"#board .unit-menu [data-action='{name}']")
                seen += 1
                continue
            assert click_an_action(page, rng) is not False
        assert seen, "no choice beside the acting unit in 30 decisions"
