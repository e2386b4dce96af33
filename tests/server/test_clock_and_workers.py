"""The turn timer as a time bank per turn, and bots that think in worker processes."""

import asyncio
import os
import random
import signal
import subprocess
import sys
import time

import pytest

import ratking
from ratking.server.pool.workers import Workers, choose_in_worker
from ratking.server.rooms import Rooms
from ratking.server.rooms.clock import TurnClock
from ratking.server.settings import Settings
from ratking.server.storage.tables import Storage

from .conftest import new_table, receive_state, waiting
from .test_socket import join


def test_a_turn_keeps_its_clock_through_its_decisions():
    clock = TurnClock(30)
    assert clock.start(0, now=100.0) == 30
    assert clock.start(0, now=110.0) == 20  # the same turn, a later decision: the bank runs on
    assert clock.shown(110.0) == {"seat": 0, "left": 20.0, "limit": 30}
    assert clock.start(1, now=111.0) == 30  # another seat: a full bank
    clock.stop()  # a bot moves in between
    assert clock.shown(112.0) is None
    assert clock.start(1, now=120.0) == 30  # so seat 1's next turn starts afresh
    assert clock.start(1, now=200.0) == 0  # run out: no time left, never less


def test_the_message_after_a_move_shows_the_running_clock(client):
    table = new_table(client, seats=("human", "bot", "bot"), turn_timer=60)
    rooms = client.app.state.rooms
    with join(client, table, [table["seats"][0]["token"]]) as (ws, state):
        room = rooms.rooms[table["id"]]
        assert state["clock"]["seat"] == 0 and state["clock"]["limit"] == 60
        assert 0 < state["clock"]["left"] <= 60
        deadline = room.clock.deadline
        ws.send_json({"type": "move", "seat": 0, "action": "roll:1", "version": 0})
        state = receive_state(ws)
        while state["version"] == 0:
            state = receive_state(ws)
        # seed 004: after the roll the same player moves the pawn: the same turn, the same clock
        assert state["table"]["to_move"] == 0
        assert state["clock"]["seat"] == 0 and room.clock.deadline == deadline
        assert state["clock"]["left"] <= 60


def test_when_time_runs_out_the_rest_of_the_turn_is_played_and_logged(client):
    table = new_table(client, seats=("human", "bot", "bot"), turn_timer=60)
    rooms = client.app.state.rooms
    with join(client, table, [table["seats"][0]["token"]]) as (ws, state):
        room = rooms.rooms[table["id"]]
        room.clock = TurnClock(0.01)  # a turn's bank that runs out at once
        client.portal.call(room.schedule)
        while state["table"]["to_move"] == 0 and not state["result"]:
            state = receive_state(ws)
        timed = {i: note for i, note in room.notes.items() if "time ran out" in note}
        assert timed and all(note.startswith("Player 1's") for note in timed.values())
        assert "Player 1's time ran out: a bot moved for them." in state["log"]
        # the whole turn, every one of its decisions, was played by the stand-in
        steps = sorted(timed)
        assert steps == list(range(steps[0], steps[0] + len(steps)))
    # stored as made for the player too (later turns may have run out meanwhile: the clock
    # stays short, so only this turn and the move after it are compared)
    stored = rooms.storage.load(table["id"]).made_for
    assert {i for i, (seat, by) in stored.items()
            if by == "timer" and i <= steps[-1] + 1} == set(timed)


def test_a_bot_seat_takes_a_spec_and_make_bot_checks_it(client):
    table = new_table(client, seats=("human", "random", "heuristic"))
    assert [s["kind"] for s in table["seats"]] == ["human", "random", "heuristic"]
    response = client.post("/api/tables", json={"game": "rat-a-tat-roll", "players": 2,
                                                "seats": ["human", "grandmaster"]})
    assert response.status_code == 400 and "grandmaster" in response.json()["error"]
    levels = client.get("/api/bots").json()["levels"]
    specs = {level["level"]: level["spec"] for level in levels}
    assert specs["random"] == "random" and specs["normal"] == "heuristic"
    for level in levels:  # every level offered is a bot the server can make
        assert new_table(client, seats=("human", level["spec"]))["seats"][1]["kind"] \
            == level["spec"]


