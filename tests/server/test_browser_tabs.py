"""The table's side panels share one column as tabs (WAI-ARIA tabs), in Chromium: one panel
shown at a time, arrow keys, Home and End move between tabs, the tab chosen is remembered
across a reload, and a chat line said while another panel is shown marks the chat's tab."""

from __future__ import annotations

import httpx

from .pages import show_panel
from .test_browser import browser  # noqa: F401 - the fixture
from .test_phone import new_page, server  # noqa: F401

SHOWN = """() => [...document.querySelectorAll('.side > [role=tabpanel]')]
  .filter((p) => p.getClientRects().length).map((p) => p.id)"""
SELECTED = """() => [...document.querySelectorAll('#side-tabs [role=tab]')]
  .filter((t) => t.getAttribute('aria-selected') === 'true').map((t) => t.id)"""


def test_side_panels_are_tabs_and_a_chat_line_marks_its_tab(browser, server):  # noqa: F811
    body = {"game": "rat-a-tat-roll", "players": 2, "seats": ["human", "human"]}
    table = httpx.post(server.url + "/api/tables", json=body, timeout=30).json()
    pages = []
    try:
        for seat in (0, 1):
            page, errors = new_page(browser, "desktop")
            page.goto(f"{server.url}/t/{table['id']}#seat={seat}&token="
                      f"{table['seats'][seat]['token']}")
            page.locator("#board svg").wait_for()
            pages.append((page, errors))
        (ann, ann_errors), (bea, bea_errors) = pages
        tabs = ann.locator("#side-tabs [role=tab]:not([hidden])")
        names = tabs.all_inner_texts()
        assert names[:1] == ["Seats"] and {"Log", "Chat", "Settings"} <= set(names), names
        assert ann.evaluate(SHOWN) == ["seats-panel"]
        assert ann.evaluate(SELECTED) == ["tab-seats-panel"]
        panel = ann.locator("#seats-panel")
        assert panel.get_attribute("aria-labelledby") == "tab-seats-panel"
        # the keyboard: the arrows move to the next tab (and round), Home and End to the ends
        ann.focus("#tab-seats-panel")
        ann.keyboard.press("ArrowRight")
        second = ann.evaluate(SELECTED)[0]
        assert second == tabs.nth(1).get_attribute("id")
        assert ann.evaluate("() => document.activeElement.id") == second
        assert ann.evaluate(SHOWN) == [second.removeprefix("tab-")]
        ann.keyboard.press("End")
        assert ann.evaluate(SELECTED) == [tabs.last.get_attribute("id")]
        ann.keyboard.press("ArrowRight")
        assert ann.evaluate(SELECTED) == ["tab-seats-panel"]
        ann.keyboard.press("ArrowLeft")
        assert ann.evaluate(SELECTED) == [tabs.last.get_attribute("id")]
        ann.keyboard.press("Home")
        assert ann.evaluate(SELECTED) == ["tab-seats-panel"]
        assert ann.evaluate("() => document.querySelector('#tab-log-panel').tabIndex") == -1
        # a chat line from Bea, Ann's log shown: the chat's tab is marked until opened
        show_panel(ann, "log-panel")
        chat_tab = ann.locator("#tab-chat-panel")
        assert "unread" not in (chat_tab.get_attribute("class") or "")
        show_panel(bea, "chat-panel")
        bea.fill("#chat-text", "squeak")
        bea.click("#chat-form button[type=submit]")
        ann.locator("#tab-chat-panel.unread").wait_for()
        assert "new messages" in chat_tab.inner_text() or \
            "new messages" in chat_tab.text_content()
        assert "unread" not in (bea.locator("#tab-chat-panel").get_attribute("class") or "")
        show_panel(ann, "chat-panel")
        assert "unread" not in (chat_tab.get_attribute("class") or "")
        assert "squeak" in ann.locator("#chat-lines").inner_text()
        # the tab chosen is remembered
        ann.reload()
        ann.locator("#board svg").wait_for()
        ann.wait_for_function("() => document.querySelector('#tab-chat-panel')"
                              "?.getAttribute('aria-selected') === 'true'")
        assert ann.evaluate(SHOWN) == ["chat-panel"]
        assert ann_errors == bea_errors == []
    finally:
        for page, _ in pages:
            page.close()
