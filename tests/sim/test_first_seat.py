"""A rotated first player in the lab: game i starts at seat i mod players, on either core, and
the run measures the first player's win share."""

from __future__ import annotations

import pytest

from ratking.core import RatkingError
from ratking.native import has_loops
from ratking.sim.batch import GameResult, run_batch
from ratking.sim.plan import prepare
from ratking.sim.sides import first_player, sides_of


def test_a_rotated_batch_starts_game_i_at_seat_i_mod_players():
    results = run_batch("you-dirty-rat", 3, ["heuristic"] * 3, 9, 4, rotate=True,
                        core="python")
    assert [r.first for r in results] == [i % 3 for i in range(9)]
    plain = run_batch("you-dirty-rat", 3, ["heuristic"] * 3, 9, 4, core="python")
    assert {r.first for r in plain} == {0}
    assert [r.seed for r in plain] == [r.seed for r in results]  # the same deals


def test_a_resumed_rotated_batch_plays_its_games_as_the_whole_run_does():
    whole = run_batch("rat-a-tat-roll", 4, ["random"] * 4, 10, 7, rotate=True, core="python")
    part = run_batch("rat-a-tat-roll", 4, ["random"] * 4, 10, 7, rotate=True, core="python",
                     indices=[2, 3, 7, 9])
    assert part == [whole[i] for i in (2, 3, 7, 9)]


@pytest.mark.parametrize("game_id", ["you-dirty-rat", "rat-a-tat-roll"])
def test_both_cores_play_a_rotated_batch_alike(game_id):
    if not has_loops(game_id):
        pytest.skip("the compiled core is not built")
    bots = ["heuristic", "random", "heuristic"]
    native = run_batch(game_id, 3, bots, 12, 3, rotate=True, core="native")
    python = run_batch(game_id, 3, bots, 12, 3, rotate=True, core="python")
    assert native == python and {r.first for r in native} == {0, 1, 2}


def test_the_report_games_replay_each_game_with_its_starter():
    plan = prepare("target-rats-simplified", 2, "heuristic", 4, 1, {"max_rounds": 6},
                   first="rotate")
    results = run_batch(plan.game, 2, plan.bots, 4, 1, plan.play_rules, rotate=True)
    games = plan.report_games(results)
    for k, r in enumerate(results):
        assert games.replay(k).returns() == list(r.returns)
    assert "--rule first_seat=1" in games.command(1)
    assert "first_seat" not in games.command(0)  # seat 1 starts as the rulebook's default
    assert plan.command().endswith("--first-seat rotate")
    assert plan.first_json() == "rotate" and plan.describe_first().startswith("rotated")


def test_rotation_is_refused_where_the_rules_fix_who_starts():
    # seed 003, 1.3: "A dissent starts the turn"
    with pytest.raises(RatkingError, match="Rat & Duck's rules fix who starts"):
        prepare("rat-and-duck", 4, "heuristic", 4, 0, first="rotate")
    with pytest.raises(RatkingError, match="Rat & Duck's rules fix who starts"):
        run_batch("rat-and-duck", 4, ["heuristic"] * 4, 4, 0, rotate=True)
    with pytest.raises(RatkingError, match="leave out --rule first_seat"):
        prepare("you-dirty-rat", 3, "heuristic", 4, 0, {"first_seat": "1"}, first="rotate")
    with pytest.raises(RatkingError, match="--first-seat must be one of rules, rotate"):
        prepare("you-dirty-rat", 3, "heuristic", 4, 0, first="left")


def result(index: int, first: int, returns: tuple[float, ...], decided: bool = True):
    return GameResult(index, index, returns, None, 10, 3, "finished", decided=decided,
                      first=first)


def test_the_first_player_share_counts_the_starter_side_of_each_decided_game():
    sides = sides_of("you-dirty-rat", 2)
    games = [result(0, 0, (1.0, 0.0)), result(1, 1, (1.0, 0.0)), result(2, 0, (0.5, 0.5)),
             result(3, 1, (0.0, 1.0)), result(4, 0, (0.0, 1.0), decided=False)]
    got = first_player(games, sides)
    assert got.games == 4 and got.wins == 2.5 and got.share == 0.625 and got.fair == 0.5
    assert got.low < 0.5 < got.high and "no first-player effect beyond chance" in got.verdict()
    assert first_player(games[:1] + games[2:3], sides) is None  # one side started them all
    many = [result(i, i % 2, (1.0, 0.0) if i % 2 == 0 else (0.0, 1.0)) for i in range(60)]
    assert "an advantage beyond chance" in first_player(many, sides).verdict()
