"""The lobby's side: private tables, open seats taken from the lobby, seats a person has taken,
the live list, rematches; and the rules pages."""

from ratking.server.rooms import ABANDONED_AFTER

from .conftest import GAME_WAIT, new_table, receive_state, waiting
from .test_socket import join


def listed(client):
    return {t["id"] for t in client.get("/api/tables").json()["tables"]}


def finish(client, table):
    """Play the table's person seats by their first legal action until the game is over."""
    tokens = [s["token"] for s in table["seats"] if s["token"]]
    with join(client, table, tokens) as (ws, state):
        for _ in waiting(GAME_WAIT, "the game to end"):
            if state["result"]:
                break
            if state["actions"]:
                ws.send_json({"type": "move", "seat": state["seat"],
                              "action": state["actions"][0]["id"], "version": state["version"]})
            state = receive_state(ws)
        return state


def test_private_tables_are_not_listed_but_open_by_link(client):
    public = new_table(client)
    private = new_table(client, private=True)
    assert public["id"] in listed(client) and private["id"] not in listed(client)
    summary = client.get(f"/api/tables/{private['id']}").json()
    assert summary["private"] is True and summary["status"] == "playing"


def test_finished_tables_leave_the_live_list_and_are_kept(client):
    table = new_table(client, seats=("human", "bot"), game="rat-a-tat-roll",
                      rules={"max_rounds": 2})
    finish(client, table)
    tables = client.get("/api/tables").json()
    assert table["id"] not in {t["id"] for t in tables["tables"]}
    assert table["id"] in {t["id"] for t in tables["finished"]}
    assert client.get(f"/api/tables/{table['id']}/record").status_code == 200


def test_abandoned_tables_leave_the_live_list(client):
    table = new_table(client)
    room = client.app.state.rooms.rooms[table["id"]]
    room.moved_at -= ABANDONED_AFTER * 2  # no move for a long while, and nobody is here
    assert table["id"] not in listed(client)
    assert client.get(f"/api/tables/{table['id']}").json()["abandoned"] is True
    with join(client, table, [table["seats"][0]["token"]]):  # its player comes back
        assert table["id"] in listed(client)


def test_the_creators_seat_is_taken_and_an_invite_is_taken_when_used(client):
    table = new_table(client, seats=("human", "human", "bot"))
    seats = client.get(f"/api/tables/{table['id']}").json()["seats"]
    assert [s["claimed"] for s in seats] == [True, False, True]
    with join(client, table, [table["seats"][1]["token"]]) as (_ws, state):
        assert [s["claimed"] for s in state["table"]["seats"]] == [True, True, True]
    # stored: a restart still knows the seat is taken
    stored = client.app.state.rooms.storage.load(table["id"]).row.seats
    assert stored[1]["claimed"] is True


def test_open_seats_can_be_taken_from_the_lobby_when_allowed(client):
    closed = new_table(client, seats=("human", "human", "bot"))
    answer = client.post(f"/api/tables/{closed['id']}/join", json={"seat": 1})
    assert answer.status_code == 403 and "invitation" in answer.json()["error"]
    table = new_table(client, seats=("human", "human", "bot"), joinable=True)
    assert client.post(f"/api/tables/{table['id']}/join", json={"seat": 0}).status_code == 409
    assert client.post(f"/api/tables/{table['id']}/join", json={"seat": 2}).status_code == 400
    taken = client.post(f"/api/tables/{table['id']}/join", json={"seat": 1})
    assert taken.status_code == 200, taken.text
    token = taken.json()["token"]
    again = client.post(f"/api/tables/{table['id']}/join", json={"seat": 1})
    assert again.status_code == 409 and "taken" in again.json()["error"]
    with join(client, table, [token]) as (_ws, state):
        assert state["you"] == [1]
    with join(client, table, [table["seats"][1]["token"]]) as (ws, answer):
        assert answer["code"] == "bad-token"  # the old invite for that seat no longer opens it
        assert receive_state(ws)["you"] == []


def test_a_rematch_keeps_seats_rules_and_bots_with_a_new_seed(client):
    table = new_table(client, seats=("human", "human", "random"), game="rat-a-tat-roll",
                      rules={"max_rounds": 2}, turn_timer=60, private=True)
    tokens = [s["token"] for s in table["seats"][:2]]
    early = client.post(f"/api/tables/{table['id']}/rematch", json={"tokens": tokens})
    assert early.status_code == 409
    finish(client, table)
    stranger = client.post(f"/api/tables/{table['id']}/rematch", json={"tokens": ["nope"]})
    assert stranger.status_code == 403
    first = client.post(f"/api/tables/{table['id']}/rematch", json={"tokens": tokens[:1]})
    assert first.status_code == 200, first.text
    second = client.post(f"/api/tables/{table['id']}/rematch", json={"tokens": tokens[1:]})
    assert second.json()["id"] == first.json()["id"]  # asked twice: the same rematch
    new_id = first.json()["id"]
    old_room = client.app.state.rooms.rooms[table["id"]]
    new_room = client.app.state.rooms.rooms[new_id]
    assert old_room.summary()["rematch"] == new_id
    assert new_room.row.rules == old_room.row.rules and new_room.kinds == old_room.kinds
    assert new_room.row.names == old_room.row.names and new_room.row.turn_timer == 60
    assert new_room.row.private and new_room.row.seed != old_room.row.seed
    # each person follows with the token they hold: the same seat at the new table
    for seat, token in enumerate(tokens):
        with join(client, {"id": new_id}, [token]) as (_ws, state):
            assert state["you"] == [seat]


def test_rules_pages_are_rendered_from_the_markdown(client):
    for game in client.get("/api/games").json():
        page = client.get(f"/rules/{game['id']}")
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert f"<h1>{game['title'].replace('&', '&amp;')}" in page.text
        assert "<table>" in page.text or "<ul>" in page.text
    assert client.get("/rules/chess").status_code == 404


def test_rules_markdown_never_runs_as_html():
    from ratking.server.web.pages import markdown

    html = markdown().render("Hi <script>alert(1)</script> **there**")
    assert "<script>" not in html and "&lt;script&gt;" in html and "<strong>" in html
