"""Rated games that mean something, on SQLite and PostgreSQL: each way to game a rating is
refused or makes the table unrated (bots at a seat, hints, undo, closing a game under way,
being played by the stand-in after leaving, accounts made one after another from one
address); resigning is a loss, a vote of everyone ends a game with no result, a win is claimed
from a person who left or timed out; two players finishing a game at once give one result."""

import threading
import time

import pytest
from fastapi.testclient import TestClient

import ratking
from ratking.server import create_app
from ratking.server.names import look_alike
from ratking.server.play.endings import final_returns, leave, teams_of
from ratking.server.storage.tables import Storage, TableRow, now

from .conftest import GAME_WAIT, receive_state, sign_up, waiting

PAIR = {"game": "rat-a-tat-roll", "players": 2, "seats": ["human", "human"], "rated": True,
        "joinable": True}


def app_for(db_url, **settings):
    return TestClient(create_app(db_url, bot_delay=0, botonly_min_delay=0, **settings))


@pytest.fixture
def rated(db_url):
    """The app with every account rated (all are made from the test client's address)."""
    with app_for(db_url, rated_account_window=0, claim_after=3, vote_seconds=30,
                 maintenance_every=0.2) as client:
        yield client


def pair(client, names=("Ann", "Bea"), body=PAIR):
    """A rated table of two accounts: its answer, and each person's header and seat token."""
    first, second = (sign_up(client, n) for n in names)
    table = client.post("/api/tables", json=body, headers=first).json()
    taken = client.post(f"/api/tables/{table['id']}/join", json={"seat": 1}, headers=second)
    assert taken.status_code == 200, taken.text
    return table, (first, table["seats"][0]["token"]), (second, taken.json()["token"])


class Seat:
    """A person at a table on their own socket."""

    def __init__(self, client, table_id, who, token=None):
        self.cm = client.websocket_connect(f"/ws/tables/{table_id}", headers=who)
        self.ws = self.cm.__enter__()
        receive_state(self.ws)
        self.ws.send_json({"type": "hello", "tokens": [token] if token else []})
        self.state = self.next()

    def next(self):
        message = receive_state(self.ws)
        if message["type"] == "state":
            self.state = message
        return message

    def send(self, **message):
        self.ws.send_json(message)

    def until(self, test, what="the table to change"):
        for _ in waiting(GAME_WAIT, what):
            if test(self.state):
                return self.state
            self.next()

    def close(self):
        self.cm.__exit__(None, None, None)


def play_until(seat, test):
    """Play the first legal move whenever `seat` may, until `test(state)`."""
    for _ in waiting(GAME_WAIT, "the moves"):
        state = seat.state
        if test(state):
            return state
        if state["actions"] and not state["result"]:
            seat.send(type="move", seat=state["seat"], action=state["actions"][0]["id"],
                      version=state["version"])
        seat.next()


def refused(seat, code):
    """The next error on `seat`'s socket (passing over states), which must be `code`."""
    for _ in waiting(GAME_WAIT, f"a {code!r} refusal"):
        message = seat.next()
        if message["type"] == "error":
            assert message["code"] == code, message
            return message


def ratings(client, name):
    return client.get(f"/api/players/{name}").json()["ratings"]


# --- bots make a table unrated ------------------------------------------------------------


def test_a_bot_at_a_seat_makes_a_table_unrated(rated):
    client = rated
    ann = sign_up(client, "Ann")
    answer = client.post("/api/tables", headers=ann, json={
        "game": "rat-a-tat-roll", "players": 2, "seats": ["human", "random"],
        "rated": True}).json()
    assert answer["rated"] is False and "between people" in answer["unrated_because"]
    assert client.get(f"/api/tables/{answer['id']}").json()["rated"] is False
    seat = Seat(client, answer["id"], ann, answer["seats"][0]["token"])
    play_until(seat, lambda s: s["result"])
    seat.close()
    assert ratings(client, "Ann") == {}
    assert client.get("/api/leaderboard/rat-a-tat-roll").json()["bots"] == []