def test_a_worker_chooses_what_the_bot_would_choose_in_place():
    game = ratking.make("you-dirty-rat")
    state = game.new_game(3, seed=5)
    rng = random.Random(1)
    for _ in range(20):
        state.apply(game.heuristic(state, rng))
    job = (game.id, tuple(sorted(game.rules.as_dict().items())), state.to_json())
    mover = ratking.bots.make_bot("heuristic", 42).choose(state).id
    assert choose_in_worker(job, "heuristic", 42) == mover


def test_bots_in_the_worker_pool_play_whole_games_without_blocking_the_loop(tmp_path):
    """Every bot sent to the pool (even the heuristic one, here): the games end, and each
    replays from its record to the same result."""

    async def scenario() -> tuple[list, int]:
        workers = Workers(1, inline=())
        assert not workers.runs_inline("heuristic")
        rooms = Rooms(Storage(f"sqlite:///{tmp_path / 'pool.db'}"),
                      Settings(bot_delay=0, botonly_min_delay=0), workers)
        live = [(await rooms.create("rat-a-tat-roll", 2, ["heuristic", "random"], {}, None,
                                    None, 0))[0] for _ in range(2)]
        while any(not r.state.is_over for r in live):
            await asyncio.sleep(0.005)
        processes = len(workers.pids)  # the moves were made in the pool
        await rooms.close()
        rooms.storage.close()
        return live, processes

    live, processes = asyncio.run(scenario())
    assert processes == 1
    for room in live:
        assert room.state.is_over and room.version > 10
        record = room.state.record()
        assert ratking.replay(record).returns() == room.state.returns()


def test_a_worker_pool_needs_a_process():
    assert Workers(0).size >= 1  # 0: one per core but one
    with pytest.raises(ValueError):
        Workers(-1)


def test_workers_step_back_for_the_event_loop(monkeypatch):
    from ratking.server.pool import workers

    steps, parents = [], []
    monkeypatch.setattr(os, "nice", steps.append)
    monkeypatch.setattr(workers, "die_with_parent", parents.append)
    workers._start_worker(10, 123)
    workers._start_worker(0, 123)
    assert steps == [10]
    assert parents == [123, 123]  # each leaves with the server
    assert Settings().search_nice == 10
    assert Settings.from_env({"RATKING_SEARCH_WORKERS": "3"}).search_workers == 3


WORKER_PARENT = """
import asyncio, os
from ratking.core import shared
from ratking.server.pool.parent import death_signal
from ratking.server.pool.workers import Workers

async def main():
    workers = Workers(1, nice=0)
    print(await workers.run(os.getpid), await workers.run(death_signal), flush=True)
    state = shared("target-rats").new_game(2, seed=1)
    searching = asyncio.ensure_future(workers.choose(state, "ismcts:iters=100000000", 1))
    await asyncio.sleep(0.5)
    print(workers.busy, flush=True)
    await searching

asyncio.run(main())
"""


def gone(pid: int) -> bool:
    """The process has ended (a zombie not yet reaped counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_killed_server_leaves_no_worker_behind():
    """kill -9 of the server process mid-search: its worker ends at once (the kernel's
    parent-death signal), not when the search is over."""
    parent = subprocess.Popen([sys.executable, "-c", WORKER_PARENT], stdout=subprocess.PIPE,
                              text=True)
    try:
        worker, told = map(int, parent.stdout.readline().split())
        assert told == signal.SIGKILL  # the kernel kills it with its parent
        assert parent.stdout.readline().strip() == "1"  # one worker busy: searching
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait(10)
        # a guard, not a measure: the worker polling its parent took 2 s and more
        for _ in waiting(1.5, "the orphaned worker to leave"):
            if gone(worker):
                return
            time.sleep(0.02)
    finally:
        if parent.poll() is None:
            parent.kill()
