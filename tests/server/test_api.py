"""The HTTP API: health, games, creating and listing tables, records and replays."""

from .conftest import new_table


def test_health_and_pages(client):
    assert client.get("/healthz").json()["ok"] is True
    assert "Start a table" in client.get("/").text
    assert "game-over" in client.get("/t/anything").text
    assert client.get("/static/table.js").status_code == 200


def test_games_list_rule_options_with_defaults(client):
    games = client.get("/api/games").json()
    roll = next(g for g in games if g["id"] == "rat-a-tat-roll")
    assert (roll["min_players"], roll["max_players"]) == (2, 5)
    rules = {r["name"]: r for r in roll["rules"]}
    assert rules["cards"]["default"] == 4 and rules["memory_aid"]["default"] is False
    assert rules["max_rounds"]["optional"] is True


def test_create_a_table(client):
    table = new_table(client, seats=("human", "human", "bot"), rules={"cards": 3})
    seats = table["seats"]
    assert [s["kind"] for s in seats] == ["human", "human", "heuristic"]
    assert seats[0]["token"] and seats[1]["token"] and seats[2]["token"] is None
    assert seats[0]["token"] != seats[1]["token"]
    assert seats[1]["invite"] == f"/t/{table['id']}#seat=1&token={seats[1]['token']}"
    info = client.get(f"/api/tables/{table['id']}").json()
    assert info["status"] == "playing" and info["version"] == 0 and info["players"] == 3
    assert "token" not in str(info)  # summaries never carry secrets
    listed = client.get("/api/tables").json()["tables"]
    assert table["id"] in [t["id"] for t in listed]


def test_rat_and_duck_tables_take_an_even_number_of_players(client):
    # seed 003, 1.1 "Two teams of an even amount of players": 422 for an odd count, unless the
    # house rule uneven_teams is on; the lobby offers the counts /api/games lists
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert games["rat-and-duck"]["player_counts"] == [2, 4]
    assert games["rat-a-tat-roll"]["player_counts"] == [2, 3, 4, 5]
    body = {"game": "rat-and-duck", "players": 3, "seats": ["human", "bot", "bot"]}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422
    assert "an even number of players, not 3" in response.json()["error"]
    response = client.post("/api/tables", json={**body, "rules": {"uneven_teams": True}})
    assert response.status_code == 201


def test_bad_table_requests_are_refused_clearly(client):
    def refused(body, words):
        response = client.post("/api/tables", json=body)
        assert response.status_code in (400, 422), response.text
        assert words in response.text
    base = {"game": "rat-a-tat-roll", "players": 3, "seats": ["human", "bot", "bot"]}
    refused({**base, "game": "chess"}, "no game 'chess'")
    refused({**base, "rules": {"cards": 0}}, "'cards' must be at least 1")
    refused({**base, "rules": {"dice": 2}}, "unknown rule 'dice'")
    refused({**base, "players": 6, "seats": ["bot"] * 6}, "takes 2 to 5 players")
    refused({**base, "seats": ["human", "bot"]}, "2 seats given for 3 players")
    refused({**base, "seats": ["human", "bot", "alien"]}, "unknown seat kind 'alien'")
    refused({**base, "names": ["a", "b"]}, "names must be")
    refused({**base, "turn_timer": 1}, "turn_timer")
    response = client.post("/api/tables", content=b"{not json",
                           headers={"content-type": "application/json"})
    assert response.status_code == 422


def test_unknown_tables_are_404(client):
    for path in ("/api/tables/nope", "/api/tables/nope/record", "/api/tables/nope/replay/0"):
        response = client.get(path)
        assert response.status_code == 404 and response.json() == {"error": "no table 'nope'"}


def test_records_and_replays_wait_for_the_end(client):
    table = new_table(client)
    assert client.get(f"/api/tables/{table['id']}/record").status_code == 409
    assert client.get(f"/api/tables/{table['id']}/replay/0").status_code == 409
