"""Clicks per turn in a browser-played game of each game (seat 1 a person, the others bots).

The person is played by Playwright in Debian's Chromium: at each of their decisions it clicks
one of the clickable legal actions on the page (on the board, a button, or a choice when the
page asks which group, how many or which way), chosen at random from a seeded generator, where
nothing covers it, and waits for the page's answer (tests/server/pages.py). The page's state
messages are recorded as it draws them; a turn is a run of consecutive versions where the
person's seat is to move, and its clicks are those made during it (moves the page made for the
person, such as forced moves, cost none). Each version in a turn is one of the person's
decisions: on a page where every decision takes one click, the same turn would have cost that
many clicks. Prints, per game, the median and mean clicks per turn and decisions per turn, over
`--games-each` games.

The tables' seeds are fixed (`--seed`: the k-th table of a run gets seed + k, through a server
whose `new_seed` counts from there), and so is the clicker's generator, so two runs deal the
same games: the fair before/after comparison is the same script against two sources.

    .venv/bin/python benchmarks/clicks.py [--games a,b] [--games-each 3] [--seed 1] [--json f]

Measures whatever code is on the Python path (PYTHONPATH pointing at an older source
measures the page before a change).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.conftest import Server, free_port
from tests.server.pages import click_an_action, turn_or_end

# each game at a size that ends in reasonable time when the person clicks at random
SETUPS = {
    "rat-a-tat-roll": (3, {}),
    "you-dirty-rat": (3, {}),
    "target-rats-simplified": (3, {"max_rounds": 8}),
    "target-rats": (3, {"max_rounds": 4}),
    "rat-and-duck": (4, {"max_rounds": 6}),
}
# every version the page shows, and whether the person is to move there (the status says
# "Your move"): the page gets full messages and deltas alike, and draws each version
RECORD = """
window.__states = [];
addEventListener("DOMContentLoaded", () => new MutationObserver(() => {
  const version = Number(document.body.dataset.version);
  const seen = window.__states[window.__states.length - 1];
  if (seen && seen.version === version) return;
  window.__states.push({ version,
    mine: document.querySelector("#status").classList.contains("mine"),
    over: !document.querySelector("[data-testid=game-over]").hidden });
}).observe(document.body, { attributes: true, attributeFilter: ["data-version"] }));
"""
# `ratking serve` whose tables get the seeds RATKING_BENCH_SEED, RATKING_BENCH_SEED + 1, ...
SEEDED_SERVE = """
import itertools, os, sys
import ratking.server.rooms.creation as creation
seeds = itertools.count(int(os.environ["RATKING_BENCH_SEED"]))
creation.new_seed = lambda: next(seeds)
from ratking.cli import main
sys.argv[0] = "ratking"
main()
"""


def seeded_server(db: str, seed: int) -> Server:
    """The test suite's server process, its tables' seeds counted from `seed`."""
    return Server(db, free_port(), bot_delay=0.05, launcher=["-c", SEEDED_SERVE],
                  env={"RATKING_BENCH_SEED": str(seed)})


def play(browser, server, game: str, players: int, rules: dict, rng: random.Random) -> dict:
    body = {"game": game, "players": players, "rules": rules, "bot_delay": 0.05,
            "seats": ["human"] + ["heuristic"] * (players - 1)}
    table = httpx.post(server.url + "/api/tables", json=body, timeout=30).json()
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.add_init_script(RECORD)
    page.goto(f"{server.url}/t/{table['id']}#seat=0&token={table['seats'][0]['token']}")
    page.locator("#board svg").wait_for()
    clicks: list[int] = []  # the version at each click
    for _ in range(3000):
        if turn_or_end(page, 120_000) == "over":
            break
        clicked = click_an_action(page, rng, timeout_ms=120_000)
        if clicked:
            clicks.append(int(clicked))
    states = page.evaluate("() => window.__states")
    page.close()
    mine = sorted({s["version"] for s in states if s["mine"] and not s["over"]})
    turns: list[list[int]] = []
    for v in mine:  # runs of consecutive versions where the person is to move
        if turns and turns[-1][-1] == v - 1:
            turns[-1].append(v)
        else:
            turns.append([v])
    per_turn = [sum(1 for c in clicks if turn[0] <= c <= turn[-1]) for turn in turns]
    return {"game": game, "clicks": per_turn, "decisions": [len(turn) for turn in turns]}


def summary(game: str, results: list[dict]) -> dict:
    clicks = [c for r in results for c in r["clicks"]]
    decisions = [d for r in results for d in r["decisions"]]
    return {"game": game, "games": len(results), "turns": len(clicks),
            "median_clicks": statistics.median(clicks) if clicks else None,
            "mean_clicks": round(statistics.fmean(clicks), 2) if clicks else None,
            "median_decisions": statistics.median(decisions) if decisions else None,
            "mean_decisions": round(statistics.fmean(decisions), 2) if decisions else None,
            "per_game": results}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(SETUPS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games-each", type=int, default=1)
    parser.add_argument("--json")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    out = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--no-sandbox", "--disable-gpu"])
        for game in args.games.split(","):
            # a server per game: its k-th table has the seed `seed + k` whatever else ran
            server = seeded_server(f"sqlite:///{tmp}/{game}.db", args.seed)
            try:
                players, rules = SETUPS[game]
                results = [play(browser, server, game, players, rules,
                                random.Random(args.seed + k)) for k in range(args.games_each)]
            finally:
                server.kill()
            s = summary(game, results)
            out.append(s)
            print(f"{game:24} games {s['games']}  turns {s['turns']:4}  clicks/turn "
                  f"median {s['median_clicks']} mean {s['mean_clicks']}  "
                  f"decisions/turn median {s['median_decisions']} mean "
                  f"{s['mean_decisions']}", flush=True)
        browser.close()
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
