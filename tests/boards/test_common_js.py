"""static/boards/common.js stands in, in the browser, for the Python the board renderers format
their text with: html.escape, round, f"{x:.Nf}", f"{x:g}" (and f"{x:.Pg}") and str(float).
Hypothesis draws batches of numbers and strings, edge cases included (exact halves, -0.0, the
largest and smallest floats, infinities, NaN), and each batch is run in one Node process kept
for the module (one line of JSON a batch) and compared with Python's answers."""

from __future__ import annotations

import html
import math
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .conftest import NODE

HERE = Path(__file__).parent

BATCH = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Node:
    """common.mjs in one Node process: `call(fn, calls)` runs `fn` on each argument list."""

    def __init__(self, errors: IO[bytes]) -> None:
        assert NODE is not None
        self.errors = errors
        self.process = subprocess.Popen([NODE, str(HERE / "common.mjs")], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=self.errors)

    def call(self, fn: str, calls: list[list[Any]]) -> list[Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(orjson.dumps({"fn": fn, "calls": calls}) + b"\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            self.errors.seek(0)
            pytest.fail(f"common.mjs stopped (exit code {self.process.wait(timeout=30)}): "
                        f"{self.errors.read().decode()[-2000:]}")
        out = orjson.loads(line)
        for args, got in zip(calls, out, strict=True):
            assert not isinstance(got, dict), f"{fn}{tuple(args)} threw\n{got['error']}"
        return out

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)


@pytest.fixture(scope="module")
def node() -> Iterator[Node]:
    with tempfile.TemporaryFile() as errors:
        running = Node(errors)
        yield running
        running.close()


def halves(bits: int) -> st.SearchStrategy[float]:
    """Floats with at most `bits` binary digits after the point: where exact ties are."""
    return st.builds(lambda n, k: n / 2**k, st.integers(-10**9, 10**9), st.integers(0, bits))


FLOATS = st.floats() | halves(12) | st.floats(-1e7, 1e7) | st.sampled_from(
    [0.0, -0.0, 0.5, -0.5, 2.5, 1e16, 1e-5, 1e-4, 999999.5, 100000.5, 9.5, 0.125, 1e21, 1e22,
     5e-324, 1.7976931348623157e308, 2.0**53, 2.0**53 + 2, 0.1 + 0.2, 1.005, 2.675])
FINITE = FLOATS.filter(math.isfinite)


def compare(node: Node, fn: str, calls: list[list[Any]], python: list[Any],
            read: Callable[[Any], Any] = lambda got: got) -> None:
    """Each call's JavaScript answer (as `read` takes it) equals Python's, the arguments named
    if not."""
    js = [read(got) for got in node.call(fn, calls)]
    wrong = [(args, want, got) for args, want, got in zip(calls, python, js, strict=True)
             if want != got]
    assert not wrong, "\n".join(f"{fn}{tuple(a)}: python {w!r}, js {g!r}" for a, w, g in wrong[:20])


@BATCH
@given(st.lists(st.text() | st.text(alphabet="&<>\"'ab \n"), max_size=200))
def test_escape_is_html_escape(node: Node, texts: list[str]) -> None:
    compare(node, "escape", [[t] for t in texts], [html.escape(t) for t in texts])


@BATCH
@given(st.lists(FINITE, max_size=200))
def test_round_half_even_is_round(node: Node, xs: list[float]) -> None:
    # a JavaScript number prints as its shortest text, 59264626550037610 for 2**55 * 1.64...:
    # read back as a float, it is the integer round() gives
    compare(node, "roundHalfEven", [[repr(x)] for x in xs], [round(x) for x in xs],
            lambda got: float(got) if type(got) in (int, float) else got)


@BATCH
@given(st.lists(st.tuples(FLOATS, st.integers(0, 20)), max_size=200))
def test_fixed_is_format_f(node: Node, pairs: list[tuple[float, int]]) -> None:
    compare(node, "fixed", [[repr(x), n] for x, n in pairs], [f"{x:.{n}f}" for x, n in pairs])


@BATCH
@given(st.lists(st.tuples(FLOATS, st.none() | st.integers(1, 17)), max_size=200))
def test_general_is_format_g(node: Node, pairs: list[tuple[float, int | None]]) -> None:
    compare(node, "general", [[repr(x), p] for x, p in pairs],
            [f"{x:g}" if p is None else f"{x:.{p}g}" for x, p in pairs])


@BATCH
@given(st.lists(FLOATS, max_size=200))
def test_float_text_is_str(node: Node, xs: list[float]) -> None:
    compare(node, "floatText", [[repr(x)] for x in xs], [str(x) for x in xs])
