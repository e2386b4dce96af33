"""A finished table's review (`ratking.review`): `GET /api/tables/<id>/review` and the page
`/t/<id>/review`.

The review is refused while the game is on (it reads every hand, and the search's view of
each position). It is computed when someone asks for it, once per table, in the review
workers (`rooms/review_queue.py`: their own pool, after bots and hints, within limits per person
and a CPU budget per review), never on the event loop. Once done it is stored with the table
and a second look is one database read. Until then the route answers 202 with `{"status":
"computing", "done", "total", "paused"}` (paused: the review workers are stopped while bots
and hints search); the page asks again until the review is there (a review nobody asks
about any more is dropped).
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse

from ...review.analysis import unreviewable
from ..layout import page
from ..lobby.accounts import signed_in
from ..lobby.tables import room_or_404, rooms_of
from ..people.clients import client_of
from ..rooms import Room
from ..rooms.review_queue import ReviewQueue

router = APIRouter()


def queue_of(request: Request) -> ReviewQueue:
    """This process's reviews being computed."""
    queue = getattr(request.app.state, "reviews", None)
    if queue is None:
        queue = request.app.state.reviews = ReviewQueue(rooms_of(request))
    return queue


async def asker(request: Request, room: Room) -> str | None:
    """Who asks, for the limit per person: their account, else the guest's seat at this
    table (a token of it in `X-Ratking-Tokens`), else None (counted by address alone)."""
    account = await signed_in(request)
    if account is not None:
        return f"account:{account.id}"
    tokens = [t.strip() for t in request.headers.get("x-ratking-tokens", "").split(",")]
    seats = room.seats_for([t for t in tokens if t])
    return f"seat:{room.id}:{min(seats)}" if seats else None


@router.get("/t/{table_id}/review", include_in_schema=False)
async def review_page(table_id: str) -> HTMLResponse:
    return page("review.html")


@router.get("/api/tables/{table_id}/review")
async def review(request: Request, table_id: str) -> JSONResponse:
    """The table's review once the game is over: 200 with the review, or 202 with the
    progress while it is computed (asking starts it, and keeps it going); 409 while the game
    is on; 429 or 503 past the limits on reviews computed at once."""
    room = await room_or_404(request, table_id)
    if room.playing:
        raise HTTPException(409, "the review is made once the game is over (it shows every "
                                 "hand and the search's view of each position)")
    why = unreviewable(room.state.game)
    if why is not None:  # the page offers no review then; a client asking is told why
        raise HTTPException(409, why)
    rooms = rooms_of(request)
    stored = await rooms.run(rooms.storage.reviews.get, table_id)
    if stored is not None:
        return JSONResponse(stored)
    if not room.state.is_over:
        raise HTTPException(409, "this table ended before its game did: there is nothing "
                                 "to review")
    queue = queue_of(request)
    job = queue.jobs.get(table_id)
    if job is not None and job.error is not None:
        queue.jobs.pop(table_id, None)
        return JSONResponse({"error": f"the review could not be made: {job.error}"},
                            status_code=500)
    job = queue.ask(table_id)
    if job is None:
        job = await queue.start(room, await asker(request, room), client_of(request))
    paused = rooms.review_workers.paused  # stopped while bots and hints search
    return JSONResponse({"status": "computing", "done": job.done, "total": job.total,
                         "paused": paused}, status_code=202)
