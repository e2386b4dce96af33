"""The search pool: fair between tables, cancellable, and whole again after a worker dies;
bot specs from clients held to the game's strongest level."""

import asyncio
import logging
import os
import signal
import time

import pytest

import ratking
from ratking.bots.specs import MAX_SEARCH_MS, OverBudget, check_budget
from ratking.server.pool.workers import Superseded, WorkerDied, Workers
from ratking.server.rooms import Rooms
from ratking.server.settings import Settings
from ratking.server.storage.tables import Storage

from .conftest import new_table

DEADLINE = 60  # seconds for any one answer of the pool on a loaded machine


def in_pool(scenario, size=1):
    """Run `scenario(workers)` on a fresh pool, closed afterwards."""

    async def run():
        workers = Workers(size, nice=0)
        try:
            return await asyncio.wait_for(scenario(workers), DEADLINE)
        finally:
            workers.close()

    return asyncio.run(run())


def test_one_tables_searches_cannot_hold_the_pool():
    async def scenario(workers):
        done = []

        async def job(key, name, seconds):
            await workers.run(time.sleep, seconds, key=key)
            done.append(name)

        # table a asks three times before table b asks once: b is served second
        jobs = [job("a", f"a{i}", 0.3) for i in range(3)] + [job("b", "b0", 0.01)]
        await asyncio.gather(*jobs)
        return done

    assert in_pool(scenario) == ["a0", "b0", "a1", "a2"]


def test_a_search_no_longer_wanted_is_stopped_and_the_worker_goes_on():
    async def scenario(workers):
        pid = await workers.run(os.getpid)
        searching = asyncio.create_task(workers.run(time.sleep, 600, key="t"))
        queued = asyncio.create_task(workers.run(time.sleep, 600, key="u"))
        while workers.busy == 0:
            await asyncio.sleep(0.01)
        searching.cancel()
        queued.cancel()
        # the worker was interrupted, not replaced: the same process answers at once
        assert await workers.run(os.getpid) == pid
        # a job for a position the table has left ends with Superseded
        stale = asyncio.create_task(workers.run(time.sleep, 600, key="t", version=3))
        while workers.busy == 0:
            await asyncio.sleep(0.01)
        workers.moved_on("t", 3)  # the same position: kept
        assert not stale.done()
        workers.moved_on("t", 4)
        with pytest.raises(Superseded):
            await stale
        assert await workers.run(os.getpid) == pid
        return workers.replaced

    assert in_pool(scenario) == 0


def test_a_killed_worker_is_replaced_and_its_search_runs_again(caplog):
    async def scenario(workers):
        first = await workers.run(os.getpid)
        answer = asyncio.create_task(workers.run(time.sleep, 1.0, key="t"))
        while workers.busy == 0:
            await asyncio.sleep(0.01)
        os.kill(first, signal.SIGKILL)
        assert await answer is None  # searched again, on a new worker
        second = await workers.run(os.getpid)
        return first, second, workers.replaced

    with caplog.at_level(logging.WARNING, "ratking.server"):
        first, second, replaced = in_pool(scenario)
    assert first != second and replaced == 1
    died = [r for r in caplog.records if "died" in r.getMessage()]
    assert len(died) == 1 and "\n" not in died[0].getMessage()
    assert "runs again" in died[0].getMessage() and died[0].exc_info is None


def test_a_search_that_kills_its_worker_twice_fails():
    async def scenario(workers):
        with pytest.raises(WorkerDied):
            await workers.run(os._exit, 3, key="t")
        return await workers.run(os.getpid), workers.replaced

    pid, replaced = in_pool(scenario)
    assert replaced == 2 and pid > 0


def test_the_next_bot_move_is_searched_after_a_worker_is_killed(tmp_path, caplog):
    """A table of two searching bots: kill -9 the pool's worker mid-game; every move is
    still the bots' own (none falls to the stand-in) and the pool says so in one line."""
    spec = "ismcts:iters=30:depth=4"  # within budget, and sent to the pool

    async def scenario():
        workers = Workers(1, nice=0)
        rooms = Rooms(Storage(f"sqlite:///{tmp_path / 'kill.db'}"),
                      Settings(bot_delay=0, botonly_min_delay=0), workers)
        room = (await rooms.create("you-dirty-rat", 2, [spec, spec], {}, None, None, 0))[0]
        while room.version < 3:
            await asyncio.sleep(0.01)
        killed = room.version
        os.kill(workers.pids[0], signal.SIGKILL)
        while room.version < killed + 3 and not room.state.is_over:
            await asyncio.sleep(0.01)
        await rooms.close()
        with rooms.storage.engine.connect() as conn:
            by = [r[0] for r in conn.exec_driver_sql("SELECT by FROM moves")]
        rooms.storage.close()
        return killed, by, workers.replaced

    with caplog.at_level(logging.WARNING, "ratking.server"):
        killed, by, replaced = asyncio.run(asyncio.wait_for(scenario(), 3 * DEADLINE))
    assert replaced == 1 and len(by) >= killed + 3 and set(by) == {"bot"}
    died = [r.getMessage() for r in caplog.records if "died" in r.getMessage()]
    assert len(died) == 1 and "exit code -9" in died[0]
    assert not any(r.exc_info for r in caplog.records)


