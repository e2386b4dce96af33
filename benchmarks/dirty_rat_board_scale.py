"""You Dirty Rat's board text at every decision of played games, estimated from the Python
renderer: the seat's board (its viewBox) drawn as large as a board column of WxH CSS px allows
(default 912x775, the column at 1280x800 that benchmarks/board_text.py measures in Chromium),
each text's font size times that scale; per player count, the board heights met (with how many
decisions each), the lowest median and the largest share under 10 px, and the decision where
each was met. Half the games random play, half heuristic; seat 0 looks, offered its actions at
its turns (the Team toggles, the Mastermind's draw).

Run on its own:  python benchmarks/dirty_rat_board_scale.py [--games 20] [--column 912x775]
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
from collections import Counter

import ratking
from ratking.bots import HeuristicBot

TEXT = re.compile(r"<text([^>]*)>(.*?)</text>")
SIZE = re.compile(r'font-size="([\d.]+)"')
BOX = re.compile(r'viewBox="0 0 ([\d.]+) ([\d.]+)"')
TAG = re.compile(r"<[^>]+>")


def text_sizes(board: str, width: float, height: float) -> tuple[float, list[float]]:
    """The board's height in units and its texts' sizes in CSS px in a column this large (a
    <text> of several lines counts once a line, as the browser measure counts its tspans)."""
    w, h = map(float, BOX.search(board).groups())
    scale = min(width / w, height / h)
    sizes: list[float] = []
    for attrs, body in TEXT.findall(board):
        if TAG.sub("", body).strip():
            sizes += [float(SIZE.search(attrs).group(1)) * scale] * max(1, body.count("<tspan"))
    return h, sizes


def survey(players: int, games: int, width: float, height: float) -> str:
    game = ratking.make("you-dirty-rat")
    heights: Counter = Counter()
    low, high = (float("inf"), ""), (-1.0, "")
    for seed in range(games):
        s = game.new_game(players, seed=seed)
        rng, bot = random.Random(seed), HeuristicBot(seed)
        step = 0
        while not s.is_over:
            actions = [{"id": a.id, "label": s.describe_action(a)}
                       for a in s.legal_actions()] if s.current_player == 0 else []
            h, sizes = text_sizes(game.render_svg(s.view(0), actions), width, height)
            heights[h] += 1
            where = f"game {seed}, decision {step}, {s.view(0)['phase']}, {h:.0f} tall"
            low = min(low, (statistics.median(sizes), where))
            high = max(high, (sum(x < 10 for x in sizes) / len(sizes), where))
            legal = s.legal_actions()
            s.apply(bot.choose(s) if seed % 2 else legal[int(rng.random() * len(legal))])
            step += 1
    tall = ", ".join(f"{h:.0f} ({n})" for h, n in sorted(heights.items()))
    return (f"{players} players: heights {tall}; lowest median {low[0]:.1f} px ({low[1]}); "
            f"most under 10 px {high[0]:.0%}" + (f" ({high[1]})" if high[0] else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per player count")
    parser.add_argument("--column", default="912x775", help="the board column, WxH CSS px")
    args = parser.parse_args()
    width, height = map(float, args.column.split("x"))
    for players in (2, 3, 4):
        print(survey(players, args.games, width, height))


if __name__ == "__main__":
    main()