def test_play_now_with_bots_is_unrated_once_they_sit(rated):
    client = rated
    ann = sign_up(client, "Ann")
    pressed = client.post("/api/quickmatch", headers=ann, json={
        "game": "rat-a-tat-roll", "players": 2, "bots_after": 5, "bot_level": "random"}).json()
    assert pressed["rated"] is True and "not rated" in pressed["unrated_because"]
    storage = client.app.state.rooms.storage
    seat = Seat(client, pressed["id"], ann, pressed["token"])
    assert seat.state["table"]["waiting"] and seat.state["table"]["rated"]
    with storage.engine.begin() as conn:  # the wait is over: the sweep seats the bot
        conn.execute(TableRow.__table__.update().where(TableRow.id == pressed["id"])
                     .values(created_at=now().replace(year=2000)))
    seat.until(lambda s: s["table"]["seats"][1]["kind"] == "random", "the bot")
    assert storage.row(pressed["id"]).rated is False
    play_until(seat, lambda s: s["result"])
    assert seat.state["table"]["rated"] is False
    seat.close()
    assert ratings(client, "Ann") == {}


# --- hints, undo, closing ---------------------------------------------------------------


def test_no_hints_and_no_undo_at_a_rated_table(rated):
    client = rated
    table, (ann, token), _ = pair(client)
    seat = Seat(client, table["id"], ann, token)
    assert seat.state["hints"] is False and seat.state["table"]["rated"] is True
    seat.send(type="hint")
    assert "no hints at a rated table" in refused(seat, "hint-rated")["message"]
    state = play_until(seat, lambda s: s["table"]["steps"] >= 1)
    assert state["can_undo"] is False and state["table"]["to_move"] == 0
    seat.send(type="undo", seat=0, version=state["version"])
    assert "no undo at a rated table" in refused(seat, "cannot-undo")["message"]
    seat.close()


def test_abort_only_before_the_second_player_moves(rated):
    client = rated
    table, (ann, _token), (bea, _token1) = pair(client)
    owner = {"authorization": f"Bearer {table['owner_token']}"}
    closed = client.delete(f"/api/tables/{table['id']}", headers=owner)
    assert closed.status_code == 200 and closed.json()["status"] == "closed"
    assert closed.json()["outcome"] == {"end": "aborted", "out": []}
    assert ratings(client, "Ann") == {}
    # a game under way: the creator's close and the players' abort are refused
    table2 = client.post("/api/tables", json=PAIR, headers=ann).json()
    client.post(f"/api/tables/{table2['id']}/join", json={"seat": 1}, headers=bea)
    a, b = Seat(client, table2["id"], ann), Seat(client, table2["id"], bea)
    state = play_until(a, lambda s: s["table"]["to_move"] == 1)
    assert state["table"]["abortable"] is True  # one player has moved
    steps = b.until(lambda s: s["table"]["to_move"] == 1)["table"]["steps"]
    play_until(b, lambda s: s["table"]["steps"] > steps)
    assert b.state["table"]["abortable"] is False
    answer = client.delete(f"/api/tables/{table2['id']}",
                           headers={"authorization": f"Bearer {table2['owner_token']}"})
    assert answer.status_code == 409 and "cannot be closed" in answer.json()["error"]
    b.send(type="abort")
    assert "resign, or propose" in refused(b, "cannot-abort")["message"]
    a.close()
    b.close()
    # an unrated table closes as before, whatever was played
    free = client.post("/api/tables", json={**PAIR, "rated": False}, headers=ann).json()
    assert client.delete(f"/api/tables/{free['id']}", headers={
        "authorization": f"Bearer {free['owner_token']}"}).status_code == 200


# --- resigning ------------------------------------------------------------------------


