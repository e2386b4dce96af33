"""Without the compiled core ratking plays on the Python engine, and says so once."""

from __future__ import annotations

import subprocess
import sys

# the compiled module made unimportable, as on a machine that installed without a compiler
MISSING = """
import sys
sys.modules["ratking.native._core"] = None
from ratking import native
from ratking.core import make
assert not native.available("rat-a-tat-roll")
assert native.load() is None and native.load() is None
try:
    native.require("rat-a-tat-roll")
except native.NativeUnavailable as exc:
    print(exc)
state = make("rat-a-tat-roll").new_game(2, seed=1)
state.apply(state.legal_actions()[0])
"""


def test_a_missing_core_is_said_once_and_the_python_engine_plays():
    run = subprocess.run([sys.executable, "-c", MISSING], capture_output=True, text=True,
                         check=True)
    notices = run.stderr.strip().splitlines()
    assert len(notices) == 1 and "pure-Python engine" in notices[0]
    assert run.stdout.strip() == ("the compiled core is not built: install ratking with a C++ "
                                  "compiler present (pip install -e .)")
