"""The review of a finished game: chances after every decision, turning points and mistakes,
from its record alone; the same record and seed give the same review."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratking
from ratking.bots import make_bot
from ratking.core import RatkingError
from ratking.review import MARGIN, review

GAMES = [info.id for info in ratking.list_games()]


def thrown_game(game_id: str, seeds: range) -> tuple[dict, int, set[str]]:
    """A heuristic game in which, once, the mover passes up a move that wins on the spot and
    goes on to lose: (record, the index of that decision, the winning moves' ids)."""
    game = ratking.make(game_id)
    for seed in seeds:
        s = game.new_game(2, seed=seed)
        bots = [make_bot("heuristic", seed * 3 + i) for i in range(2)]
        thrown = None
        while not s.over:
            legal = s.legal_actions()
            seat = s.to_move
            if thrown is None:
                wins = set()
                for a in legal:
                    c = s.clone()
                    c.apply(a)
                    if c.over and c.returns()[seat] > 0 and c.returns()[1 - seat] == 0:
                        wins.add(a.id)
                if wins and len(wins) < len(legal):
                    thrown = (len(s.history), seat, wins)
                    s.apply(next(a for a in legal if a.id not in wins))
                    continue
            s.apply(bots[seat].choose(s))
        if thrown is not None and s.returns()[thrown[1]] == 0:
            return s.record(), thrown[0], thrown[2]
    raise AssertionError("no thrown game among the seeds")


def test_a_move_that_throws_the_game_away_is_named():
    record, index, wins = thrown_game("rat-a-tat-roll", range(40))
    state = ratking.replay(record, upto=index)
    seat = state.to_move
    result = review(record, seed=1, iters=400, seats=[seat])
    named = [m for m in result["mistakes"] if m["index"] == index]
    assert named, result["mistakes"]
    assert named[0]["seat"] == seat and named[0]["better"] in wins
    assert named[0]["played"] == record["actions"][index]
    assert named[0]["cost"] >= 0.15  # a win on the spot passed up (0.23 here)


def test_the_same_record_gives_the_same_review():
    record, _, _ = thrown_game("rat-a-tat-roll", range(40))
    assert review(record, seed=4, iters=60) == review(record, seed=4, iters=60)


def test_a_game_still_on_is_refused():
    s = ratking.make("you-dirty-rat").new_game(2, seed=1)
    s.apply(s.legal_actions()[0])
    with pytest.raises(RatkingError, match="not over"):
        review(s.record(), iters=10)


def test_an_unknown_seat_is_refused():
    record, _, _ = thrown_game("rat-a-tat-roll", range(40))
    with pytest.raises(RatkingError, match="no seat 3"):
        review(record, iters=10, seats=[2])


def played(game_id: str, players: int, seed: int, eps: float) -> dict:
    game = ratking.make(game_id, max_rounds=12)
    s = game.new_game(players, seed=seed)
    bots = [make_bot(f"heuristic:eps={eps}", seed + i) for i in range(players)]
    while not s.over:
        s.apply(bots[s.to_move].choose(s))
    return s.record()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_id=st.sampled_from(GAMES), seed=st.integers(0, 10**6), extra=st.integers(0, 2),
       eps=st.sampled_from([0.0, 0.5, 1.0]))
def test_review_properties_over_random_play(game_id, seed, extra, eps):
    game = ratking.make(game_id)
    counts = game.player_counts()  # Rat & Duck: an even count
    players = counts[min(extra, len(counts) - 1)]
    record = played(game_id, players, seed, eps)
    result = review(record, seed=seed, iters=20)
    turns = result["turns"]
    assert result["seats"] == players
    assert [t["index"] for t in turns] == list(range(len(record["actions"])))
    final = ratking.replay(record)
    total = sum(final.returns())
    assert turns[-1]["chances"] == pytest.approx([x / total for x in final.returns()], abs=1e-3)
    for t in turns:
        assert all(0.0 <= c <= 1.0 for c in t["chances"])
        assert sum(t["chances"]) == pytest.approx(1.0, abs=1e-3)
    capped = final.end_reason == "round-cap" and not game.scores_at_cap
    assert len(result["turning_points"]) == min(3, len(turns) - capped)
    for point in result["turning_points"]:
        assert point["text"] and 0 <= point["seat"] < players
        assert point["text"].startswith(turns[point["index"]]["when"] + ":")
        assert not (capped and point["index"] == len(turns) - 1)
    # decisions are placed as made: a turn is a run of one seat's decisions, stepped from 1
    for before, t in zip([None, *turns], turns, strict=False):
        same = before is not None and before["seat"] == t["seat"]
        assert (t["turn"], t["step"]) == ((before["turn"], before["step"] + 1) if same
                                          else ((before["turn"] if before else 0) + 1, 1))
        assert t["when"].endswith(f"{result['names'][t['seat']]}'s turn, step {t['step']}")
    for mistake in result["mistakes"]:
        assert mistake["when"] == turns[mistake["index"]]["when"]
    for mistake in result["mistakes"]:
        # a mistake is a choice: never a forced move (all luck), never the move played
        state = ratking.replay(record, upto=mistake["index"])
        legal = {a.id for a in state.legal_actions()}
        assert len(legal) > 1 and mistake["played"] != mistake["better"]
        assert {mistake["played"], mistake["better"]} <= legal
        assert mistake["cost"] >= MARGIN and mistake["seat"] == state.to_move
    for t in turns:  # a forced move's swing is all luck
        state = ratking.replay(record, upto=t["index"])
        if len(state.legal_actions()) == 1:
            before = result["start"] if t["index"] == 0 else turns[t["index"] - 1]["chances"]
            assert t["luck"] == pytest.approx(t["chances"][t["seat"]] - before[t["seat"]],
                                              abs=2e-3)


def test_a_round_cap_draw_is_never_the_last_movers_turning_point():
    # Rat-a-Tat Roll does not score a game its round cap stops: it is a draw, and the swing
    # of the last decision into that draw is the cap's, not the mover's
    game = ratking.make("rat-a-tat-roll", max_rounds=2)
    capped = 0
    for seed in range(6):
        s = game.new_game(3, seed=seed)
        bots = [make_bot("heuristic", seed + i) for i in range(3)]
        while not s.over:
            s.apply(bots[s.to_move].choose(s))
        if s.end_reason != "round-cap":
            continue
        capped += 1
        result = review(s.record(), seed=seed, iters=10, seats=[])
        last = len(result["turns"]) - 1
        assert last not in [p["index"] for p in result["turning_points"]], seed
    assert capped >= 3


def test_a_decision_is_named_by_round_turn_and_step():
    game = ratking.make("rat-a-tat-roll", max_rounds=2)
    s = game.new_game(2, seed=4, names=["Ann", "Bea"])
    bots = [make_bot("heuristic", i) for i in range(2)]
    while not s.over:
        s.apply(bots[s.to_move].choose(s))
    turns = review(s.record(), seed=1, iters=10, seats=[])["turns"]
    assert turns[0]["when"] == "Round 1, Ann's turn, step 1"
    assert turns[0]["round"] == 1 and turns[-1]["round"] == 2
    second = next(t for t in turns if t["seat"] == 1)
    assert second["when"] == "Round 1, Bea's turn, step 1" and second["turn"] == 2
