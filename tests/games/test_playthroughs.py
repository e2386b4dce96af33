"""Playthroughs: fixed-seed random games of every game, fingerprinted.

Each case plays uniformly random legal actions (chosen by random.Random(seed)) from
new_game(players, seed) under max_rounds=40, and compares the number of decisions, a hash of
the action ids and a hash of the final full state (to_json: the event log, the generator's
position, every field) with `playthroughs.json`. A change made for speed must leave them all
as they are; a change to the rules changes them on purpose, and then the file is written
again with:

    python -m tests.games.test_playthroughs
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

import ratking
from ratking.sim import random_play

from ..own import own_games

FILE = Path(__file__).with_name("playthroughs.json")
CAP = 40
SEEDS = (0, 1, 2)


def cases() -> list[tuple[str, int, int]]:
    # ratking's own games (a game from a package of its own keeps its own, if it wants them)
    return [(game_id, players, seed) for game_id in own_games()
            for players in ratking.make(game_id).player_counts() for seed in SEEDS]


def fingerprint(game_id: str, players: int, seed: int) -> dict:
    state = ratking.make(game_id, max_rounds=CAP).new_game(players, seed=seed)
    random_play(state, random.Random(seed))
    actions = "\n".join(state.record()["actions"]).encode()
    full = json.dumps(state.to_json(), sort_keys=True).encode()
    return {"decisions": len(state.history),
            "actions": hashlib.sha256(actions).hexdigest()[:16],
            "state": hashlib.sha256(full).hexdigest()[:16]}


def key(game_id: str, players: int, seed: int) -> str:
    return f"{game_id}/{players}/{seed}"


@pytest.mark.parametrize(("game_id", "players", "seed"), cases())
def test_fixed_seed_random_games_play_as_recorded(game_id, players, seed):
    expected = json.loads(FILE.read_text(encoding="utf-8"))
    assert fingerprint(game_id, players, seed) == expected[key(game_id, players, seed)]


def test_every_game_has_playthroughs():
    expected = json.loads(FILE.read_text(encoding="utf-8"))
    assert sorted(expected) == sorted(key(*c) for c in cases())


if __name__ == "__main__":
    table = {key(*c): fingerprint(*c) for c in cases()}
    FILE.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {len(table)} playthroughs to {FILE}")
