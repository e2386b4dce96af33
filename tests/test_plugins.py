"""A game from a package of its own: the template in templates/ratking-game (the game
`crumbs`), installed the way pip would install it (a .dist-info folder with its entry point,
on the path), is found by ratking, played from the command line, passes `ratking check`, its
own tests and every test of ratking's suite that runs on each installed game; and `ratking
check` fails, naming the check and why, on copies of it broken as a game author might.

The installation is made in a temporary folder and given to fresh interpreters, so the game
is not installed in the environment that runs this suite (its other tests list only
ratking's own games)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = ROOT / "templates" / "ratking-game"
PACKAGE = "ratking_crumbs"


def install(site: Path, source: Path) -> dict[str, str]:
    """The environment of an interpreter in which the game package in `source` is installed
    (its .dist-info in `site`)."""
    info = site / "ratking_crumbs-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: ratking-crumbs\n"
                                   "Version: 0.1.0\n")
    # the entry points, exactly as the template's pyproject.toml declares them
    project = tomllib.loads((TEMPLATE / "pyproject.toml").read_text())["project"]
    points = "".join(f"{name} = {target}\n"
                     for name, target in project["entry-points"]["ratking.games"].items())
    (info / "entry_points.txt").write_text(f"[ratking.games]\n{points}")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(site), str(source), env.get("PYTHONPATH", "")])
    return env


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict[str, str]:
    """The environment of an interpreter in which the template game is installed."""
    return install(tmp_path_factory.mktemp("site"), TEMPLATE / "src")


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


def test_the_template_game_keeps_the_contract_and_passes_its_own_tests(installed):
    done = run(["-m", "ratking.cli", "check", "crumbs", "-n", "3"], installed)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 10 and all(line.startswith("pass  ") for line in lines), done.stdout
    own = run(["-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
               str(TEMPLATE / "tests")], installed)
    assert own.returncode == 0, own.stdout[-3000:] + own.stderr[-2000:]


def test_the_template_game_passes_every_test_that_runs_on_each_game(installed):
    # the whole suite, each test of it that is run once per installed game (those that hold
    # golden files, shipped policies or hand-made positions are ratking's games' own)
    done = run(["-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
                "-k", "crumbs", "tests"], installed, timeout=280)
    summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    passed = int(re.search(r"(\d+) passed", summary)[1])
    assert passed >= 60 and "failed" not in summary, summary


# copies of the template broken as a game author might break it: (file, the text, what it
# becomes, the check that must fail, what its reason must say)
BROKEN = {
    "a re-deal that deals nothing": (
        "state.py", "        if self.over:\n            return  # every card is shown at the end",
        "        return  # broken: nothing is re-dealt", "redeal", "re-deals nothing"),
    "a view that shows an opponent's card": (
        "views.py", '"card": s.secret[i] if s.over or i == seat else None',
        '"card": s.secret[i]', "leaks", "cannot know"),
    "an undo offered over a card drawn unseen": (
        "rules.py", 's.draw("deck")', "s.deck.pop()", "undo", "showed"),
    "an undo that forgets the step": (
        "state.py", "    def _redeal(",
        "    def undo(self, steps: int = 1) -> CrumbsState:\n"
        "        return self.clone() if steps == 1 else super().undo(steps)\n\n"
        "    def _redeal(", "undo", "does not give back the state before"),
}


@pytest.mark.parametrize("broken", BROKEN)
def test_ratking_check_names_what_a_broken_copy_of_the_template_breaks(broken, tmp_path):
    name, before, after, check, reason = BROKEN[broken]
    source = tmp_path / "src"
    shutil.copytree(TEMPLATE / "src", source)
    path = source / PACKAGE / name
    text = path.read_text()
    assert before in text
    path.write_text(text.replace(before, after))
    if broken == "an undo that forgets the step":  # an undo must be offered to forget one
        rules = source / PACKAGE / "rules.py"
        rules.write_text(rules.read_text().replace('s.draw("deck")', "s.deck.pop()"))
    env = install(tmp_path / "site", source)
    done = run(["-m", "ratking.cli", "check", "crumbs", "-n", "3", "--only", check], env)
    assert done.returncode == 1, done.stdout + done.stderr
    line = " ".join(done.stdout.split())
    assert line.startswith(f"FAIL {check}: ") and reason in line, line
