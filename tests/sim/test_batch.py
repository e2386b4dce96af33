"""Batch play: one game with bots, and many across processes, repeatably."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ratking
from ratking.bots import make_bot
from ratking.core import RatkingError, RulesError, UnknownGame
from ratking.core.rng import derive_seed
from ratking.sim import GameResult, play_one, run_batch

GAME = "rat-a-tat-roll"
BOTS = ("heuristic", "random", "random")


# --- play_one ----------------------------------------------------------------------------------


def test_play_one_result_fields():
    r = play_one(GAME, {}, 3, BOTS, seed=11, index=4)
    assert isinstance(r, GameResult)
    assert r.index == 4 and r.seed == 11
    assert r.end == "finished"
    assert len(r.returns) == 3 and sum(r.returns) == pytest.approx(1.0)
    assert r.scores is not None and len(r.scores) == 3
    best = min(r.scores)
    assert [share > 0 for share in r.returns] == [s == best for s in r.scores]
    assert r.decisions > 0
    assert r.rounds >= 1


def test_play_one_matches_the_game_it_played():
    """The result describes the game those bots play from that seed, move for move."""
    r = play_one(GAME, {"cards": 3}, 2, ("random", "heuristic"), seed=21)
    game = ratking.make(GAME, cards=3)
    state = game.new_game(2, seed=21)
    bots = [make_bot(kind, derive_seed(21, 1 + i))
            for i, kind in enumerate(("random", "heuristic"))]
    while not state.is_over:
        state.apply(bots[state.current_player].choose(state))
    assert r.decisions == len(state.record()["actions"])
    assert list(r.returns) == state.returns()
    assert list(r.scores) == state.scores()
    assert r.end == state.end_reason


def test_play_one_is_repeatable_and_seeds_matter():
    assert play_one(GAME, {}, 3, BOTS, seed=5) == play_one(GAME, {}, 3, BOTS, seed=5)
    others = {play_one(GAME, {}, 3, BOTS, seed=s) for s in range(6, 12)}
    assert len({(r.returns, r.scores, r.decisions) for r in others}) > 1


def test_play_one_with_a_round_cap():
    r = play_one(GAME, {"max_rounds": 1}, 4, ("random",) * 4, seed=3)
    assert r.end == "round-cap"
    assert r.returns == (0.25,) * 4
    assert r.rounds == 1


def test_play_one_result_to_dict_is_json():
    d = play_one(GAME, {}, 2, ("random", "random"), seed=1, index=2).to_dict()
    back = json.loads(json.dumps(d))
    assert back["returns"] == list(d["returns"]) and back["scores"] == list(d["scores"])
    assert back["index"] == 2 and back["seed"] == 1 and back["end"] == "finished"
    assert set(back) == {"index", "seed", "returns", "scores", "decisions", "rounds", "end",
                         "metrics", "decided", "bot_seeds", "trail", "first", "legal"}
    assert back["bot_seeds"] == [derive_seed(1, 1), derive_seed(1, 2)]  # seat i: seed, 1 + i
    assert GameResult.from_dict(back) == play_one(GAME, {}, 2, ("random", "random"), seed=1,
                                                  index=2)
    assert back["decided"] is True
    assert back["metrics"] == dict(play_one(GAME, {}, 2, ("random", "random"), seed=1).metrics)
    assert back["metrics"]["plays/swap"] >= 0


# --- run_batch ---------------------------------------------------------------------------------


def test_run_batch_is_in_order_with_derived_seeds():
    results = run_batch(GAME, 3, BOTS, 9, seed=7)
    assert [r.index for r in results] == list(range(9))
    assert [r.seed for r in results] == [derive_seed(7, i) for i in range(9)]


def test_run_batch_game_i_is_play_one_with_seed_i():
    results = run_batch(GAME, 3, BOTS, 5, seed=7, rules={"cards": 2})
    for i in (0, 3, 4):
        assert results[i] == play_one(GAME, {"cards": 2}, 3, BOTS, derive_seed(7, i), i)


def test_run_batch_is_repeatable_and_the_seed_matters():
    first = run_batch(GAME, 2, ("heuristic", "random"), 10, seed=3)
    assert run_batch(GAME, 2, ("heuristic", "random"), 10, seed=3) == first
    other = run_batch(GAME, 2, ("heuristic", "random"), 10, seed=4)
    assert [r.seed for r in other] != [r.seed for r in first]
    assert [(r.returns, r.decisions) for r in other] != [(r.returns, r.decisions) for r in first]


def test_run_batch_does_not_depend_on_batch_size_or_chunking():
    """Game i is the same whether the batch has 12 or 250 games (other chunk sizes)."""
    small = run_batch(GAME, 2, ("random", "random"), 12, seed=9)
    large = run_batch(GAME, 2, ("random", "random"), 250, seed=9)
    assert large[:12] == small
    assert [r.index for r in large] == list(range(250))


def test_run_batch_with_two_workers_matches_one():
    one = run_batch(GAME, 3, BOTS, 24, seed=13, workers=1)
    two = run_batch(GAME, 3, BOTS, 24, seed=13, workers=2)
    assert two == one


@pytest.mark.parametrize("workers", [1, 2])
def test_run_batch_reports_progress_for_every_game(workers):
    done = []
    results = run_batch(GAME, 2, ("random", "random"), 17, seed=1, workers=workers,
                        progress=done.append)
    assert len(results) == 17
    assert sum(done) == 17 and all(k > 0 for k in done)


def test_run_batch_rejects_bad_input_before_playing():
    calls = []
    with pytest.raises(ValueError, match="2 bots given for 3 players"):
        run_batch(GAME, 3, ("random", "random"), 5, seed=0, progress=calls.append)
    with pytest.raises(RatkingError, match="2 to 5 players"):
        run_batch(GAME, 6, ("random",) * 6, 5, seed=0, progress=calls.append)
    with pytest.raises(RulesError, match="nope"):
        run_batch(GAME, 2, ("random", "random"), 5, seed=0, rules={"nope": 1})
    with pytest.raises(UnknownGame):
        run_batch("rat-race", 2, ("random", "random"), 5, seed=0)
    with pytest.raises(RatkingError, match="no bot 'robot'"):
        run_batch(GAME, 2, ("random", "robot"), 1, seed=0)
    assert calls == []


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(["rat-a-tat-roll", "you-dirty-rat", "target-rats-simplified"]),
       st.integers(0, 10_000))
def test_a_game_counts_the_legal_moves_at_each_of_its_decisions(game_id, seed):
    from ratking.core import make
    from ratking.sim.batch import bot_seeds

    result = play_one(game_id, {"max_rounds": 6}, 2, ["random", "heuristic"], seed)
    game = make(game_id, max_rounds=6)
    state = game.new_game(2, seed=seed)
    bots = [make_bot(k, s) for k, s in zip(["random", "heuristic"], bot_seeds(seed, 2),
                                            strict=True)]
    counts = []
    while not state.over:  # the same game again, counted by hand
        counts.append(len(state.legal_actions()))
        state.apply(bots[state.to_move].choose(state))
    assert result.legal == (len(counts), sum(counts), sum(c * c for c in counts),
                            counts.count(1))
    assert GameResult.from_dict(result.to_dict()) == result


def test_the_summary_gives_the_branching_factor_forced_moves_and_capped_share():
    from ratking.sim.stats import summarize

    def game(legal, end=None):
        return GameResult(0, 0, (1.0, 0.0), None, legal[0], 1, end, legal=legal)

    # decisions with 1, 1, 3 legal moves, then 2 and 3: mean 2, sd sqrt(0.8), 2 of 5 forced
    summary = summarize([game((3, 5, 11, 2)), game((2, 5, 13, 0), "round-cap")])
    assert summary.moves_mean == pytest.approx(2.0)
    assert summary.moves_sd == pytest.approx(0.8 ** 0.5)
    assert summary.forced == pytest.approx(0.4) and summary.capped_share == 0.5
