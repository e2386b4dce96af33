"""`ratking train` (ratking.learn.train, the `learn` extra: PyTorch and sb3-contrib): a short
run writes its model, pool, log and an exported policy that plays on numpy exactly as the
PyTorch policy does, and the same command resumes it. `make test` installs the extra; run by
hand without it, these skip and say so (under CI they fail instead)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest
from typer.testing import CliRunner

import ratking
from ratking.bots.neural import Policy
from ratking.cli import app

if os.environ.get("CI"):
    import sb3_contrib  # noqa: F401
    import torch
else:
    torch = pytest.importorskip("torch", reason="the learn extra is not installed: make test")
    pytest.importorskip("sb3_contrib", reason="the learn extra is not installed: make test")


@pytest.mark.timeout(600)
def test_a_short_run_trains_exports_and_resumes(tmp_path):
    out = tmp_path / "run"
    args = ["train", "rat-a-tat-roll", "--players", "2", "--minutes", "0.05", "--out", str(out),
            "--seed", "3", "--eval-games", "6"]
    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.output
    assert "vs random" in first.output and "vs heuristic" in first.output
    run = json.loads((out / "run.json").read_text())
    steps = run["steps"]
    assert steps > 0 and (out / "model.zip").exists() and len(list((out / "pool").iterdir())) == 3
    log = [json.loads(line) for line in (out / "log.jsonl").read_text().splitlines()]
    assert log and all(0 <= row["random"][0] <= 1 for row in log)
    policy = Policy.load(out / "policy.npz")
    assert policy.recall  # Rat-a-Tat Roll learns on information states

    # the numpy policy is the PyTorch policy: the same logits on real observations
    from sb3_contrib import MaskablePPO

    model = MaskablePPO.load(out / "model.zip")
    state = ratking.make("rat-a-tat-roll").new_game(2, seed=1)
    obs = state.information_state(state.to_move)
    with torch.no_grad():
        dist = model.policy.get_distribution(torch.as_tensor(obs[None]))
        expected = dist.distribution.logits.numpy()[0]
    got = policy.logits(obs)
    assert np.allclose(got - got.max(), expected - expected.max(), atol=1e-4)

    again = CliRunner().invoke(app, args)  # the same command resumes
    assert again.exit_code == 0, again.output
    run = json.loads((out / "run.json").read_text())
    assert run["steps"] > steps and len(run["commands"]) == 2


def test_bad_training_settings_are_one_line_errors(tmp_path):
    bad = CliRunner().invoke(app, ["train", "rat-a-tat-roll", "--players", "9",
                                   "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "takes 2 to 5 players" in bad.output
    bad = CliRunner().invoke(app, ["train", "no-such-game", "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "Traceback" not in bad.output


def test_the_learner_meets_the_heuristic_random_play_and_its_snapshots():
    from ratking.learn.train import Snapshot, opponents

    pool = [Snapshot(i) for i in range(3)]
    sides = opponents(3, pool)
    assert sides[:2] == [["heuristic", "heuristic"], ["random", "random"]]
    # a snapshot environment per snapshot, each with two different snapshots in its seats
    assert len(sides) == 5 and all(len(set(map(id, side))) == 2 for side in sides[2:])
    assert {id(s) for side in sides[2:] for s in side} == set(map(id, pool))
    # with more other seats than snapshots, every seat is still filled and every snapshot sits
    five = opponents(5, pool)
    assert five[:2] == [["heuristic"] * 4, ["random"] * 4]
    assert all(len(side) == 4 and set(map(id, side)) == set(map(id, pool)) for side in five[2:])


@pytest.mark.timeout(600)
def test_a_run_at_more_players_exports_a_policy_for_that_count(tmp_path):
    """At four players the copy, self-play and checks run at four seats, and the policy is made
    for that count: the `neural` bot plays it to the end of a four-player game, and refuses it
    at two."""
    from ratking import RatkingError
    from ratking.bots import make_bot

    out = tmp_path / "run"
    args = ["train", "you-dirty-rat", "--players", "4", "--minutes", "0.03", "--out", str(out),
            "--seed", "5", "--eval-games", "4", "--imitate", "6"]
    done = CliRunner().invoke(app, args)
    assert done.exit_code == 0, done.output
    run = json.loads((out / "run.json").read_text())
    assert run["players"] == 4 and run["steps"] > 0 and run["imitation"]["decisions"] > 6
    assert run["commands"][0].startswith("ratking train you-dirty-rat --players 4 ")
    log = [json.loads(line) for line in (out / "log.jsonl").read_text().splitlines()]
    assert len(log) >= 2 and all(0 <= row[r][0] <= 1 for row in log for r in ("random",
                                                                              "heuristic"))
    policy = Policy.load(out / "policy.npz")
    game = ratking.make("you-dirty-rat", max_rounds=40)
    assert policy.players == 4 and policy.action_ids == list(game.action_space(4).ids)
    assert policy.inputs == game.observation_layout(4).size
    bots = [make_bot(f"neural:{out / 'policy.npz'}", 1)] + [make_bot("random", p)
                                                            for p in range(2, 5)]
    for seat in range(4):  # the policy in every seat in turn
        state = game.new_game(4, seed=3 + seat)
        seats = bots[-seat:] + bots[:-seat] if seat else bots
        while not state.over:
            state.apply(seats[state.to_move].choose(state))
    with pytest.raises(RatkingError, match="does not fit you-dirty-rat with 2 players"):
        bots[0].choose(game.new_game(2, seed=1))


def interrupt(command: list[str], first_line: str, after: float, said: str) -> None:
    """Run `command`, wait for `first_line` and then `after` seconds, send it SIGINT and check
    that it exits 130 with one line on stderr saying `said`."""
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert first_line in line, line
        time.sleep(after)
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=300)
    finally:
        proc.kill()
    assert proc.returncode == 130, (stdout, stderr)
    assert stderr.strip().count("\n") == 0 and said in stderr, stderr
    assert "Traceback" not in stderr


@pytest.mark.timeout(600)
def test_ctrl_c_stops_training_and_keeps_the_run(tmp_path):
    """A Ctrl+C (SIGINT) while training saves the run so far (model, pool, policy, run.json:
    what a resume starts from), says how to go on in one line on stderr and exits 130."""
    out = tmp_path / "run"
    command = [sys.executable, "-m", "ratking.cli", "train", "you-dirty-rat", "--minutes", "5",
               "--out", str(out), "--eval-games", "4"]
    interrupt(command, "Ctrl+C stops and keeps the run", 3, "stopped by Ctrl+C")  # 3 s: steps
    run = json.loads((out / "run.json").read_text())
    assert run["steps"] > 0 and run["cpu_seconds"] < 5 * 60
    assert Policy.load(out / "policy.npz").action_ids
    assert (out / "model.zip").exists() and len(list((out / "pool").iterdir())) == 3


@pytest.mark.timeout(600)
def test_imitation_copies_the_heuristic_before_self_play(tmp_path):
    """`--imitate N`: the fresh run's policy is fitted to the heuristic's choices (it agrees
    with them far more often than the untrained one did), the run records it and checks the
    copy before PPO goes on; a resumed run does not imitate again."""
    from sb3_contrib import MaskablePPO

    from ratking.envs.gymnasium import RatkingGymEnv
    from ratking.learn.imitate import agreement, demonstrations, fit

    demos = demonstrations("rat-a-tat-roll", 2, True, 60, seed=1, gamma=0.995)
    env = RatkingGymEnv("rat-a-tat-roll", 2, recall=True)
    model = MaskablePPO("MlpPolicy", env, seed=0, policy_kwargs={"net_arch": [64, 64]})
    assert np.array_equal(demos.games, np.sort(demos.games))  # game after game, in order
    rows = np.arange(len(demos.actions))
    assert set(demos.games.tolist()) == set(range(60))
    assert demos.masks[rows, demos.actions].all()  # every choice was legal where it was taken
    before = agreement(model.policy, demos, rows)
    scores = fit(model, demos, seed=0)
    assert scores["agreement_fitted"] > max(0.6, before + 0.2), (before, scores)

    out = tmp_path / "run"
    args = ["train", "rat-a-tat-roll", "--minutes", "0.05", "--out", str(out), "--seed", "2",
            "--eval-games", "4", "--imitate", "20"]
    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.output
    assert "Imitating the heuristic over 20 games" in first.output
    run = json.loads((out / "run.json").read_text())
    copied = run["imitation"]
    assert copied["teacher"] == "heuristic" and copied["games"] == 20
    assert copied["decisions"] > 20 and 0 <= copied["agreement_held_out"] <= 1
    assert run["commands"][0].endswith("--imitate 20")
    log = [json.loads(line) for line in (out / "log.jsonl").read_text().splitlines()]
    assert log[0]["steps"] == 0  # the copy, checked before self-play
    copy = Policy.load(out / "imitated.npz")  # the copy is kept beside the trained policy
    assert copy.action_ids == Policy.load(out / "policy.npz").action_ids
    again = CliRunner().invoke(app, args)
    assert again.exit_code == 0
    assert "--imitate and --dagger apply to a fresh run only" in again.output
    assert json.loads((out / "run.json").read_text())["imitation"] == copied
    bad = CliRunner().invoke(app, [*args[:-1], "-3"])
    assert bad.exit_code == 2 and "Traceback" not in bad.output
    bad = CliRunner().invoke(app, [*args[:-2], "--dagger", "1"])  # no copy to improve
    assert bad.exit_code == 2 and "without --imitate" in bad.output


@pytest.mark.timeout(600)
def test_dagger_rounds_add_the_copys_own_games_and_fit_again(tmp_path):
    out = tmp_path / "run"
    args = ["train", "you-dirty-rat", "--minutes", "0.05", "--out", str(out), "--seed", "4",
            "--eval-games", "2", "--imitate", "12", "--dagger", "2"]
    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.output
    assert "DAgger round 1" in first.output and "DAgger round 2" in first.output
    run = json.loads((out / "run.json").read_text())
    rounds = run["imitation"]["dagger"]
    assert [r["games"] for r in rounds] == [6, 6] and all(r["decisions"] > 6 for r in rounds)
    assert all(0 <= r["agreement_held_out"] <= 1 for r in rounds)
    assert run["commands"][0].endswith("--imitate 12 --dagger 2")
    log = [json.loads(line) for line in (out / "log.jsonl").read_text().splitlines()]
    assert [row.get("dagger") for row in log[:3]] == [0, 1, 2]  # each fit checked in turn
    assert "round 2:" in first.output
    kept = [Policy.load(out / "copies" / f"{r}.npz") for r in range(3)]
    final = Policy.load(out / "imitated.npz")
    assert all(np.array_equal(w, v) and np.array_equal(b, c)  # the last round's is the copy
               for (w, b), (v, c) in zip(kept[2].layers, final.layers, strict=True))
    assert not np.array_equal(kept[0].layers[0][0], kept[2].layers[0][0])  # refitted


@pytest.mark.timeout(600)
def test_hidden_sets_a_fresh_runs_network_and_a_resume_keeps_its_own(tmp_path):
    out = tmp_path / "run"
    args = ["train", "you-dirty-rat", "--minutes", "0.03", "--out", str(out), "--seed", "1",
            "--eval-games", "2", "--hidden", "32"]
    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.output
    run = json.loads((out / "run.json").read_text())
    assert run["hidden"] == [32] and run["commands"][0].endswith("--hidden 32")
    widths = [w.shape[1] for w, _ in Policy.load(out / "policy.npz").layers]
    assert widths[0] == 32 and len(widths) == 2  # one hidden layer, then the actions
    again = CliRunner().invoke(app, [*args[:-1], "16,16"])
    assert again.exit_code == 0 and "--hidden applies to a fresh run only" in again.output
    assert [w.shape[1] for w, _ in Policy.load(out / "policy.npz").layers] == widths
    for bad in ("0", "wide", "64,", ""):
        said = CliRunner().invoke(app, [*args[:-2], "--out", str(tmp_path / bad), "--hidden",
                                        bad])
        assert said.exit_code == 2 and "--hidden" in said.output, (bad, said.output)
        assert "Traceback" not in said.output and not (tmp_path / bad / "run.json").exists()


@pytest.mark.timeout(300)
def test_ctrl_c_while_imitating_is_one_line_and_keeps_nothing(tmp_path):
    out = tmp_path / "run"
    command = [sys.executable, "-m", "ratking.cli", "train", "rat-a-tat-roll", "--out", str(out),
               "--imitate", "100000"]
    interrupt(command, "Imitating the heuristic", 1, "nothing to resume from was kept")
    assert not (out / "run.json").exists() and not (out / "model.zip").exists()
