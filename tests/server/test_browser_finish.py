"""Finishing a rated game in Chromium, two people signed in, each in a browser of their own:
one proposes to end the game and the other accepts (no result, no rating changes); at
another table one clicks Resign (a loss: the end screen shows it and each rating's change);
both see their ratings beside their names. Screenshots of the table and the end screen at
1280x800 and 390x844, light and dark, are kept in test-artifacts/browser/."""

import random

import httpx
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from ratking.server.lobby.accounts import COOKIE

from .conftest import Server, free_port
from .pages import click_an_action, turn_or_end
from .test_browser import ARTIFACTS, browser  # noqa: F401 - the fixture

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
BODY = {"game": "rat-a-tat-roll", "players": 2, "seats": ["human", "human"], "rated": True,
        "joinable": True}


def account(server, name):
    client = httpx.Client(base_url=server.url, timeout=30)
    answer = client.post("/api/accounts", json={"name": name, "password": "correct horse"})
    assert answer.status_code == 201, answer.text
    return client


def rated_table(ann, bea):
    table = ann.post("/api/tables", json=BODY).json()
    assert bea.post(f"/api/tables/{table['id']}/join", json={"seat": 1}).status_code == 200
    return table["id"]


def open_page(browser, server, client, table_id, size="desktop", scheme="light"):  # noqa: F811
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  color_scheme=scheme, reduced_motion="reduce")
    context.add_cookies([{"name": COOKIE, "value": client.cookies[COOKIE], "url": server.url}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("dialog", lambda dialog: dialog.accept())  # "Resign?" and the like: yes
    page.goto(f"{server.url}/t/{table_id}")
    page.locator("#seats li.you").wait_for()
    return page, errors


def seat_texts(page):
    return page.locator("#seats li").all_inner_texts()


def test_a_vote_to_end_and_a_resignation_clicked_at_the_table(browser):  # noqa: F811
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    import tempfile

    with tempfile.TemporaryDirectory() as folder, \
            Server(f"sqlite:///{folder}/web.db", free_port(), bot_delay=0.05,
                   rated_account_window=0) as server:  # two accounts from one address
        ann, bea = account(server, "Ann"), account(server, "Bea")
        # a vote: Ann proposes, Bea accepts, the game ends with no result
        table = rated_table(ann, bea)
        (a, a_errors), (b, b_errors) = (open_page(browser, server, c, table)
                                        for c in (ann, bea))
        assert "0.0?" in seat_texts(a)[1]  # Bea's rating beside her name, provisional
        assert a.locator("[data-testid=hint]").is_hidden()  # no hints at a rated table
        a.locator("[data-testid=rated-note]").wait_for()
        a.click("[data-testid=propose-end]")
        b.locator("[data-testid=vote-note]", has_text="Ann proposes").wait_for()
        b.click("[data-testid=vote-yes]")
        for page in (a, b):
            page.locator("[data-testid=over-headline]", has_text="agreed").wait_for()
        assert "no rating changes" in b.inner_text("[data-testid=over-headline]")
        for page in (a, b):
            page.context.close()
        assert httpx.get(f"{server.url}/api/players/Ann").json()["ratings"] == {}
        # a resignation, after a few moves: a loss, each rating's change on the end screen
        table = rated_table(ann, bea)
        (a, a2_errors), (b, b2_errors) = (open_page(browser, server, c, table)
                                          for c in (ann, bea))
        rng = random.Random(4)
        turn_or_end(a)  # Ann opens; her turn may end after any of her moves (a new deal)
        for _ in range(3):
            try:
                if turn_or_end(a, timeout_ms=3000) != "turn":
                    break
            except PlaywrightTimeout:  # Bea to move now: the moves made are enough
                break
            click_an_action(a, rng)
        for size in SIZES:
            for scheme in ("light", "dark"):
                page, errors = open_page(browser, server, ann, table, size, scheme)
                page.screenshot(path=str(ARTIFACTS / f"finish-table-{size}-{scheme}.png"))
                if size == "phone":  # the seats and the buttons come below the board
                    page.locator("[data-testid=resign]").scroll_into_view_if_needed()
                    page.screenshot(path=str(ARTIFACTS / f"finish-seats-{size}-{scheme}.png"))
                assert not errors, errors
                page.context.close()
        b.click("[data-testid=resign]")
        for page in (a, b):
            page.locator("[data-testid=over-headline]", has_text="Bea resigned").wait_for()
        rows = a.locator("#over-table tr").all_inner_texts()
        assert "Rating" in rows[0]
        assert "Winner" in rows[1] and "+" in rows[1]
        assert "Resigned" in rows[2] and "−" in rows[2]
        # the board itself says the game is over: nobody is to move any more
        for page in (a, b):
            page.wait_for_function("() => /Game over/.test("
                                   "document.querySelector('#board svg').textContent)")
            drawn = page.evaluate("() => document.querySelector('#board svg').textContent")
            assert "Your turn" not in drawn and " to move" not in drawn, drawn
        for size in SIZES:
            for scheme in ("light", "dark"):
                page, errors = open_page(browser, server, bea, table, size, scheme)
                page.locator("[data-testid=game-over]").wait_for()
                page.screenshot(path=str(ARTIFACTS / f"finish-over-{size}-{scheme}.png"))
                assert not errors, errors
                page.context.close()
        board = httpx.get(f"{server.url}/api/leaderboard/rat-a-tat-roll").json()["players"]
        assert [(p["name"], p["won"]) for p in board] == [("Ann", 1), ("Bea", 0)]
        assert a_errors == b_errors == a2_errors == b2_errors == []
        for page in (a, b):
            page.context.close()
        server.check()
