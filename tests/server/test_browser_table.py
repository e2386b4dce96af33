"""The table explains itself, in Chromium: every game played to its end by clicking and its
end screen checked against the engine's returns (Rat & Duck's round limit included); the turn
clock after a move and after a time-out; the rules page opened from a table; a rematch
created and joined by the invited person; a chat line with markup shown as text; a message
that changes only who is here redraws nothing of the board."""

import json
import re

import httpx
import pytest

import ratking

from .conftest import Server, free_port
from .pages import click_an_action, show_panel, turn_or_end
from .test_browser import ARTIFACTS, browser, create_table  # noqa: F401
from .test_browser_moves import NO_FORCED

DESKTOP = {"width": 1280, "height": 800}

# every game, small enough to play by clicking; Rat & Duck ends at its round limit on points
GAMES = [
    ("rat-a-tat-roll", ["human", "heuristic", "random"], {}),
    ("rat-and-duck", ["human", "heuristic"], {"max_rounds": 2}),
    ("target-rats", ["human", "heuristic"], {"max_rounds": 3}),
    ("target-rats-simplified", ["human", "heuristic"], {"max_rounds": 6}),
    ("you-dirty-rat", ["human", "heuristic", "heuristic"], {"max_rounds": 6}),
]


@pytest.fixture
def server(tmp_path):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    running = Server(f"sqlite:///{tmp_path / 'web.db'}", free_port(), bot_delay=0.05)
    yield running
    running.kill()


OVER = "() => !document.querySelector('[data-testid=game-over]').hidden"


def play_by_clicking(page, shots: str) -> int:
    """Click legal actions until the game is over (bots move in between); return the clicks.
    Takes a screenshot of the board at the first click."""
    clicks = looks = 0
    while turn_or_end(page) == "turn":
        looks += 1
        assert looks < 1000, "the game did not end"
        if clicks == 0:
            page.screenshot(path=str(ARTIFACTS / f"{shots}-board.png"))
        clicked = click_an_action(page)
        assert clicked is not False, "a legal action is offered but covered everywhere"
        clicks += bool(clicked)
    return clicks


def table_id(page) -> str:
    return page.url.rstrip("/").split("/")[-1].split("#")[0]


def end_screen(page) -> tuple[str, list[list[str]]]:
    box = page.locator("[data-testid=game-over]")
    rows = [[cell.inner_text().strip() for cell in row.locator("td, th").all()]
            for row in box.locator("tr").all()]
    return box.locator("[data-testid=over-headline]").inner_text(), rows


@pytest.mark.parametrize("game, seats, rules", GAMES, ids=[g[0] for g in GAMES])
def test_every_game_to_its_end_and_the_end_screen_agrees(browser, server, game, seats, rules):  # noqa: F811
    page, errors = create_table(browser, server, DESKTOP, seats, game=game, rules=rules)
    page.locator("#board svg").wait_for()
    show_panel(page, "standing-panel")
    assert page.locator("[data-testid=standing]").is_visible()
    assert play_by_clicking(page, f"explained-{game}") >= 2
    headline, rows = end_screen(page)
    page.screenshot(path=str(ARTIFACTS / f"explained-{game}-end.png"))
    record = httpx.get(f"{server.url}/api/tables/{table_id(page)}/record").json()
    state = ratking.replay(record)
    returns, names = state.returns(), state.names
    results = [row[-1] for row in rows[1:]]
    assert [row[0].removesuffix(" (you)") for row in rows[1:]] == list(names)
    assert rows[1][0].endswith("(you)")
    best = max(returns)
    ending = state.game.ending(state)
    if not ending["winners"]:
        assert results == ["Draw"] * len(names) and headline.startswith("A draw")
        assert len(set(returns)) == 1
    else:
        for name, share, shown in zip(names, returns, results, strict=True):
            assert (shown in ("Winner", "Shared win")) == (share == best), (name, shown)
            if share == best and name != names[0]:
                assert name in headline
    assert ending["rule"] in headline
    scores = [row[-2] for row in rows[1:]]
    assert scores == ending["scores"]
    if game == "rat-and-duck":  # the round limit decides on points: never "draw" by default
        assert state.end_reason == "round-cap"
        assert "at the round limit: unrest" in headline and "Team" in rows[0]
        if len(set(returns)) > 1:
            assert "Draw" not in results
        assert "round-cap" not in page.inner_text("body")
    assert not errors, errors


