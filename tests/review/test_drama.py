"""The designer's measures (drama over many games, skill or luck) and the evaluation's
calibration, from the same chances the review draws."""

from __future__ import annotations

import math

import pytest

import ratking
from ratking.bots import make_bot
from ratking.core import RatkingError
from ratking.core.rng import derive_seed
from ratking.review.calibration import calibration, positions
from ratking.review.drama import drama_summary, draw_drama, measures, skill_or_luck


def games(game_id: str, count: int, players: int = 2, **rules) -> list:
    game = ratking.make(game_id, **rules)
    out = []
    for i in range(count):
        s = game.new_game(players, seed=i)
        bots = [make_bot("heuristic:eps=0.2", derive_seed(i, k)) for k in range(players)]
        while not s.over:
            s.apply(bots[s.to_move].choose(s))
        out.append(s)
    return out


def test_measures_of_one_curve():
    # side 0 leads, falls behind (under 0.25), leads again and never falls below 0.9 after
    # the fourth of five points: two lead changes, a comeback, decided three quarters in
    curve = [[0.6, 0.4], [0.2, 0.8], [0.7, 0.3], [0.95, 0.05], [1.0, 0.0]]
    m = measures(curve, [0])
    assert m["lead_changes"] == 2 and m["comeback"] is True
    assert m["decisive"] == pytest.approx(3 / 4)
    assert measures(curve, [])["decisive"] is None  # a draw has no decisive moment


@pytest.mark.parametrize("game_id", [g.id for g in ratking.list_games()])
def test_drama_summary_in_every_game(game_id, tmp_path):
    played = games(game_id, 6, max_rounds=15)
    summary = drama_summary(played)
    assert summary["games"] == 6
    assert summary["lead_changes"]["low"] <= summary["lead_changes"]["mean"] \
        <= summary["lead_changes"]["high"]
    decided = summary["decisive_moment"]
    assert decided["n"] == 0 or 0.0 <= decided["mean"] <= 1.0
    for points in summary["chance_over_length"].values():
        assert len(points) == 11 and all(0.0 <= p["mean"] <= 1.0 for p in points)
    # the chances of the sides add up to 1 at every point of the game
    for b in range(11):
        total = sum(points[b]["mean"] for points in summary["chance_over_length"].values())
        assert total == pytest.approx(1.0, abs=1e-6)
    assert drama_summary([s.record() for s in played]) == summary  # records or states
    figure = draw_drama(summary, tmp_path / "drama.svg", game_id)
    assert figure.stat().st_size > 1000


def test_teams_are_the_sides_of_rat_and_duck():
    summary = drama_summary(games("rat-and-duck", 3, players=4, max_rounds=10))
    assert summary["sides"] == ["government", "dissent"]  # the game's team names


def test_drama_refuses_a_game_still_on():
    s = ratking.make("you-dirty-rat").new_game(2, seed=1)
    with pytest.raises(RatkingError, match="finished"):
        drama_summary([s])


def test_skill_or_luck_rotates_the_strong_seat():
    result = skill_or_luck("rat-a-tat-roll", 8, seed=3, strong="heuristic", weak="random")
    assert result["games"] == 8 and result["fair"] == 0.5
    assert result["low"] <= result["share"] <= result["high"]
    assert result["share"] > 0.5  # the heuristic beats random play at this game


def test_calibration_beats_a_coin_where_the_evaluation_reads_the_game():
    data = positions("you-dirty-rat", {}, "heuristic", 40, seed=2)
    result = calibration(data)
    assert result["coin_flip"] == pytest.approx(math.log(2))
    assert result["log_loss"] < result["coin_flip"]
    assert sum(row["n"] for row in result["table"]) == 2 * result["positions"]


def test_the_drama_figure_names_and_colours_sides_as_the_report_does():
    from matplotlib.colors import to_hex

    from ratking.review.drama import drama_figure

    summary = drama_summary(games("rat-and-duck", 3, players=4, max_rounds=10))
    fig = drama_figure(summary, "", ["gov", "dis"], ["#0072b2", "#e69f00"])
    chances, count, shares = fig.axes
    assert [t.get_text() for t in chances.get_legend().get_texts()] == ["gov", "dis"]
    assert [to_hex(line.get_color()) for line in chances.get_lines()] == ["#0072b2",
                                                                          "#e69f00"]
    # a count and the shares on axes of their own, the shares from 0 to 1
    assert [t.get_text() for t in count.get_yticklabels()] == ["lead changes\nper game"]
    assert len(shares.get_yticklabels()) == 2 and shares.get_xlim() == (0, 1)
