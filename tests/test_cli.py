"""The `ratking` command, driven through Typer's test runner (no terminal, no real stdin)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import ratking
from ratking import cli

GAME = "rat-a-tat-roll"
BOTS3 = ["--players", "3", "--seats", "bot,bot,bot", "--seed", "3"]


@pytest.fixture(autouse=True)
def wide_console(monkeypatch):
    """A plain, wide console, so messages are not wrapped or coloured whatever the terminal;
    errors on a plain stderr console only 80 columns wide (they must still take one line)."""
    monkeypatch.setattr(cli, "console", Console(width=240, force_terminal=False, no_color=True,
                                                highlight=False))
    monkeypatch.setattr(cli, "errors", Console(width=80, stderr=True, force_terminal=False,
                                               no_color=True, highlight=False))


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None):
        return runner.invoke(cli.app, list(args), input=input)

    return invoke


def flat(text: str) -> str:
    """Output with runs of whitespace made single spaces (Rich may wrap long lines)."""
    return " ".join(text.split())


def assert_clean_error(result, *phrases: str) -> None:
    """Exit code 2, one `Error:` line on stderr naming the problem, and no Python traceback."""
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    for phrase in phrases:
        assert phrase in lines[0], (phrase, result.stderr)
    assert "Error:" not in result.stdout
    assert "Traceback" not in result.output


@pytest.fixture
def saved_game(run, tmp_path):
    """A bot game played to the end and saved; returns (path, record)."""
    path = tmp_path / "game.json"
    result = run("play", GAME, *BOTS3, "--save", str(path))
    assert result.exit_code == 0, result.output
    return path, json.loads(path.read_text(encoding="utf-8"))


# --- games and rules ---------------------------------------------------------------------------


def test_games_lists_rat_a_tat_roll_without_rule_options(run):
    result = run("games")
    assert result.exit_code == 0
    assert GAME in result.output
    assert "Rat-a-Tat Roll" in result.output
    assert "2-5" in result.output
    assert "memory_aid" not in result.output


def test_games_rules_lists_every_rule_option(run):
    result = run("games", "--rules")
    assert result.exit_code == 0
    for name in ("memory_aid", "max_rounds", "cards_two_players", "number_dice"):
        assert name in result.output
    assert "Rat-a-Tat Roll rule options" in result.output


def test_rules_prints_the_rules_page(run):
    page = ratking.core.game_class(GAME).rules_page.read_text(encoding="utf-8")
    headings = re.findall(r"^#+ (.+)$", page, re.M)
    assert len(headings) > 3
    result = run("rules", GAME)
    assert result.exit_code == 0
    out = flat(result.output)
    for heading in headings:
        assert heading.replace("`", "") in out
    assert "The Wild die" in out
    assert "the lowest total wins" in out.lower()
    assert "**" not in out and "## " not in out  # rendered, not printed raw


def test_rules_of_an_unknown_game_is_a_clear_error(run):
    assert_clean_error(run("rules", "rat-race"), "no game 'rat-race'", GAME)


def test_version(run):
    result = run("--version")
    assert result.exit_code == 0
    assert ratking.__version__ in result.output


# --- play with bots, save and replay -----------------------------------------------------------


def test_play_bots_to_the_end_and_save_a_record(saved_game):
    path, record = saved_game
    assert path.stat().st_size > 0
    assert record["game"] == GAME
    assert record["players"] == 3 and record["seed"] == 3
    assert record["actions"], "a finished game has decisions"
    assert record["result"]["end"] == "finished"
    state = ratking.replay(record)
    assert state.is_over
    assert state.returns() == record["result"]["returns"]


def test_play_prints_the_result_and_where_it_saved(run, tmp_path):
    path = tmp_path / "g.json"
    result = run("play", GAME, *BOTS3, "--save", str(path))
    out = flat(result.output)
    assert result.exit_code == 0
    assert "Game over:" in out
    assert "Result" in out and "win" in out
    assert f"Saved the game record to {path}" in out
    assert "Pass the screen" not in out and "Your choice" not in out  # nobody was asked


def test_play_is_repeatable_with_a_seed(run, tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert run("play", GAME, *BOTS3, "--save", str(a)).exit_code == 0
    assert run("play", GAME, *BOTS3, "--save", str(b)).exit_code == 0
    assert json.loads(a.read_text()) == json.loads(b.read_text())
    c = tmp_path / "c.json"
    assert run("play", GAME, "--players", "3", "--seats", "bot,bot,bot", "--seed", "4",
               "--save", str(c)).exit_code == 0
    assert json.loads(c.read_text())["actions"] != json.loads(a.read_text())["actions"]


def test_play_with_a_rule_variant_records_it(run, tmp_path):
    path = tmp_path / "g.json"
    result = run("play", GAME, *BOTS3, "--rule", "cards=2", "-r", "memory_aid=yes",
                 "--save", str(path))
    assert result.exit_code == 0, result.output
    record = json.loads(path.read_text())
    assert record["rules"]["cards"] == 2
    assert record["rules"]["memory_aid"] is True
    assert ratking.replay(record).is_over


def test_replay_no_step_reads_the_record_back(run, saved_game):
    path, record = saved_game
    result = run("replay", str(path), "--no-step")
    assert result.exit_code == 0, result.output
    out = result.output
    n = len(record["actions"])
    assert re.search(r"^\s*1\. \S+: ", out, re.M)
    assert re.search(rf"^\s*{n}\. \S+: ", out, re.M)
    assert not re.search(rf"^\s*{n + 1}\. ", out, re.M)
    assert "game over" in out
    assert "Enter or n: next" not in out


def test_replay_shows_the_setup_before_the_first_decision(run, saved_game):
    path, _ = saved_game
    out = run("replay", str(path), "--no-step").output
    assert out.index("A new game for 3 players") < out.index("   1. ")


def test_replay_as_a_seat_shows_that_seats_secrets_only(run, saved_game):
    path, _ = saved_game
    spectator = run("replay", str(path), "--no-step").output
    seat0 = run("replay", str(path), "--no-step", "--seat", "1").output
    assert "first card: a" not in spectator
    assert re.search(r"You looked at your first card: an? \d", seat0)
    assert seat0.count("first card: a") == 1  # only seat 1's own first card


def test_replay_with_a_bad_seat_fails_before_printing_the_game(run, saved_game):
    path, _ = saved_game
    for seat in ("7", "0", "-1"):  # seats count from 1 for people
        result = run("replay", str(path), "--no-step", "--seat", seat)
        assert_clean_error(result, f"no seat {seat}: this game's seats are 1 to 3")
        assert "1." not in result.output


def bad_records(record: dict) -> dict[str, tuple[bytes, str]]:
    """Malformed record files (as bytes) and a phrase the error must contain."""

    def dump(**changes):
        data = {**record, **changes}
        return json.dumps({k: v for k, v in data.items() if v is not None}).encode()

    actions = record["actions"]
    return {
        "bad json": (b'{"game": "rat-a-tat-roll", ', "is not valid JSON"),
        "not an object": (b"[1, 2, 3]", "must be a JSON object"),
        "missing seed": (dump(seed=None), "no 'seed'"),
        "missing actions": (dump(actions=None), "no 'actions'"),
        "seed of the wrong type": (dump(seed="three"), "'seed' must be of type int"),
        "unknown action id": (dump(actions=[*actions[:3], "fly:away", *actions[4:]]),
                              "action 3 ('fly:away') is illegal"),
        "action illegal now": (dump(actions=["go", *actions[1:]]),
                               "action 0 ('go') is illegal"),
        "action after the end": (dump(actions=[*actions, "skip"]), "the game is over"),
        "unknown game": (dump(game="rat-race"), "no game 'rat-race'"),
        "unknown rule": (dump(rules={"nope": 1}), "unknown rule 'nope'"),
        "too many players": (dump(players=9), "2 to 5 players"),
        "result that does not match": (dump(result={"returns": [0, 0, 1], "end": "finished"}),
                                       "does not match"),
        "not text": (b"\xff\xfe\x00\x81 garbage", "not a text file"),
    }


@pytest.mark.parametrize("case", list(bad_records({"actions": []})))
def test_replay_of_a_malformed_record_is_a_clear_error(run, saved_game, tmp_path, case):
    _, record = saved_game
    content, phrase = bad_records(record)[case]
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert_clean_error(run("replay", str(path), "--no-step"), phrase)


def test_replay_of_a_missing_file_is_a_clear_error(run, tmp_path):
    assert_clean_error(run("replay", str(tmp_path / "nowhere.json")), "cannot read record")


def test_replay_of_an_unfinished_game(run, tmp_path, saved_game):
    _, record = saved_game
    path = tmp_path / "part.json"
    part = {k: v for k, v in record.items() if k != "result"}
    part["actions"] = record["actions"][:5]
    path.write_text(json.dumps(part))
    result = run("replay", str(path), "--no-step")
    assert result.exit_code == 0, result.output
    assert re.search(r"^\s*5\. ", result.output, re.M)
    assert "game over" not in result.output


# --- play with a human at the keyboard ---------------------------------------------------------

HUMAN = ["play", GAME, "--players", "3", "--seats", "human,bot,bot", "--seed", "3"]


def test_a_human_choosing_option_1_every_time_finishes_the_game(run, tmp_path):
    path = tmp_path / "h.json"
    result = run(*HUMAN, "--save", str(path), input="1\n" * 300)
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "Your turn" in out
    assert re.search(r"Your choice \(1-\d+, b: board, f: full board, q: quit\):", out)
    assert "Game over:" in out
    assert re.search(r"seat\s*┃\s*player\s*┃\s*score\s*┃\s*result", result.output)
    assert re.search(r"│\s*1\s*│\s*Player 1 \(you\)\s*│\s*\d+\s*│", result.output)  # from 1
    assert "Game interrupted" not in out
    record = json.loads(path.read_text())
    assert record["result"]["end"] == "finished"
    assert record["actions"][0] == "roll:1"  # option 1 of the first decision


def test_bad_answers_are_asked_again_and_change_nothing(run, tmp_path):
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    run(*HUMAN, "--save", str(good), input="1\n" * 300)
    result = run(*HUMAN, "--save", str(bad),
                 input="99\n0\nfly:away\ngo\nwild\n\n" + "1\n" * 300)
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert out.count("Choose a number from 1 to 3.") == 2  # 99 and 0
    assert "No such action in this game. Try again." in out
    assert "It is the start of your turn: choose how many dice to roll. Try again." in out
    # the reason keeps its capitals ("Wild"), it is not lower-cased
    assert ("You may skip or roll only the Wild die once your collection is complete. "
            "Try again.") in out
    assert "You rolled 1 die" in out
    assert "Game over:" in out
    assert json.loads(bad.read_text()) == json.loads(good.read_text())


def test_a_human_may_choose_by_action_id(run, tmp_path):
    path = tmp_path / "h.json"
    result = run(*HUMAN, "--save", str(path), input="roll:3\n" + "1\n" * 300)
    assert result.exit_code == 0
    assert "You rolled 3 dice" in result.output
    assert json.loads(path.read_text())["actions"][0] == "roll:3"


def test_quitting_saves_an_unfinished_record(run, tmp_path):
    path = tmp_path / "q.json"
    result = run(*HUMAN, "--save", str(path), input="2\nq\n")
    assert result.exit_code == 0
    assert "Game left unfinished." in result.output
    record = json.loads(path.read_text())
    assert record["actions"] == ["roll:2"]
    assert "result" not in record
    assert not ratking.replay(record).is_over


def test_running_out_of_input_interrupts_the_game(run, tmp_path):
    path = tmp_path / "eof.json"
    result = run(*HUMAN, "--save", str(path), input="1\n")
    assert "Game interrupted." in result.output
    assert "Traceback" not in result.output
    assert json.loads(path.read_text())["actions"] == ["roll:1"]


def test_hot_seat_hands_the_screen_over(run):
    answers = "\n".join(["", "1"] * 400) + "\n"  # Enter for every hand-over, 1 for choices
    result = run("play", GAME, "--players", "3", "--seats", "human,human,bot", "--seed", "5",
                 input=answers)
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "Pass the screen to Player 1, then press Enter" in out
    assert "Pass the screen to Player 2, then press Enter" in out
    assert "Press Enter to hide your cards" in out
    assert "Game over:" in out


# --- bad command lines -------------------------------------------------------------------------


@pytest.mark.parametrize(("args", "phrases"), [
    (["--seats", "bot,bot"], ["--seats names 2 seats for 3 players"]),
    (["--seats", "bot,bot,bot,bot"], ["4 seats for 3 players"]),
    (["--seats", "bot,robot,bot"], ["unknown seat kind 'robot'", "human, bot"]),
    (["--rule", "nope=1"], ["unknown rule 'nope'", "memory_aid"]),
    (["--rule", "cards=abc"], ["rule 'cards' must be a whole number, not 'abc'"]),
    (["--rule", "cards=0"], ["rule 'cards' must be at least 1"]),
    (["--rule", "cards"], ["--rule takes name=value, not 'cards'"]),
    (["--players", "9"], ["2 to 5 players, not 9"]),
    (["--seed", "-1"], ["seed must be a whole number 0 or more"]),
])
def test_play_with_a_bad_option_is_a_clear_error(run, args, phrases):
    assert_clean_error(run("play", GAME, *args), *phrases)


def test_play_an_unknown_game_is_a_clear_error(run):
    assert_clean_error(run("play", "rat-race", "--seats", "bot,bot,bot"), "no game 'rat-race'")


def test_rat_and_duck_takes_an_even_number_of_players(run):
    # seed 003, 1.1 "Two teams of an even amount of players": an odd count is one clear line,
    # and play's default (3 seats) becomes the first count the game takes, 4
    assert_clean_error(run("play", "rat-and-duck", "--players", "3"),
                       "an even number of players, not 3", "uneven_teams")
    assert_clean_error(run("simulate", "rat-and-duck", "--players", "5", "--rule",
                           "units=PPS-DDD"), "not 5")
    result = run("play", "rat-and-duck", "--seats", "bot,bot,bot,bot", "--seed", "1")
    assert result.exit_code == 0, result.output
    result = run("play", "rat-and-duck", "--players", "3", "--seats", "bot,bot,bot",
                 "--rule", "uneven_teams=yes", "--seed", "1")
    assert result.exit_code == 0, result.output


# --- simulate ----------------------------------------------------------------------------------

SIM = ["simulate", GAME, "--games", "40", "--players", "3", "--bots", "heuristic,random,random",
       "--seed", "5"]


def simulate_json(run, path, *extra):
    result = run(*SIM, "--json", str(path), *extra)
    assert result.exit_code == 0, result.output
    return result, json.loads(path.read_text(encoding="utf-8"))


def test_simulate_prints_a_table_and_writes_json(run, tmp_path):
    result, data = simulate_json(run, tmp_path / "s.json")
    out = flat(result.output)
    assert "rat-a-tat-roll: 40 games, 3 players, seed 5" in out
    for heading in ("win share", "95% interval", "mean score"):
        assert heading in out
    assert re.search(r"│\s*1\s*│\s*heuristic\s*│\s*\d+\.\d%\s*│", result.output)  # from 1
    assert not re.search(r"│\s*0\s*│", result.output)
    assert "Game length:" in out and "Every seat tied" in out
    assert data["bots"] == ["heuristic", "random", "random"]
    assert data["summary"]["games"] == 40 and len(data["games"]) == 40
    assert [g["index"] for g in data["games"]] == list(range(40))
    shares = [s["win_share"] for s in data["summary"]["seats"]]
    assert sum(shares) == pytest.approx(1.0)
    for seat in data["summary"]["seats"]:
        low, high = seat["win_95"]
        assert 0 <= low <= seat["win_share"] <= high <= 1


def test_simulate_twice_gives_identical_json(run, tmp_path):
    _, first = simulate_json(run, tmp_path / "a.json")
    _, second = simulate_json(run, tmp_path / "b.json")
    assert first == second
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()


def test_simulate_another_seed_gives_other_games(run, tmp_path):
    _, first = simulate_json(run, tmp_path / "a.json")
    result = run(*SIM[:-1], "6", "--json", str(tmp_path / "b.json"))
    assert result.exit_code == 0
    other = json.loads((tmp_path / "b.json").read_text())
    assert [g["seed"] for g in other["games"]] != [g["seed"] for g in first["games"]]


def test_simulate_with_two_workers_matches_one(run, tmp_path):
    _, one = simulate_json(run, tmp_path / "one.json", "--workers", "1")
    _, two = simulate_json(run, tmp_path / "two.json", "--workers", "2")
    assert two["summary"] == one["summary"]
    assert two["games"] == one["games"]


def test_simulate_one_bot_kind_fills_every_seat(run, tmp_path):
    path = tmp_path / "s.json"
    result = run("simulate", GAME, "-n", "3", "-p", "4", "--bots", "random", "--json", str(path))
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text())["bots"] == ["random"] * 4


def test_simulate_with_a_round_cap_counts_capped_draws_apart(run, tmp_path):
    path = tmp_path / "s.json"
    result = run("simulate", GAME, "-n", "5", "--bots", "random", "--rule", "max_rounds=1",
                 "--json", str(path))
    assert result.exit_code == 0, result.output
    data = json.loads(path.read_text())
    assert data["rules"]["max_rounds"] == 1  # the typed value, as in game records
    assert data["rules"]["cards"] == 4  # and every other rule, so the file says it all
    summary = data["summary"]
    # draws at the cap decided nothing: apart from the ties, left out of the win shares
    assert (summary["capped"], summary["undecided"], summary["draws"]) == (5, 5, 0)
    assert all(seat["win_share"] == 0 for seat in summary["seats"])
    assert "Stopped by the round cap: 5 (5 draws there, left out of the win shares)" in \
        flat(result.output)


@pytest.mark.parametrize(("args", "phrases"), [
    (["--bots", "heuristic,random"], ["--bots names 2 bots for 3 players"]),
    (["--bots", "heuristic,foo,random"], ["no bot 'foo'"]),
    (["--bots", "human"], ["no bot 'human'"]),
    (["--games", "0"], ["--games must be at least 1"]),
    (["--workers", "0"], ["--workers must be at least 1"]),
    (["--players", "9"], ["2 to 5 players, not 9"]),
    (["--rule", "cards=abc"], ["rule 'cards' must be a whole number"]),
])
def test_simulate_with_a_bad_option_is_a_clear_error(run, args, phrases):
    assert_clean_error(run("simulate", GAME, "--games", "2", *args), *phrases)


# --- bench -------------------------------------------------------------------------------------


def bench_rows(output: str) -> dict[int, list[float]]:
    """players -> [decisions/s, games/s, decisions/game] from the bench table."""
    rows = {}
    for line in output.splitlines():
        cells = [c.strip() for c in line.strip("│ ").split("│")]
        if len(cells) == 4 and cells[0].isdigit():
            rows[int(cells[0])] = [float(c.replace(",", "")) for c in cells[1:]]
    return rows


def test_bench_prints_positive_rates(run):
    result = run("bench", GAME, "--players", "2", "--seconds", "0.3")
    assert result.exit_code == 0, result.output
    assert "decisions/s" in result.output and "games/s" in result.output
    rows = bench_rows(result.output)
    assert list(rows) == [2]
    assert all(value > 0 for value in rows[2])


def test_bench_without_players_measures_every_count(run):
    result = run("bench", GAME, "--seconds", "0.02")
    assert result.exit_code == 0, result.output
    assert sorted(bench_rows(result.output)) == [2, 3, 4, 5]


def test_bench_paths_times_clone_and_determinize_where_the_game_lasts(run):
    # a 2-player Rat-a-Tat Roll game lasts about 30 decisions: only the point after 10 is
    # timed (decisions/s rows have 4 cells, these rows 4 too: players, after, clone, det.)
    result = run("bench", GAME, "--players", "2", "--seconds", "0.02", "--paths")
    assert result.exit_code == 0, result.output
    assert "clone and determinize" in result.output
    rows = [[c.strip() for c in line.strip("│ ").split("│")] for line in result.output.splitlines()]
    timed = [r for r in rows if len(r) == 4 and r[1] in ("10", "1,000")]
    assert [r[:2] for r in timed] == [["2", "10"]]
    assert all(float(v) > 0 for v in timed[0][2:])


@pytest.mark.parametrize(("args", "phrases"), [
    (["--players", "9"], ["2 to 5 players, not 9"]),
    (["--seconds", "0"], ["--seconds must be more than 0"]),
    (["--seconds", "-1"], ["--seconds must be more than 0"]),
    (["--rule", "nope=1"], ["unknown rule 'nope'"]),
])
def test_bench_with_a_bad_option_is_a_clear_error(run, args, phrases):
    assert_clean_error(run("bench", GAME, "--seconds", "0.01", *args), *phrases)


# --- errors found before any work, and 80 columns ---------------------------------------------


def test_unwritable_outputs_are_refused_before_the_run(run, tmp_path):
    import os

    a_file = tmp_path / "notes.txt"
    a_file.write_text("x")
    cases = [(tmp_path, "is a folder, not a file"), (a_file / "g.json", "is not a folder"),
             (Path("/proc/g.json"), "cannot be written")]  # not even root writes there
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    if os.geteuid() != 0:  # root passes the permission bits
        cases.append((locked / "g.json", "cannot be written"))
    try:
        for path, words in cases:
            result = run("play", GAME, *BOTS3, "--save", str(path))
            assert_clean_error(result, f"--save {path}", words)
            assert "Game over" not in result.output  # nothing was played
            result = run(*SIM, "--json", str(path))
            assert_clean_error(result, f"--json {path}", words)
            assert "win share" not in result.output  # nothing was simulated
    finally:
        locked.chmod(0o700)
    # a folder that does not exist yet is made when the output is written
    fresh = tmp_path / "new" / "folder" / "g.json"
    result = run("play", GAME, *BOTS3, "--save", str(fresh))
    assert result.exit_code == 0, result.output
    assert fresh.is_file()


def test_serve_refuses_a_bad_database_port_or_address_in_one_line(run, tmp_path):
    import socket

    assert_clean_error(run("serve", "--db", "bogus://x"), "--db bogus://x",
                       "Can't load plugin")
    assert_clean_error(run("serve", "--db", f"sqlite:///{tmp_path}/no/such/t.db"),
                       "cannot reach the database")
    assert_clean_error(run("serve", "--db", "postgresql+psycopg://u:secret@127.0.0.1:1/x"),
                       "--db 127.0.0.1:1/x", "cannot reach the database")
    assert "secret" not in run("serve", "--db", "postgresql+psycopg://u:secret@127.0.0.1:1/x"
                               ).output
    for port in ("99999", "0"):
        assert_clean_error(run("serve", "--port", port), f"--port must be 1 to 65535, not {port}")
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        result = run("serve", "--port", str(port), "--db", f"sqlite:///{tmp_path}/t.db")
        assert_clean_error(result, f"port {port} on 127.0.0.1 is in use")
    assert "is open at" not in result.output


def test_games_at_80_columns_shows_whole_ids(run, monkeypatch):
    monkeypatch.setattr(cli, "console", Console(width=80, force_terminal=False, no_color=True))
    result = run("games", "--rules")
    assert result.exit_code == 0
    assert all(len(line) <= 80 for line in result.output.splitlines())
    for info in ratking.list_games():
        assert re.search(rf"│ {re.escape(info.id)}\s*│", result.output), info.id
        for spec in info.rules:
            assert re.search(rf"│ {re.escape(spec['name'])}\s*│", result.output), spec["name"]


def test_play_no_forced_asks_even_an_only_choice(run, tmp_path):
    args = ["play", "target-rats-simplified", "--players", "2", "--seats", "human,bot",
            "--seed", "5", "--rule", "max_rounds=4"]
    made = run(*args, input="1\n" * 400)
    asked = run(*args, "--no-forced", input="1\n" * 400)
    assert made.exit_code == asked.exit_code == 0
    assert "made for you" in made.output and "made for you" not in asked.output
    assert asked.output.count("Your choice") > made.output.count("Your choice")
