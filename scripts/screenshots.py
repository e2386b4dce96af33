"""Take the README's screenshots: each game's table in play and its end screen, at 1280x800,
in Debian's Chromium, by creating the table in the lobby and clicking through a whole game
against bots (the browser tests' own helpers). Writes docs/screenshots/<game>-table.png and
<game>-end.png (and target-rats-table-dark.png, in dark mode), the lobby, the game review of a
person's game (review-desktop.png, review-phone-dark.png), two gestures (Target: Rats
Simplified's "which way?" beside the board, a You Dirty Rat team selected in the hand), and
Target: Rats' first move (target-rats-move.png at 1280x800 and target-rats-move-phone.png at
390x844: the destination under the pointer says what its one click moves; the group where that
click took it).

    .venv/bin/python scripts/screenshots.py [--out docs/screenshots] [--game GAME ...] [--move]
        [--review] [--tables]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402
from tests.server.conftest import Server, free_port  # noqa: E402
from tests.server.pages import click_an_action, turn_or_end  # noqa: E402
from tests.server.test_browser import CHROMIUM, FLAGS  # noqa: E402
from tests.server.test_browser_table import DESKTOP, GAMES  # noqa: E402

# clicks before the table's picture: far enough in that the board has something on it
TABLE_AFTER = {"rat-a-tat-roll": 6, "rat-and-duck": 6, "target-rats": 12,
               "target-rats-simplified": 8, "you-dirty-rat": 8}


def shoot(browser, server: Server, out: Path, game: str, seats: list[str], rules: dict,
          scheme: str = "light") -> None:
    """The table in play and its end screen (`scheme` "dark": the table in play alone, as
    <game>-table-dark.png)."""
    page = browser.new_page(viewport=DESKTOP, color_scheme=scheme)
    dark = scheme == "dark"
    page.goto(server.url + "/")
    page.locator(f"[role=radio][data-game='{game}']").click()
    page.select_option("#players", str(len(seats)))
    for i, kind in enumerate(seats):
        page.select_option(f"[data-seat='{i}']", kind)
    if rules:
        page.get_by_text("Rule variants").click()
        for name, value in rules.items():
            page.fill(f"[data-rule='{name}']", str(value))
    page.click("[data-testid=create-table]")
    page.wait_for_url("**/t/*")
    page.locator("#board svg").wait_for()
    clicks = 0
    while turn_or_end(page) == "turn":
        if clicks == TABLE_AFTER[game]:
            page.evaluate("() => window.scrollTo(0, 0)")
            page.wait_for_timeout(1000)  # the cards' and pieces' glides come to rest
            page.screenshot(path=str(out / f"{game}-table{'-dark' if dark else ''}.png"))
            if dark:
                page.close()
                return
        clicks += bool(click_an_action(page))
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(out / f"{game}-end.png"))
    page.close()


def shoot_move(browser, server: Server, out: Path) -> None:
    """Target: Rats' first move: a destination's tooltip (desktop), and the group there after
    its one click (phone)."""
    for name, viewport in (("target-rats-move", DESKTOP),
                           ("target-rats-move-phone", {"width": 390, "height": 844})):
        table = httpx.post(server.url + "/api/tables", json={
            "game": "target-rats", "players": 3,
            "seats": ["human", "heuristic", "heuristic"]}).json()
        page = browser.new_page(viewport=viewport)
        page.goto(f"{server.url}/t/{table['id']}#seat=0&token={table['seats'][0]['token']}")
        turn_or_end(page)
        goal = page.locator("#board [data-action='route:RC']")
        goal.scroll_into_view_if_needed()
        box = goal.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.7
        if viewport is DESKTOP:
            page.mouse.move(x, y)
            page.locator("#tip").wait_for()
        else:
            page.mouse.click(x, y)
            page.wait_for_function("() => document.querySelector('#log').innerText"
                                   ".includes('S0 > U0')", timeout=10_000)
            page.wait_for_timeout(200)
        page.screenshot(path=str(out / f"{name}.png"))
        page.close()


def shoot_gestures(browser, server: Server, out: Path) -> None:
    """Two gestures at 1280x800: Target: Rats Simplified's "which way?" asked beside the board
    (target-rats-simplified-ask.png), and a You Dirty Rat team selected in the hand before its
    heist is clicked (you-dirty-rat-team.png)."""
    for game, name, ready in (
            ("target-rats-simplified", "ask", "#actions [data-path]:nth-of-type(3)"),
            ("you-dirty-rat", "team", "#board [data-teams]")):
        for seed in range(8):
            table = httpx.post(server.url + "/api/tables", json={
                "game": game, "players": 3, "bot_delay": 0.02,
                "seats": ["human", "heuristic", "heuristic"]}).json()
            page = browser.new_page(viewport=DESKTOP)
            page.goto(f"{server.url}/t/{table['id']}#seat=0&token={table['seats'][0]['token']}")
            rng = random.Random(seed)
            found = False
            for _ in range(40):
                if turn_or_end(page) != "turn":
                    break
                if page.locator(ready).count():
                    found = True
                    break
                click_an_action(page, rng)
            if found and name == "team":
                team = page.locator(ready).first.get_attribute("data-teams").split(",")[0]
                for kind in team.split(" "):
                    page.locator(f"#board [data-team] [data-pick][data-type='{kind}']"
                                 ":not(.picked)").first.click()
            if found:
                page.mouse.move(0, 0)  # no tooltip over the picture
                page.wait_for_timeout(400)
                page.screenshot(path=str(out / f"{game}-{name}.png"))
            page.close()
            if found:
                break


def shoot_review(browser, server: Server, out: Path) -> None:
    """The review of a two-player Rat-a-Tat Roll a person (Ana) played against a bot, to its
    end by clicking: review-desktop.png (1280x800, light, the whole page) and
    review-phone-dark.png (390x844, dark)."""
    table = httpx.post(server.url + "/api/tables", json={
        "game": "rat-a-tat-roll", "players": 2, "bot_delay": 0.02, "name": "Ana",
        "seats": ["human", "heuristic"]}).json()
    page = browser.new_page(viewport=DESKTOP)
    page.goto(f"{server.url}/t/{table['id']}#seat=0&token={table['seats'][0]['token']}")
    rng = random.Random(3)
    while turn_or_end(page) == "turn":
        click_an_action(page, rng)
    page.close()
    for name, viewport, scheme in (("review-desktop", DESKTOP, "light"),
                                   ("review-phone-dark", {"width": 390, "height": 844},
                                    "dark")):
        page = browser.new_page(viewport=viewport, color_scheme=scheme)
        page.goto(f"{server.url}/t/{table['id']}/review")
        page.locator("[data-testid=review-graph] polyline").first.wait_for(timeout=600_000)
        page.screenshot(path=str(out / f"{name}.png"), full_page=viewport is DESKTOP)
        page.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--move", action="store_true", help="only Target: Rats' first move")
    parser.add_argument("--review", action="store_true", help="only the game review")
    parser.add_argument("--tables", action="store_true",
                        help="only the tables (no review, no lobby)")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        server = Server(f"sqlite:///{Path(folder) / 'shots.db'}", free_port(), bot_delay=0.02)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
                if not args.tables:
                    shoot_review(browser, server, args.out)
                    print(f"{args.out}/review-desktop.png, review-phone-dark.png")
                if args.review:
                    return
                shoot_move(browser, server, args.out)
                print(f"{args.out}/target-rats-move.png, -move-phone.png")
                if args.move:
                    return
                shoot_gestures(browser, server, args.out)
                print(f"{args.out}/target-rats-simplified-ask.png, you-dirty-rat-team.png")
                for game, seats, rules in GAMES:
                    if args.game and game not in args.game:
                        continue
                    shoot(browser, server, args.out, game, seats, rules)
                    print(f"{game}: {args.out / game}-table.png, -end.png")
                    if game == "target-rats":
                        shoot(browser, server, args.out, game, seats, rules, "dark")
                        print(f"{game}: {args.out / game}-table-dark.png")
                if args.tables:
                    return
                lobby = browser.new_page(viewport=DESKTOP)
                lobby.goto(server.url + "/")
                lobby.locator("[role=radio]").first.wait_for()
                lobby.wait_for_timeout(500)
                lobby.screenshot(path=str(args.out / "lobby.png"))
                browser.close()
        finally:
            server.kill()


if __name__ == "__main__":
    main()