def test_the_clock_after_a_move_and_after_a_time_out(browser, server):  # noqa: F811
    answer = httpx.post(f"{server.url}/api/tables", json={
        "game": "rat-a-tat-roll", "players": 2, "seats": ["human", "heuristic"],
        "turn_timer": 5}).json()
    page = browser.new_page(viewport=DESKTOP)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.url + answer["seats"][0]["invite"])
    clock = page.locator("[data-testid=clock]")
    clock.wait_for()
    assert clock.inner_text().startswith("Your turn: 0:0")
    page.locator("#board [data-action], #actions [data-action]").first.click()
    page.wait_for_function("() => document.body.dataset.version === '1'")
    # seed 004: the roll is only the first step of the turn: the same clock runs on
    left = int(clock.get_attribute("data-left"))
    assert 0 < left <= 5 and clock.inner_text().startswith("Your turn")
    # wait out the bank: the table plays the rest of the turn and the log says so
    page.wait_for_function("() => document.querySelector('#log').innerText"
                           ".includes('time ran out')", timeout=20_000)
    assert "Player 1's time ran out: a bot moved for them." in page.inner_text("#log")
    # when the turn comes back (after the bot), it has a full bank again
    page.wait_for_function("() => { const c = document.querySelector('[data-testid=clock]');"
                           " return !c.hidden && Number(c.dataset.left) >= 4 }",
                           timeout=20_000)
    assert clock.inner_text().startswith("Your turn")
    page.screenshot(path=str(ARTIFACTS / "explained-clock.png"))
    assert not errors, errors


def test_the_rules_page_opens_from_the_table(browser, server):  # noqa: F811
    page, errors = create_table(browser, server, DESKTOP, ["human", "heuristic"],
                                game="you-dirty-rat")
    page.locator("#board svg").wait_for()
    with page.context.expect_page() as opened:
        page.click("[data-testid=rules-link]")
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.url.endswith("/rules/you-dirty-rat")
    assert rules.locator("h1").inner_text() == "You Dirty Rat"
    assert rules.locator("[data-testid=rules] h2").count() >= 3
    rules.screenshot(path=str(ARTIFACTS / "explained-rules.png"))
    assert not errors, errors


def test_a_rematch_is_joined_by_the_invited_person_and_chat_stays_text(browser, server):  # noqa: F811
    ana, errors = create_table(browser, server, DESKTOP, ["human", "human", "heuristic"],
                               rules={"max_rounds": 1})
    ana.locator("#board svg").wait_for()
    invite = ana.evaluate("() => JSON.parse(localStorage.getItem("
                          "`ratking:invites:${location.pathname.split('/').pop()}`))[0].invite")
    bo = browser.new_context(viewport=DESKTOP).new_page()  # another browser: its own storage
    bo.on("pageerror", lambda exc: errors.append(str(exc)))
    bo.goto(server.url + invite)
    bo.locator("#board svg").wait_for()
    # once Bo has taken the seat, Ana's page stops offering its invitation
    ana.wait_for_function("() => !document.querySelector('#invites').innerText"
                          ".includes('Play it on this screen')")
    # chat: markup is shown as text, to players and spectators alike
    watcher = browser.new_context(viewport=DESKTOP).new_page()
    watcher.goto(ana.url)
    watcher.locator("#board svg").wait_for()
    markup = "<b>bold</b> <img src=x onerror=\"document.title='hacked'\">"
    show_panel(ana, "chat-panel")
    ana.fill("#chat-text", markup)
    ana.click("#chat-form button")
    for page in (ana, bo, watcher):
        page.wait_for_function("t => document.querySelector('#chat-lines').innerText"
                               ".includes(t)", arg=markup)
        assert page.locator("#chat-lines b, #chat-lines img").count() == 0
        assert page.title() != "hacked"
    assert watcher.locator("#chat-form").is_hidden()  # spectators read, players write
    ana.screenshot(path=str(ARTIFACTS / "explained-chat.png"))
    # both people play the one round to its end
    for _ in range(300):
        if ana.evaluate(OVER) and bo.evaluate(OVER):
            break
        if not any([click_an_action(ana), click_an_action(bo)]):  # None: not their turn
            ana.wait_for_timeout(100)  # the bot is moving: look again shortly
    assert ana.evaluate(OVER) and bo.evaluate(OVER)
    old = table_id(ana)
    ana.click("[data-testid=rematch]")
    ana.wait_for_url(lambda url: old not in url)
    ana.locator("#board svg").wait_for()
    # Bo is offered the rematch and takes the same seat there
    join = bo.locator("[data-testid=rematch]")
    join.wait_for()
    bo.wait_for_function("() => document.querySelector('[data-testid=rematch]').innerText"
                         " === 'Join the rematch'")
    bo.screenshot(path=str(ARTIFACTS / "explained-rematch-offer.png"))
    join.click()
    bo.wait_for_url(lambda url: old not in url)
    assert table_id(bo) == table_id(ana)
    bo.wait_for_function("() => document.querySelector('#seats').innerText"
                         ".includes('Player 2 (you)')")
    assert "Player 1 (you)" in ana.inner_text("#seats")
    assert not errors, errors


