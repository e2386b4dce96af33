"""Learn to play in a real browser (Debian's Chromium): every game's tutorial played through
by clicking what the page points at, in one browser session; a wrong click answered with the
step's hint and nothing changed (at the first steps of each); the lobby offering the lesson
only until the game is played. A screenshot of a step of each tutorial at 1280x800 goes to
test-artifacts/learn/ (RATKING_SCREENSHOTS=dir writes them there instead: docs/screenshots/
was made so)."""

from __future__ import annotations

import os
from pathlib import Path

import httpx
import pytest

from ratking.tutorial import load_tutorial, tutorial_games

from . import test_browser, test_phone
from .conftest import Server, free_port

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "learn"
SHOTS = Path(os.environ.get("RATKING_SCREENSHOTS") or ARTIFACTS)
browser = test_browser.browser  # the fixture: Debian's Chromium
axe = test_phone.axe  # the fixture: axe-core's script
GAMES = tutorial_games()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("learn") / "web.db"
    running = Server(f"sqlite:///{db}", free_port())
    yield running
    running.kill()


def test_learn_api_refuses_and_replays(server):
    url = f"{server.url}/api/learn/rat-a-tat-roll"
    first = httpx.post(url, json={"moves": []}, timeout=30).json()
    assert first["done"] == 0 and first["step"]["point"] == "roll:1"
    assert [a["id"] for a in first["board"]["actions"]] == ["roll:1", "roll:2", "roll:3"]
    wrong = httpx.post(url, json={"moves": [], "choose": "roll:2"}, timeout=30).json()
    tutorial = load_tutorial("rat-a-tat-roll")
    assert wrong["refused"] == {"action": "roll:2", "reason": tutorial.steps[0].hint}
    assert wrong["moves"] == [] and wrong["board"] == first["board"]
    illegal = httpx.post(url, json={"moves": [], "choose": "go"}, timeout=30).json()
    assert illegal["refused"]["reason"].startswith("It is the start of your turn")
    right = httpx.post(url, json={"moves": [], "choose": "roll:1"}, timeout=30).json()
    assert right["refused"] is None and right["moves"] == ["roll:1"] and right["done"] == 1
    bad = httpx.post(url, json={"moves": ["roll:3"]}, timeout=30)
    assert bad.status_code == 400 and "does not fit this lesson" in bad.json()["error"]
    too_many = httpx.post(url, json={"moves": ["go"] * 3001}, timeout=30)
    assert too_many.status_code == 422 and "moves" in too_many.json()["error"]
    assert httpx.post(url, json={"moves": [7]}, timeout=30).status_code == 422
    assert httpx.post(f"{server.url}/api/learn/chess", json={}, timeout=30).status_code == 404
    assert httpx.get(f"{server.url}/learn/chess", timeout=30).status_code == 404
    assert httpx.get(f"{server.url}/learn/rat-a-tat-roll", timeout=30).status_code == 200
    games = httpx.get(f"{server.url}/api/games", timeout=30).json()
    assert {g["id"] for g in games if g["tutorial"]} == set(GAMES)


def play_through(page, server, game: str) -> None:
    """Open /learn/<game> and click, step by step, what the page points at; at the first
    steps a wrong click first, which must be answered and change nothing."""
    tutorial = load_tutorial(game)
    page.goto(f"{server.url}/learn/{game}")
    for n, step in enumerate(tutorial.steps, 1):
        page.wait_for_selector(f"body[data-step='{n}']")
        assert page.locator("[data-testid=learn-say]").inner_text().endswith(step.say)
        assert page.locator("[data-testid=learn-progress]").inner_text() == \
            f"Step {step.number} of {tutorial.length}"
        pointed = page.locator("#board .learn-point, #actions .learn-point")
        assert pointed.count() >= 1
        assert all(pointed.nth(k).get_attribute("data-action") == step.point
                   for k in range(pointed.count()))
        if n == 1:  # a click on the board beside every move: answered with the hint
            page.locator("#board").click(position={"x": 20, "y": 20})
            page.wait_for_selector("[data-testid=learn-refused]:not([hidden])")
            assert page.locator("[data-testid=learn-refused]").inner_text() == \
                f"That is no move now. {step.hint}"
        other = page.locator(f"#actions [data-action]:not([data-action='{step.do}'])")
        if other.count() and n <= 3:  # the first steps: enough to see it, and cheap
            other.first.click()
            page.wait_for_function(  # the server's answer (not the board click's, before)
                "(hint) => document.querySelector('[data-testid=learn-refused]').textContent"
                " === hint", arg=step.hint)
            assert page.evaluate("document.body.dataset.step") == str(n)
        if n == min(4, len(tutorial.steps)):
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"{game}-learn.png"))
        target = page.locator(f"#board [data-action='{step.do}']")
        (target.first if target.count() else
         page.locator(f"#actions [data-action='{step.do}']")).click()
    page.wait_for_selector("body[data-step='free']")
    assert page.locator("[data-testid=learn-progress]").inner_text() in (
        "On your own", "The game is over")


@pytest.mark.timeout(600)
def test_every_tutorial_by_clicking(browser, server):
    page = browser.new_page(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.url + "/")
    offered = page.locator("[data-learn]")
    offered.first.wait_for()
    assert sorted(offered.evaluate_all("(nodes) => nodes.map((n) => n.dataset.learn)")) == \
        sorted(GAMES)
    for game in GAMES:
        play_through(page, server, game)
    page.goto(server.url + "/")  # each lesson done: the lobby offers none of them any more
    page.locator(".game-card").first.wait_for()
    assert page.locator("[data-learn]").count() == 0
    assert errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_learn_page_axe(browser, server, axe, scheme):
    """The learn page, with a wrong click answered, in light and dark mode on a desktop and a
    phone: no serious or critical accessibility violation."""
    for width, height in ((1280, 800), (390, 844)):
        page = browser.new_page(viewport={"width": width, "height": height},
                                color_scheme=scheme, reduced_motion="reduce")
        page.goto(f"{server.url}/learn/target-rats")
        page.wait_for_selector("body[data-step='1']")
        page.locator("#actions [data-action='end-moves']").click()
        page.wait_for_selector("[data-testid=learn-refused]:not([hidden])")
        assert test_phone.axe_problems(page) == []
        page.close()


def test_lobby_offers_by_account(browser, server):
    """An account's own tables count as played on any browser: a fresh browser signed in to
    an account with a Rat-a-Tat Roll table is offered every lesson but that one."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(server.url + "/")
    made = page.evaluate("""async () => {
        const post = (url, body) => fetch(url, {method: "POST", body: JSON.stringify(body),
            headers: {"content-type": "application/json"}});
        const account = await post("/api/accounts", {name: "Learner", password: "correct horse"});
        const table = await post("/api/tables", {game: "rat-a-tat-roll", players: 2,
                                                 seats: ["human", "heuristic"]});
        return [account.status, table.status];
    }""")
    assert made == [201, 201]
    page.goto(server.url + "/")
    page.locator(".game-card").first.wait_for()
    expected = sorted(set(GAMES) - {"rat-a-tat-roll"})
    page.wait_for_function("(n) => document.querySelectorAll('[data-learn]').length === n",
                           arg=len(expected))
    offered = page.locator("[data-learn]").evaluate_all("(nodes) => nodes.map((n) => "
                                                        "n.dataset.learn)")
    assert sorted(offered) == expected
    context.close()
