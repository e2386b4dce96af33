"""Table chat, and what the table says to explain itself: the how-to-win panel in every state
message, the end screen's explanation, every hand in a finished game's replay."""

import ratking
from ratking.server.people import quotas
from ratking.server.rooms import chat

from .conftest import board_svg, expect, new_table
from .test_lobby import finish
from .test_socket import join


def test_chat_reaches_players_and_spectators_as_plain_stored_text(client):
    table = new_table(client, seats=("human", "human", "bot"))
    token = table["seats"][0]["token"]
    with join(client, table, [token]) as (ws, _state), join(client, table) as (watcher, _s):
        ws.send_json({"type": "chat", "text": "  <b>hi</b>\u0000 there  "})
        mine = expect(ws, "chat")["lines"]
        seen = expect(watcher, "chat")["lines"]
        assert mine == seen and len(mine) == 1
        assert mine[0]["text"] == "<b>hi</b> there"  # stored as written: the page shows text
        assert mine[0]["name"] == "Player 1" and mine[0]["seat"] == 0
        watcher.send_json({"type": "chat", "text": "can I talk?"})
        assert expect(watcher, "error")["code"] == "not-your-seat"
    # a newcomer (and a restarted server) is sent the stored lines
    stored = client.app.state.rooms.storage.chat.recent(table["id"], 10)
    assert [row.text for row in stored] == ["<b>hi</b> there"]
    with join(client, table) as (late, _state):
        history = expect(late, "chat")
        assert history["history"] and history["lines"][0]["text"] == "<b>hi</b> there"


def test_chat_refuses_empty_long_and_hurried_lines(client):
    table = new_table(client, seats=("human", "bot"))
    with join(client, table, [table["seats"][0]["token"]]) as (ws, _state):
        for text, code in [("   ", "malformed"), (None, "malformed"),
                           ("x" * (chat.MAX_CHARS + 1), "too-long")]:
            ws.send_json({"type": "chat", "text": text})
            assert expect(ws, "error")["code"] == code
        limit, _window = quotas.CHAT
        for i in range(limit):
            ws.send_json({"type": "chat", "text": f"line {i}"})
            assert expect(ws, "chat")["lines"][0]["text"] == f"line {i}"
        ws.send_json({"type": "chat", "text": "one too many"})
        assert expect(ws, "error")["code"] == "slow-down"
    assert len(client.app.state.rooms.storage.chat.recent(table["id"], 50)) == limit


def test_every_state_message_explains_where_each_seat_stands(client):
    table = new_table(client, seats=("human", "bot"), game="rat-and-duck")
    with join(client, table, [table["seats"][0]["token"]]) as (_ws, state):
        panel = state["standing"]
        assert panel == ratking.make("rat-and-duck").standing(state["view"])
        assert [row["name"] for row in panel["rows"]] == ["The dissent", "The government"]
        assert state["ending"] is None


def test_the_end_screen_names_the_winners_the_engine_returns(client):
    # Rat & Duck at the round limit: a team wins on score (the page once said "draw")
    table = new_table(client, seats=("human", "bot"), game="rat-and-duck",
                      rules={"max_rounds": 1})
    state = finish(client, table)
    result, ending = state["result"], state["ending"]
    assert result["end"] == "round-cap"
    best = max(result["returns"])
    assert ending["winners"] == [i for i, r in enumerate(result["returns"]) if r == best]
    assert ending["rule"].startswith("at the round limit: unrest")
    assert ending["teams"] == ["Dissent", "Government"]


def test_a_finished_replay_shows_every_hand(client):
    table = new_table(client, seats=("human", "bot", "bot"), game="rat-a-tat-roll")
    state = finish(client, table)
    total = state["version"]
    step = client.get(f"/api/tables/{table['id']}/replay/{total // 2}").json()
    record = client.get(f"/api/tables/{table['id']}/record").json()
    middle = ratking.replay(record, upto=total // 2)
    assert step["hands"] == middle.game.open_hands(middle)
    assert len(step["hands"]) == 3 and all("total" in h["holds"] for h in step["hands"])
    # the board is the spectator's, every card face up (the open view, drawn by the game)
    assert step["seat"] is None and step["view"] == middle.game.open_view(middle)
    assert step["svg"] == middle.game.render_svg(step["view"], [])
    assert step["standing"] == middle.game.standing(middle.view(None))  # as it stood then


def test_a_game_that_hides_no_hand_replays_the_spectators_board(client):
    table = new_table(client, seats=("human", "bot"), game="target-rats-simplified",
                      rules={"max_rounds": 2})
    state = finish(client, table)
    record = client.get(f"/api/tables/{table['id']}/record").json()
    step = client.get(f"/api/tables/{table['id']}/replay/3").json()
    third = ratking.replay(record, upto=3)
    assert state["result"] and step["hands"] is None
    assert step["view"] == third.view(None) and "open" not in step["view"]


def test_a_live_game_has_no_replay_and_no_ending(client):
    table = new_table(client, seats=("human", "bot"))
    assert client.get(f"/api/tables/{table['id']}/replay/0").status_code == 409
    with join(client, table) as (_ws, state):
        assert state["ending"] is None and state["result"] is None


def test_a_live_game_sends_no_open_hand(client):
    """While a game of every game with hidden hands is played, no seat's board (nor the
    spectator's) is the open view, and the replay of every step is refused."""
    for game, seats in (("you-dirty-rat", ("human", "bot", "bot")),
                        ("rat-a-tat-roll", ("human", "bot", "bot")),
                        ("rat-and-duck", ("human", "bot", "bot", "bot"))):
        table = new_table(client, seats=seats, game=game)
        token = table["seats"][0]["token"]
        with join(client, table, [token]) as (_ws, mine), join(client, table) as (_w, watched):
            for state in (mine, watched):
                assert "open" not in state["view"] and "data-open-hand" not in board_svg(state)
                assert "data-location-card" not in board_svg(state)
            assert watched["view"]["seat"] is None and mine["view"]["seat"] == 0
        assert client.get(f"/api/tables/{table['id']}/replay/0").status_code == 409