def test_a_hint_at_your_turn(browser, server):  # noqa: F811
    page, errors = create_table(browser, server, DESKTOP, ["human", "expert"],
                                game="you-dirty-rat")
    assert turn_or_end(page) == "turn"
    hint = page.locator("[data-testid=hint]")
    hint.wait_for()
    hint.click()
    page.wait_for_function("() => document.querySelectorAll('#hint-list li').length > 0",
                           timeout=30_000)
    lines = page.locator("#hint-list li").all_inner_texts()
    assert 1 <= len(lines) <= 3
    assert all(re.search(r": an estimated \d{1,3}% chance to win$", line) for line in lines), lines
    assert page.locator(".hinted").count() >= 1  # the suggestion is marked where it is clicked
    page.screenshot(path=str(ARTIFACTS / "explained-hint.png"))
    click_an_action(page)  # after a move the old hint goes away
    page.wait_for_function("() => document.querySelector('[data-testid=hint-box]').hidden")
    assert not errors, errors


BUSY_LOG = """
window.__busy = [];
addEventListener('DOMContentLoaded', () => new MutationObserver(() => {
  const b = document.body;
  const was = window.__busy[window.__busy.length - 1];
  const now = [Boolean(b.dataset.busy), b.dataset.version,
               document.querySelector('#board').inert, document.querySelector('#actions').inert];
  if (!was || was[0] !== now[0] || was[1] !== now[1]) window.__busy.push(now);
}).observe(document.body, { attributes: true, attributeFilter: ['data-busy', 'data-version'] }));
"""


def test_a_move_in_flight_keeps_the_page_busy_and_the_hint_row_takes_no_clicks(browser, server):  # noqa: F811
    """A move to a destination is sent one decision at a time: until its last answer the
    page says it is busy (data-busy) and takes no clicks (inert), so nothing clicks a board
    that is about to change. The Hint button's row takes clicks only on the button."""
    table = httpx.post(f"{server.url}/api/tables", json={
        "game": "target-rats", "players": 2, "seats": ["human", "heuristic"]}).json()
    page = browser.new_page(viewport=DESKTOP)
    page.add_init_script(BUSY_LOG)
    page.add_init_script(NO_FORCED)  # the only-moves after the stop are the test's to make
    page.goto(f"{server.url}/t/{table['id']}#seat=0&token={table['seats'][0]['token']}")
    assert turn_or_end(page) == "turn"
    # the Hint button's row: the band beside the button lets clicks through
    hint = page.locator("[data-testid=hint]")
    hint.wait_for()
    beside = page.evaluate("""() => {
        const row = document.querySelector('.hint-row').getBoundingClientRect();
        const button = document.querySelector('#hint').getBoundingClientRect();
        const hit = document.elementFromPoint((row.left + button.left) / 2,
                                              button.top + button.height / 2);
        return hit.closest('.hint-row') === null;
    }""")
    assert beside, "the hint row's empty band takes clicks"
    # pick the whole group at home, then a destination three steps away
    page.locator("#board [data-action='group:H0']").click()
    page.locator("#actions [data-action='take:0:4']").click()
    page.wait_for_function("() => document.querySelector('#board [data-action=\"route:RC\"]')")
    page.evaluate("() => { window.__busy = []; }")
    start = int(page.evaluate("() => document.body.dataset.version"))
    page.locator("#board [data-action='route:RC']").click()
    page.wait_for_function("v => !document.body.dataset.busy && document.body.dataset.version"
                           " === String(v)", arg=start + 4)  # S0, U0, RC and the stop
    changes = page.evaluate("() => window.__busy")
    assert changes[0][0] is True  # busy from the click on
    assert all(board and bar for busy, _v, board, bar in changes if busy)  # and inert
    settled = [int(v) for busy, v, _b, _a in changes if not busy]
    assert settled == [start + 4], changes  # not idle before the last step was answered
    # off turn (the rest of the turn played), the Hint button and its row are gone: both read
    # in one evaluation, as the bot's next move may bring the turn back at any moment
    row_hidden = None
    for _ in range(30):
        row_hidden = page.evaluate("() => document.querySelector('#hint').hidden ?"
                                   " document.querySelector('.hint-row').hidden : null")
        if row_hidden is not None:
            break
        click_an_action(page)
    assert row_hidden is True, row_hidden


