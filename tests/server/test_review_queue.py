"""Reviews never starve play: they are computed in their own pool, stopped while the bots'
and hints' searches need its cores; one person and one address have a few computing at once
(429 past it), the process a few more (503); a review over its CPU budget stops and says so;
a review nobody asks about any more is dropped. The reviews here are held in their workers
(`review_hold.py`) for as long as a test needs, so nothing depends on how fast the machine
is."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import ratking
from ratking.bots import make_bot
from ratking.review.analysis import mistakes
from ratking.server import create_app
from ratking.server.pool.workers import CAN_HOLD, Workers
from ratking.server.rooms import Rooms
from ratking.server.rooms import review_queue as queue_module
from ratking.server.settings import Settings
from ratking.server.storage.tables import Storage

from .conftest import GAME_WAIT, new_table, sign_up, waiting
from .review_hold import HOLD, held, held_timeline, process_state, started
from .test_lobby import finish


def app_client(tmp_path, monkeypatch, **settings):
    """The app on a fresh SQLite file, its reviews' timelines held until `hold` exists."""
    hold = tmp_path / "hold"
    monkeypatch.setenv(HOLD, str(hold))
    monkeypatch.setattr(queue_module, "timeline_job", held_timeline)
    settings = {"review_iters": 20, "search_workers": 1, "create_per_minute": 1000, **settings}
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", bot_delay=0, botonly_min_delay=0,
                     **settings)
    return TestClient(app), hold


def bots_tables(client, count: int, seats=("bot", "bot")) -> list[str]:
    """`count` short games of bots, played to their ends: their ids."""
    ids = [new_table(client, seats=seats, rules={"max_rounds": 1})["id"] for _ in range(count)]
    for table in ids:
        for _ in waiting(GAME_WAIT, "the bots' game to end"):
            if client.get(f"/api/tables/{table}").json()["status"] != "playing":
                break
    return ids


def queue_of(client) -> queue_module.ReviewQueue:
    return client.app.state.reviews


def ask(client, table: str, **headers):
    return client.get(f"/api/tables/{table}/review", headers=headers)


def reviewed(client, table: str) -> dict:
    """Ask for a table's review until it is there: the review."""
    for _ in waiting(GAME_WAIT * 2, "the review"):
        answer = ask(client, table)
        if answer.status_code == 200:
            return answer.json()
        assert answer.status_code == 202, answer.text
    raise AssertionError("unreachable")


def test_a_hundred_requests_from_one_client_start_at_most_the_limit(tmp_path, monkeypatch):
    client, hold = app_client(tmp_path, monkeypatch, review_per_person=2)
    with client:
        tables = bots_tables(client, 20)
        answers = [ask(client, tables[k % len(tables)]) for k in range(100)]
        accepted = {t for t, a in zip(tables * 5, answers, strict=True) if a.status_code == 202}
        refused = [a for a in answers if a.status_code == 429]
        assert len(accepted) == 2 and len(refused) + 10 == 100  # 2 tables, asked 5 times
        assert all(a.status_code in (202, 429) for a in answers)
        for answer in refused:  # a clear JSON reason, and when to come back
            assert set(answer.json()) == {"error"} and "most" in answer.json()["error"]
            assert int(answer.headers["retry-after"]) > 0
        assert set(queue_of(client).jobs) == accepted
        # signed in, a person has their own limit (the address allows more, up to 3 times)
        cookie = sign_up(client, "Ann")
        mine = [ask(client, t, **cookie).status_code for t in tables if t not in accepted]
        assert mine.count(202) == 2 and mine.count(429) == len(mine) - 2
        computing = list(queue_of(client).jobs)
        assert len(computing) == 4
        hold.touch()  # the reviews end, and free their places
        for _ in waiting(GAME_WAIT, "the reviews to be stored"):
            if all(ask(client, t, **cookie).status_code == 200 for t in computing):
                break
        assert ask(client, tables[-1]).status_code == 202  # room again


def test_the_process_computes_at_most_max_reviews(tmp_path, monkeypatch):
    client, hold = app_client(tmp_path, monkeypatch, review_per_person=10, max_reviews=3)
    with client:
        tables = bots_tables(client, 4)
        codes = [ask(client, t).status_code for t in tables]
        assert codes == [202, 202, 202, 503]
        assert "reviews" in ask(client, tables[3]).json()["error"]
        hold.touch()


