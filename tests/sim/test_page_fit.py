"""A report's wide tables fit the page's column in a real browser (Debian's Chromium)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from ratking.sim.page import Page

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture
def chromium():
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("CI must install Debian's chromium (scripts/test-services.sh)")
        pytest.skip("Debian's chromium is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox",
                                                                    "--disable-gpu"])
        yield browser
        browser.close()


def test_the_tune_pages_leaders_table_fits_its_column(chromium, tmp_path):
    # the tune report's leaders table, as a three-rule two-objective study writes it
    page = Page("tuning")
    headers = ["trial", "bio_sci_to_win", "unrest_to_win", "max_rounds", "unfairness: study",
               "length off: study", "unfairness: fresh (95%)", "length off: fresh (95%)",
               "government", "dissent", "rounds"]
    row = ["2 (best)", "2", "30", "20", "5.6%", "0.0", "6.1% (3.9% - 8.3%)", "0.0 (0.0)",
           "56.1% (53.9% - 58.3%)", "43.9% (41.7% - 46.1%)", "17.2 (17.1 - 17.4)"]
    page.table(headers, [row] * 3, [True] + [False] * 3 + [True] * 7)
    path = tmp_path / "index.html"
    path.write_text(page.render(), encoding="utf-8")
    tab = chromium.new_page(viewport={"width": 1000, "height": 800})
    tab.goto(path.as_uri())
    over = tab.evaluate("""() => [...document.querySelectorAll('.scroll')]
        .map(d => d.scrollWidth - d.clientWidth)""")
    assert over == [0]
    # a share and its interval wrap as wholes: no line holds half of an interval
    assert tab.evaluate("""() => [...document.querySelectorAll('td .nw')]
        .every(s => s.getClientRects().length === 1)""")
