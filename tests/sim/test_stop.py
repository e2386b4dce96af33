"""Ctrl-C (SIGINT) sent to real `ratking` processes: finished work kept, exit code 130, no
traceback; `simulate --resume` plays only what is missing and ends where an uninterrupted run
ends."""

from __future__ import annotations

import json
import os
import queue
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("matplotlib")
pytest.importorskip("optuna")

# real processes that start, play, stop and write reports: slow on a loaded machine
pytestmark = pytest.mark.timeout(900)

SRC = Path(__file__).resolve().parents[2] / "src"


class Command:
    """`python -m ratking.cli ARGS` with its output read line by line as it comes."""

    def __init__(self, *args: str, cwd: Path) -> None:
        env = {**os.environ, "PYTHONPATH": f"{SRC}{os.pathsep}{os.environ.get('PYTHONPATH', '')}",
               "PYTHONUNBUFFERED": "1", "COLUMNS": "200"}
        self.proc = subprocess.Popen([sys.executable, "-m", "ratking.cli", *args], cwd=cwd,
                                     env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.out: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.out.append(line)
            self.lines.put(line)

    def wait_for(self, text: str, seconds: float = 120) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                if text in self.lines.get(timeout=0.5):
                    return
            except queue.Empty:
                if self.proc.poll() is not None:
                    break
        self.proc.kill()
        raise AssertionError(f"never printed {text!r}: {''.join(self.out)}")

    def stop(self, after: float = 0.0) -> tuple[int, str, str, float]:
        """SIGINT after `after` seconds: (exit code, stdout, stderr, seconds to exit)."""
        time.sleep(after)
        sent = time.monotonic()
        self.proc.send_signal(signal.SIGINT)
        try:
            code = self.proc.wait(timeout=300)  # a loaded machine draws a report slowly
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise
        took = time.monotonic() - sent
        self.reader.join(5)
        assert self.proc.stderr is not None
        return code, "".join(self.out), self.proc.stderr.read(), took


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": f"{SRC}{os.pathsep}{os.environ.get('PYTHONPATH', '')}",
           "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-m", "ratking.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=600)


def assert_clean_stop(code: int, out: str, err: str) -> None:
    assert code == 130, (code, out, err)
    assert "Traceback" not in out + err and "KeyboardInterrupt" not in out + err, out + err


@pytest.mark.parametrize("workers", ["1", "2"])
def test_simulate_stopped_keeps_its_games_and_resume_ends_as_an_uninterrupted_run(
        tmp_path, workers):
    args = ("simulate", "rat-a-tat-roll", "-p", "2", "--seed", "5", "--workers", workers)
    cmd = Command(*args, "-n", "1000000", "--json", "s.json", "--report", "rep", cwd=tmp_path)
    cmd.wait_for("Playing 1,000,000 games")
    code, out, err, _ = cmd.stop(after=5.0)
    assert_clean_stop(code, out, err)
    data = json.loads((tmp_path / "s.json").read_text())
    kept = len(data["games"])
    assert 0 < kept < 1_000_000 and data["partial"] is True
    assert f"Stopped: {kept:,} of 1,000,000 games finished." in " ".join(out.split())
    page = (tmp_path / "rep" / "index.html").read_text(encoding="utf-8")
    assert "Partial: the run was stopped (Ctrl-C) after" in page
    assert (tmp_path / "rep" / "games.csv").read_text().count("\n") == kept + 1
    assert sorted(g["index"] for g in data["games"]) == sorted({g["index"] for g in data["games"]})
    # resume to a total a little past what was kept: only the missing games are played
    total = max(g["index"] for g in data["games"]) + 31
    done = run(*args, "-n", str(total), "--json", "s.json", "--resume", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    missing = total - kept
    assert f"Resuming: {kept:,} of {total:,} games are in the file, {missing:,} to play." in \
        " ".join(done.stdout.split())
    whole = run(*args, "-n", str(total), "--json", "whole.json", cwd=tmp_path)
    assert whole.returncode == 0, whole.stderr
    resumed = json.loads((tmp_path / "s.json").read_text())
    straight = json.loads((tmp_path / "whole.json").read_text())
    assert resumed["partial"] is False and resumed["summary"] == straight["summary"]
    assert resumed["games"] == straight["games"]


def test_sweep_stopped_keeps_its_finished_cells(tmp_path):
    cmd = Command("sweep", "rat-a-tat-roll", "-p", "2", "--rule", "cards=3..6", "-n", "300000",
                  "--report", "rep", cwd=tmp_path)
    # a cell of few games first would be quicker; here every cell is long, so stop in cell 1
    cmd.wait_for("Sweeping 4 cells")
    code, out, err, _ = cmd.stop(after=1.5)
    assert_clean_stop(code, out, err)
    assert "Stopped: 0 of 4 cells finished" in " ".join(out.split())
    assert not (tmp_path / "rep").exists()  # nothing finished, nothing written
    quick = Command("sweep", "rat-a-tat-roll", "-p", "2", "--rule", "cards=3..6",
                    "--rule", "max_rounds=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16", "-n", "40",
                    "--report", "rep", cwd=tmp_path)
    quick.wait_for("Cell 3 of 64 done")
    code, out, err, _ = quick.stop()
    assert_clean_stop(code, out, err)
    text = " ".join(out.split())
    finished = int(text.split("Stopped: ")[1].split(" of 64")[0])
    assert finished >= 3
    page = (tmp_path / "rep" / "index.html").read_text(encoding="utf-8")
    assert f"after {finished} of 64 cells" in page
    csv_rows = (tmp_path / "rep" / "games.csv").read_text().count("\n") - 1
    assert csv_rows == finished * 40


def test_a_sweep_stopped_in_a_cell_resumes_without_replaying_and_ends_as_a_straight_run(
        tmp_path):
    # on the Python engine a cell lasts a second or two (the compiled core plays it faster
    # than the stop below comes)
    args = ("sweep", "rat-a-tat-roll", "-p", "2", "--rule", "cards=3..5", "--seed", "4",
            "--bots", "heuristic", "--core", "python", "-n", "600")
    cmd = Command(*args, "--json", "s.json", cwd=tmp_path)
    cmd.wait_for("Cell 1 of 3 done")
    code, out, err, _ = cmd.stop(after=0.5)
    assert_clean_stop(code, out, err)
    assert "the games of the cell under way are kept in s.json" in " ".join(out.split())
    kept = json.loads((tmp_path / "s.json").read_text())
    finished, *under_way = kept["cells"]
    assert len(finished["games"]) == 600 and kept["cells_finished"] == 1
    assert len(under_way) == 1 and 0 < len(under_way[0]["games"]) < 600  # kept, not dropped
    part = len(under_way[0]["games"])
    done = run(*args, "--json", "s.json", "--resume", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    text = " ".join(done.stdout.split())
    assert (f"Resuming: 1 of 3 cells are in the file and {part:,} games of another; "
            f"{2 * 600 - part:,} games to play.") in text
    assert "Cell 1 of 3 done" not in text  # the finished cell is not played again
    straight = run(*args, "--json", "whole.json", cwd=tmp_path)
    assert straight.returncode == 0, straight.stderr
    resumed = json.loads((tmp_path / "s.json").read_text())
    whole = json.loads((tmp_path / "whole.json").read_text())
    assert resumed == whole
    refused = run(*args[:-1], "500", "--json", "s.json", "--resume", cwd=tmp_path)
    assert refused.returncode == 2 and "holds another sweep (games_per_cell" in refused.stderr


def test_tune_stopped_keeps_its_trials_and_the_same_command_goes_on(tmp_path):
    # 30 value sets: a study of 25 trials does not run out of new values
    args = ("tune", "rat-a-tat-roll", "-p", "2", "--param", "cards=3..8", "-n", "200",
            "--trials", "25", "--leaders", "1", "--storage", "t.sqlite3", "--seed", "3",
            "--param", "start_tokens=0..4")
    cmd = Command(*args, cwd=tmp_path)
    cmd.wait_for("Trial 2 done")
    code, out, err, _ = cmd.stop(after=0.3)
    assert_clean_stop(code, out, err)
    assert "the same command to go on" in " ".join(out.split())
    with sqlite3.connect(tmp_path / "t.sqlite3") as db:
        states = [row[0] for row in db.execute("select state from trials")]
    complete = states.count("COMPLETE")
    assert complete >= 2 and "FAIL" not in states
    again = run(*args[:8], "--trials", str(complete + 1), *args[10:], cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert f"{complete} trials done, 1 to run" in " ".join(again.stdout.split())


def test_arena_stopped_keeps_its_games(tmp_path):
    cmd = Command("arena", "rat-a-tat-roll", "--bots", "heuristic,random", "-n", "400000",
                  "--json", "a.json", cwd=tmp_path)
    cmd.wait_for("Playing 400,000 games")
    code, out, err, _ = cmd.stop(after=1.5)
    assert_clean_stop(code, out, err)
    data = json.loads((tmp_path / "a.json").read_text())
    assert data["partial"] is True and 0 < len(data["games"]) < 400000


def test_play_stopped_saves_the_game_and_exits_130(tmp_path):
    cmd = Command("play", "rat-a-tat-roll", "--players", "2", "--seats", "human,bot", "--seed",
                  "1", "--save", "g.json", cwd=tmp_path)
    # no input is written: the game waits for the human's first choice
    cmd.wait_for("seed 1")
    code, out, err, _ = cmd.stop(after=1.0)
    assert_clean_stop(code, out, err)
    assert "Game interrupted." in out
    assert json.loads((tmp_path / "g.json").read_text())["seed"] == 1


# a pool of two workers given many quick jobs, stopped by Ctrl-C after argv[1] seconds:
# prints how many jobs it had back, exits 130
POOL_STOPPED = """
import os, signal, sys, threading, time
from ratking.sim.backends import LocalBackend

def job(x):
    time.sleep(0.001)
    return x

if __name__ == "__main__":
    backend = LocalBackend(2)
    threading.Timer(float(sys.argv[1]), lambda: os.kill(os.getpid(), signal.SIGINT)).start()
    got = []
    try:
        backend.run(job, list(range(20_000)), got.append)
    except KeyboardInterrupt:
        print(len(got))
        sys.exit(130)
"""


@pytest.mark.parametrize("after", [0.2, 0.5, 0.9, 1.4, 2.0])
def test_a_pool_stopped_at_any_moment_hands_back_its_jobs_and_exits(tmp_path, after):
    """Ctrl-C raised inside concurrent.futures' own locks (a wait over thousands of futures
    holds each one's lock in turn) left the pool's thread waiting at exit for ever; the pool
    now holds Ctrl-C and looks at it between waits, and holds few futures at a time."""
    script = tmp_path / "pool_stopped.py"
    script.write_text(POOL_STOPPED)
    env = {**os.environ, "PYTHONPATH": f"{SRC}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    try:  # a deadline for a hang, not a measure of speed: a stop takes a second or two
        done = subprocess.run([sys.executable, str(script), str(after)], env=env,
                              capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"a pool stopped after {after} s never exited") from None
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stdout.strip().isdigit(), done.stdout  # the jobs it had back
