"""`ratking replay` at the terminal: a screen per step with the board, forward, back and to any
step; and what a saved game calls its people."""

from __future__ import annotations

import io
import json
import random
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

import ratking
from ratking import cli
from ratking.terminal import BOT_NAMES, TerminalGame, replay_file
from ratking.terminal.pages import SCREEN

GAME = "rat-a-tat-roll"
COLUMNS, LINES = SCREEN


def console_80x24() -> Console:
    return Console(file=io.StringIO(), width=COLUMNS, height=LINES, force_terminal=False,
                   no_color=True, highlight=False)


def random_record(game_id: str, players: int, seed: int, **rules) -> dict:
    game = ratking.make(game_id, **rules)
    state = game.new_game(players, seed=seed, names=[f"Player {i + 1}" for i in range(players)])
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state.record()


class Keys:
    """Types `keys` in turn at the replay's prompts; keeps the output before each prompt."""

    def __init__(self, console: Console, keys) -> None:
        self.console, self.keys = console, list(keys)
        self.prompts: list[str] = []
        self.printed: list[str] = []
        self.mark = 0

    def __call__(self, prompt: str) -> str:
        out = self.console.file.getvalue()
        self.printed.append(out[self.mark:])
        self.mark = len(out)
        self.prompts.append(prompt)
        if not self.keys:
            raise AssertionError("asked more than the keys given")
        return self.keys.pop(0)


@pytest.fixture(scope="module")
def record():
    return random_record(GAME, 3, seed=3)


def steps_shown(printed: list[str]) -> list[int]:
    return [int(m) for text in printed for m in re.findall(r"─ Step (\d+) of \d+", text)]


def test_stepping_forward_back_and_to_a_step(record):
    console = console_80x24()
    keys = Keys(console, ["", "n", "p", "5", "nine", "999", "p", "q"])
    state = replay_file(record, console, None, step=True, ask=keys)
    assert steps_shown(keys.printed) == [0, 1, 2, 1, 5, 4]
    out = console.file.getvalue()
    assert out.count("Type Enter or n, p, q, or a step from 0 to") == 2  # "nine" and "999"
    # q stops where it is: the state after 4 decisions
    assert state.record()["actions"] == record["actions"][:4]
    # the board at every step
    for text in keys.printed:
        if "─ Step" in text:
            assert "Rat-a-Tat Roll · round" in text
    # each step names who decided what
    assert re.search(r"^\s*5\. (Player \d): ", keys.printed[4], re.M)


def test_a_step_reached_going_back_reads_as_going_forward(record):
    """Step 3 shown after steps 1, 2 and 3, and again from step 6 by going back: the same
    screen, bit for bit (the record is replayed, never guessed)."""
    console = console_80x24()
    keys = Keys(console, ["", "", "", "6", "p", "p", "p", "q"])
    replay_file(record, console, 1, step=True, ask=keys)
    shown = steps_shown(keys.printed)
    assert shown == [0, 1, 2, 3, 6, 5, 4, 3]
    assert keys.printed[3] == keys.printed[7]


def test_stepping_to_the_end_and_past_it(record):
    console = console_80x24()
    last = len(record["actions"])
    keys = Keys(console, [str(last - 1), "", ""])
    state = replay_file(record, console, None, step=True, ask=keys)
    assert state.is_over and state.record() == record
    assert keys.prompts[-1].startswith("The end.")
    assert "game over" in keys.printed[-1]


@pytest.mark.parametrize("game_id", [info.id for info in ratking.list_games()])
def test_every_replay_screen_fits_80x24(game_id):
    """Each step's screen (the step, what it made happen, the board and the prompt) at the
    game's largest player count, as a seat: at most 24 lines of at most 80 columns."""
    players = max(ratking.make(game_id).player_counts())
    record = random_record(game_id, players, seed=7, max_rounds=6)
    last = len(record["actions"])
    console = console_80x24()
    picks = sorted(random.Random(1).sample(range(1, last + 1), min(last, 60)))
    keys = Keys(console, [*map(str, picks), "q"])
    replay_file(record, console, 0, step=True, ask=keys)
    screens = keys.printed[1:]  # the first holds the title too
    assert len(screens) == len(picks)
    for text, prompt in zip(screens, keys.prompts[1:], strict=True):
        lines = [*text.rstrip("\n").split("\n"), prompt]
        assert len(lines) <= LINES, "\n".join(lines)
        assert all(len(line) <= COLUMNS for line in lines)


