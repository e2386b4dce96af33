"""Turn-based tables, on SQLite and PostgreSQL: a bank of hours or days per turn, the
stand-in moving when it runs out, the table kept until it ends, the "Your turn" list, and
one mail a turn to a real SMTP server (aiosmtpd) started here, with its unsubscribe link."""

import email
import time
from datetime import timedelta

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient
from sqlalchemy import select

from ratking.server import create_app
from ratking.server.rooms.turnmail import turn_started
from ratking.server.storage.people import TurnMailRow
from ratking.server.storage.tables import now

from .conftest import free_port, receive_state, sign_up, waiting


class Inbox:
    """aiosmtpd's handler: every mail received, parsed."""

    def __init__(self) -> None:
        self.mails: list[email.message.Message] = []

    async def handle_DATA(self, server, session, envelope):
        self.mails.append(email.message_from_bytes(envelope.content))
        return "250 OK"

    def to(self, address: str) -> list:
        return [m for m in self.mails if m["To"] == address]


@pytest.fixture
def mailing(db_url):
    """The web app (SQLite, then PostgreSQL) with SMTP settings pointing at a local aiosmtpd
    server; yields the test client and the inbox."""
    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=free_port())
    smtp.start()
    app = create_app(db_url, bot_delay=0, botonly_min_delay=0, smtp_host="127.0.0.1",
                     smtp_port=smtp.port, smtp_from="tables@play.example",
                     public_url="https://play.example")
    try:
        with TestClient(app) as client:
            yield client, inbox
    finally:
        smtp.stop()


def turn_table(client, ann, bea):
    body = {"game": "rat-a-tat-roll", "players": 2, "seats": ["human", "human"],
            "joinable": True, "turn_bank": 3600}
    table = client.post("/api/tables", json=body, headers=ann).json()
    assert client.post(f"/api/tables/{table['id']}/join", json={"seat": 1},
                       headers=bea).status_code == 200
    return table


def play_turn(client, table, who, seat):
    """Make `seat`'s moves (first legal ones) until the turn passes to the other seat."""
    with client.websocket_connect(f"/ws/tables/{table['id']}", headers=who) as ws:
        receive_state(ws)
        ws.send_json({"type": "hello", "tokens": []})
        state = receive_state(ws)
        moved = False
        for _ in waiting(30, "the turn to pass"):
            if state.get("result") or (moved and state["table"]["to_move"] != seat):
                return state
            if state["actions"] and state["table"]["to_move"] == seat:
                ws.send_json({"type": "move", "seat": seat, "version": state["version"],
                              "action": state["actions"][0]["id"]})
                moved = True
            state = receive_state(ws)


def wait_mails(inbox, address, count, seconds=10):
    for _ in waiting(seconds, f"{count} mail(s) to {address}"):
        if len(inbox.to(address)) >= count:
            return inbox.to(address)
        time.sleep(0.1)


def confirm(client, inbox, who, address):
    """Ask for turn mails at `address` and open the link the confirmation mail brings."""
    answer = client.put("/api/me/email", json={"email": address}, headers=who)
    assert answer.status_code == 200
    assert answer.json()["email_pending"] == address
    [mail] = [m for m in wait_mails(inbox, address, 1) if m["Subject"].startswith("Confirm")]
    link = next(word for word in mail.get_payload().split() if "/confirm/" in word)
    assert client.get(link.removeprefix("https://play.example")).status_code == 200
    me = client.get("/api/me", headers=who).json()
    assert (me["email"], me["email_pending"]) == (address, None)
    inbox.mails.remove(mail)


def test_turn_mails_go_to_confirmed_addresses_of_people_not_at_the_table(mailing):
    client, inbox = mailing
    ann, bea = sign_up(client, "Ann"), sign_up(client, "Bea")
    # Ann's address is never confirmed; Bea's is, but she is at the table
    assert client.put("/api/me/email", json={"email": "ann@mail.example"},
                      headers=ann).json() == {"email": None,
                                              "email_pending": "ann@mail.example"}
    assert client.get("/confirm/not-a-key").status_code == 404
    confirm(client, inbox, bea, "bea@mail.example")
    table = turn_table(client, ann, bea)
    storage = client.app.state.rooms.storage
    with client.websocket_connect(f"/ws/tables/{table['id']}", headers=bea) as here, \
            client.websocket_connect(f"/ws/tables/{table['id']}", headers=ann) as there:
        for ws in (here, there):
            receive_state(ws)
            ws.send_json({"type": "hello", "tokens": []})
        for _turn in range(4):  # each plays two turns, both at the table
            seat = client.get(f"/api/tables/{table['id']}").json()["to_move"]
            if seat is None:
                break
            play_turn(client, table, (ann, bea)[seat], seat)
        time.sleep(1)
    assert [m["Subject"] for m in inbox.mails] == ["Confirm your address for ratking"]  # Ann's
    with storage.engine.connect() as conn:
        assert conn.execute(select(TurnMailRow)).all() == []


