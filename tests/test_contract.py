"""`ratking check GAME` and `ratking.testing.check`: one line per check, a non-zero exit and
the reason when one fails, a one-line error for what cannot be checked. (The checks failing
for real, on broken copies of a game, are in tests/test_plugins.py.)"""

from __future__ import annotations

import pytest
from rich.console import Console
from typer.testing import CliRunner

from ratking import cli
from ratking.testing import CHECKS, check

CHEAP = ["views", "narration", "hooks"]


@pytest.fixture(autouse=True)
def plain_console(monkeypatch):
    monkeypatch.setattr(cli, "console", Console(width=240, force_terminal=False, no_color=True,
                                                highlight=False))
    monkeypatch.setattr(cli, "errors", Console(width=80, stderr=True, force_terminal=False,
                                               no_color=True, highlight=False))


def invoke(*args: str):
    return CliRunner().invoke(cli.app, list(args))


def test_check_prints_each_check_and_passes_a_sound_game():
    done = invoke("check", "rat-a-tat-roll", "-n", "1", *[f"--only={c}" for c in CHEAP])
    assert done.exit_code == 0, done.output
    lines = done.output.strip().splitlines()
    assert [line.split(":")[0].split() for line in lines] == [["pass", c] for c in CHEAP]


def test_a_failed_check_exits_non_zero_naming_it_and_why(monkeypatch):
    # a view missing a key every consumer reads: the views check fails, the others do not
    from ratking.games.rat_a_tat_roll.state import RollState

    real = RollState._view
    monkeypatch.setattr(RollState, "_view",
                        lambda s, seat: {k: v for k, v in real(s, seat).items() if k != "round"})
    done = invoke("check", "rat-a-tat-roll", "-n", "1", "--only=views", "--only=narration")
    assert done.exit_code == 1
    lines = done.output.strip().splitlines()
    assert lines[0].startswith("FAIL  views: view(None) has no round")
    assert lines[1] == "pass  narration"


@pytest.mark.parametrize(("args", "reason"), [
    (["no-such-game"], "no game 'no-such-game'"),
    (["you-dirty-rat", "--only=nope"], "no check nope; checks: play, legality"),
    (["you-dirty-rat", "-n", "0"], "Invalid value"),
])
def test_what_cannot_be_checked_is_one_line_on_stderr(args, reason):
    done = CliRunner().invoke(cli.app, ["check", *args])
    assert done.exit_code == 2 and reason in " ".join(done.output.split())
    assert "Traceback" not in done.output


def test_check_from_python_returns_one_outcome_per_check_in_order():
    outcomes = check("target-rats-simplified", games=1, only=["views", "play"])
    assert [(o.name, o.passed) for o in outcomes] == [("views", True), ("play", True)]
    assert list(CHECKS)[:3] == ["play", "legality", "replay"]


def test_a_game_with_none_of_the_optional_hooks_is_checked_without_a_crash():
    # the kernel's toy game fills in only the state's hooks: no renderers, no round, no
    # spaces, no facts; each check still answers, and those it fails say why in a line
    from ratking.core import registry

    from .core.toy import Toy

    registry._load()
    registry._GAMES[Toy.id] = Toy
    try:
        outcomes = {o.name: o for o in check(Toy.id, games=2)}
    finally:
        registry._GAMES.pop(Toy.id)
    assert [name for name, o in outcomes.items() if not o.passed] == ["views", "hooks"]
    assert outcomes["views"].why == "the state has no whole-number `round`"
    assert outcomes["hooks"].why == "render_text raised NotImplementedError()"
    assert outcomes["spaces"].why.startswith("no action space or observation")