# --- the command ---------------------------------------------------------------------------------


@pytest.fixture
def run(monkeypatch):
    monkeypatch.setattr(cli, "console", Console(width=80, force_terminal=False, no_color=True,
                                                highlight=False))
    monkeypatch.setattr(cli, "errors", Console(width=80, stderr=True, force_terminal=False,
                                               no_color=True, highlight=False))
    runner = CliRunner()
    return lambda *args, input=None: runner.invoke(cli.app, list(args), input=input)


def test_replay_command_steps_on_keys_from_its_input(run, tmp_path, record):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    result = run("replay", str(path), "--step", input="\nn\np\n3\nq\n")
    assert result.exit_code == 0, result.output
    assert steps_shown([result.output]) == [0, 1, 2, 1, 3]


def test_replay_command_at_the_end_of_its_input_stops(run, tmp_path, record):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    result = run("replay", str(path), "--step", input="n\n")
    assert result.exit_code == 0, result.output
    assert "Stopped." in result.output


@pytest.mark.parametrize(("content", "phrase"), [
    ("{", "is not valid JSON"),
    ('{"game": "rat-a-tat-roll"}', "no 'rules'"),
])
def test_replay_command_stepping_a_malformed_record_is_one_line_on_stderr(run, tmp_path,
                                                                          content, phrase):
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = run("replay", str(path), "--step", input="\n\n")
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and phrase in lines[0]
    assert "Traceback" not in result.output and "Step" not in result.stdout


def test_replay_as_seat_2_of_a_saved_game_reads_right(run, tmp_path):
    """A person played seat 1 against a bot; replayed as seat 2, the person is "Player 1"
    and the bot's seat is "you"."""
    path = tmp_path / "g.json"
    result = run("play", GAME, "--players", "2", "--seats", "human,bot", "--seed", "4",
                 "--save", str(path), input="1\n" * 300)
    assert result.exit_code == 0, result.output
    record = json.loads(path.read_text())
    assert record["names"] == ["Player 1", BOT_NAMES[0]]
    out = run("replay", str(path), "--no-step", "--seat", "2").output
    assert re.search(r"^\s*1\. Player 1: ", out, re.M)
    assert f"{BOT_NAMES[0]} (you)" in out and "Player 1 (you)" not in out
    assert "Player 1 looked at their first card." in out
    assert re.search(r"You looked at your first card: an? \d", out)
    assert not re.search(r"^\s*\d+\. You\b", out, re.M)


# --- bots that search say so ----------------------------------------------------------------------


@pytest.mark.parametrize("game_id", [info.id for info in ratking.list_games()])
def test_every_level_that_searches_says_it_is_thinking(game_id):
    """At each bot level, a decision with a choice: a level whose bot searches prints
    "<name> is thinking..." first; the others do not."""
    from ratking.bots import LEVELS, level_spec

    game = ratking.make(game_id)
    searching = [level for level in LEVELS if level_spec(game, level).startswith("ismcts")]
    assert {"hard", "expert"} <= set(searching)
    for level in LEVELS:
        console = console_80x24()
        table = TerminalGame(game, [level, "human"], 11, console, ask=lambda _: "q")
        state, rng = table.state, random.Random(0)
        while state.current_player != 0 or len(state.legal_actions()) < 2:
            state.apply(rng.choice(state.legal_actions()))
        state.apply(table._bot_move(0))
        thinking = f"{BOT_NAMES[0]} is thinking..." in console.file.getvalue()
        assert thinking == (level in searching), level
