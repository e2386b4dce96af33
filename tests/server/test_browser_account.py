"""A real browser: a person signs up in the lobby, asks for turn mails (the page says the
address waits for its link), sees the devices signed in, changes the password, signs out
everywhere and finally deletes the account: at 1280x800 in light colours and 390x844 in dark
ones, with no serious accessibility problem (axe-core). Screenshots of the account panel are
kept in test-artifacts/browser/."""

import pytest

from .conftest import Server, free_port
from .test_browser import ARTIFACTS, browser  # noqa: F401 - the fixture
from .test_phone import axe, axe_problems  # noqa: F401 - the fixture

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize(("size", "scheme"), [("desktop", "light"), ("phone", "dark")])
def test_the_account_panel_does_what_it_says(browser, axe, tmp_path, size,  # noqa: F811
                                             scheme):
    with Server(f"sqlite:///{tmp_path / 't.db'}", free_port()) as server:
        page = browser.new_page(viewport=SIZES[size], color_scheme=scheme)
        errors: list[str] = []
        page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
        page.on("dialog", lambda dialog: dialog.accept())
        page.goto(server.url + "/")
        page.click("#account-box summary")
        page.fill("[data-testid=account-name]", f"Ann {scheme}")
        page.fill("[data-testid=account-password]", "correct horse")
        page.click("[data-testid=sign-up]")
        page.locator("[data-testid=me]", has_text=f"Ann {scheme}").wait_for()
        page.fill("#email", "ann@mail.example")
        page.click("#email-form button")
        page.locator("[data-testid=email-status]",
                     has_text="Open the link mailed to ann@mail.example").wait_for()
        page.click("#account-settings summary")
        page.locator("[data-testid=sessions] li", has_text="this device").wait_for()
        panel = page.locator("[data-testid=you]")
        panel.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        panel.screenshot(path=str(ARTIFACTS / f"account-{size}-{scheme}.png"))
        box = panel.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"]
        assert not axe_problems(page)
        page.fill("#password-now", "correct horse")
        page.fill("#password-new", "password")
        page.click("[data-testid=change-password]")
        page.locator("#you-error", has_text="commonly used").wait_for()
        page.fill("#password-now", "correct horse")
        page.fill("#password-new", "a tidy rat runs")
        page.click("[data-testid=change-password]")
        page.locator("#you-note", has_text="Password changed").wait_for()
        page.click("[data-testid=sign-out-everywhere]")
        page.locator("#you-note", has_text="Signed out on every device").wait_for()
        assert page.locator("[data-testid=account-name]").is_visible() or \
            page.locator("#account-box").is_visible()
        # back in with the new password, and out for good
        page.fill("[data-testid=account-name]", f"Ann {scheme}")
        page.fill("[data-testid=account-password]", "a tidy rat runs")
        page.click("[data-testid=sign-in]")
        page.locator("[data-testid=me]", has_text=f"Ann {scheme}").wait_for()
        page.click("#account-settings summary")
        page.fill("#delete-password", "a tidy rat runs")
        page.click("[data-testid=delete-account]")
        page.locator("#you-note", has_text="Your account is deleted").wait_for()
        assert errors == []
        page.close()


def test_a_table_page_signed_out_elsewhere_says_so_and_goes_on_as_a_guest(browser,  # noqa: F811
                                                                        tmp_path):
    with Server(f"sqlite:///{tmp_path / 't.db'}", free_port()) as server:
        context = browser.new_context(viewport=SIZES["desktop"])
        page = context.new_page()
        page.goto(server.url + "/")
        made = page.request.post(server.url + "/api/accounts",
                                 data={"name": "Ann", "password": "correct horse"})
        assert made.status == 201
        table = page.request.post(server.url + "/api/tables", data={
            "game": "rat-a-tat-roll", "players": 2, "seats": ["human", "bot"]}).json()
        page.goto(f"{server.url}/t/{table['id']}")
        page.locator("[data-seat-panel]").first.wait_for()
        # another tab of the same browser signs out: this page's socket is closed (4401)
        other = context.new_page()
        other.goto(server.url + "/")
        assert other.request.delete(server.url + "/api/session").status == 200
        page.locator("#toast", has_text="You were signed out").wait_for()
        page.locator("#banner").wait_for(state="hidden")  # connected again, as a guest
        context.close()
