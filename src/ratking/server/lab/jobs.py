"""The lab's jobs in this server process: who asked, the limits, the progress, the folder.

A job is played in the review pool (`Rooms.review_workers`), a chunk of games per worker
job, keyed by the job's id (the pool takes its keys in turn: reviews and lab jobs share it
fairly). That pool is held (its workers stopped where they are) while live tables' bots and
hints search (`Rooms.make_way`), so a lab job never takes a core from a game being played.

The limits (settings): `lab_per_person` jobs queued or running for one person (an account),
`quotas.PER_ADDRESS` times that for one address (the address alone, at the person's limit,
for a guest): 429; `max_lab_jobs` in the process: 503; `lab_games` games per job (checked
in setups.py). The check and the job's registration happen with no await between them, so
two requests at once cannot both pass a limit that holds one more.

Each job has a folder (`lab_dir`/jobs/<id>): the report, its CSV and JSON, and `job.json`
(what the page shows) once it ends, so a finished job is found after a restart too. Folders
older than `lab_keep` seconds are deleted when a new job starts.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir

from ..people import quotas
from ..pool.workers import Workers
from ..refused import Refused
from ..settings import Settings
from .setups import Work
from .work import JSON, REPORT, play_games

log = logging.getLogger("ratking.server")
ID = re.compile(r"[A-Za-z0-9_-]{16}")
RETRY = 30  # seconds a refused asker is told to wait
CHUNKS = 50  # a batch is played in about this many worker jobs: the progress's steps
LEAST_CHUNK = 10  # games


def lab_root(settings: Settings) -> Path:
    """The lab's folder: `lab_dir`, else lab/ in the data folder."""
    return Path(settings.lab_dir or Path(user_data_dir("ratking", appauthor=False)) / "lab")


