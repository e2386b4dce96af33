"""`ratking play` on a real terminal (a pseudo-terminal of 80 by 24): what is typed while a
bot thinks is not taken as the next answer, and the full board fits the screen."""

from __future__ import annotations

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
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")


class Terminal:
    """`python -m ratking.cli ARGS` on a pseudo-terminal of 80 columns and 24 lines."""

    def __init__(self, *args: str) -> None:
        self.fd, child = pty.openpty()
        fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = {**os.environ, "PYTHONPATH": str(SRC), "TERM": "xterm", "COLUMNS": "80",
               "LINES": "24"}
        self.proc = subprocess.Popen([sys.executable, "-m", "ratking.cli", *args], stdin=child,
                                     stdout=child, stderr=child, env=env, close_fds=True)
        os.close(child)
        self.text = ""

    def read_until(self, pattern: str, seconds: float = 120) -> str:
        """Everything printed up to and including `pattern` (ANSI codes removed)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            found = re.search(pattern, ANSI.sub("", self.text))
            if found:
                return ANSI.sub("", self.text)[:found.end()]
            if not self.read(0.2) and self.proc.poll() is not None:
                break
        self.proc.kill()
        raise AssertionError(f"never printed {pattern!r}: {ANSI.sub('', self.text)[-2000:]}")

    def read(self, seconds: float) -> str:
        got = ""
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                break
            try:
                chunk = os.read(self.fd, 65536).decode("utf-8", "replace")
            except OSError:
                break
            got += chunk
        self.text += got
        return ANSI.sub("", got)

    def type(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(30)
        os.close(self.fd)


@pytest.fixture
def terminal():
    made: list[Terminal] = []
    yield lambda *args: made.append(Terminal(*args)) or made[-1]
    for t in made:
        t.close()


def test_keys_typed_while_a_bot_thinks_are_discarded(terminal):
    # the bot searches for 1.5 s (a time budget: on either core), long enough to type during
    # its turn; seat 1 moves first
    game = terminal("play", "rat-a-tat-roll", "-p", "2", "--seats", "ismcts:ms=1500,human",
                    "--seed", "3")
    game.read_until("is thinking")
    game.type("3\r")
    before = game.read_until(r"Your choice \([^)]*\): ")
    game.read(1.5)  # had "3" been read, the game would have answered it by now
    after = ANSI.sub("", game.text)[len(before):]
    assert after.strip() == "", after
    game.type("q\r")
    game.read_until("Game left unfinished")
    assert "Your choice" in before