def test_resigning_is_a_loss_that_counts(rated):
    client = rated
    table, (ann, token), (bea, token1) = pair(client)
    a, b = Seat(client, table["id"], ann, token), Seat(client, table["id"], bea, token1)
    assert a.state["table"]["seats"][1]["rating"] == {"ordinal": 0.0, "provisional": True,
                                                      "counts": True}
    b.send(type="resign")
    end = a.until(lambda s: s["result"], "the resignation")
    assert end["table"]["status"] == "over"
    assert end["table"]["outcome"] == {"end": "resigned",
                                       "out": [{"seat": 1, "why": "resigned"}]}
    assert end["result"]["returns"][0] > end["result"]["returns"][1]
    assert end["ending"]["winners"] == [0] and end["ending"]["marks"] == ["Winner", "Resigned"]
    changes = a.until(lambda s: s["result"]["rating_changes"])["result"]["rating_changes"]
    assert changes[0]["change"] > 0 > changes[1]["change"] and changes[0]["provisional"]
    assert a.state["table"]["seats"][0]["rating"]["ordinal"] == changes[0]["after"]
    a.send(type="move", seat=0, action="roll:1", version=end["version"])
    refused(a, "over")
    b.send(type="resign")
    refused(b, "over")
    a.close()
    b.close()
    assert ratings(client, "Ann")["rat-a-tat-roll"]["won"] == 1
    assert ratings(client, "Bea")["rat-a-tat-roll"]["won"] == 0
    assert client.get(f"/api/tables/{table['id']}/record").status_code == 200
    # read back from storage (a restart, another process): the same end
    client.app.state.rooms.rooms.pop(table["id"])
    again = Seat(client, table["id"], ann, token)
    assert again.state["result"] == a.state["result"]
    assert again.state["ending"] == end["ending"]
    again.close()


def test_a_resigner_in_a_three_player_game_is_played_out_and_ranks_last(rated):
    client = rated
    ann, bea, cy = (sign_up(client, n) for n in ("Ann", "Bea", "Cy"))
    table = client.post("/api/tables", headers=ann, json={
        **PAIR, "players": 3, "seats": ["human"] * 3}).json()
    tokens = [table["seats"][0]["token"]]
    for seat, who in ((1, bea), (2, cy)):
        tokens.append(client.post(f"/api/tables/{table['id']}/join", json={"seat": seat},
                                  headers=who).json()["token"])
    everyone = Seat(client, table["id"], ann, tokens[0])
    everyone.send(type="hello", tokens=tokens)
    everyone.next()
    everyone.send(type="resign", seat=2)
    state = everyone.until(lambda s: s["table"]["seats"][2]["out"] == "resigned")
    assert state["table"]["status"] == "playing" and not state["result"]
    end = play_until(everyone, lambda s: s["result"])  # the stand-in plays seat 2
    returns = end["result"]["returns"]
    assert returns[2] < min(returns[:2])
    assert end["ending"]["marks"][2] == "Resigned"
    everyone.close()
    assert ratings(client, "Cy")["rat-a-tat-roll"]["mu"] < 25


def test_resigning_takes_the_whole_team_out():
    # Rat & Duck: teammates win and lose together, so a seat resigns for its side
    game = ratking.make("rat-and-duck")
    state = game.new_game(4, seed=3)
    teams = teams_of(state)
    outcome = leave(None, 0, "resigned", teams)
    assert outcome["end"] == "resigned"  # two sides: the other is left alone
    returns = final_returns(state, outcome)
    assert [r > 0 for r in returns] == [t != teams[0] for t in teams]


# --- a vote to end ---------------------------------------------------------------------


def test_a_vote_of_everyone_ends_the_game_with_no_result(rated):
    client = rated
    table, (ann, token), (bea, token1) = pair(client)
    a, b = Seat(client, table["id"], ann, token), Seat(client, table["id"], bea, token1)
    b.send(type="vote-end", accept=True)
    refused(b, "no-vote")
    a.send(type="propose-end")
    proposal = b.until(lambda s: s["table"]["proposal"])["table"]["proposal"]
    assert proposal["by"] == 0 and proposal["yes"] == [0]
    a.send(type="propose-end")
    refused(a, "vote-open")
    b.send(type="vote-end", accept=True)
    end = a.until(lambda s: s["result"], "the vote")
    assert end["table"]["outcome"]["end"] == "agreed" and end["ending"]["winners"] == []
    assert "no rating changes" in end["ending"]["headline"]
    assert end["result"]["rating_changes"] is None
    a.close()
    b.close()
    assert ratings(client, "Ann") == {} and ratings(client, "Bea") == {}