def chunks(games: int) -> list[range]:
    """A batch's games as the worker jobs that play them: about CHUNKS, of LEAST_CHUNK
    games at least."""
    size = max(LEAST_CHUNK, -(-games // CHUNKS))
    return [range(i, min(i + size, games)) for i in range(0, games, size)]


@dataclass(eq=False)
class LabJob:
    """A job and how far it is."""

    id: str
    kind: str  # simulate, sweep or compare
    title: str
    folder: Path
    total: int  # games to play
    work: Work | None = None  # None: a job that ended, read back from its job.json
    person: str | None = None
    address: str | None = None
    done: int = 0
    stage: str = "queued"  # queued, playing, reporting, done, failed, cancelled
    doing: str = ""  # the batch under way (a cell, a version)
    lines: list[str] = field(default_factory=list)  # what the page shows when it is done
    error: str | None = None
    task: asyncio.Task | None = None
    began: float = field(default_factory=time.time)

    @property
    def live(self) -> bool:
        return self.stage in ("queued", "playing", "reporting")

    def status(self, paused: bool = False) -> dict[str, Any]:
        """What the page shows (and job.json keeps)."""
        out: dict[str, Any] = {"id": self.id, "kind": self.kind, "title": self.title,
                               "stage": self.stage, "done": self.done, "total": self.total,
                               "doing": self.doing, "lines": self.lines, "error": self.error,
                               "paused": paused and self.live}
        if self.stage == "done":
            base = f"/lab/jobs/{self.id}"
            out["files"] = {"report": f"{base}/report.html", "csv": f"{base}/games.csv",
                            "json": f"{base}/{JSON[self.kind]}"}
        return out


class LabJobs:
    """The lab jobs of this process (see the module docstring)."""

    def __init__(self, settings: Settings, pool: Workers) -> None:
        self.settings = settings
        self.pool = pool
        self.root = lab_root(settings)
        self.jobs: dict[str, LabJob] = {}

    def running(self) -> list[LabJob]:
        return [job for job in self.jobs.values() if job.live]

    def check(self, person: str | None, address: str | None) -> None:
        """Refused if a new job of `person` at `address` is past a limit."""
        past = quotas.past_limit([(j.person, j.address) for j in self.running()], person,
                                 address, self.settings.lab_per_person,
                                 self.settings.max_lab_jobs)
        if past is None:
            return
        which, most = past
        if which == "process":
            raise Refused(503, f"the lab is running {most} jobs, its most: try again in "
                               f"{RETRY} seconds", RETRY)
        who = (f"you have {most} lab jobs queued or running, the most one person may"
               if which == "person" else f"{most} lab jobs from your address are queued or "
               "running, the most one address may")
        raise Refused(429, f"{who}: wait for one to end, or cancel one", RETRY)

    def start(self, work: Work, person: str | None, address: str | None) -> LabJob:
        """Start `work` for `person` at `address`, within the limits (else Refused)."""
        self.check(person, address)
        job_id = secrets.token_urlsafe(12)
        job = LabJob(job_id, work.kind, work.title, self.root / "jobs" / job_id, work.total,
                     work, person, address)
        self.jobs[job_id] = job
        job.task = asyncio.create_task(self.run(job))
        self.prune()
        return job

    def find(self, job_id: str) -> LabJob | None:
        """A job of this process, or one that ended (its job.json), or None."""
        if not ID.fullmatch(job_id):
            return None
        job = self.jobs.get(job_id)
        if job is not None:
            return job
        kept = self.root / "jobs" / job_id / "job.json"
        try:
            data = json.loads(kept.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        try:
            return LabJob(job_id, data["kind"], data["title"], kept.parent, data["total"],
                          done=data["done"], stage=data["stage"], lines=data["lines"],
                          error=data["error"])
        except (KeyError, TypeError):
            return None

    def cancel(self, job: LabJob) -> None:
        if job.task is not None and not job.task.done():
            job.task.cancel()

    async def run(self, job: LabJob) -> None:
        work = job.work
        assert work is not None
        start = time.perf_counter()
        try:
            got = []
            job.stage = "playing"
            for plan, label in zip(work.plans, work.labels, strict=True):
                job.doing = label
                results = []
                for part in chunks(plan.games):
                    results += await self.pool.run(play_games, plan, part, key=job.id)
                    job.done += len(part)
                got.append(results)
            job.stage, job.doing = "reporting", "writing the report"
            job.lines = await self.pool.run(work.report, job.folder, got,
                                            time.perf_counter() - start, *work.args,
                                            key=job.id)
            job.stage = "done"
        except asyncio.CancelledError:
            job.stage = "cancelled"
            shutil.rmtree(job.folder, ignore_errors=True)
            return
        except Exception as exc:  # told to the page
            log.exception("lab job %s failed", job.id)
            job.stage, job.error = "failed", str(exc) or type(exc).__name__
        finally:
            job.doing = ""
            job.work = None  # its plans are no longer needed: the job is its status now
        self.keep(job)

    def keep(self, job: LabJob) -> None:
        """job.json beside the report: the job found again after a restart."""
        try:
            job.folder.mkdir(parents=True, exist_ok=True)
            data = job.status()
            (job.folder / "job.json").write_text(json.dumps(data), encoding="utf-8")
        except OSError as exc:
            log.warning("ratking: lab job %s: job.json not written: %s", job.id, exc)

    def prune(self) -> None:
        """Forget jobs that ended, and delete the folders older than `lab_keep` seconds."""
        old = time.time() - self.settings.lab_keep
        self.jobs = {k: j for k, j in self.jobs.items() if j.live or j.began > old}
        folder = self.root / "jobs"
        if not folder.is_dir():
            return
        for path in folder.iterdir():
            try:
                if path.name not in self.jobs and path.stat().st_mtime < old:
                    shutil.rmtree(path, ignore_errors=True)
            except OSError:
                continue

    def file(self, job_id: str, name: str) -> Path | None:
        """A finished job's report page, CSV or JSON file, or None."""
        job = self.find(job_id)
        if job is None or job.stage != "done":
            return None
        path = {"report.html": job.folder / REPORT / "index.html",
                "games.csv": job.folder / REPORT / "games.csv"}.get(name)
        if path is None and name in JSON.values():
            path = job.folder / name
        return path if path is not None and path.is_file() else None
