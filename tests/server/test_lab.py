"""The lab in the browser's API (/api/lab): off by default; a simulation, a sweep and a
comparison each played in the review pool to the report the command line writes, with its
CSV and JSON; bad input refused in one line with nothing started; the limits on games per
job and on jobs per person and address, also under requests that come at once; a job
cancelled; a finished job found again after a restart."""

from __future__ import annotations

import csv
import io
import os
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from fastapi.testclient import TestClient

from ratking.core import RatkingError, make
from ratking.core.cardfile import CardFile
from ratking.server import create_app
from ratking.server.pool.workers import CAN_HOLD

from .conftest import sign_up

JOB_WAIT = 120  # seconds for a small job to end
LIVE = ("queued", "playing", "reporting")


def lab_app(tmp_path, **settings):
    return create_app(f"sqlite:///{tmp_path / 'tables.db'}", bot_delay=0, botonly_min_delay=0,
                      lab=True, lab_dir=str(tmp_path / "lab"), **settings)


@pytest.fixture
def lab(tmp_path):
    with TestClient(lab_app(tmp_path)) as client:
        yield client


def thief(amount: int) -> str:
    """You Dirty Rat's card file with the Thief stealing `amount`."""
    return make("you-dirty-rat").files["cards"].changed({"thief.amount": amount}).text


def upload(client, name: str, text: str, game: str = "you-dirty-rat", kind: str = "cards",
           **headers):
    return client.post("/api/lab/cards", json={"game": game, "kind": kind, "name": name,
                                                "text": text}, headers=headers)


def start(client, headers=None, **body):
    return client.post("/api/lab/jobs", json={"game": "you-dirty-rat", "games": 20, **body},
                       headers=headers)


def finished(client, job_id: str) -> dict:
    end = time.monotonic() + JOB_WAIT
    while time.monotonic() < end:
        status = client.get(f"/api/lab/jobs/{job_id}").json()
        if status["stage"] not in LIVE:
            return status
        time.sleep(0.1)
    raise AssertionError(f"lab job {job_id} still {status['stage']} after {JOB_WAIT} s")


def job_folders(client) -> list[str]:
    folder = client.app.state.lab.root / "jobs" if hasattr(client.app.state, "lab") else None
    return sorted(p.name for p in folder.iterdir()) if folder and folder.is_dir() else []


def test_the_lab_is_off_by_default(client):
    assert client.get("/lab").status_code == 404
    answer = client.get("/api/lab")
    assert answer.status_code == 404 and "--lab" in answer.json()["error"]
    optional = client.get("/api/lab", params={"optional": "true"})  # the lobby's question
    assert optional.status_code == 200 and optional.json() is None
    assert start(client, kind="simulate").status_code == 404
    assert upload(client, "t.toml", thief(400)).status_code == 404
    assert client.get("/api/lab/jobs/abcdefghijklmnop").status_code == 404


def test_a_simulation_writes_the_command_lines_report(lab):
    assert "lab-form" in lab.get("/lab").text
    assert lab.get("/api/lab", params={"optional": "true"}).json()["games"] == 20000
    answer = start(lab, kind="simulate", games=30, seed=4, values=["start_money=200"])
    assert answer.status_code == 201, answer.text
    job = answer.json()
    assert job["kind"] == "simulate" and job["total"] == 30
    done = finished(lab, job["id"])
    assert done["stage"] == "done" and done["done"] == 30, done
    assert len(done["lines"]) == 3  # a line per seat
    page = lab.get(done["files"]["report"])
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "ratking simulate report" in page.text and "start_money" in page.text
    saved = lab.get(done["files"]["report"], params={"download": 1})
    assert "attachment" in saved.headers["content-disposition"]
    rows = list(csv.DictReader(io.StringIO(lab.get(done["files"]["csv"]).text)))
    assert len(rows) == 30
    data = lab.get(done["files"]["json"]).json()
    assert data["seed"] == 4 and data["rules"]["start_money"] == 200 and len(data["games"]) == 30
    # the same games as the command line's (game i with its own seed, whatever the chunks)
    from ratking.sim.batch import run_batch

    alone = run_batch("you-dirty-rat", 3, ["heuristic"] * 3, 30, 4, {"start_money": 200})
    assert [g["returns"] for g in data["games"]] == [list(r.returns) for r in alone]
    assert [g["seed"] for g in data["games"]] == [r.seed for r in alone]


