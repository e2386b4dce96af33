"""Names for everyone: the filter (names.py, shared with chat), a guest's name given as they
create a table, take a seat or say hello, shown in the seat list, the log, the chat and the
end screen of everyone at the table; bots keep theirs, marked by their kind."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratking.server.names import MAX_NAME, BadName, check_name, clean_text, unsafe
from ratking.server.rooms import chat

from .conftest import expect, new_table, receive_state
from .test_lobby import finish
from .test_socket import join

HIDDEN = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068",
          "\u2069", "\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\ufeff", "\U000e0001",
          "\U000e0041", "\U000e007f", "\x00", "\x1b", "\x7f", "\u2028", "\u2029", "\u00ad",
          "\u2060", "\u3164", "\u115f"]


@pytest.mark.parametrize("char", HIDDEN)
def test_a_name_with_a_hidden_or_direction_changing_character_is_refused(char):
    with pytest.raises(BadName, match=f"U\\+{ord(char):04X}"):
        check_name(f"Ann{char}a")


@pytest.mark.parametrize("char", HIDDEN)
def test_chat_drops_the_same_characters(char):
    assert chat.clean(f"hi{char} there") == "hi there"
    assert char not in chat.clean(f"a{char}b")


def test_names_are_trimmed_and_between_1_and_24_characters():
    assert check_name("  Ann   Lee ") == "Ann Lee"
    assert check_name("é" * MAX_NAME) == "é" * MAX_NAME
    assert check_name("Zoë 🐀") == "Zoë 🐀"
    for bad in ("", "   ", "x" * (MAX_NAME + 1), None, 7):
        with pytest.raises(BadName):
            check_name(bad)


@given(st.text(max_size=40))
def test_a_checked_name_is_safe_and_stable(text):
    try:
        name = check_name(text)
    except BadName:
        return
    assert 1 <= len(name) <= MAX_NAME and name == name.strip()
    assert not any(unsafe(c) for c in name)
    assert check_name(name) == name
    assert clean_text(name) == name


@given(st.text(max_size=300))
def test_clean_text_never_keeps_an_unsafe_character(text):
    out = clean_text(text)
    assert not any(unsafe(c) for c in out) and out == out.strip()


def test_a_guest_names_their_seat_and_everyone_sees_it(client):
    table = new_table(client, seats=("human", "human", "bot"), name="Ann")
    guest = table["seats"][1]["token"]
    assert [s["name"] for s in table["seats"]][:2] == ["Ann", "Player 2"]
    with join(client, table, [table["seats"][0]["token"]]) as (ann, _first), \
            client.websocket_connect(f"/ws/tables/{table['id']}") as bob:
        receive_state(bob)
        bob.send_json({"type": "hello", "tokens": [guest], "name": " Bob\u00a0 B "})
        state = receive_state(bob)
        assert [s["name"] for s in state["table"]["seats"]][:2] == ["Ann", "Bob B"]
        for _ in range(10):  # Ann is told too
            seen = receive_state(ann)
            if seen["table"]["seats"][1]["name"] == "Bob B":
                break
        else:
            pytest.fail("the other seat never saw the name")
        bot = state["table"]["seats"][2]
        assert bot["kind"] != "human" and bot["name"]  # a bot keeps its name and kind
        bob.send_json({"type": "chat", "text": "hello"})
        assert expect(bob, "chat")["lines"][0]["name"] == "Bob B"
    info = client.get(f"/api/tables/{table['id']}").json()
    assert [s["name"] for s in info["seats"]][:2] == ["Ann", "Bob B"]
    listed = {t["id"]: t for t in client.get("/api/tables").json()["tables"]}
    assert [s["name"] for s in listed[table["id"]]["seats"]][:2] == ["Ann", "Bob B"]
    end = finish(client, table)
    assert end["result"]["names"][:2] == ["Ann", "Bob B"]
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert record["names"][:2] == ["Ann", "Bob B"]
    assert any("Bob B" in line for line in end["log"])


def test_a_name_given_once_stays_with_the_seat(client):
    table = new_table(client, seats=("human", "human"), name="Ann")
    token = table["seats"][1]["token"]
    with join(client, table, [token]):
        pass
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        receive_state(ws)
        ws.send_json({"type": "hello", "tokens": [token], "name": "Bob"})
        receive_state(ws)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        receive_state(ws)
        ws.send_json({"type": "hello", "tokens": [token], "name": "Mallory"})
        state = receive_state(ws)
    # the seat was taken without a name: the invitee names it later (the table page asks
    # them), once; a later hello does not rename it
    assert state["table"]["seats"][1]["name"] == "Bob"


def test_bad_names_are_refused_and_change_nothing(client):
    body = {"game": "rat-a-tat-roll", "players": 2, "seats": ["human", "bot"]}
    for bad in ("a\u202eb", "", "x" * 25, "t\U000e0041"):
        answer = client.post("/api/tables", json={**body, "name": bad})
        assert answer.status_code == 400 and "name" in answer.json()["error"]
        answer = client.post("/api/tables", json={**body, "names": [bad, "Bot"]})
        assert answer.status_code == 400
    assert client.get("/api/tables").json()["tables"] == []
    table = new_table(client, seats=("human", "human"), joinable=True)
    answer = client.post(f"/api/tables/{table['id']}/join", json={"seat": 1, "name": "\u2066x"})
    assert answer.status_code == 422
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        receive_state(ws)
        ws.send_json({"type": "hello", "tokens": [table["seats"][1]["token"]],
                      "name": "evil\u202e"})
        assert receive_state(ws)["code"] == "bad-name"
        assert receive_state(ws)["table"]["seats"][1]["name"] == "Player 2"


def test_a_guest_taking_an_open_seat_gives_their_name(client):
    table = new_table(client, seats=("human", "human"), joinable=True, name="Ann")
    answer = client.post(f"/api/tables/{table['id']}/join", json={"seat": 1, "name": "Cleo"})
    assert answer.status_code == 200
    seats = client.get(f"/api/tables/{table['id']}").json()["seats"]
    assert [s["name"] for s in seats] == ["Ann", "Cleo"]
