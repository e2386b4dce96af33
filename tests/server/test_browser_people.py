"""A real browser, two people: each signs up in the lobby in a browser context of their own,
presses "Play now" for a two-player Rat-a-Tat Roll, both land at one table, play it to the
end by clicking, and see their new ratings on the leaderboard and on their profiles.
Screenshots are kept in test-artifacts/browser/."""

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import Server, free_port
from .pages import click_an_action, turn_or_end
from .test_browser import ARTIFACTS, browser  # noqa: F401 - the fixture


def sign_up_and_play_now(context, server, name):
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.url + "/")
    page.click("#account-box summary")
    page.fill("[data-testid=account-name]", name)
    page.fill("[data-testid=account-password]", "correct horse")
    page.click("[data-testid=sign-up]")
    page.locator("[data-testid=me]", has_text=name).wait_for()
    page.select_option("[data-testid=quick-game]", "rat-a-tat-roll")
    page.select_option("[data-testid=quick-players]", "2")
    page.click("[data-testid=play-now]")
    page.wait_for_url("**/t/*")
    return page, errors


def test_two_people_play_now_and_see_their_ratings(browser):  # noqa: F811 - the fixture
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    import tempfile

    with tempfile.TemporaryDirectory() as folder, \
            Server(f"sqlite:///{folder}/web.db", free_port(), bot_delay=0.05,
                   rated_account_window=0) as server:  # two accounts from one address
        contexts = [browser.new_context(viewport={"width": 1280, "height": 900})
                    for _ in range(2)]
        (ann, ann_errors), (bea, bea_errors) = (
            sign_up_and_play_now(c, server, n) for c, n in zip(contexts, ("Ann", "Bea"),
                                                                 strict=True))
        assert ann.url == bea.url  # one table
        seen = {}
        for _ in range(600):
            for name, page in (("Ann", ann), ("Bea", bea)):
                try:
                    seen[name] = turn_or_end(page, timeout_ms=1500)
                except PlaywrightTimeout:
                    seen[name] = "waiting"
                if seen[name] == "turn":
                    click_an_action(page)
            if seen == {"Ann": "over", "Bea": "over"}:
                break
        else:
            raise AssertionError("the game did not end")
        ann.screenshot(path=str(ARTIFACTS / "people-game-over.png"))
        ann.goto(server.url + "/leaderboard/rat-a-tat-roll")
        rows = ann.locator("[data-testid=leaderboard] tbody tr")
        rows.first.wait_for()
        text = rows.all_inner_texts()
        assert len(text) == 2 and {"Ann", "Bea"} == {t.split("\t")[1] for t in text}
        assert all(t.split("\t")[3] == "1" for t in text)  # one game each
        ann.screenshot(path=str(ARTIFACTS / "people-leaderboard.png"))
        for page, name in ((ann, "Ann"), (bea, "Bea")):
            page.goto(f"{server.url}/players/{name}")
            page.locator("[data-testid=profile-ratings] tbody tr").first.wait_for()
            ratings = page.locator("[data-testid=profile-ratings] tbody tr").inner_text()
            assert ratings.startswith("Rat-a-Tat Roll") and "±" in ratings
            assert page.locator("[data-testid=profile-tables] [data-replay]").count() == 1
        bea.screenshot(path=str(ARTIFACTS / "people-profile.png"))
        assert ann_errors == [] and bea_errors == []
        for context in contexts:
            context.close()
        server.check()


