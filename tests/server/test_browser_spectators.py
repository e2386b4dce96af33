"""Spectators at the table page, in Chromium: the player's page names who watches; a spectator
writes in the spectators' chat, which the player's page does not show while the game is
played; once it is over, the player reads it."""

from __future__ import annotations

import httpx

from .pages import show_panel
from .test_browser import browser  # noqa: F401 - the fixture
from .test_phone import new_page, server  # noqa: F401


def test_spectators_are_named_and_chat_apart(browser, server):  # noqa: F811
    body = {"game": "rat-a-tat-roll", "players": 2, "seats": ["human", "human"]}
    table = httpx.post(server.url + "/api/tables", json=body, timeout=30).json()
    player, errors = new_page(browser, "desktop")
    watcher, watcher_errors = new_page(browser, "desktop")
    try:
        tokens = [seat["token"] for seat in table["seats"]]
        player.goto(f"{server.url}/t/{table['id']}#seat=0&token={tokens[0]}")
        player.locator("#board svg").wait_for()
        watcher.goto(server.url + "/")
        watcher.evaluate("() => localStorage.setItem('ratking:name', 'Wendy')")
        watcher.goto(f"{server.url}/t/{table['id']}")
        watcher.locator("#board svg").wait_for()
        names = player.locator("[data-testid=watchers]")
        names.wait_for()
        assert names.inner_text() == "Watching: Wendy"
        assert watcher.locator("[data-testid=watchers]").is_hidden()  # told to players only
        show_panel(watcher, "spectator-chat")
        watcher.locator("#spectator-text").fill("the red die looks lucky")
        watcher.locator("#spectator-form button").click()
        watcher.locator("#spectator-lines li").wait_for()
        assert watcher.locator("#spectator-lines").inner_text() == \
            "Wendy: the red die looks lucky"
        player.wait_for_timeout(500)
        assert player.locator("[data-testid=spectator-chat]").is_hidden()
        assert "lucky" not in player.content()
        closed = httpx.delete(f"{server.url}/api/tables/{table['id']}", timeout=30,
                              headers={"Authorization": f"Bearer {table['owner_token']}"})
        assert closed.status_code == 200, closed.text
        player.reload()
        show_panel(player, "spectator-chat")
        assert player.locator("#spectator-lines").inner_text() == \
            "Wendy: the red die looks lucky"
        assert player.locator("#spectator-form").is_hidden()
        assert not errors and not watcher_errors, errors + watcher_errors
    finally:
        player.close()
        watcher.close()
