"""Quick match ("Play now"), on SQLite and PostgreSQL: seated at the oldest open table that
fits or a new one, listed; it starts when full, or its open seats go to bots after the wait
its creator chose; people pressing at once sit at one table (also two processes)."""

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime

from starlette.testclient import TestClient

from ratking.server.lobby import quickmatch
from ratking.server.lobby.quickmatch import fill, seat_or_open
from ratking.server.storage.tables import Limits, Storage
from ratking.server.web.app import create_app

from .conftest import MESSAGE_WAIT, expect, receive, receive_state, sign_up, waiting

PLAY = {"game": "rat-a-tat-roll", "players": 2}


def press(client, who=None, keep=False, **body):
    """Press Play now; a guest (no `who`) is a new one each time unless it `keep`s the
    cookie it was given."""
    answer = client.post("/api/quickmatch", json={**PLAY, **body}, headers=who or {})
    assert answer.status_code == 200, answer.text
    if not keep:
        client.cookies.clear()
    return answer.json()


def test_people_who_press_play_now_sit_at_one_table(app_client):
    client = app_client
    ann, bea, cid = sign_up(client, "Ann"), sign_up(client, "Bea"), sign_up(client, "Cid")
    first = press(client, ann)
    assert first["created"] and first["seat"] == 0 and first["table"]["waiting"]
    listed = {t["id"]: t for t in client.get("/api/tables").json()["tables"]}
    assert listed[first["id"]]["quick"] and listed[first["id"]]["rated"]
    assert press(client, ann)["id"] == first["id"]  # pressed again: the same seat
    second = press(client, bea)
    assert (second["id"], second["seat"], second["created"]) == (first["id"], 1, False)
    info = client.get(f"/api/tables/{first['id']}").json()
    assert not info["waiting"] and [s["name"] for s in info["seats"]] == ["Ann", "Bea"]
    for who in (ann, bea):  # each has the table among theirs
        assert [t["id"] for t in client.get("/api/me", headers=who).json()["tables"]] \
            == [first["id"]]
    third = press(client, cid)  # full: a new table
    assert third["created"] and third["id"] != first["id"]
    # a guest with a name and the token follows the link like any invitee
    guest = press(client, name="Dot")
    assert guest["id"] == third["id"] and guest["token"]
    with client.websocket_connect(f"/ws/tables/{guest['id']}") as ws:
        receive_state(ws)
        ws.send_json({"type": "hello", "tokens": [guest["token"]]})
        state = receive_state(ws)
        assert state["you"] == [1] and state["table"]["seats"][1]["name"] == "Dot"


def test_a_guest_pressing_again_is_given_its_seat_again_never_a_second(app_client):
    client = app_client
    first = press(client, name="Dot", keep=True)
    again = press(client, name="Dot", keep=True)
    assert (again["id"], again["seat"], again["created"]) == (first["id"], 0, False)
    assert client.get(f"/api/tables/{first['id']}").json()["waiting"]  # nobody else sat
    with client.websocket_connect(f"/ws/tables/{first['id']}") as ws:  # the new token holds
        receive_state(ws)
        ws.send_json({"type": "hello", "tokens": [first["token"]]})
        assert expect(ws, "error")["code"] == "bad-token"
        assert receive_state(ws)["you"] == []
        ws.send_json({"type": "hello", "tokens": [again["token"]]})
        assert receive_state(ws)["you"] == [0]
    client.cookies.clear()  # another guest (one with a cookie of its own) sits against Dot
    other = press(client, {"cookie": "ratking_guest=eve"}, name="Eve")
    assert (other["id"], other["seat"]) == (first["id"], 1)


def test_cookie_less_presses_from_one_address_at_once_are_one_clients(db_url):
    # pairs of presses at once with no cookie, each pair from an address of its own: each
    # pair is one client (a double click, a script pressing twice), given one seat, never
    # two against each other; the pairs sit with each other
    app = create_app(db_url, bot_delay=0, forwarded_allow_ips="testclient",
                     create_per_minute=1000)
    pairs = 12
    with TestClient(app) as client:
        def go(i):
            headers = {"x-forwarded-for": f"10.2.0.{i // 2 + 1}", "cookie": "seen=1"}
            answer = client.post("/api/quickmatch", json={**PLAY, "name": f"P{i // 2}"},
                                 headers=headers)
            assert answer.status_code == 200, answer.text
            return i // 2, answer.json()

        with ThreadPoolExecutor(2 * pairs) as pool:
            answers = list(pool.map(go, range(2 * pairs)))
        seats = {}
        for pair, answer in answers:
            seats.setdefault(pair, set()).add((answer["id"], answer["seat"]))
        assert all(len(held) == 1 for held in seats.values()), seats
        # every table's seats are held by different pairs
        by_table = {}
        for pair, held in seats.items():
            (table, seat), = held
            by_table.setdefault(table, {})[seat] = pair
        assert sum(len(s) for s in by_table.values()) == pairs
        for table, held in by_table.items():
            info = client.get(f"/api/tables/{table}").json()
            names = [s["name"] for s in info["seats"] if s.get("claimed")]
            assert len(names) == len(set(names)) == len(held), info["seats"]
        # the later of a pair's two tokens holds the seat
        pair_tokens = {}
        for pair, answer in answers:
            pair_tokens.setdefault(pair, []).append(answer["token"])
        table, seat = next(iter(seats[0]))
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            receive_state(ws)
            ws.send_json({"type": "hello", "tokens": pair_tokens[0]})
            for _ in waiting(MESSAGE_WAIT, "the pair's seat"):
                message = receive(ws)
                if message["type"] == "state" and message["you"]:
                    break
            assert message["you"] == [seat]


