"""The lab's page and API (off unless the setting `lab` is on: then every route is a 404).

- `GET /lab`: the page (`templates/lab.html`); `/lab?job=<id>` shows a job, so a reload keeps it.
- `GET /api/lab`: the limits, and the card files the asker keeps (`?optional=true`: null
  when the lab is off, for the lobby's link to it).
- `POST /api/lab/cards`: upload a card file `{game, kind, name, text}`, checked for the game,
  kept by its name (201), or 400 with the command line's one-line reason.
- `POST /api/lab/jobs`: start a job (setups.LabRun): 201 with its status, or 400 (bad
  input: nothing started), 429 (the person's or the address's limit), 503 (the process's).
- `GET /api/lab/jobs/<id>`: its status; `DELETE`: cancel it.
- `GET /lab/jobs/<id>/report.html` (`?download=1` to save it), `games.csv` and the run's
  JSON (`simulate.json`, `sweep.json`, `compare.json`) once it is done.

A job's id is 16 random characters: whoever holds the link may watch or cancel the job.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, HTMLResponse
from pydantic import BaseModel, Field

from ...core import RatkingError
from ...sim import lab as sim_lab
from ..layout import page
from ..lobby.accounts import rooms_of, signed_in
from ..people.clients import client_of
from . import cards
from .jobs import LabJob, LabJobs
from .setups import LabRun, prepare

router = APIRouter()
OFF = "the lab is off on this server (its operator turns it on: ratking serve --lab)"


class Upload(BaseModel):
    game: str = Field(max_length=40)
    kind: str = Field(default="cards", max_length=20)
    name: str = Field(max_length=100)
    text: str = Field(max_length=60_000)


def lab_of(request: Request) -> LabJobs:
    """This process's lab jobs; 404 when the lab is off."""
    settings = request.app.state.settings
    if not settings.lab:
        raise HTTPException(404, OFF)
    jobs = getattr(request.app.state, "lab", None)
    if jobs is None:
        jobs = request.app.state.lab = LabJobs(settings, rooms_of(request).review_workers)
    return jobs


async def who(request: Request) -> tuple[str | None, str | None]:
    """(the person, for the limit per person: their account, or None for a guest; the
    client's address)."""
    account = await signed_in(request)
    return (f"account:{account.id}" if account else None), client_of(request)


def files_folder(jobs: LabJobs, person: str | None, address: str | None) -> Path:
    return cards.person_folder(jobs.root, person or f"address:{address}")


def job_or_404(jobs: LabJobs, job_id: str) -> LabJob:
    job = jobs.find(job_id)
    if job is None:
        raise HTTPException(404, f"no lab job {job_id!r} (a finished job's report is kept "
                                 f"{jobs.settings.lab_keep / 86400:g} days)")
    return job


@router.get("/lab", include_in_schema=False)
async def lab_page(request: Request) -> HTMLResponse:
    lab_of(request)
    return page("lab.html")


@router.get("/api/lab")
async def lab_limits(request: Request, optional: bool = False) -> dict[str, Any] | None:
    """The lab's limits, the names of the card files the asker keeps, the kinds of file
    each game takes ({"you-dirty-rat": ["cards"], "target-rats": ["cards", "board"]}), and
    `missing`: why no job can run here (the report extra is not installed), or null. With the
    lab off: 404, or with `?optional=true` null (the lobby asks so, to offer a link)."""
    if optional and not request.app.state.settings.lab:
        return None
    jobs = lab_of(request)
    settings = jobs.settings
    try:
        sim_lab.need_lab("the lab")
        missing = None
    except RatkingError as exc:
        missing = str(exc)
    return {"games": settings.lab_games, "per_person": settings.lab_per_person,
            "files_per_person": settings.lab_files_per_person,
            "cards": cards.listing(files_folder(jobs, *await who(request))),
            "files": cards.kinds(), "missing": missing}


@router.post("/api/lab/cards", status_code=201)
async def upload_cards(request: Request, upload: Upload) -> dict[str, Any]:
    """Keep a card file for later jobs, once the game has checked it."""
    jobs = lab_of(request)
    folder = files_folder(jobs, *await who(request))
    made = await asyncio.to_thread(cards.checked, upload.game, upload.kind, upload.name,
                                   upload.text)
    try:
        cards.keep(folder, made, jobs.settings.lab_files_per_person)
    except cards.TooManyFiles as exc:
        raise HTTPException(429, str(exc)) from None
    return {"name": made.name, "sha256": made.sha256, "cards": cards.listing(folder)}


@router.post("/api/lab/jobs", status_code=201)
async def start_job(request: Request, run: LabRun) -> dict[str, Any]:
    """Check the job whole and start it (see the module docstring for the refusals)."""
    jobs = lab_of(request)
    person, address = await who(request)
    jobs.check(person, address)  # before the work of checking the input
    folder = files_folder(jobs, person, address)
    work = await asyncio.to_thread(prepare, run, jobs.settings.lab_games,
                                   lambda name: cards.opened(folder, name))
    job = jobs.start(work, person, address)  # the limits checked again, with no await between
    return job.status(jobs.pool.paused)


@router.get("/api/lab/jobs/{job_id}")
async def job_status(request: Request, job_id: str) -> dict[str, Any]:
    jobs = lab_of(request)
    return job_or_404(jobs, job_id).status(jobs.pool.paused)


@router.delete("/api/lab/jobs/{job_id}")
async def cancel_job(request: Request, job_id: str) -> dict[str, Any]:
    """Cancel a job queued or running (its games are dropped); 409 once it has ended."""
    jobs = lab_of(request)
    job = job_or_404(jobs, job_id)
    if not job.live:
        raise HTTPException(409, f"the job has ended ({job.stage})")
    jobs.cancel(job)
    if job.task is not None:
        await asyncio.wait({job.task}, timeout=5)
    return job.status()


@router.get("/lab/jobs/{job_id}/{name}", include_in_schema=False)
async def job_file(request: Request, job_id: str, name: str,
                   download: bool = False) -> FileResponse:
    """A finished job's report (shown, or saved with ?download=1), CSV or JSON."""
    jobs = lab_of(request)
    path = jobs.file(job_id, name)
    if path is None:
        raise HTTPException(404, f"job {job_id!r} has no file {name!r} (yet)")
    if name == "report.html" and not download:
        return FileResponse(path, media_type="text/html")
    return FileResponse(path, filename=f"ratking-{job_id}-{name}")