def test_a_review_over_its_budget_stops_and_says_so(tmp_path, monkeypatch):
    client, hold = app_client(tmp_path, monkeypatch, review_cpu=0.05, review_iters=400)
    hold.touch()  # nothing held here
    with client:
        table = new_table(client, seats=("human", "bot"), rules={"max_rounds": 3})
        finish(client, table)
        review = reviewed(client, table["id"])
        cut = review["cut"]
        assert cut is not None and 0 <= cut["at"] < len(review["turns"])
        assert cut["budget"] == 0.05 and cut["when"] == review["turns"][cut["at"]]["when"]
        assert all(m["index"] < cut["at"] for m in review["mistakes"])
        assert review["cpu"] >= 0.05
        assert ask(client, table["id"]).json() == review  # stored as cut


def test_a_review_within_its_budget_is_whole(tmp_path, monkeypatch):
    client, hold = app_client(tmp_path, monkeypatch)
    hold.touch()
    with client:
        table = new_table(client, seats=("human", "bot"), rules={"max_rounds": 2})
        finish(client, table)
        review = reviewed(client, table["id"])
        assert review["cut"] is None and review["cpu"] < 300


def test_a_review_nobody_asks_about_is_dropped(tmp_path, monkeypatch):
    client, hold = app_client(tmp_path, monkeypatch, review_unasked=1.0)
    with client:
        kept, left = bots_tables(client, 2)
        assert ask(client, left).status_code == 202
        assert ask(client, kept).status_code == 202
        queue = queue_of(client)
        for _ in waiting(30, "the review nobody asks about to be dropped"):
            assert ask(client, kept).status_code == 202  # this one is asked about
            if queue.dropped:
                break
        assert set(queue.jobs) == {kept} and queue.dropped == 1
        assert client.app.state.rooms.storage.reviews.get(left) is None  # nothing stored
        hold.touch()
        for _ in waiting(GAME_WAIT, "the review asked about"):
            if ask(client, kept).status_code == 200:
                break
        assert queue.dropped == 1
        assert ask(client, left).status_code == 202  # asked again: started again


def test_a_bot_queued_behind_reviews_starts_before_them(tmp_path, monkeypatch):
    """Priority as an ordering: with 8 reviews queued or computing (held), a bot that
    searches gets its moves, while the reviews not yet started stay queued; they run after."""
    client, hold = app_client(tmp_path, monkeypatch, review_per_person=8, review_workers=1)
    with client:
        tables = bots_tables(client, 8)
        assert all(ask(client, t).status_code == 202 for t in tables)
        rooms = client.app.state.rooms
        for _ in waiting(GAME_WAIT, "the first review to start"):
            if started(hold):
                break
        searcher = new_table(client, seats=("hard", "hard"))["id"]
        for _ in waiting(GAME_WAIT, "the searching bots to move"):
            if client.get(f"/api/tables/{searcher}").json()["steps"] >= 3:
                break
        # the bots moved while one review held the review worker and 7 waited behind it
        assert len(started(hold)) == 1
        assert sum(len(q) for q in rooms.review_workers.queues.values()) == 7
        assert rooms.workers.pids and not set(rooms.workers.pids) & \
            set(rooms.review_workers.pids)
        hold.touch()
        for _ in waiting(GAME_WAIT * 2, "the reviews to end"):
            if all(ask(client, t).status_code == 200 for t in tables):
                break
        assert len(started(hold)) == 8


@pytest.mark.skipif(not CAN_HOLD or not Path("/proc/self/stat").exists(),
                    reason="POSIX job control and /proc")