def test_an_invitee_with_no_name_is_asked_for_one_at_the_table(browser):  # noqa: F811
    import tempfile

    import httpx

    with tempfile.TemporaryDirectory() as folder, \
            Server(f"sqlite:///{folder}/web.db", free_port(), bot_delay=0.05) as server:
        table = httpx.post(server.url + "/api/tables", json={
            "game": "rat-a-tat-roll", "players": 2, "seats": ["human", "human"],
            "name": "Ann"}).json()
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.goto(server.url + table["seats"][1]["invite"])  # a new browser: no name kept
        form = page.locator("[data-testid=name-form]")
        form.wait_for()
        # a block of its own, labelled, under the seat list (not squeezed against it)
        gap, share = page.evaluate("""() => {
          const box = (s) => document.querySelector(s).getBoundingClientRect();
          return [box('#name-form').top - box('#seats').bottom,
                  box('#name-text').width / box('#name-form').width]; }""")
        assert gap >= 8 and share >= 0.6, (gap, share)
        assert page.get_by_label("Your name at this table").is_visible()
        page.fill("#name-text", "  ")
        page.click("#name-form button")
        assert "1 to 24" in page.locator("#name-error").inner_text()
        page.fill("#name-text", "Bea")
        page.click("#name-form button")
        page.locator("#seats li.you", has_text="Bea").wait_for()
        assert form.is_hidden()
        page.reload()  # kept in this browser, and by the seat for everyone
        page.locator("#seats li", has_text="Ann").wait_for()
        page.locator("#seats li.you", has_text="Bea").wait_for()
        assert form.is_hidden()
        context.close()


def test_a_guest_lobby_logs_no_error_and_a_failed_sign_in_gives_way(browser):  # noqa: F811
    """A guest's lobby asks who is there without a 401 in the console; "wrong name or
    password" goes once the person types again or the lobby says something else."""
    import tempfile

    import httpx

    with tempfile.TemporaryDirectory() as folder, \
            Server(f"sqlite:///{folder}/web.db", free_port(), bot_delay=0.05) as server:
        assert httpx.get(server.url + "/api/me").status_code == 401  # the contract stands
        guest = httpx.get(server.url + "/api/me", params={"optional": "true"})
        assert guest.status_code == 200 and guest.json() is None
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        console: list[str] = []
        page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
        page.goto(server.url + "/")
        page.locator("#guest").wait_for()
        page.wait_for_load_state("networkidle")
        assert console == []
        error = page.locator("#you-error")
        page.click("#account-box summary")
        for again in ("type", "save a name"):
            page.fill("[data-testid=account-name]", "Nobody")
            page.fill("[data-testid=account-password]", "wrong password")
            page.click("[data-testid=sign-in]")
            page.wait_for_function("() => document.querySelector('#you-error').textContent")
            assert "wrong" in error.inner_text()
            if again == "type":
                page.fill("[data-testid=account-password]", "another try")
            else:
                page.fill("[data-testid=guest-name]", "Cleo")
                page.click("[data-testid=save-name]")
            assert error.inner_text() == ""
        page.close()
        server.check()


def test_play_now_waiting_says_for_whom_and_offers_nothing_to_click(browser):  # noqa: F811
    """A guest who presses Play now for a three-player table sees that it waits, for two
    more, with a link to share, and nothing to click on the board or under it; the link
    opens the lobby with Play now ready for that game and count, and the second person it
    seats there leaves one to wait for."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder, \
            Server(f"sqlite:///{folder}/web.db", free_port(), bot_delay=0.05) as server:
        pages, link = [], ""
        for name in ("Ann", "Bea"):
            page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
            pages.append(page)
            page.goto(server.url + "/")
            page.fill("[data-testid=guest-name]", name)
            page.click("[data-testid=save-name]")
            if name == "Ann":
                page.select_option("[data-testid=quick-game]", "target-rats-simplified")
                page.select_option("[data-testid=quick-players]", "3")
            else:  # the link Ann shares
                page.goto(link)
                assert page.locator("[data-testid=quick-game]").input_value() == \
                    "target-rats-simplified"
                assert page.locator("[data-testid=quick-players]").input_value() == "3"
            page.click("[data-testid=play-now]")
            page.wait_for_url("**/t/*")
            page.locator("#board svg").wait_for()
            waiting = page.locator("[data-testid=waiting]")
            more = {"Ann": "2 more players", "Bea": "1 more player"}[name]
            page.wait_for_function("m => document.querySelector('#waiting-text').textContent"
                                   ".includes(m)", arg=more)
            assert waiting.is_visible()
            assert page.locator("[data-testid=status]").inner_text().startswith("Waiting for")
            assert not page.locator("#board [data-action], #actions button").count()
            assert page.locator("#hint").is_hidden()
            link = page.locator("[data-testid=waiting-link]").get_attribute("href")
            assert link.endswith("/?play=target-rats-simplified&players=3"), link
        assert pages[0].url == pages[1].url  # one table
        for page in pages:
            page.context.close()
        server.check()
