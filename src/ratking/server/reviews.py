"""A finished table's review (`ratking.review`): `GET /api/tables/<id>/review` and the page
`/t/<id>/review`.

The review is refused while the game is on (it reads every hand, and the search's view of
each position). It is computed once per table in the search worker processes, never on the
event loop: first the timeline (the chances after every decision and the turning points),
then the people's decisions judged by the search a few at a time, each chunk one job, so the
answer can say how far along it is. Once done it is stored with the table and a second look
is one database read. Until then the route answers 202 with `{"status": "computing", "done",
"total"}`; the page asks again until the review is there.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, JSONResponse

from ..core.rng import derive_seed
from ..review.analysis import mistakes, place_mistakes, search_settings, timeline, unreviewable
from .lobby import room_or_404, rooms_of
from .rooms import HUMAN, Room, Rooms

router = APIRouter()
log = logging.getLogger("ratking.server")
STATIC = Path(__file__).with_name("static")
CHUNK = 4  # decisions judged per worker job: the progress moves this often
SEED_KEY = 300  # the review's seed: derived from the table's seed with this key


@dataclass
class Job:
    """A review being computed in this process."""

    total: int
    done: int = 0
    task: asyncio.Task | None = None
    error: str | None = None


def review_iters(rooms: Rooms) -> int | None:
    return rooms.settings.review_iters or None


async def compute(rooms: Rooms, room: Room, job: Job) -> dict[str, Any]:
    """The review of a finished room, computed in the worker pool, then stored."""
    record = room.state.record()
    seed = derive_seed(room.row.seed, SEED_KEY)
    people = [i for i, kind in enumerate(room.kinds) if kind == HUMAN]
    iters = review_iters(rooms)
    workers = rooms.workers
    data = await workers.run(timeline, record, seed)
    found: list[dict[str, Any]] = []
    total = len(record["actions"])
    if people:
        for lo in range(0, total, CHUNK):
            found.extend(await workers.run(mistakes, record, seed, iters, people, lo,
                                           lo + CHUNK))
            job.done = min(total, lo + CHUNK)
    job.done = total
    place_mistakes(found, data["turns"])
    data["mistakes"] = found
    data["judged"] = people
    data["iters"] = search_settings(room.state, iters).iters
    await rooms.run(rooms.storage.save_review, room.id, data)
    return data


def start(rooms: Rooms, room: Room, jobs: dict[str, Job]) -> Job:
    job = Job(total=room.steps)

    async def run() -> None:
        try:
            await compute(rooms, room, job)
        except Exception as exc:  # told to the page; a later request starts again
            log.exception("the review of table %s failed", room.id)
            job.error = str(exc) or type(exc).__name__
        else:
            jobs.pop(room.id, None)

    job.task = asyncio.create_task(run())
    jobs[room.id] = job
    return job


@router.get("/t/{table_id}/review", include_in_schema=False)
async def review_page(table_id: str) -> FileResponse:
    return FileResponse(STATIC / "review.html")


@router.get("/api/tables/{table_id}/review")
async def review(request: Request, table_id: str) -> JSONResponse:
    """The table's review once the game is over: 200 with the review, or 202 with the
    progress while it is computed; 409 while the game is on."""
    room = await room_or_404(request, table_id)
    if room.playing:
        raise HTTPException(409, "the review is made once the game is over (it shows every "
                                 "hand and the search's view of each position)")
    why = unreviewable(room.state.game)
    if why is not None:  # the page offers no review then; a client asking is told why
        raise HTTPException(409, why)
    rooms = rooms_of(request)
    stored = await rooms.run(rooms.storage.review, table_id)
    if stored is not None:
        return JSONResponse(stored)
    if not room.state.is_over:
        raise HTTPException(409, "this table ended before its game did: there is nothing "
                                 "to review")
    jobs: dict[str, Job] | None = getattr(request.app.state, "reviews", None)
    if jobs is None:
        jobs = request.app.state.reviews = {}
    job = jobs.get(table_id)
    if job is not None and job.error is not None:
        jobs.pop(table_id, None)
        return JSONResponse({"error": f"the review could not be made: {job.error}"},
                            status_code=500)
    if job is None:
        job = start(rooms, room, jobs)
    return JSONResponse({"status": "computing", "done": job.done, "total": job.total},
                        status_code=202)