@pytest.mark.parametrize("game_id", [info.id for info in ratking.list_games()])
def test_a_client_search_is_held_to_the_strongest_level(game_id):
    game = ratking.make(game_id)
    for spec in ("random", "heuristic", "easy", "hard", "expert", "ismcts:ms=100:depth=3"):
        check_budget(spec, game)
    expert = ratking.bots.specs.level_spec(game, "expert")
    check_budget(expert, game)
    for spec in ("ismcts:iters=1000000000:depth=5", f"ismcts:ms={MAX_SEARCH_MS + 1}:depth=5",
                 "ismcts:iters=10", "ismcts:iters=10:depth=5:rollout=heuristic",
                 "ismcts:iters=10:depth=5:split=seen"):
        with pytest.raises(OverBudget):
            check_budget(spec, game)


def test_a_table_asking_for_too_much_search_is_refused_naming_the_seat(client):
    response = client.post("/api/tables", json={
        "game": "rat-a-tat-roll", "players": 3,
        "seats": ["human", "hard", "ismcts:iters=1000000000"]})
    assert response.status_code == 422
    error = response.json()["error"]
    assert error.startswith("seat 3:") and "iters at most" in error
    assert client.get("/api/tables").json()["tables"] == []  # nothing was made
    table = new_table(client, seats=("human", "ismcts:iters=200:depth=5"))
    assert table["seats"][1]["kind"] == "ismcts:iters=200:depth=5"


def test_a_timed_hint_searches_no_more_than_the_expert_level(monkeypatch):
    from ratking.bots import ismcts
    from ratking.server.pool.workers import job_of
    from ratking.server.rooms.hints import HINT_MS, hint_in_worker

    used = []
    real = ismcts.SearchSettings
    monkeypatch.setattr(ismcts, "SearchSettings", lambda **o: used.append(o) or real(**o))
    game = ratking.make("rat-a-tat-roll")
    state = game.new_game(2, seed=5)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    hint_in_worker(job_of(state), state.current_player, 1.0, 11)  # 1 ms: over at once
    expert = ratking.bots.specs.parse_spec(game.levels["expert"])[1]
    assert used[-1]["iters"] == expert["iters"] and used[-1]["ms"] == 1.0
    assert HINT_MS <= MAX_SEARCH_MS


def test_closing_a_table_stops_its_bots_search(tmp_path):
    async def scenario():
        workers = Workers(1, nice=0)
        rooms = Rooms(Storage(f"sqlite:///{tmp_path / 'close.db'}"),
                      Settings(bot_delay=0, botonly_min_delay=0), workers)
        room = (await rooms.create("rat-a-tat-roll", 2, ["expert", "human"], {}, None, None,
                                   0))[0]
        while workers.busy == 0:  # the expert is searching its first move
            await asyncio.sleep(0.01)
        assert await room.close("closed")
        while workers.busy:
            await asyncio.sleep(0.01)
        moves = room.version
        await rooms.close()
        rooms.storage.close()
        return moves, workers.interrupted, workers.replaced

    assert asyncio.run(asyncio.wait_for(scenario(), DEADLINE)) == (0, 1, 0)


def test_a_neural_seat_plays_only_a_shipped_policy(client):
    # a table plays the policy shipped for its game and count, never a file a client names
    for seats, players, game, rules, expected in (
            (["human", "neural:/etc/passwd"], 2, "you-dirty-rat", {}, "not a policy file"),
            (["human", "neural", "human"], 3, "rat-and-duck", {"uneven_teams": True},
             "no neural policy is shipped for rat-and-duck with 3 players")):
        response = client.post("/api/tables", json={"game": game, "players": players,
                                                    "seats": seats, "rules": rules})
        assert response.status_code == 422
        assert response.json()["error"].startswith("seat 2:")
        assert expected in response.json()["error"]
    assert client.get("/api/tables").json()["tables"] == []  # nothing was made
    table = new_table(client, game="you-dirty-rat", seats=("human", "neural"))
    assert table["seats"][1]["kind"] == "neural"
    assert "neural" in [level["spec"] for level in client.get("/api/bots").json()["levels"]]
