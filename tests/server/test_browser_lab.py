"""The lab in a real browser: a card file uploaded and checked, a comparison of it against
the game as printed run from /lab (20 games of each version), its progress and verdict shown,
the job kept across a reload (its id in the address), and its report opened; bad input shown
in one line with no job started. Screenshots in test-artifacts/lab/."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

import ratking

from . import test_browser
from .conftest import Server, free_port
from .test_phone import SIZES

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "lab"
browser = test_browser.browser  # the fixture: Debian's Chromium
WAIT = 120_000  # ms for a small job to end


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lab")
    running = Server(f"sqlite:///{folder / 'web.db'}", free_port(), bot_delay=0.02,
                     args=["--lab"], lab_dir=str(folder / "lab"))  # as `make play` starts it
    yield running
    running.kill()


def lab_page(browser, server, size: str = "desktop", scheme: str = "light", path="/lab"):
    """A page of `size` at `path` (the lab's, ready), and the errors its scripts and its
    console report."""
    width, height = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height}, color_scheme=scheme)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # the report is the command line's page, for reading offline: it names no icon, so the
    # browser's own look for /favicon.ico (a 404) is no error of the lab's
    page.on("console", lambda m: errors.append(f"{m.text} {m.location['url']}")
            if m.type == "error" and not m.location["url"].endswith("/favicon.ico") else None)
    page.goto(server.url + path)
    if path.startswith("/lab"):
        page.locator("body[data-ready='1']").wait_for()
    return page, errors


def test_a_comparison_from_the_lab_and_its_report(browser, server, tmp_path):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    card = tmp_path / "thief400.toml"
    card.write_text(ratking.make("you-dirty-rat").files["cards"]
                    .changed({"thief.amount": 400}).text, encoding="utf-8")
    page, errors = lab_page(browser, server, path="/")
    page.locator("#lab-link").click()  # the lobby offers the lab when the server has it on
    page.locator("body[data-ready='1']").wait_for()
    page.select_option("#game", "you-dirty-rat")
    page.set_input_files("#upload-file", str(card))
    page.click("#upload")
    page.get_by_text("thief400.toml is kept").wait_for()
    page.check("input[name=kind][value=compare]")
    assert page.locator("#versions-box").is_visible()
    page.fill("#games", "20")
    page.fill("#spec-b", "cards=thief400.toml")
    page.click("#run")
    report = page.locator("[data-testid=lab-report]")
    report.wait_for(state="visible", timeout=WAIT)
    assert "?job=" in page.url
    assert "20 games of each version" in page.locator("#job-title").inner_text()
    verdict = page.locator("[data-testid=lab-lines]").inner_text()
    assert "length (rounds) is smaller" in verdict, verdict
    for link, ends in (("#get-csv", "games.csv"), ("#get-json", "compare.json")):
        href = page.locator(link).get_attribute("href")
        assert href.endswith(ends)
        assert httpx.get(server.url + href, timeout=30).status_code == 200
    page.screenshot(path=str(ARTIFACTS / "compare-done.png"), full_page=True)
    page.reload()  # the job is in the address: it is shown again
    report.wait_for(state="visible", timeout=WAIT)
    assert verdict == page.locator("[data-testid=lab-lines]").inner_text()
    report.click()
    page.wait_for_url("**/report.html")
    assert "version A against version B" in page.locator("h1").first.inner_text()
    assert "thief400.toml" in page.content()
    page.screenshot(path=str(ARTIFACTS / "compare-report.png"))
    assert not errors, errors
    page.close()


def test_bad_input_is_shown_and_starts_nothing(browser, server):
    page, errors = lab_page(browser, server, "phone")
    page.fill("#values", "nope=3")
    page.click("#run")
    alert = page.locator("[data-testid=lab-error]")
    alert.get_by_text("unknown rule 'nope'").wait_for()
    assert "?job=" not in page.url
    assert page.locator("#job-title").inner_text() == "No job yet"
    assert len(errors) == 1 and "status of 400" in errors[0], errors  # the refusal alone
    page.close()