def test_a_sweep_plays_every_cell(lab):
    job = start(lab, kind="sweep", game="rat-and-duck", games=10,
                values=["unrest_to_win=12,18", "bio_sci_to_win=2"]).json()
    assert job["total"] == 20, job
    done = finished(lab, job["id"])
    assert done["stage"] == "done", done
    assert "ratking sweep report" in lab.get(done["files"]["report"]).text
    data = lab.get(done["files"]["json"]).json()
    assert data["cells_finished"] == 2 and data["axes"] == {"unrest_to_win": [12, 18]}
    assert all(len(cell["games"]) == 10 for cell in data["cells"])
    rows = list(csv.DictReader(io.StringIO(lab.get(done["files"]["csv"]).text)))
    assert {r["rule unrest_to_win"] for r in rows} == {"12", "18"}


def test_a_comparison_of_two_uploaded_card_files(lab):
    for amount in (200, 400):
        got = upload(lab, f"thief{amount}.toml", thief(amount))
        assert got.status_code == 201, got.text
    assert lab.get("/api/lab").json()["cards"] == ["thief200.toml", "thief400.toml"]
    job = start(lab, kind="compare", games=20, a="cards=thief200.toml",
                b="cards=thief400.toml").json()
    assert job["total"] == 40
    done = finished(lab, job["id"])
    assert done["stage"] == "done", done
    assert done["lines"], "the verdict in words"
    data = lab.get(done["files"]["json"]).json()
    assert data["b"]["cards"]["name"] == "thief400.toml"
    assert data["a"]["cards"]["sha256"] == CardFile("x", thief(200)).sha256
    assert {"measure", "difference", "low", "high", "p"} <= set(data["differences"][0])
    rounds = next(d for d in data["differences"] if d["measure"] == "length (rounds)")
    assert rounds["difference"] < 0  # a Thief at $400 shortens the game
    assert "version A against version B" in lab.get(done["files"]["report"]).text


def refused(answer, status: int, words: str) -> str:
    assert answer.status_code == status, answer.text
    message = answer.json()["error"]
    assert words in message and "\n" not in message, message
    return message


def test_bad_input_is_refused_in_one_line_and_starts_nothing(lab):
    refused(start(lab, kind="simulate", values=["start_money=lots"]), 400, "start_money")
    refused(start(lab, kind="simulate", values=["nope=3"]), 400, "unknown rule 'nope'")
    refused(start(lab, kind="simulate", bots="grandmaster"), 400, "grandmaster")
    refused(start(lab, kind="sweep", values=["start_money=200"]), 400, "two or more values")
    refused(start(lab, kind="compare", a="hand=lots"), 400, "hand")
    refused(start(lab, kind="compare", values=["hand=7"]), 400, "in its versions' SPECs")
    refused(start(lab, kind="simulate", cards="missing.toml"), 400, "upload it first")
    refused(start(lab, kind="compare", b="cards=missing.toml"), 400, "upload it first")
    refused(start(lab, kind="simulate", cards="../../etc/passwd"), 400, "file name")
    assert start(lab, kind="tune").status_code == 422
    assert not hasattr(lab.app.state, "lab") or not lab.app.state.lab.jobs


def test_a_bad_card_file_gets_the_command_lines_reason(lab):
    text = thief(400).replace("copies = ", "copies = 0 #", 1)
    try:
        make("you-dirty-rat", card_files={"cards": CardFile("broken.toml", text)})
    except RatkingError as exc:
        cli = str(exc)
    message = refused(upload(lab, "broken.toml", text), 400, "broken.toml")
    assert message == cli
    refused(upload(lab, "torn.toml", "x = ["), 400, "torn.toml")
    refused(upload(lab, "../up.toml", thief(400)), 400, "file name")
    refused(upload(lab, "t.toml", thief(400), kind="board"), 400, "not 'board'")
    assert lab.get("/api/lab").json()["cards"] == []


def test_games_per_job_and_files_per_person_are_bounded(tmp_path):
    with TestClient(lab_app(tmp_path, lab_games=100, lab_files_per_person=1)) as lab:
        refused(start(lab, kind="simulate", games=101), 400, "at most 100 games")
        refused(start(lab, kind="compare", games=51), 400, "would play 102")
        refused(start(lab, kind="sweep", games=40, values=["start_money=100,200,300"]), 400,
                "would play 120")
        assert upload(lab, "a.toml", thief(200)).status_code == 201
        assert upload(lab, "a.toml", thief(300)).status_code == 201  # replaced
        refused(upload(lab, "b.toml", thief(400)), 429, "1 card files")
        assert job_folders(lab) == []


@pytest.fixture
def held_lab(tmp_path):
    """The lab with one job per person, its pool held (the jobs stay queued)."""
    if not CAN_HOLD:
        pytest.skip("holding the pool needs POSIX signals")
    with TestClient(lab_app(tmp_path, lab_per_person=1, max_lab_jobs=3)) as lab:
        lab.app.state.rooms.review_workers.hold(True)
        yield lab
        lab.app.state.rooms.review_workers.hold(False)