def test_cookie_less_presses_from_one_address_apart_may_play_each_other(db_url, monkeypatch):
    # past TWINS seconds, or asking for another name, two cookie-less presses from one
    # address are two people
    app = create_app(db_url, bot_delay=0)
    clock = [1000.0]
    monkeypatch.setattr(quickmatch, "now", lambda: datetime.fromtimestamp(clock[0], UTC))
    with TestClient(app) as client:
        first = press(client, name="Dot")
        clock[0] += quickmatch.TWINS - 1
        again = press(client, name="Dot")
        assert (again["id"], again["seat"]) == (first["id"], 0)
        assert client.get(f"/api/tables/{first['id']}").json()["waiting"]
        clock[0] += 2  # from the first press, more than TWINS: another person (a new table,
        other = press(client, name="Dot")  # as no guest sits with a look-alike)
        assert other["created"] and other["id"] != first["id"]
        eve = press(client, name="Eve")  # asking differently: another person, at once
        assert (eve["id"], eve["seat"]) == (first["id"], 1)


def test_a_guests_presses_at_once_give_it_one_seat(app_client):
    client = app_client
    press(client, name="Dot", keep=True, game="rat-and-duck", players=None)  # its cookie
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda _i: press(client, name="Dot", keep=True), range(4)))
    assert {(a["id"], a["seat"]) for a in answers} == {(answers[0]["id"], 0)}


def test_the_oldest_open_table_that_fits_comes_first_and_any_count_fits(app_client):
    client = app_client
    three = press(client, name="A", players=3)
    four = press(client, name="B", players=4)
    assert three["id"] != four["id"]
    assert press(client, name="C", players=4)["id"] == four["id"]
    assert press(client, name="D", players=None)["id"] == three["id"]  # oldest, any count
    other = press(client, name="E", game="rat-and-duck", players=None)
    assert other["created"] and other["table"]["players"] == 2


def test_a_waiting_table_refuses_moves_until_full(app_client):
    client = app_client
    ann, bea = sign_up(client, "Ann"), sign_up(client, "Bea")
    table = press(client, ann)
    url = f"/ws/tables/{table['id']}"
    with client.websocket_connect(url, headers=ann) as ws:
        receive_state(ws)
        ws.send_json({"type": "hello", "tokens": []})
        state = receive_state(ws)
        assert state["table"]["waiting"]
        if state["table"]["to_move"] == 0:
            ws.send_json({"type": "move", "seat": 0, "action": state["actions"][0]["id"],
                          "version": state["version"]})
            assert receive_state(ws)["code"] == "waiting"
        press(client, bea)
        for _ in range(10):
            state = receive_state(ws)
            if state["type"] == "state" and not state["table"]["waiting"]:
                break
        assert not state["table"]["waiting"]


def test_open_seats_go_to_bots_after_the_chosen_wait(app_client):
    client = app_client
    ann = sign_up(client, "Ann")
    table = press(client, ann, players=3, bots_after=5, bot_level="random")
    rooms = client.app.state.rooms
    client.portal.call(fill, rooms)
    assert client.get(f"/api/tables/{table['id']}").json()["waiting"]  # not yet
    time.sleep(5.2)
    client.portal.call(fill, rooms)
    info = client.get(f"/api/tables/{table['id']}").json()
    assert not info["waiting"]
    assert [s["kind"] for s in info["seats"]] == ["human", "random", "random"]
    names = [s["name"] for s in info["seats"]]
    assert names[0] == "Ann" and len(set(names)) == 3 and not names[1].startswith("Player")
    client.portal.call(fill, rooms)  # once
    # a new player presses: the filled table no longer fits
    assert press(client, name="Bo", players=3)["id"] != table["id"]
    refused = client.post("/api/quickmatch", json={**PLAY, "bot_level": "nonsense",
                                                   "bots_after": 30})
    assert refused.status_code == 400
    assert client.post("/api/quickmatch", json={**PLAY, "players": 9}).status_code == 400


def test_play_now_holds_bot_level_to_the_budget_of_api_tables(app_client):
    client = app_client
    over = "ismcts:iters=1000000000"
    table = client.post("/api/tables", json={"game": "rat-a-tat-roll", "players": 2,
                                              "seats": ["human", over]})
    assert table.status_code == 422
    refused = client.post("/api/quickmatch", json={**PLAY, "bot_level": over,
                                                   "bots_after": 30})
    assert refused.status_code == 422 and "bot_level" in refused.json()["error"]
    assert client.get("/api/tables").json()["tables"] == []  # nothing stored
    assert press(client, name="Bo", bot_level="hard", bots_after=30)["created"]


def test_presses_at_the_same_moment_on_two_processes_sit_at_one_table(postgres):
    # two storages on one PostgreSQL, as two server processes have, and eight presses at
    # once for two-seat tables: four full tables, no person alone
    storages = [Storage(postgres), Storage(postgres)]
    try:
        from ratking.server.rooms import Rooms

        builder = Rooms(storages[0])
        seated = []
        barrier = threading.Barrier(8)

        def go(i):
            row, _t, _o = builder.build("rat-a-tat-roll", 2, ["human", "human"], {}, None,
                                        None, None, f"c{i}", rated=True)
            row.quick = True
            barrier.wait()
            seated.append(seat_or_open(storages[i % 2], "rat-a-tat-roll", 2,
                                       {"token": f"t{i}", "name": f"P{i}"}, row,
                                       Limits(f"c{i}", 30, 200, 2000)))

        threads = [threading.Thread(target=go, args=(i,)) for i in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        tables = {}
        for s in seated:
            tables.setdefault(s.table_id, []).append(s.seat)
        assert len(tables) == 4 and all(sorted(v) == [0, 1] for v in tables.values())
        builder.workers.close()
    finally:
        for s in storages:
            s.close()
