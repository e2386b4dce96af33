"""Games are plugins: the kernel finds them through the `ratking.games` entry points and
imports none of them itself; a game is imported when it is first asked for; a broken plugin
is reported and leaves the other games working."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import ratking
from ratking.core import registry

from ..conftest import BUILT_IN as OWN

BUILT_IN = sorted(OWN)


def python(code: str, path: Path | None = None) -> dict:
    """Run `code` in a fresh interpreter (with `path` on sys.path); it prints JSON."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(path), env.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


GAME_MODULES = """
    import json, sys
    def game_modules():
        return sorted(m for m in sys.modules if m == "ratking.games"
                      or m.startswith("ratking.games."))
"""


def test_importing_the_kernel_imports_no_game():
    out = python(GAME_MODULES + """
    import ratking, ratking.core, ratking.bots, ratking.sim
    before = game_modules()
    ratking.make("rat-a-tat-roll")  # only the game asked for is imported
    after = game_modules()
    print(json.dumps([before, after]))
    """)
    before, after = out
    assert before == []
    assert "ratking.games.rat_a_tat_roll.game" in after
    assert not [m for m in after if m.startswith(("ratking.games.you_dirty_rat",
                                                  "ratking.games.target_rats"))]


def test_the_built_in_games_come_from_entry_points():
    points = registry._found()
    assert sorted(points) >= BUILT_IN
    assert [g.id for g in ratking.list_games() if g.id in BUILT_IN] == BUILT_IN
    for game_id in BUILT_IN:
        cls = ratking.core.game_class(game_id)
        assert points[game_id].value == f"{cls.__module__}:{cls.__qualname__}"


def write_plugin(folder: Path, name: str, points: dict[str, str]) -> None:
    """An installed distribution as importlib.metadata sees it: a .dist-info folder with
    METADATA and entry_points.txt (what pip writes when it installs a package)."""
    info = folder / f"{name.replace('-', '_')}-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    lines = "".join(f"{k} = {v}\n" for k, v in points.items())
    (info / "entry_points.txt").write_text(f"[ratking.games]\n{lines}")


def test_a_broken_plugin_is_named_and_leaves_the_other_games_working(tmp_path):
    write_plugin(tmp_path, "ratking-broken", {
        "no-module": "ratking_no_such_module:Game",
        "not-a-game": "json:dumps",
        "wrong-id": "ratking.games.rat_a_tat_roll.game:RatATatRoll",
    })
    out = python("""
    import json, warnings
    import ratking
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ids = [g.id for g in ratking.list_games()]
    errors = {}
    for game_id in ("no-module", "not-a-game", "wrong-id", "chess"):
        try:
            ratking.make(game_id)
        except ratking.RatkingError as exc:
            errors[game_id] = str(exc)
    state = ratking.make("you-dirty-rat").new_game(2, seed=1)
    print(json.dumps([ids, [str(w.message) for w in caught], errors, state.is_over]))
    """, tmp_path)
    ids, warned, errors, over = out
    assert ids == BUILT_IN and over is False
    assert len(warned) == 3 and all("left out" in w for w in warned)
    assert "ratking_no_such_module:Game could not be imported" in errors["no-module"]
    assert "json:dumps is not a ratking Game class" in errors["not-a-game"]
    assert "has the id 'rat-a-tat-roll', not 'wrong-id'" in errors["wrong-id"]
    assert all("installed but broken" in errors[k] for k in ("no-module", "not-a-game",
                                                             "wrong-id"))
    assert errors["chess"].startswith("no game 'chess'; games: rat-a-tat-roll")


def test_tables_with_the_same_rules_share_one_game():
    """shared(): one Game per game and rules, whatever order the rules come in; other rules,
    another Game; bad rules refused every time, never remembered."""
    from ratking.core import RulesError, shared

    one = shared("rat-and-duck", bio_sci_to_win=2, unrest_to_win=21)
    assert shared("rat-and-duck", unrest_to_win=21, bio_sci_to_win=2) is one
    assert one.rules["bio_sci_to_win"] == 2 and one.rules["unrest_to_win"] == 21
    assert shared("rat-and-duck") is not one
    assert shared("rat-and-duck") is shared("rat-and-duck")
    for _ in range(2):
        with pytest.raises(RulesError):
            shared("rat-and-duck", unrest_to_win=-1)
    # two tables on one Game: each keeps its own play
    a, b = one.new_game(2, seed=1), one.new_game(2, seed=2)
    a.apply(a.legal_actions()[0])
    assert len(a.history) == 1 and len(b.history) == 0