def test_a_job_waits_while_live_tables_search(lab):
    """The rooms' own hold: searches that leave the review pool no core stop the lab's
    workers where they are (the page says paused); the job goes on once they are done."""
    if not CAN_HOLD or (os.cpu_count() or 1) < 2:
        pytest.skip("holding the pool needs POSIX signals and two cores")
    rooms = lab.app.state.rooms
    job = start(lab, kind="simulate", games=400).json()
    end = time.monotonic() + JOB_WAIT
    while lab.get(f"/api/lab/jobs/{job['id']}").json()["done"] == 0:  # its worker at work
        assert time.monotonic() < end, "the lab's worker never played a game"
        time.sleep(0.05)
    lab.portal.call(rooms.make_way, rooms.workers.size)  # every search worker busy
    status = lab.get(f"/api/lab/jobs/{job['id']}").json()
    assert status["paused"] is True and status["stage"] in LIVE
    time.sleep(1)  # a chunk under way when the pool stopped may still report in
    before = lab.get(f"/api/lab/jobs/{job['id']}").json()["done"]
    time.sleep(2)
    assert lab.get(f"/api/lab/jobs/{job['id']}").json()["done"] == before
    lab.portal.call(rooms.make_way, 0)  # the searches are done
    assert finished(lab, job["id"])["stage"] == "done"


def test_jobs_per_person_and_address_are_bounded(held_lab):
    lab = held_lab
    first = start(lab, kind="simulate").json()
    status = lab.get(f"/api/lab/jobs/{first['id']}").json()
    assert status["stage"] in LIVE and status["paused"] is True
    refused(start(lab, kind="simulate"), 429, "from your address")  # a guest: the address
    ann, bea = sign_up(lab, "Ann"), sign_up(lab, "Bea")
    assert start(lab, ann, kind="simulate").status_code == 201
    refused(start(lab, ann, kind="simulate"), 429, "you have 1")
    assert start(lab, bea, kind="simulate").status_code == 201
    refused(start(lab, sign_up(lab, "Cal"), kind="simulate"), 503, "3 jobs")


def test_two_tabs_at_once_cannot_pass_the_limit(held_lab):
    lab = held_lab
    body = {"kind": "compare", "game": "you-dirty-rat", "games": 20, "b": "thief.amount=400"}
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda _: lab.post("/api/lab/jobs", json=body), range(4)))
    codes = sorted(a.status_code for a in answers)
    assert codes == [201, 429, 429, 429], [a.text for a in answers]
    assert len(lab.app.state.lab.running()) == 1


def test_a_job_is_cancelled_and_keeps_nothing(held_lab):
    lab = held_lab
    job = start(lab, kind="simulate", games=200).json()
    cancelled = lab.delete(f"/api/lab/jobs/{job['id']}")
    assert cancelled.status_code == 200 and cancelled.json()["stage"] == "cancelled"
    assert lab.delete(f"/api/lab/jobs/{job['id']}").status_code == 409
    assert lab.get(f"/lab/jobs/{job['id']}/report.html").status_code == 404
    assert job["id"] not in job_folders(lab)
    assert start(lab, kind="simulate").status_code == 201  # the limit counts it no more


def test_a_finished_job_is_found_after_a_restart(tmp_path):
    with TestClient(lab_app(tmp_path)) as lab:
        job = start(lab, kind="simulate", games=10).json()
        done = finished(lab, job["id"])
    with TestClient(lab_app(tmp_path)) as lab:
        again = lab.get(f"/api/lab/jobs/{job['id']}").json()
        assert again == done
        assert "ratking simulate report" in lab.get(done["files"]["report"]).text
        assert lab.get("/api/lab/jobs/not-a-job-id-at-all").status_code == 404
        assert lab.get(f"/lab/jobs/{job['id']}/job.json").status_code == 404


def test_a_server_without_the_lab_extra_says_so(lab, monkeypatch):
    from ratking.sim import lab as sim_lab

    def missing(what: str) -> None:
        raise RatkingError(f"{what} needs the report extra: pip install -e '.[report]'")

    assert lab.get("/api/lab").json()["missing"] is None
    monkeypatch.setattr(sim_lab, "need_lab", missing)
    assert lab.get("/api/lab").json()["missing"] == \
        "the lab needs the report extra: pip install -e '.[report]'"
    refused(start(lab, kind="simulate"), 400, "pip install -e '.[report]'")