def test_a_vote_refused_or_expired_ends_nothing(db_url):
    with app_for(db_url, rated_account_window=0, vote_seconds=1) as client:
        table, (ann, token), (bea, token1) = pair(client)
        a, b = Seat(client, table["id"], ann, token), Seat(client, table["id"], bea, token1)
        a.send(type="propose-end")
        b.until(lambda s: s["table"]["proposal"])
        b.send(type="vote-end", accept=False)
        declined = a.until(lambda s: (s["table"]["proposal"] or {}).get("declined") == 1)
        assert declined["table"]["status"] == "playing"
        a.until(lambda s: s["table"]["proposal"] is None, "the proposal to expire")
        a.send(type="propose-end")  # once it expired, a new one may be made
        b.until(lambda s: s["table"]["proposal"] and "declined" not in s["table"]["proposal"])
        time.sleep(1.2)
        b.send(type="vote-end", accept=True)  # too late
        refused(b, "no-vote")
        assert b.state["table"]["status"] == "playing"
        a.close()
        b.close()


# --- leaving and timing out -----------------------------------------------------------


def test_the_others_claim_the_win_from_a_person_who_left(rated):
    client = rated
    table, _ann, (bea, token1) = pair(client)  # Ann, to move, never comes
    b = Seat(client, table["id"], bea, token1)
    assert b.state["table"]["to_move"] == 0
    b.send(type="claim")
    assert refused(b, "no-claim")
    claim = b.until(lambda s: s["table"]["claim"], "the wait")["table"]["claim"]
    assert claim == {"seat": 0, "why": "left"}
    b.send(type="claim")
    end = b.until(lambda s: s["result"])
    assert end["ending"]["winners"] == [1] and end["table"]["outcome"]["end"] == "claimed"
    b.close()
    assert ratings(client, "Bea")["rat-a-tat-roll"]["won"] == 1
    assert ratings(client, "Ann")["rat-a-tat-roll"]["won"] == 0


def test_a_person_out_of_time_at_a_rated_table_is_not_played_by_the_stand_in(rated):
    client = rated
    table, (ann, token), (bea, token1) = pair(client, body={**PAIR, "turn_timer": 5})
    a, b = Seat(client, table["id"], ann, token), Seat(client, table["id"], bea, token1)
    state = b.until(lambda s: s["table"]["claim"], "Ann's time to run out")
    assert state["table"]["claim"] == {"seat": 0, "why": "timed out"}
    assert state["table"]["steps"] == 0  # nobody moved for her
    b.send(type="claim")
    end = a.until(lambda s: s["result"])
    assert end["result"]["returns"][1] > end["result"]["returns"][0]
    assert end["ending"]["marks"][0] == "Lost: ran out of time"
    a.close()
    b.close()


# --- at once ------------------------------------------------------------------------------


def test_two_players_resigning_at_once_give_one_result(rated):
    client = rated
    table, (ann, token), (bea, token1) = pair(client)
    a, b = Seat(client, table["id"], ann, token), Seat(client, table["id"], bea, token1)
    a.send(type="resign")
    b.send(type="resign")
    end = a.until(lambda s: s["result"])
    b.until(lambda s: s["result"])
    assert len(end["table"]["outcome"]["out"]) == 1  # the first; the second was refused
    a.close()
    b.close()
    games = [ratings(client, n)["rat-a-tat-roll"] for n in ("Ann", "Bea")]
    assert [g["games"] for g in games] == [1, 1] and sum(g["won"] for g in games) == 1