def test_a_turn_is_told_once_by_mail_and_the_stand_in_moves_when_the_bank_runs_out(mailing):
    client, inbox = mailing
    ann, bea = sign_up(client, "Ann"), sign_up(client, "Bea")
    for who, address in ((ann, "ann@mail.example"), (bea, "bea@mail.example")):
        confirm(client, inbox, who, address)
    assert client.put("/api/me/email", json={"email": "not an address"},
                      headers=ann).status_code == 422
    table = turn_table(client, ann, bea)
    info = client.get(f"/api/tables/{table['id']}").json()
    assert info["turn_bank"] == 3600 and info["turn_ends"] is not None
    first = info["to_move"]
    people = {0: (ann, "ann@mail.example"), 1: (bea, "bea@mail.example")}
    mover, other = people[first], people[1 - first]
    mine = {t["id"]: t for t in client.get("/api/me", headers=mover[0]).json()["tables"]}
    assert mine[table["id"]]["your_turn"]
    assert not client.get("/api/me", headers=other[0]).json()["tables"][0]["your_turn"]
    play_turn(client, table, mover[0], first)
    [mail] = wait_mails(inbox, other[1], 1)
    assert mail["Subject"] == "Your turn at Rat-a-Tat Roll"
    body = mail.get_payload()
    assert f"https://play.example/t/{table['id']}" in body
    assert "https://play.example/unsubscribe/" in mail["List-Unsubscribe"]
    # the same turn seen again (another process, say) sends nothing more
    room = client.app.state.rooms.rooms[table["id"]]
    version = room.version
    client.portal.call(turn_started, room, 1 - first, version)
    time.sleep(0.5)
    assert len(inbox.to(other[1])) == 1
    # the other person does not come: their bank runs out (an hour, moved back here) and
    # the stand-in moves for them, until the turn comes back
    def age():
        room.turn_began = now() - timedelta(seconds=3601)
        room.schedule()

    client.portal.call(lambda: _sync(age))
    for _ in waiting(30, "the stand-in's move"):
        stored = client.app.state.rooms.storage.load(table["id"])
        if any(by == "timer" for _seat, by in stored.made_for.values()):
            break
        time.sleep(0.2)
    wait_mails(inbox, mover[1], 1)  # the turn came back to the first mover: told by mail
    # unsubscribed: no more mails
    link = mail["List-Unsubscribe"].strip("<>").removeprefix("https://play.example")
    assert client.get(link).status_code == 200
    assert client.get("/api/me", headers=other[0]).json()["email"] is None
    assert client.get(link).status_code == 200  # clicked twice: still fine
    assert client.get("/unsubscribe/not-a-key").status_code == 404
    # kept until it ends: never archived, however long nobody moves
    storage = client.app.state.rooms.storage
    assert table["id"] not in storage.archive_stale(now() + timedelta(days=30))


async def _sync(work):
    work()


def test_a_turn_bank_is_one_hour_to_seven_days(mailing):
    client, _inbox = mailing
    body = {"game": "rat-a-tat-roll", "players": 2, "seats": ["human", "bot"]}
    for bank, status in ((3599, 422), (7 * 86400 + 1, 422), (3600, 201), (7 * 86400, 201)):
        assert client.post("/api/tables", json={**body, "turn_bank": bank}).status_code \
            == status
    both = client.post("/api/tables", json={**body, "turn_bank": 3600, "turn_timer": 60})
    assert both.status_code == 400


def test_a_turns_deadline_is_stored_and_an_undo_does_not_move_it(tmp_path):
    """# issue 45: a turn-based table's deadline is stored with the move that began the
    turn; moves within the turn and an undo change it neither live nor after a restart."""
    url = f"sqlite:///{tmp_path / 'turns.db'}"
    with TestClient(create_app(url, bot_delay=0)) as client:
        table = client.post("/api/tables", json={
            "game": "rat-and-duck", "players": 2, "seats": ["human", "human"],
            "turn_bank": 3600}).json()
        tokens = [s["token"] for s in table["seats"]]
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            ws.send_json({"type": "hello", "tokens": tokens})
            state = receive_state(ws)
            while state["you"] != [0, 1]:
                state = receive_state(ws)
            ends = state["table"]["turn_ends"]
            for _ in waiting(30, "a move that can be taken back"):
                if state["can_undo"]:
                    break
                turn = state["table"]["to_move"]
                ws.send_json({"type": "move", "seat": state["seat"], "version": state["version"],
                              "action": state["actions"][0]["id"]})
                state = receive_state(ws)
                if state["table"]["to_move"] != turn:  # a new turn: its own deadline
                    ends = state["table"]["turn_ends"]
            assert state["table"]["turn_ends"] == ends  # moves within the turn keep it
            time.sleep(0.05)  # the undo's time differs from the turn's start
            ws.send_json({"type": "undo", "version": state["version"]})
            for _ in waiting(15, "the undo"):
                state = receive_state(ws)
                if state["type"] == "state" and "took back" in state["log"][-1]:
                    break
            assert state["table"]["turn_ends"] == ends
    with TestClient(create_app(url, bot_delay=0)) as client:  # read back from storage
        assert client.get(f"/api/tables/{table['id']}").json()["turn_ends"] == ends
