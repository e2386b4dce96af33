"""`ratking arena`, and bot specs at `ratking play` and `ratking simulate`."""

from __future__ import annotations

import json

from . import test_cli
from .test_cli import assert_clean_error, flat

run = test_cli.run  # the same fixtures as the other command tests
wide_console = test_cli.wide_console

GAME = "rat-a-tat-roll"


def test_arena_prints_standings_and_pairwise_shares_and_writes_json(run, tmp_path):
    path = tmp_path / "arena.json"
    args = ("arena", GAME, "--bots", "heuristic,random,easy", "--games", "12", "--seed", "4",
            "--json", str(path))
    result = run(*args)
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "rat-a-tat-roll: 12 games, 2 players, seed 4, seats rotated" in out
    for heading in ("win share", "95% interval", "rating (mu ± sigma)", "Pairwise win shares"):
        assert heading in out
    data = json.loads(path.read_text())
    assert [b["spec"] for b in data["bots"]] == ["heuristic", "random", "easy"]
    assert all(b["games"] == 8 for b in data["bots"])  # each pair of the three met 4 times
    again = tmp_path / "again.json"
    assert run(*args[:-1], str(again)).exit_code == 0
    assert json.loads(again.read_text()) == data  # same seed, same numbers


def test_arena_prints_the_round_cap_and_leaves_capped_draws_out(run, tmp_path):
    path = tmp_path / "arena.json"
    result = run("arena", "target-rats-simplified", "--bots", "random,heuristic", "--games",
                 "8", "--rule", "max_rounds=3", "--json", str(path))
    assert result.exit_code == 0, result.output
    data = json.loads(path.read_text())
    capped = [g for g in data["games"] if g["end"] == "round-cap"]
    assert capped and data["capped"] == len(capped) == data["undecided"]
    assert (f"Round cap: 3 rounds (the game's own limit); {len(capped)} of 8 games hit it, "
            f"{len(capped)} of them as draws, left out of the win shares and ratings."
            ) in flat(result.output)
    decided = 8 - len(capped)
    assert sum(b["seats"] for b in data["bots"]) == 2 * decided  # shares over decided games


def test_arena_errors_are_one_clean_line(run):
    assert_clean_error(run("arena", GAME, "--bots", "heuristic,ismcts:iters=0"),
                       "iters must be at least 1")
    assert_clean_error(run("arena", GAME, "--bots", "heuristic,random", "--games", "3"),
                       "multiple of 2")
    assert_clean_error(run("arena", "chess", "--bots", "heuristic,random"), "chess")
    assert_clean_error(run("arena", GAME, "--bots", "heuristic,random", "--workers", "0"),
                       "--workers must be at least 1")


def test_arena_refusals_come_before_any_game_is_announced(run):
    for args, phrase in ((["--bots", "heuristic"], "at least two bots"),
                         (["--bots", "heuristic,random", "--games", "3"], "multiple of 2")):
        result = run("arena", GAME, *args)
        assert_clean_error(result, phrase)
        assert "Playing" not in result.stdout, result.stdout


def test_play_and_simulate_seat_any_bot_spec(run, tmp_path):
    result = run("play", GAME, "--players", "2", "--seats", "ismcts:iters=5,easy", "--seed",
                 "2")
    assert result.exit_code == 0, result.output
    assert "Game over" in flat(result.output)
    path = tmp_path / "s.json"
    result = run("simulate", GAME, "-n", "2", "-p", "2", "--bots", "ismcts:iters=5:depth=3,easy",
                 "--json", str(path))
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text())["bots"] == ["ismcts:iters=5:depth=3", "easy"]


def test_bad_bot_specs_at_play_and_simulate_are_clean_errors(run):
    assert_clean_error(run("play", GAME, "--players", "2", "--seats", "human,ismcts:iters=x"),
                       "iters must be a whole number, not 'x'")
    assert_clean_error(run("simulate", GAME, "-n", "2", "-p", "2", "--bots", "hard:iters=5"),
                       "the level 'hard' takes no options")


def test_arena_of_a_team_game_with_more_seats_than_bots_is_seated_by_team(run, tmp_path):
    path = tmp_path / "arena.json"
    result = run("arena", "rat-and-duck", "--bots", "heuristic,easy,random", "-p", "4",
                 "--games", "12", "--json", str(path))
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "teams rotated" in out and "Win share by side" in out
    data = json.loads(path.read_text())
    for game in data["games"]:  # seats 1 and 3 one bot, seats 2 and 4 another
        seats = game["seats"]
        assert seats[0] == seats[2] and seats[1] == seats[3] and seats[0] != seats[1]
    shares = [b["win_share"] for b in data["bots"]]
    assert shares != [0.5, 0.5, 0.5]  # the old seating scored every bot exactly 0.500
    assert all(len(b["by_side"]) == 2 for b in data["bots"])


def test_arena_report_shows_shares_sides_pairs_ratings_and_the_command(run, tmp_path):
    out = tmp_path / "rep"
    result = run("arena", "rat-and-duck", "--bots", "heuristic,random", "-p", "4", "--games",
                 "8", "--seed", "3", "--report", str(out))
    assert result.exit_code == 0, result.output
    import html

    page = html.unescape((out / "index.html").read_text(encoding="utf-8"))
    for heading in ("Win shares", "By side", "Head to head", "Ratings", "Play a game again"):
        assert f"<h2>{heading}</h2>" in page
    assert ("ratking arena rat-and-duck --bots heuristic,random --games 8 --players 4 "
            "--seed 3") in page
    assert "government (seats 2, 4)" in page and "dissent (seats 1, 3)" in page
    rows = (out / "games.csv").read_text().splitlines()
    assert len(rows) == 9 and "ratking play rat-and-duck --players 4 --seats" in rows[1]