def test_two_processes_finishing_one_table_at_once_write_one_outcome(postgres):
    # two storages on one PostgreSQL, as two server processes have: each takes a seat out at
    # once, and the row's lock lets one of them end the game
    first, second = Storage(postgres), Storage(postgres)
    try:
        stamp = now()
        first.create(TableRow(
            id="race", game="rat-a-tat-roll", rules={}, players=2, seed=5,
            names=["Ann", "Bea"], seats=[{"kind": "human", "token": None, "claimed": True}] * 2,
            bot_delay=0, turn_timer=None, status="playing", created_at=stamp,
            updated_at=stamp, rated=True))
        teams = [0, 1]
        barrier = threading.Barrier(4)
        results = []

        def finish(storage, seat, why):
            def change(row):
                if row["status"] != "playing":
                    return None
                outcome = leave(row["outcome"], seat, why, teams)
                return {"outcome": outcome, "status": "over", "version": row["version"] + 1}

            barrier.wait()
            results.append(storage.settle("race", change)[1])

        threads = [threading.Thread(target=finish, args=job) for job in (
            (first, 0, "resigned"), (second, 1, "resigned"), (first, 1, "left"),
            (second, 0, "timed out"))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(results) == [False, False, False, True]
        row = first.row("race")
        assert row.status == "over" and len(row.outcome["out"]) == 1 and row.version == 1
    finally:
        first.close()
        second.close()


# --- accounts and provisional ratings -------------------------------------------------------


def test_one_rated_account_per_address_and_provisional_ratings(db_url):
    with app_for(db_url, provisional_games=2) as client:
        first = client.post("/api/accounts", json={"name": "Ann", "password": "correct horse"})
        second = client.post("/api/accounts", json={"name": "Bea", "password": "correct horse"})
        client.cookies.clear()
        assert first.json()["rated"] is True
        assert second.json()["rated"] is False and "only the first" in \
            second.json()["unrated_because"]
        storage = client.app.state.rooms.storage
        assert [storage.people.create_account(n, n.lower(), look_alike(n), "x", "elsewhere",
                                              86400).counts for n in ("Cy", "Dot")] \
            == [True, False]
        # a table between two accounts made after Ann from her address is not rated
        table, (ann, token), _fay = pair(client, names=("Eve", "Fay"))
        a = Seat(client, table["id"], ann, token)
        assert a.state["table"]["seats"][1]["rating"]["counts"] is False
        assert "only the first account" in a.state["table"]["unrated_because"]
        a.send(type="resign")
        a.until(lambda s: s["result"])
        a.close()
        assert ratings(client, "Eve") == {} and ratings(client, "Fay") == {}


def test_a_rating_is_provisional_for_its_first_games(db_url):
    with app_for(db_url, rated_account_window=0, provisional_games=1) as client:
        table, (ann, token), _bea = pair(client)
        a = Seat(client, table["id"], ann, token)
        a.send(type="resign")
        end = a.until(lambda s: s["result"] and s["result"]["rating_changes"])
        a.close()
        assert end["result"]["rating_changes"][0]["provisional"] is False
        board = client.get("/api/leaderboard/rat-a-tat-roll").json()["players"]
        assert [(p["name"], p["provisional"]) for p in board] == [("Bea", False),
                                                                 ("Ann", False)]
        assert board[0]["ordinal"] > board[1]["ordinal"]


def test_a_resignation_reaches_every_process(postgres):
    import json

    import httpx
    from websockets.sync.client import connect

    from ratking.server.lobby.accounts import COOKIE

    from .conftest import Server, free_port, full_message

    def socket(server, table_id, client):
        return connect(f"{server.ws}/ws/tables/{table_id}", max_size=None,
                       additional_headers={"cookie": f"{COOKIE}={client.cookies[COOKIE]}"})

    def until(ws, test):
        for _ in waiting(GAME_WAIT, "the table to change"):
            message = full_message(ws, json.loads(ws.recv(timeout=30)))
            if message["type"] == "state" and test(message):
                return message

    fast = {"lease_seconds": 3, "maintenance_every": 0.3, "rated_account_window": 0}
    with Server(postgres, free_port(), **fast) as a, Server(postgres, free_port(), **fast) as b:
        ann = httpx.Client(base_url=a.url, timeout=30)
        bea = httpx.Client(base_url=b.url, timeout=30)
        for client, name in ((ann, "Ann"), (bea, "Bea")):
            assert client.post("/api/accounts", json={"name": name,
                                                      "password": "correct horse"}).is_success
        table = ann.post("/api/tables", json=PAIR).json()["id"]
        assert bea.post(f"/api/tables/{table}/join", json={"seat": 1}).is_success
        with socket(a, table, ann) as on_a, socket(b, table, bea) as on_b:
            for ws in (on_a, on_b):
                ws.send(json.dumps({"type": "hello", "tokens": []}))
            until(on_a, lambda m: m["you"] == [0])
            until(on_b, lambda m: m["you"] == [1])
            on_b.send(json.dumps({"type": "resign"}))
            # the process that did not write it hears of it: the end, then the changes
            end = until(on_a, lambda m: m["result"] and m["result"]["rating_changes"])
        assert end["table"]["outcome"]["end"] == "resigned"
        assert end["ending"]["marks"] == ["Winner", "Resigned"]
        assert end["result"]["rating_changes"][0]["change"] > 0
        assert end["table"]["seats"][0]["rating"]["ordinal"] > 0
        a.check()
        b.check()
