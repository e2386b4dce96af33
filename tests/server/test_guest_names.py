"""A guest's name must not pass for someone else's, on SQLite and PostgreSQL: a name that
looks like an account's (the confusables skeleton accounts are compared by), or like a person
seated at the table, is refused with a one-line JSON error, wherever a guest gives it (a new
table, a seat from the lobby, Play now, the table's hello), and changes nothing."""

from .conftest import expect, receive_state, sign_up

ANN_CYRILLIC = "\u0410nn"  # Cyrillic A, then Latin "nn"
DOT_CYRILLIC = "D\u043et"  # Cyrillic o
PLAY = {"game": "rat-a-tat-roll", "players": 2}


def refused(answer, name):
    assert answer.status_code == 409, answer.text
    assert answer.json() == {"error": answer.json()["error"]} and name in answer.json()["error"]
    assert "\n" not in answer.json()["error"]


def new_table(client, name, **extra):
    body = {"game": "rat-a-tat-roll", "players": 2, "seats": ["human", "human"],
            "name": name, **extra}
    return client.post("/api/tables", json=body)


def test_a_guest_cannot_take_an_accounts_name_or_a_look_alike(app_client):
    client = app_client
    ann = sign_up(client, "Ann")
    before = len(client.get("/api/tables").json()["tables"])
    for name in ("Ann", "ANN", ANN_CYRILLIC, "\uff21nn", "former player"):
        refused(new_table(client, name), name)
        refused(client.post("/api/quickmatch", json={**PLAY, "name": name}), name)
    assert "an account's" in new_table(client, ANN_CYRILLIC).json()["error"]
    assert len(client.get("/api/tables").json()["tables"]) == before  # nothing made
    table = new_table(client, "Bea", joinable=True).json()
    refused(client.post(f"/api/tables/{table['id']}/join", json={"seat": 1,
                                                                 "name": ANN_CYRILLIC}),
            ANN_CYRILLIC)
    seats = client.get(f"/api/tables/{table['id']}").json()["seats"]
    assert not seats[1]["claimed"]  # the seat is still open
    # signed in, Ann is Ann
    mine = client.post("/api/tables", json={**PLAY, "seats": ["human", "bot"]}, headers=ann)
    assert mine.status_code == 201 and mine.json()["seats"][0]["name"] == "Ann"


def test_a_guest_cannot_look_like_someone_at_the_table(app_client):
    client = app_client
    table = new_table(client, "Dot", joinable=True).json()
    answer = client.post(f"/api/tables/{table['id']}/join", json={"seat": 1,
                                                                  "name": DOT_CYRILLIC})
    refused(answer, DOT_CYRILLIC)
    assert "who is at this table" in answer.json()["error"]
    joined = client.post(f"/api/tables/{table['id']}/join", json={"seat": 1, "name": "Eve"})
    assert joined.status_code == 200
    names = [s["name"] for s in client.get(f"/api/tables/{table['id']}").json()["seats"]]
    assert names == ["Dot", "Eve"]


def test_a_guest_naming_its_seat_at_the_table_cannot_look_like_another(app_client):
    client = app_client
    table = new_table(client, "Dot").json()
    invite = table["seats"][1]["token"]
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        receive_state(ws)
        ws.send_json({"type": "hello", "tokens": [invite], "name": DOT_CYRILLIC})
        error = expect(ws, "error")
        assert error["code"] == "name-taken" and DOT_CYRILLIC in error["message"]
    seats = client.get(f"/api/tables/{table['id']}").json()["seats"]
    assert seats[1]["name"] != DOT_CYRILLIC
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        receive_state(ws)
        ws.send_json({"type": "hello", "tokens": [invite], "name": "Eve"})
        assert receive_state(ws)["you"] == [1]
    assert client.get(f"/api/tables/{table['id']}").json()["seats"][1]["name"] == "Eve"
    # the creator's own name, sent again as it comes back, is its own
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        receive_state(ws)
        ws.send_json({"type": "hello", "tokens": [table["seats"][0]["token"]], "name": "Dot"})
        assert receive_state(ws)["you"] == [0]


def test_play_now_does_not_seat_a_guest_with_a_look_alike(app_client):
    client = app_client
    first = client.post("/api/quickmatch", json={**PLAY, "name": "Dot"},
                        headers={"cookie": "ratking_guest=dot"}).json()
    other = client.post("/api/quickmatch", json={**PLAY, "name": DOT_CYRILLIC},
                        headers={"cookie": "ratking_guest=dot2"}).json()
    assert other["created"] and other["id"] != first["id"]  # a table of its own
    eve = client.post("/api/quickmatch", json={**PLAY, "name": "Eve"},
                      headers={"cookie": "ratking_guest=eve"}).json()
    assert (eve["id"], eve["seat"]) == (first["id"], 1)
