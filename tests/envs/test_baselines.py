"""The self-play baselines in examples/ (PPO self-play with sb3-contrib, OpenSpiel's DQN and
NFSP), each run at a tiny budget: it trains, prints its win shares against random and the
heuristic with intervals, and exits 0. Their figures at a real budget are in docs/strength.md.
Run by hand without the learn extra, these skip and say so (under CI they fail instead)."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

if os.environ.get("CI"):
    import open_spiel.python.pytorch.nfsp  # noqa: F401
    import sb3_contrib  # noqa: F401
else:
    pytest.importorskip("sb3_contrib", reason="the learn extra is not installed: make test")
    pytest.importorskip("open_spiel.python.pytorch.nfsp",
                        reason="the learn extra is not installed: make test")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SHARES = re.compile(r"vs random \d+% \[\d+%, \d+%\]   vs heuristic \d+% \[\d+%, \d+%\]$")


def run(script: str, *args: str) -> list[str]:
    done = subprocess.run([sys.executable, str(EXAMPLES / script), *args], capture_output=True,
                          text=True, timeout=300, env={**os.environ, "PYTHONWARNINGS": "ignore"})
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


@pytest.mark.timeout(300)
def test_ppo_self_play_runs_and_prints_its_win_shares():
    lines = run("ppo_selfplay.py", "--game", "rat-a-tat-roll", "--steps", "2048",
                "--snapshot-every", "512", "--pool", "3", "--eval-games", "4")
    assert SHARES.search(lines[0]) and lines[0].startswith("before training")
    assert re.fullmatch(r"trained 2,048 steps in \d+ CPU seconds, 3 past selves in the pool",
                        lines[1])
    assert SHARES.search(lines[2]) and lines[2].startswith("after training")


@pytest.mark.timeout(300)
@pytest.mark.parametrize("algo,knobs", [
    ("dqn", ["--lr", "3e-4", "--decay", "200", "--replay", "5000", "--learn-every", "8"]),
    ("nfsp", [])])
def test_openspiel_self_play_runs_and_prints_its_win_shares(algo, knobs):
    lines = run("openspiel_selfplay.py", "--game", "you-dirty-rat", "--algo", algo,
                "--episodes", "3", "--eval-games", "4", *knobs)
    assert re.fullmatch(rf"{algo}: trained 3 games of self-play in \d+ CPU seconds", lines[0])
    assert SHARES.fullmatch(lines[1])


class FirstLegal:
    """An OpenSpiel agent that takes its first legal action and keeps every time step."""

    def __init__(self, player_id: int) -> None:
        self.player_id = player_id
        self.seen: list = []

    def step(self, time_step):
        self.seen.append(time_step)
        if time_step.last():
            return None
        return SimpleNamespace(action=time_step.observations["legal_actions"][self.player_id][0])


def test_openspiel_self_play_ends_a_game_that_stalls_as_a_draw():
    import pyspiel
    from open_spiel.python import rl_environment

    import ratking.envs.openspiel  # noqa: F401

    spec = importlib.util.spec_from_file_location("selfplay", EXAMPLES / "openspiel_selfplay.py")
    selfplay = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(selfplay)
    game = pyspiel.load_game("ratking_rat_and_duck", {"seed": 3, "max_rounds": 1})
    env = rl_environment.Environment(game)

    class Looper(FirstLegal):
        """Links and unlinks for ever once it can (seed 003, 3.2.1 lets it), moving until
        then."""

        def step(self, time_step):
            chosen = super().step(time_step)
            if chosen is not None:
                legal = time_step.observations["legal_actions"][self.player_id]
                names = {env.get_state.action_to_string(self.player_id, a): a for a in legal}
                chosen.action = next((a for n, a in names.items()
                                      if n.startswith(("link:", "unlink:"))),
                                     next((a for n, a in names.items() if n.startswith("move:")),
                                          chosen.action))
            return chosen

    agents = [Looper(0), Looper(1)]
    selfplay.train(env, agents, episodes=1)
    for agent in agents:
        ends = [t for t in agent.seen if t.last()]
        assert [t.rewards for t in ends] == [[0.5, 0.5]]
    assert sum(not t.last() for agent in agents for t in agent.seen) == game.max_game_length()
