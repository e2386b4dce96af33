"""View fingerprints: every view and every observation tensor of fixed-seed random games.

Views are built on every move for every seat watching (the web page, the terminal, the standing
hook) and for every step of a learning agent, so they are worth making fast; but what they hold
must not change when they are. Each case plays uniformly random legal actions (chosen by
random.Random(seed)) from new_game(players, seed) under a round cap, and at every decision point
and at the end hashes, for every seat and the spectator, `repr(view(seat))` (so key order, ints
against floats and lists against tuples all count) and the bytes of `observation(seat)`. The
hashes must equal those in `view_fingerprints.json`. A change to what a view shows changes them
on purpose, and then the file is written again with:

    python -m tests.games.test_view_fingerprints
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

import ratking

from ..own import own_games

FILE = Path(__file__).with_name("view_fingerprints.json")
CAP = 12
SEEDS = (0, 1)



def rules_words(rules: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in sorted(rules.items())) or "defaults"


def cases() -> list[tuple[str, dict, int, int]]:
    out = []
    for game_id in own_games():
        for rules in ratking.make(game_id).variants:  # the variants the game declares
            # Rat & Duck takes up to one seat per unit, an even number by default
            out += [(game_id, rules, players, seed)
                    for players in ratking.make(game_id, **rules).player_counts()
                    for seed in SEEDS]
    return out


def fingerprint(game_id: str, rules: dict, players: int, seed: int) -> dict:
    state = ratking.make(game_id, max_rounds=CAP, **rules).new_game(players, seed=seed)
    rng = random.Random(seed)
    views, tensors = hashlib.sha256(), hashlib.sha256()
    seats = [None, *range(players)]
    count = 0
    while True:
        for seat in seats:
            views.update(repr(state.view(seat)).encode())
            tensors.update(state.observation(seat).tobytes())
            count += 1
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])
    return {"views": count, "view_hash": views.hexdigest()[:20],
            "tensor_hash": tensors.hexdigest()[:20]}


def key(game_id: str, rules: dict, players: int, seed: int) -> str:
    return f"{game_id}/{rules_words(rules)}/{players}/{seed}"


@pytest.mark.parametrize(("game_id", "rules", "players", "seed"), cases(),
                         ids=[key(*c) for c in cases()])
def test_views_and_tensors_are_as_recorded(game_id, rules, players, seed):
    expected = json.loads(FILE.read_text(encoding="utf-8"))
    assert fingerprint(game_id, rules, players, seed) == expected[key(game_id, rules, players,
                                                                      seed)]


def test_every_game_has_view_fingerprints():
    expected = json.loads(FILE.read_text(encoding="utf-8"))
    assert sorted(expected) == sorted(key(*c) for c in cases())


if __name__ == "__main__":
    table = {key(*c): fingerprint(*c) for c in cases()}
    FILE.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {len(table)} view fingerprints to {FILE}")