def test_a_review_stops_while_a_search_needs_its_core(tmp_path, monkeypatch):
    """The review workers are stopped where they are while a bot's or hint's search runs or
    waits (on a machine with no core to spare), and go on once the searches are done."""
    hold = tmp_path / "hold"
    monkeypatch.setenv(HOLD, str(hold))

    async def main():
        search, reviews = Workers(1), Workers(1, nice=19, name="ratking-review")
        search.on_load = lambda n: reviews.hold(n > 0)
        try:
            review = asyncio.ensure_future(reviews.run(held, "review", str(tmp_path / "r")))
            for _ in waiting(GAME_WAIT, "the review to start"):
                await asyncio.sleep(0.05)
                if started(hold):
                    break
            pid = reviews.pids[0]
            assert process_state(pid) != "T"
            bot = asyncio.ensure_future(search.run(held, "bot", str(tmp_path / "b")))
            await asyncio.sleep(0)
            assert reviews.paused  # as soon as the search is queued
            for _ in waiting(10, "the review worker to stop"):
                if process_state(pid) == "T":
                    break
                await asyncio.sleep(0.02)
            (tmp_path / "b").touch()
            assert await bot == "bot"
            assert not reviews.paused
            for _ in waiting(10, "the review worker to go on"):
                if process_state(pid) != "T":
                    break
                await asyncio.sleep(0.02)
            (tmp_path / "r").touch()
            assert await review == "review"
            assert started(hold) == ["review", "bot"]
        finally:
            search.close()
            reviews.close()

    asyncio.run(main())


def test_the_reviews_make_way_when_the_searches_take_every_spare_core(tmp_path, monkeypatch):
    rooms = Rooms(Storage(f"sqlite:///{tmp_path / 'tables.db'}"),
                  Settings(search_workers=3, review_workers=1))
    monkeypatch.setattr(os, "cpu_count", lambda: 4)  # the event loop's core, and 3 more
    held_at = []
    for searches in range(6):
        rooms.make_way(searches)
        held_at.append(rooms.review_workers.paused)
    assert held_at == [False, False, False, True, True, True]
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    rooms.make_way(0)
    assert not rooms.review_workers.paused
    rooms.make_way(1)
    assert rooms.review_workers.paused
    rooms.storage.close()


def test_a_judging_job_stops_after_the_decision_that_spends_its_cpu():
    """A review job told how much CPU is left judges decisions until it is spent (at least
    one), and what it judged is what a whole review judges there."""
    game = ratking.make("rat-a-tat-roll", max_rounds=3)
    state = game.new_game(2, seed=7)
    bots = [make_bot("random", 1), make_bot("heuristic", 2)]
    while not state.over:
        state.apply(bots[state.to_move].choose(state))
    record = state.record()
    total = len(record["actions"])
    found, reached, cpu = queue_module.judge_job(record, 5, 200, [0, 1], 0, total, 1e-6)
    assert 1 <= reached < total and cpu > 0
    assert found == mistakes(record, 5, 200, [0, 1], 0, reached)
    found, reached, _ = queue_module.judge_job(record, 5, 200, [0, 1], 4, 8, 1e6)
    assert reached == 8 and found == mistakes(record, 5, 200, [0, 1], 4, 8)


def test_a_persons_reviews_are_limited_over_two_processes(tmp_path, monkeypatch, postgres):
    # two apps on one PostgreSQL, as two server processes are: one person's reviews count on
    # both, and a review that ends gives its place back
    hold = tmp_path / "hold"
    monkeypatch.setenv(HOLD, str(hold))
    monkeypatch.setattr(queue_module, "timeline_job", held_timeline)
    settings = {"review_iters": 20, "search_workers": 1, "create_per_minute": 1000,
                "review_per_person": 2, "bot_delay": 0, "botonly_min_delay": 0}
    with TestClient(create_app(postgres, **settings)) as one, \
            TestClient(create_app(postgres, **settings)) as two:
        tables = bots_tables(one, 3)
        ann = sign_up(one, "Ann")
        assert ask(one, tables[0], **ann).status_code == 202
        assert ask(two, tables[1], **ann).status_code == 202
        refused = ask(one, tables[2], **ann)
        assert refused.status_code == 429 and "you have 2 reviews" in refused.json()["error"]
        assert ask(two, tables[2], **ann).status_code == 429
        hold.touch()
        for _ in waiting(GAME_WAIT, "the reviews to be stored"):
            if ask(one, tables[0], **ann).status_code == ask(two, tables[1], **ann).status_code \
                    == 200:
                break
        assert ask(two, tables[2], **ann).status_code == 202  # room again
