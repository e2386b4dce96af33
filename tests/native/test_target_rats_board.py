"""The compiled Target: Rats board against games/target_rats/board.py: field for field."""

from __future__ import annotations

import pytest

from ratking.games.target_rats.board import board
from ratking.native import load
from ratking.native.target_rats_board import FIELDS, compiled_board

core = load()
pytestmark = pytest.mark.skipif(core is None, reason="the compiled core is not built")


def plain(value):
    return [plain(v) for v in value] if isinstance(value, tuple | list) else value


def test_every_field_is_copied():
    made = compiled_board(core, board())
    for name in FIELDS:
        assert plain(getattr(made, name)) == plain(getattr(board(), name)), name


def test_sewer_links_agree():
    made = compiled_board(core, board())
    assert [made.sewer_link(s) for s in range(board().size)] == \
        [board().sewer_link(s) for s in range(board().size)]
