"""Every page of the web app, in light and dark mode, on a phone (390x844) and a desktop
(1280x800): axe-core finds no serious or critical problem, WCAG 2.2's target size included.
The pages: the lobby, a table as a player and as a spectator (with the spectators' chat),
a rules page, a learn page, a finished game's review, a leaderboard, a profile, and the lab
(empty, and with a finished job)."""

from __future__ import annotations

import time

import httpx
import pytest

from .conftest import waiting
from .pages import show_panel
from .test_browser import browser  # noqa: F401 - the fixture
from .test_browser_review import bots_table
from .test_phone import axe, axe_problems, my_turn, open_table, server, sized_page  # noqa: F401


def lab_job(running) -> str:
    """A small simulation in the lab, finished: its id."""
    body = {"kind": "simulate", "game": "rat-a-tat-roll", "games": 10}
    job = httpx.post(running.url + "/api/lab/jobs", json=body, timeout=30).json()["id"]
    for _ in waiting(60, "the lab job to end"):
        status = httpx.get(f"{running.url}/api/lab/jobs/{job}", timeout=30).json()
        if status["stage"] == "done":
            return job
        time.sleep(0.2)


def visit(page, url: str, ready: str) -> None:
    page.goto(url)
    page.locator(ready).first.wait_for()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_on_every_page(browser, server, axe, scheme):  # noqa: F811
    finished = bots_table(server, "rat-a-tat-roll")
    httpx.post(server.url + "/api/accounts", json={"name": "Axel", "password": "correct horse"},
               timeout=30)
    pages = {"lobby": ("/", "[role=radio]"),
             "rules": ("/rules/target-rats", "h1"),
             "learn": ("/learn/you-dirty-rat", "body[data-step='1']"),
             "review": (f"/t/{finished}/review", ".panel:not([hidden])"),
             "leaderboard": ("/leaderboard/rat-a-tat-roll", ".panel:not([hidden])"),
             "profile": ("/players/Axel", ".panel:not([hidden])"),
             "lab": ("/lab", "body[data-ready='1']"),
             "lab job": (f"/lab?job={lab_job(server)}", "#job-files:not([hidden])")}
    problems = []
    for size in ("phone", "desktop"):
        for name, (path, ready) in pages.items():
            page = sized_page(browser, size, scheme)
            visit(page, server.url + path, ready)
            # theme.js, in the head every page shares, put the page in the system's colours
            assert page.evaluate("document.documentElement.dataset.theme") == scheme, name
            problems += [f"{name} {size} {scheme}: {p}" for p in axe_problems(page)]
            page.close()
        page, _errors = open_table(browser, server, "target-rats", size, scheme)
        my_turn(page)
        problems += [f"table {size} {scheme}: {p}" for p in axe_problems(page)]
        for panel in ("standing-panel", "log-panel", "chat-panel", "settings-panel"):
            show_panel(page, panel)  # each side panel, shown by its tab
            problems += [f"table {size} {scheme}, {panel}: {p}" for p in axe_problems(page)]
        table = page.table["id"]
        page.close()
        page = sized_page(browser, size, scheme)  # the same table, watched
        visit(page, f"{server.url}/t/{table}", "#tab-spectator-chat:not([hidden])")
        show_panel(page, "spectator-chat")
        problems += [f"spectator {size} {scheme}: {p}" for p in axe_problems(page)]
        page.close()
    assert not problems, "\n".join(problems)
