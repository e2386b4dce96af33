"""How large each game's board text is drawn at a window size, in Debian's Chromium: for every
game (You Dirty Rat at 2, 3 and 4 players), a person's table against bots, after a few of the
person's moves, the median font size of the board's SVG texts in CSS px (each text's size
times the scale it is drawn at, from the rendered SVG) and the share of them under 10 px; also
the board's drawn size, and the same figures if the board had the whole window's height (no
header, dock or side panels), which says how far a layout alone can take it.

Run on its own:  python benchmarks/board_text.py [--width 1280] [--height 800] [--game ID]
                     [--shots DIR]   (DIR/<game>-<players>.png: each table as measured)
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from tests.server.conftest import Server, free_port  # noqa: E402
from tests.server.pages import board_text  # noqa: E402
from tests.server.test_browser import CHROMIUM, FLAGS  # noqa: E402
from tests.server.test_phone import GAMES, my_turn, play  # noqa: E402

# the board alone in the window: how far a layout could take it
BOARD_ONLY = ".bar, .dock, .side { display: none !important; }"
# every game at its usual count, and You Dirty Rat (whose board grows a row a seat) at each
CASES = [*GAMES.items(), ("you-dirty-rat", 2), ("you-dirty-rat", 4)]


def figures(page) -> str:
    found = board_text(page)
    return (f"median {found['median']:4.1f} px, {found['under10']:4.0%} under 10 px "
            f"(board {found['drawn'][0]}x{found['drawn'][1]})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=800)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--shots", type=Path, help="save each table's picture here")
    args = parser.parse_args()
    if args.shots:
        args.shots.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        server = Server(f"sqlite:///{Path(folder) / 'text.db'}", free_port(), bot_delay=0.02)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
                for game, players in CASES:
                    if args.game and game not in args.game:
                        continue
                    page = browser.new_page(viewport={"width": args.width,
                                                      "height": args.height})
                    body = {"game": game, "players": players, "bot_delay": 0.02,
                            "seats": ["human"] + ["heuristic"] * (players - 1)}
                    table = httpx.post(server.url + "/api/tables", json=body, timeout=30).json()
                    page.goto(f"{server.url}/t/{table['id']}#seat=0&token="
                              f"{table['seats'][0]['token']}")
                    page.locator("#board svg").wait_for()
                    my_turn(page)
                    play(page, 3, random.Random(game))
                    my_turn(page)
                    shown = figures(page)
                    if args.shots:
                        page.screenshot(path=str(args.shots / f"{game}-{players}.png"))
                    page.add_style_tag(content=BOARD_ONLY)
                    page.evaluate("() => dispatchEvent(new Event('resize'))")
                    page.wait_for_timeout(300)
                    print(f"{game:22} {players}p {shown}; board alone: {figures(page)}")
                    page.close()
                browser.close()
        finally:
            server.kill()


if __name__ == "__main__":
    main()
