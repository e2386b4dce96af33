"""Rated tables, on SQLite and PostgreSQL: rated at their end when every seat is a person's
held by an account, once (also when two processes see the end), with teams in Rat & Duck;
the leaderboard and the profiles; nothing hidden of a running game on a profile. (What may
make a table unrated, and the ways to finish one, are tested in test_rated_play.py.)"""

import threading

import pytest
from fastapi.testclient import TestClient
from openskill.models import PlackettLuce

import ratking
from ratking.server import create_app
from ratking.server.names import look_alike
from ratking.server.people.ratings import lineup, rate_end
from ratking.server.storage.tables import Storage

from .conftest import GAME_WAIT, receive_state, sign_up, waiting

BODY = {"game": "rat-a-tat-roll", "players": 2, "seats": ["human", "human"],
        "rated": True, "joinable": True}


@pytest.fixture
def app_client(db_url):
    """The web app on SQLite and on PostgreSQL, every account rated (they are all made
    from the test client's one address)."""
    app = create_app(db_url, bot_delay=0, botonly_min_delay=0, rated_account_window=0)
    with TestClient(app) as client:
        yield client


def rated_table(client, first, second, body=BODY):
    table = client.post("/api/tables", json=body, headers=first).json()
    taken = client.post(f"/api/tables/{table['id']}/join", json={"seat": 1}, headers=second)
    assert taken.status_code == 200, taken.text
    return table, taken.json()["token"]


def play(client, table, who, tokens=()):
    """Play every seat `who` (a signed-in header) and `tokens` hold by their first legal move
    until the game ends; the last state."""
    with client.websocket_connect(f"/ws/tables/{table['id']}", headers=who) as ws:
        receive_state(ws)
        ws.send_json({"type": "hello", "tokens": list(tokens)})
        state = receive_state(ws)
        for _ in waiting(GAME_WAIT, "the game to end"):
            if state.get("result"):
                return state
            if state["actions"]:
                ws.send_json({"type": "move", "seat": state["seat"],
                              "action": state["actions"][0]["id"], "version": state["version"]})
            state = receive_state(ws)
            assert state["type"] == "state", state


def test_a_rated_table_rates_its_accounts_once(app_client):
    client = app_client
    ann, bea = sign_up(client, "Ann"), sign_up(client, "Bea")
    table, token = rated_table(client, ann, bea)
    running = client.get("/api/players/Ann").json()
    assert running["ratings"] == {}
    shown = running["tables"][0]
    assert shown["id"] == table["id"] and shown["replay"] is None
    assert not {"seed", "moves", "actions", "hands", "view"} & set(shown)
    end = play(client, table, ann, [token])
    returns = end["result"]["returns"]
    board = client.get("/api/leaderboard/rat-a-tat-roll").json()
    names = [p["name"] for p in board["players"]]
    assert sorted(names) == ["Ann", "Bea"]
    assert board["bots"] == []
    # the ratings are OpenSkill's for this result, from the default rating
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in range(2)], ranks=[-r for r in returns])
    for player in board["players"]:
        seat = ["Ann", "Bea"].index(player["name"])
        assert player["mu"] == pytest.approx(expected[seat][0].mu, abs=1e-3)
        assert player["sigma"] == pytest.approx(expected[seat][0].sigma, abs=1e-3)
        assert player["games"] == 1
        assert player["ordinal"] == pytest.approx(player["mu"] - 3 * player["sigma"], abs=0.1)
        assert player["provisional"] is True  # its first of provisional_games
    profile = client.get("/api/players/Ann").json()
    rating = profile["ratings"]["rat-a-tat-roll"]
    assert rating["games"] == 1 and rating["won"] == int(returns[0] == max(returns) > 0
                                                         and min(returns) < max(returns))
    assert profile["tables"][0]["replay"] == f"/t/{table['id']}"
    assert client.get(f"/api/tables/{table['id']}/record").status_code == 200
    # the end seen again (another process, a retry) changes nothing
    storage = client.app.state.rooms.storage
    state = ratking.replay(client.get(f"/api/tables/{table['id']}/record").json())
    assert rate_end(storage, table["id"], state) is False
    again = client.get("/api/players/Ann").json()["ratings"]["rat-a-tat-roll"]
    assert again == rating


def test_a_table_with_a_guest_or_unrated_is_not_rated(app_client):
    client = app_client
    ann, bea = sign_up(client, "Ann"), sign_up(client, "Bea")
    guest_table = client.post("/api/tables", json=BODY, headers=ann).json()
    guest = guest_table["seats"][1]["token"]
    play(client, guest_table, ann, [guest])  # seat 1 held by a guest's token
    unrated, token = rated_table(client, ann, bea, {**BODY, "rated": False})
    play(client, unrated, ann, [token])
    assert client.get("/api/players/Ann").json()["ratings"] == {}
    assert client.get("/api/leaderboard/rat-a-tat-roll").json()["players"] == []
    assert client.get("/api/leaderboard/nope").status_code == 404
    assert client.get("/api/players/Nobody").status_code == 404


def test_private_tables_stay_off_profiles(app_client):
    client = app_client
    ann, bea = sign_up(client, "Ann"), sign_up(client, "Bea")
    table, _token = rated_table(client, ann, bea, {**BODY, "private": True})
    assert client.get("/api/players/Ann").json()["tables"] == []
    assert [t["id"] for t in client.get("/api/me", headers=ann).json()["tables"]] \
        == [table["id"]]


def test_teams_win_and_lose_together():
    # Rat & Duck: seats of one team get the same update (the arena's code, seat_teams)
    from ratking.sim.arena import rate_seats

    model = PlackettLuce()
    game = ratking.make("rat-and-duck")
    teams = game.seat_teams(4)
    ratings = {p: model.rating() for p in "abcd"}
    returns = [1.0 if t == teams[0] else 0.0 for t in teams]
    new = rate_seats(model, ratings, list("abcd"), returns, teams)
    winners = {p for p, t in zip("abcd", teams, strict=True) if t == teams[0]}
    assert len({round(new[p].mu, 9) for p in winners}) == 1
    assert all(new[p].mu > 25 for p in winners)
    assert all(new[p].mu < 25 for p in set("abcd") - winners)


def test_two_processes_seeing_one_end_rate_it_once(postgres):
    # two storages on one PostgreSQL, as two server processes have, racing on one end
    first, second = Storage(postgres), Storage(postgres)
    try:
        ids = [first.people.create_account(n, n.lower(), look_alike(n), "x").id
               for n in ("Ann", "Bea")]
        from ratking.server.storage.tables import TableRow, now

        state = ratking.make("rat-a-tat-roll").new_game(2, seed=5)
        while not state.is_over:
            state.apply(state.legal_actions()[0].id)
        stamp = now()
        first.create(TableRow(
            id="race", game="rat-a-tat-roll", rules={}, players=2, seed=5,
            names=["Ann", "Bea"], seats=[{"kind": "human", "token": None, "claimed": True,
                                          "account": i} for i in ids],
            bot_delay=0, turn_timer=None, status="over", created_at=stamp, updated_at=stamp,
            rated=True))
        assert lineup(first.row("race")) == [f"account:{i}" for i in ids]
        results = []
        barrier = threading.Barrier(4)

        def end(storage):
            barrier.wait()
            results.append(rate_end(storage, "race", state))

        threads = [threading.Thread(target=end, args=(s,)) for s in (first, second) * 2]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(results) == [False, False, False, True]
        assert [r.games for r in first.people.ratings_of(f"account:{ids[0]}")] == [1]
    finally:
        first.close()
        second.close()
