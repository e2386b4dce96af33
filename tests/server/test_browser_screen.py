"""The table on one screen, measured in Chromium at many decision points of played games.

In every game, at 1280x800 (a desktop) and 390x844 (a phone), a person plays against bots by
clicking random legal actions; at each of their decisions the page is measured: on the
desktop the page does not scroll (the board, the prompt and the choices are in the window);
on both, no choice button lies over the board's drawing as shown, every legal action is
clickable where it stands (`elementFromPoint` at its centre finds it, after scrolling it into
view on the phone), and the latest event and the prompt show their whole text. Boxes are
compared to within a pixel: a scroll may stop at a fraction of one.
"""

from __future__ import annotations

import random

import pytest

from .pages import click_an_action, settled
from .test_browser import browser  # noqa: F401
from .test_phone import ARTIFACTS, GAMES, my_turn, open_table, server  # noqa: F401

DECISIONS = 10  # the person's decisions measured per game and size

# what is wrong on the page now, as a list of sentences (empty: nothing)
MEASURE = """(phone) => {
  const problems = [];
  const doc = document.documentElement;
  if (!phone && doc.scrollHeight > innerHeight + 1)
    problems.push(`the page scrolls ${doc.scrollHeight - innerHeight} px`);
  if (doc.scrollWidth > innerWidth + 1) problems.push("the page scrolls sideways");
  const host = document.querySelector("#board");
  const svg = host.querySelector("svg");
  const cut = (a, b) => ({left: Math.max(a.left, b.left), top: Math.max(a.top, b.top),
                          right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom)});
  const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
                          && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const drawn = () => cut(svg.getBoundingClientRect(), host.getBoundingClientRect());
  if (!phone) {
    const b = drawn();
    if (b.top < -1 || b.bottom > innerHeight + 1) problems.push("the board is not all in view");
  }
  for (const node of document.querySelectorAll("#actions button, #actions .ask, #dock-extra")) {
    if (!node.getClientRects().length) continue;
    if (meets(node.getBoundingClientRect(), drawn()))
      problems.push(`a choice lies over the board: ${node.textContent.slice(0, 40)}`);
  }
  // every legal action: its centre is itself, or another legal action drawn over it on the
  // board (a rat on the space it may go to), and some point of it is itself
  const sel = "#board [data-action], #actions [data-action], #actions [data-path]";
  const pick = (x, y) => {
    const inside = x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight;
    const hit = inside && document.elementFromPoint(x, y);
    return [hit, hit && hit.closest("[data-action], [data-path]")];
  };
  for (const node of document.querySelectorAll(sel)) {
    if (!node.getClientRects().length) continue;
    if (phone) node.scrollIntoView({block: "center", inline: "center"});
    const r = node.getBoundingClientRect();
    const what = node.dataset.action || node.dataset.path;
    const [hit, on] = pick(r.left + r.width / 2, r.top + r.height / 2);
    if (on !== node && !(on && on.closest("#board") && node.closest("#board"))) {
      const over = hit ? (hit.closest("[id], [class]")?.outerHTML || hit.tagName).slice(0, 80)
                       : "nothing: outside the window";
      problems.push(`${what} is covered at its centre by ${over}`);
      continue;
    }
    let free = on === node;
    for (const fy of [0.5, 0.25, 0.75, 0.1, 0.9]) {
      for (const fx of [0.5, 0.25, 0.75, 0.1, 0.9]) {
        free ||= pick(r.left + r.width * fx, r.top + r.height * fy)[1] === node;
      }
    }
    if (!free) problems.push(`${what} is covered everywhere`);
  }
  for (const id of ["latest", "prompt"]) {
    const node = document.getElementById(id);
    if (!node.getClientRects().length || !node.textContent.trim()) continue;
    if (phone) node.scrollIntoView({block: "nearest"});
    const r = node.getBoundingClientRect();
    const how = [node.scrollHeight > node.clientHeight + 1
                 && `${node.scrollHeight} px of text in ${node.clientHeight} px`,
                 node.scrollWidth > node.clientWidth + 1
                 && `${node.scrollWidth} px of text in ${node.clientWidth} px wide`,
                 r.top < -1 && `its top ${(-r.top).toFixed(1)} px above the window`,
                 r.bottom > innerHeight + 1
                 && `its bottom ${(r.bottom - innerHeight).toFixed(1)} px below the window`];
    if (how.some(Boolean))
      problems.push(`the ${id} is cut (${how.filter(Boolean).join(", ")}): ${node.textContent}`);
  }
  const log = [...document.querySelectorAll("#log li")].map((li) => li.textContent);
  const latest = document.getElementById("latest").textContent;
  if (log.length && latest !== log[log.length - 1]) problems.push(`the latest event is ${latest}`);
  const prompt = svg.dataset.prompt || "";
  if (phone && prompt && document.getElementById("prompt").textContent !== prompt)
    problems.push("the prompt under the board is not the board's");
  window.scrollTo(0, 0);
  return problems;
}"""


def measure(page, phone: bool, where: str) -> list[str]:
    still = settled(page)  # the board is refitted a frame after the dock changes
    problems = [f"{where}: {p}" for p in page.evaluate(MEASURE, phone)]
    if problems:
        if not still:
            problems.append(f"{where}: the layout was still moving after 120 frames")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"screen-{where.replace(' ', '-')}.png"))
    return problems


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("game", list(GAMES))
def test_the_table_on_one_screen(browser, server, game, size, scheme):  # noqa: F811
    page, errors = open_table(browser, server, game, size, scheme=scheme)
    problems: list[str] = []
    rng = random.Random(f"{game}{size}{scheme}")
    measured = 0
    try:
        for decision in range(DECISIONS):
            if not my_turn(page):
                break
            problems += measure(page, size == "phone", f"{game} {size} decision {decision}")
            measured += 1
            clicked = click_an_action(page, rng, timeout_ms=60_000)
            assert clicked is not False, "every action offered is covered"
        assert measured >= 3, f"only {measured} decisions were measured"
        assert not errors, errors
    finally:
        page.close()
    assert not problems, "\n".join(problems)
