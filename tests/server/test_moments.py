"""The board at a past moment of a live table (`GET /api/tables/<id>/moment/<step>`): as the
seat asked for saw it then, only for a caller holding that seat (its token or account), else a
spectator's; read-only (no actions); its log's lines each know the step they lead to."""

from __future__ import annotations

from .conftest import new_table, receive_state, sign_up
from .test_socket import join


def moved(client, table, token, moves: int) -> tuple[int, dict, list[str]]:
    """Play seat 0's first legal action `moves` times (bots answer at once): the version,
    and the view and log seat 0 was sent last."""
    with join(client, table, [token]) as (ws, state):
        for _ in range(moves):
            while not state["actions"] and state.get("result") is None:
                state = receive_state(ws)
            if state.get("result") is not None:
                break
            ws.send_json({"type": "move", "seat": 0, "action": state["actions"][0]["id"],
                          "version": state["version"]})
            state = receive_state(ws)
        while state["actions"] == [] and state.get("result") is None:
            state = receive_state(ws)  # the bots' moves: until seat 0 is asked again
        return state["version"], state["view"], state["log"]


def test_a_seat_sees_its_own_past_board_and_nobody_else_does(client):
    table = new_table(client, seats=("human", "bot", "bot"))
    token = table["seats"][0]["token"]
    version, view, log = moved(client, table, token, 4)
    assert version >= 4
    record = client.get(f"/api/tables/{table['id']}").json()  # still live: no record given
    assert record["status"] == "playing"
    url = f"/api/tables/{table['id']}/moment"
    for step in (0, 2, version):
        mine = client.get(f"{url}/{step}?seat=0", headers={"x-ratking-tokens": token})
        assert mine.status_code == 200, mine.text
        body = mine.json()
        assert body["step"] == step and body["seat"] == 0 and body["actions"] == []
        assert len(body["log_steps"]) == len(body["log"])
        assert all(0 <= s <= step for s in body["log_steps"])
        assert body["log_steps"] == sorted(body["log_steps"])
        spectator = client.get(f"{url}/{step}").json()
        # a spectator never sees a card in a hand; the seat sees its own where it has one
        assert all(c is None for seat in spectator["view"]["seats"] for c in seat["cards"])
        assert spectator["seat"] is None and spectator["actions"] == []
        assert len(spectator["log"]) == len(body["log"])
    # at the present moment, the seat is shown what its live message showed it
    now = client.get(f"{url}/{version}?seat=0", headers={"x-ratking-tokens": token}).json()
    assert now["view"] == view and now["log"] == log
    # bad input: refused, nothing told
    assert client.get(f"{url}/1?seat=0").status_code == 403
    assert client.get(f"{url}/1?seat=0", headers={"x-ratking-tokens": "forged"}).status_code \
        == 403
    assert client.get(f"{url}/1?seat=1", headers={"x-ratking-tokens": token}).status_code \
        == 403
    assert client.get(f"{url}/{version + 1}").status_code == 400
    assert client.get(f"{url}/-1").status_code == 400
    assert client.get("/api/tables/nope/moment/0").status_code == 404


def test_an_account_holds_its_seat_for_the_moment_too(client):
    who = sign_up(client, "Ann")
    table = client.post("/api/tables", headers=who, json={
        "game": "rat-a-tat-roll", "players": 2, "seats": ["human", "bot"]}).json()
    url = f"/api/tables/{table['id']}/moment/0?seat=0"
    assert client.get(url, headers=who).status_code == 200
    assert client.get(url).status_code == 403


def test_the_log_steps_lead_to_the_moment_each_line_tells(client):
    # a line's step shows the board just after what it tells: the line is that step's last
    # (or among the lines of that step's move)
    table = new_table(client, seats=("human", "bot", "bot"))
    token = table["seats"][0]["token"]
    version, _, _ = moved(client, table, token, 5)
    url = f"/api/tables/{table['id']}/moment"
    now = client.get(f"{url}/{version}?seat=0", headers={"x-ratking-tokens": token}).json()
    for line, step in zip(now["log"], now["log_steps"], strict=True):
        then = client.get(f"{url}/{step}?seat=0", headers={"x-ratking-tokens": token}).json()
        assert line in then["log"]
        if step:
            before = client.get(f"{url}/{step - 1}?seat=0",
                                headers={"x-ratking-tokens": token}).json()
            assert line not in before["log"][-len(then["log"]):] or \
                before["log"].count(line) < then["log"].count(line)
