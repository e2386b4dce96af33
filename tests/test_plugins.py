"""A game from a package of its own: the template in templates/ratking-game (the game
`crumbs`), installed the way pip would install it (a .dist-info folder with its entry point,
on the path), is found by ratking, played from the command line, and passes the generic tests
every game gets: the property tests, spoilt saves, narration and the terminal.

The installation is made in a temporary folder and given to fresh interpreters, so the game
is not installed in the environment that runs this suite (its other tests list only
ratking's own games)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = ROOT / "templates" / "ratking-game"
GENERIC = ["tests/games/test_properties.py", "tests/games/test_saved_states.py",
           "tests/games/test_narration.py", "tests/test_terminal.py"]


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict[str, str]:
    """The environment of an interpreter in which the template game is installed."""
    site = tmp_path_factory.mktemp("site")
    info = site / "ratking_crumbs-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: ratking-crumbs\n"
                                   "Version: 0.1.0\n")
    # the entry points, exactly as the template's pyproject.toml declares them
    project = tomllib.loads((TEMPLATE / "pyproject.toml").read_text())["project"]
    points = "".join(f"{name} = {target}\n"
                     for name, target in project["entry-points"]["ratking.games"].items())
    (info / "entry_points.txt").write_text(f"[ratking.games]\n{points}")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(site), str(TEMPLATE / "src"),
                                         env.get("PYTHONPATH", "")])
    return env


def run(args: list[str], env: dict[str, str], timeout: float = 240):
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=timeout)


def test_the_template_game_is_found_and_played(installed, tmp_path):
    done = run(["-c", "import json, ratking; print(json.dumps("
                "[g.id for g in ratking.list_games()]))"], installed)
    assert done.returncode == 0, done.stderr
    assert "crumbs" in json.loads(done.stdout)
    record = tmp_path / "crumbs.json"
    done = run(["-m", "ratking.cli", "play", "crumbs", "--players", "3", "--seats",
                "bot,random,bot", "--seed", "4", "--save", str(record)], installed)
    assert done.returncode == 0, done.stderr
    assert "Game over:" in done.stdout
    replayed = run(["-c", f"import json, ratking; s = ratking.replay(json.load(open("
                          f"{str(record)!r}))); print(s.is_over, s.game.__module__)"], installed)
    assert replayed.stdout.split() == ["True", "ratking_crumbs.game"]
    rules = run(["-m", "ratking.cli", "rules", "crumbs"], installed)
    assert rules.returncode == 0 and "secret card" in rules.stdout


def test_the_template_game_passes_the_generic_tests(installed):
    done = run(["-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
                "-k", "crumbs", *GENERIC], installed, timeout=280)
    summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    passed = int(re.search(r"(\d+) passed", summary)[1])
    assert passed >= 10 and "skipped" not in summary, summary
