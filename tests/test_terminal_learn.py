"""`ratking learn` in a real pseudo-terminal of 80x24: each scripted step's words come
before the prompt, a wrong choice is answered with the step's hint, the script ends in a
game of the person's own, and no line is wider than the screen."""

from __future__ import annotations

import codecs
import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time

from ratking.tutorial import Lesson, load_tutorial

GAME = "rat-a-tat-roll"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")


class Pty:
    """A command in a pseudo-terminal of 80x24 columns and lines; `until` reads its screen."""

    def __init__(self, *args: str) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
        self.process = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave,
                                        env=env, close_fds=True)
        os.close(slave)
        self.text = ""
        self.decode = codecs.getincrementaldecoder("utf-8")("replace").decode  # split chars

    def until(self, words: str, seconds: float = 60) -> str:
        """Everything printed up to `words` (which is consumed with it)."""
        deadline = time.monotonic() + seconds
        while words not in (clean := ANSI.sub("", self.text).replace("\r", "")):
            left = deadline - time.monotonic()
            assert left > 0, f"{words!r} never came; the screen said:\n{clean[-2000:]}"
            ready, _, _ = select.select([self.master], [], [], min(left, 1))
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the program ended
                    chunk = b""
                assert chunk or self.process.poll() is None, clean[-2000:]
                self.text += self.decode(chunk)  # escapes may be split: cleaned as a whole
        before, _, self.text = clean.partition(words)
        return before

    def type(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def close(self) -> None:
        self.process.kill()
        self.process.wait(10)
        os.close(self.master)


def test_learn_in_a_terminal():
    tutorial = load_tutorial(GAME)
    lesson = Lesson(tutorial)  # to know which number each step's action has
    term = Pty(sys.executable, "-c", "from ratking.cli import main; main()", "learn", GAME)
    try:
        screen = term.until("Your choice")
        assert "Learn to play" in screen
        for n, step in enumerate(tutorial.steps, 1):
            if n > 1:
                screen = term.until("Your choice")
            assert f"Step {step.number} of {tutorial.length}" in screen
            # the step's words are before the prompt (the panel wraps them at 80 columns)
            assert " ".join(step.say.split()[:4]) in " ".join(screen.replace("│", " ").split())
            assert all(len(line) <= 80 for line in screen.splitlines()), screen
            legal = [a.id for a in lesson.state.legal_actions()]
            wrong = next(k for k, a in enumerate(legal, 1) if a != step.do)
            term.type(str(wrong))
            answer = term.until("Your choice")
            assert " ".join(step.hint.split()[:5]) in " ".join(answer.split())
            term.type(str(legal.index(step.do) + 1))
            lesson.try_move(step.do)
        screen = term.until("Your choice")
        assert "On your own" in screen
        term.type("q")
        term.until("Game left unfinished.")
    finally:
        term.close()


def test_learn_an_unknown_game():
    done = subprocess.run([sys.executable, "-c", "from ratking.cli import main; main()", "learn",
                           "chess"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("Error: no game 'chess'") and done.stderr.count("\n") == 1
