"""The reviews being worked out in this server process: who asked, the limits, the budget.

A review is computed only when someone asks for it (`GET /api/tables/<id>/review`), in a pool
of worker processes of its own (`Rooms.review_workers`, `review_workers` processes at POSIX
nice `review_nice`), never in the pool where bots and hints search: a bot's or a hint's job
never waits behind a review; and while their searches leave no core to spare, the review
workers are stopped where they are (`Rooms.make_way`, `Workers.hold`). Its work
is cut in jobs (the timeline, then the people's decisions a few at a time), so the page can
show how far along it is. The limits:

- `review_per_person` reviews queued or computing at once for one person (an account, or a
  guest's seat at the table asked about, by its token), `quotas.PER_ADDRESS` times that for
  one address (the address alone, at the person's limit, when the asker is neither), on all
  the server processes (counted in the database, `quotas.hold`): 429.
- `max_reviews` in the process (its own review workers'): 503, both with `Retry-After`.
- `review_cpu` CPU seconds of work per review: the decisions not judged by then are left
  unjudged, and the review, stored so, says where it was cut (`"cut"`).
- A review nobody has asked about for `review_unasked` seconds (the page asks every second
  while it waits) is dropped: its queued jobs leave the queue, the one running is stopped.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from ...core.rng import derive_seed
from ...review.analysis import judgements, place_mistakes, search_settings, timeline
from ..people import quotas
from . import HUMAN, Refused, Room, Rooms

log = logging.getLogger("ratking.server")
CHUNK = 4  # decisions judged per worker job: the progress moves this often
SEED_KEY = 300  # the review's seed: derived from the table's seed with this key
RETRY = 30  # seconds a refused asker is told to wait


def timeline_job(record: dict[str, Any], seed: int) -> tuple[dict[str, Any], float]:
    """In a review worker: the review's timeline and the CPU seconds it took."""
    start = time.process_time()
    return timeline(record, seed), time.process_time() - start


def judge_job(record: dict[str, Any], seed: int, iters: int | None, seats: list[int],
              lo: int, hi: int, cpu: float) -> tuple[list[dict[str, Any]], int, float]:
    """In a review worker: the mistakes among decisions lo to hi - 1, judging no further once
    `cpu` seconds are spent; the mistakes, the first decision not judged (hi when all were)
    and the CPU seconds taken."""
    start = time.process_time()
    found: list[dict[str, Any]] = []
    reached = lo
    for index, mistake in judgements(record, seed, iters, seats, lo, hi):
        if mistake is not None:
            found.append(mistake)
        reached = index + 1
        if time.process_time() - start >= cpu:
            break
    else:
        reached = min(hi, len(record["actions"]))
    return found, reached, time.process_time() - start


class Dropped(Exception):
    """A review nobody asked about for `review_unasked` seconds."""


@dataclass(eq=False)
class Job:
    """A review being computed: for whom it counts, and how far it is."""

    table: str
    total: int
    person: str | None
    address: str | None
    holder: str  # its rows in the database, counted by the limits (quotas.hold)
    asked: float = field(default_factory=time.monotonic)  # the last time someone asked
    done: int = 0
    task: asyncio.Task | None = None
    error: str | None = None


class ReviewQueue:
    """The reviews of this process (see the module docstring)."""

    def __init__(self, rooms: Rooms) -> None:
        self.rooms = rooms
        self.settings = rooms.settings
        self.jobs: dict[str, Job] = {}
        self.dropped = 0  # reviews dropped because nobody asked about them any more

    def running(self) -> list[Job]:
        return [job for job in self.jobs.values() if job.error is None]

    def ask(self, table_id: str) -> Job | None:
        """The review of a table being computed, now asked about again (so not dropped), or
        None if none is."""
        job = self.jobs.get(table_id)
        if job is not None and job.error is None:
            job.asked = time.monotonic()
            return job
        return None

    async def start(self, room: Room, person: str | None, address: str | None) -> Job:
        """Start computing the review of `room` for `person` at `address`, within the limits
        (else Refused). The limits per person and address are held in the database
        (`quotas.hold`), so they hold over every server process."""
        self.jobs.pop(room.id, None)
        most = self.settings.max_reviews
        if len(self.running()) >= most:
            raise Refused(503, f"the server is working out {most} reviews, its most: ask "
                               f"again in {RETRY} seconds", RETRY)
        mine = self.settings.review_per_person
        holder, full = await quotas.hold(self.rooms, "review", person, address, mine)
        if full is not None and person is not None and ":address:" not in full:
            raise Refused(429, f"you have {mine} reviews being worked out, the most one "
                               "person may: ask again when one is done", RETRY)
        if full is not None:
            here = mine * quotas.PER_ADDRESS if person is not None else mine
            raise Refused(429, f"{here} reviews asked from your address are being worked "
                               "out, the most one address may: ask again when one is done",
                          RETRY)
        job = Job(room.id, room.steps, person, address, holder)
        job.task = asyncio.create_task(self.run(room, job))
        self.jobs[room.id] = job
        return job

    async def run(self, room: Room, job: Job) -> None:
        try:
            data = await self.compute(room, job)
            await self.rooms.run(self.rooms.storage.reviews.save, room.id, data)
        except Dropped:  # it leaves the jobs at once; its hold is released just after
            self.forget(room.id, job)
            self.dropped += 1
            log.info("ratking: the review of table %s was dropped: nobody asked for it in "
                     "%g s", room.id, self.settings.review_unasked)
        except Exception as exc:  # told to the page; a later request starts again
            log.exception("the review of table %s failed", room.id)
            job.error = str(exc) or type(exc).__name__
            return
        finally:
            await quotas.release(self.rooms, job.holder)
        self.forget(room.id, job)

    def forget(self, table_id: str, job: Job) -> None:
        """`job` is no longer the review of `table_id` being computed."""
        if self.jobs.get(table_id) is job:
            del self.jobs[table_id]

    async def compute(self, room: Room, job: Job) -> dict[str, Any]:
        """The review of a finished room, its search within the CPU budget."""
        record = room.state.record()
        seed = derive_seed(room.row.seed, SEED_KEY)
        people = [i for i, kind in enumerate(room.kinds) if kind == HUMAN]
        iters = self.settings.review_iters or None
        budget = self.settings.review_cpu
        data, spent = await self.work(job, timeline_job, record, seed)
        found: list[dict[str, Any]] = []
        total = len(record["actions"])
        reached = total
        if people:
            reached = 0
            while reached < total and spent < budget:
                got, reached, cpu = await self.work(job, judge_job, record, seed, iters,
                                                    people, reached, reached + CHUNK,
                                                    budget - spent)
                spent += cpu
                found.extend(got)
                job.done = reached
        job.done = total
        place_mistakes(found, data["turns"])
        data["mistakes"] = found
        data["judged"] = people
        data["iters"] = search_settings(room.state, iters).iters
        data["cpu"] = round(spent, 2)
        data["cut"] = None if reached >= total else \
            {"at": reached, "when": data["turns"][reached]["when"], "budget": budget}
        return data

    async def work(self, job: Job, call: Any, *args: Any) -> Any:
        """`call(*args)` in the review pool, unless nobody asks about the review for
        `review_unasked` seconds first (Dropped: the job is cancelled, queued or running)."""
        task = asyncio.ensure_future(self.rooms.review_workers.run(call, *args, key=job.table))
        try:
            while True:
                left = job.asked + self.settings.review_unasked - time.monotonic()
                if left <= 0:
                    raise Dropped
                done, _ = await asyncio.wait({task}, timeout=left)
                if done:
                    return task.result()
        finally:
            if not task.done():
                task.cancel()