def test_the_lobby_says_which_of_your_tables_were_left_or_closed(browser, server):  # noqa: F811
    """The lobby's "your tables": a table left for a while (the summary's `abandoned`) says
    so, a closed one says closed, a live one its move."""
    made = [httpx.post(f"{server.url}/api/tables", json={
        "game": "rat-a-tat-roll", "players": 2, "seats": ["human", "heuristic"]}).json()
        for _ in range(3)]
    left, closed, live = (t["id"] for t in made)
    httpx.delete(f"{server.url}/api/tables/{closed}",
                 headers={"authorization": f"Bearer {made[1]['owner_token']}"})
    page = browser.new_page(viewport=DESKTOP)

    def as_left(route):  # the server's own answer, as it is after half an hour away
        response = route.fetch()
        route.fulfill(response=response, json={**response.json(), "abandoned": True})

    page.route(f"**/api/tables/{left}", as_left)
    page.goto(server.url + "/")
    page.evaluate("tables => { for (const t of tables) localStorage.setItem("
                  "`ratking:tokens:${t.id}`, JSON.stringify([t.seats[0].token])); }", made)
    page.reload()
    rows = page.locator("#my-list li")
    rows.first.wait_for()
    text = {row.locator("[data-resume]").get_attribute("data-resume"): row.inner_text()
            for row in rows.all()}
    assert re.search(r"left at move \d", text[left]) and text[left].startswith("Resume")
    assert "closed" in text[closed] and text[closed].startswith("Open")
    assert re.search(r"· move \d", text[live]) and "left" not in text[live]


def test_a_refused_move_reads_in_plain_words(browser, server):  # noqa: F811
    """The page sends only moves the table listed; should the table still refuse one as
    illegal (the board changed meanwhile), the toast says so in plain words, never with the
    kernel's own reason (Rat & Duck's "... is past the pre-move state")."""
    table = httpx.post(f"{server.url}/api/tables", json={
        "game": "rat-and-duck", "players": 4,
        "seats": ["human", "heuristic", "heuristic", "heuristic"]}).json()
    page = browser.new_page(viewport=DESKTOP)
    sockets = []

    def through(ws):  # the page's socket, passed through, and one more sender for the test
        sockets.append(ws.connect_to_server())

    page.route_web_socket(re.compile(r".*/ws/tables/.*"), through)
    page.goto(f"{server.url}/t/{table['id']}#seat=0&token={table['seats'][0]['token']}")
    assert turn_or_end(page) == "turn"
    legal = set(page.evaluate("() => [...document.querySelectorAll('[data-action]')]"
                              ".map((n) => n.dataset.action)"))
    wrong = next(a for a in ("skip-move", "pass", "end") if a not in legal)
    version = int(page.evaluate("() => document.body.dataset.version"))
    sockets[-1].send(json.dumps({"type": "move", "seat": 0, "action": wrong,
                                 "version": version}))
    toast = page.locator("#toast")
    toast.wait_for(state="visible")
    assert toast.inner_text() == "That move is no longer possible: the board is up to date now."


# the board's drawing and every action on the page; MARK marks them, KEPT counts those
# drawn anew since (a node drawn anew has no mark)
_NODES = ("[document.querySelector('#board svg'),"
          " ...document.querySelectorAll('#board [data-action], #actions [data-action]')]")
MARK = f"() => {{ const nodes = {_NODES}; for (const n of nodes) n.kept = 1; return nodes.length }}"
KEPT = f"() => {_NODES}.filter((node) => !node.kept).length"


def test_a_message_that_changes_only_who_is_here_leaves_the_board_as_it_is(browser, server):  # noqa: F811
    """While Ana chooses, Bo takes his seat and then leaves: each time Ana's page is told
    (same version) and redraws nothing of the board or its buttons, so a click she is making
    lands; her move is then answered."""
    ana, errors = create_table(browser, server, DESKTOP, ["human", "human"])
    assert turn_or_end(ana) == "turn"
    version = ana.evaluate("() => document.body.dataset.version")
    assert ana.evaluate(MARK) >= 2  # the drawing and at least one action
    invite = ana.evaluate("() => JSON.parse(localStorage.getItem("
                          "`ratking:invites:${location.pathname.split('/').pop()}`))[0].invite")
    bo = browser.new_context(viewport=DESKTOP).new_page()
    bo.on("pageerror", lambda exc: errors.append(str(exc)))
    bo.goto(server.url + invite)
    bo.locator("#board svg").wait_for()
    here = "() => document.querySelectorAll('#seats li.on').length"
    ana.wait_for_function(f"() => ({here})() === 2")  # Ana's page was told Bo is here
    assert ana.evaluate("() => document.body.dataset.version") == version
    assert ana.evaluate(KEPT) == 0, "the board or its buttons were drawn again"
    bo.context.close()
    ana.wait_for_function(f"() => ({here})() === 1")  # and that he has gone
    assert ana.evaluate(KEPT) == 0, "the board or its buttons were drawn again"
    assert click_an_action(ana) == version  # answered: a new version came
    assert not errors, errors
