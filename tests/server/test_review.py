"""`GET /api/tables/<id>/review`: refused while the game is on (nothing leaks), computed in
the worker pool with its progress told, stored once per table."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

import ratking
from ratking.server import create_app
from ratking.server.play.messages import result_of
from ratking.server.rooms.review_queue import ReviewQueue

from .conftest import GAME_WAIT, new_table, waiting
from .test_lobby import finish


@pytest.fixture
def client(tmp_path):
    """The web app on a fresh SQLite file, bots moving at once, reviews with a small search."""
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", bot_delay=0, botonly_min_delay=0,
                     review_iters=40, search_workers=1)
    with TestClient(app) as test_client:
        yield test_client


def review_of(client, table_id: str) -> tuple[dict, list[tuple[int, int]]]:
    """Ask until the review is there; return it and the progress seen on the way."""
    seen = []
    for _ in waiting(GAME_WAIT * 2, "the review"):
        answer = client.get(f"/api/tables/{table_id}/review")
        if answer.status_code == 200:
            return answer.json(), seen
        assert answer.status_code == 202, answer.text
        body = answer.json()
        assert set(body) == {"status", "done", "total", "paused"}  # progress, no review yet
        seen.append((body["done"], body["total"]))
    raise AssertionError("unreachable")


def test_the_review_is_refused_while_the_game_is_on(client):
    table = new_table(client, seats=("human", "bot"))
    answer = client.get(f"/api/tables/{table['id']}/review")
    assert answer.status_code == 409
    assert set(answer.json()) == {"error"} and "over" in answer.json()["error"]
    assert client.get("/api/tables/nope/review").status_code == 404


def test_a_finished_game_is_reviewed_once_with_the_persons_moves_judged(client, monkeypatch):
    table = new_table(client, seats=("human", "bot"), rules={"max_rounds": 3})
    finish(client, table)
    calls = []
    compute = ReviewQueue.compute

    async def counted(*args):
        calls.append(1)
        return await compute(*args)

    monkeypatch.setattr(ReviewQueue, "compute", counted)
    review, seen = review_of(client, table["id"])
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert review["seats"] == 2 and review["judged"] == [0]
    assert [t["index"] for t in review["turns"]] == list(range(len(record["actions"])))
    total = sum(ratking.replay(record).returns())
    assert review["turns"][-1]["chances"] == pytest.approx(
        [x / total for x in record["result"]["returns"]], abs=1e-3)
    assert all({"index", "seat", "swing", "text"} <= set(p) for p in review["turning_points"])
    assert all(m["seat"] == 0 for m in review["mistakes"])  # only the person's moves
    assert all(total == len(record["actions"]) and 0 <= done <= total for done, total in seen)
    # stored: the second look is the same review, and nothing is computed again
    again = client.get(f"/api/tables/{table['id']}/review")
    assert again.status_code == 200 and again.json() == review
    assert calls == [1]


def test_a_game_without_an_evaluation_is_not_offered_a_review(client, monkeypatch):
    # evaluate is an optional hook: the end screen then offers no Review button (the result
    # says so) and the route answers why, never a 500
    from ratking.games.rat_a_tat_roll.game import RatATatRoll

    table = new_table(client, seats=("human", "bot"), rules={"max_rounds": 3})
    finish(client, table)
    monkeypatch.setattr(RatATatRoll, "evaluate", None)
    answer = client.get(f"/api/tables/{table['id']}/review")
    assert answer.status_code == 409
    assert "cannot be reviewed" in answer.json()["error"]
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert result_of(ratking.replay(record))["reviewable"] is False
    monkeypatch.undo()
    assert result_of(ratking.replay(record))["reviewable"] is True


def test_the_review_page_is_served(client):
    page = client.get("/t/abc/review")
    assert page.status_code == 200 and "review.js" in page.text
