"""The terminal's screen: every game at its largest player count fits 80x24 (a compact
board, options in pages), `b` draws the board and the options again, `n`/`p` turn pages."""

from __future__ import annotations

import contextlib
import io
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

import ratking
from ratking.terminal import OptionPages, TerminalGame
from ratking.terminal.pages import SCREEN

COLUMNS, LINES = SCREEN
CHOICE = "Your choice"
RULE = "─" * 10


def text_of(console: Console, renderable) -> str:
    """A renderable as plain text at the console's width, trailing spaces cut."""
    lines = console.render_lines(renderable, console.options, pad=False)
    return "\n".join("".join(seg.text for seg in line).rstrip() for line in lines)


def screen_console(lines: int = LINES) -> Console:
    return Console(file=io.StringIO(), width=COLUMNS, height=lines, force_terminal=False,
                   no_color=True, highlight=False)


class RandomPerson:
    """Answers every choice with a random option; at some decisions first asks for the board
    (`b`) or turns the page (`n`). Writes each prompt and answer to the console's file, as a
    terminal shows them, and keeps what was printed between one prompt and the next."""

    def __init__(self, rng: random.Random, keys: tuple[str, ...] = ("b", "n")) -> None:
        self.rng = rng
        self.keys = keys
        self.table: TerminalGame | None = None
        self.mark = 0
        self.segments: list[tuple[str, str, str]] = []  # (answer before, printed, prompt)
        self.in_view: list[list[str]] = []  # at each choice: the lines from the last board
        self.last = ""

    def __call__(self, prompt: str) -> str:
        file = self.table.console.file
        out = file.getvalue()
        self.segments.append((self.last, out[self.mark:], prompt))
        if prompt.startswith(CHOICE):
            lines = out.rstrip("\n").split("\n")
            top = max(i for i, line in enumerate(lines) if is_title(line))
            self.in_view.append([*lines[top:], prompt])
        if len(self.segments) > 400:
            raise EOFError  # enough decision points for one game
        legal = self.table.state.legal_actions()
        if self.last not in self.keys and self.rng.random() < 0.3:
            self.last = self.rng.choice(self.keys)
        else:
            self.last = str(self.rng.randint(1, len(legal)))
        file.write(f"{prompt}{self.last}\n")
        self.mark = len(file.getvalue())
        return self.last


def is_title(line: str) -> bool:
    """A decision screen's first line: the rule with "Your turn" (hot seat: "Ana's turn")."""
    return line.startswith(RULE) and ("Your turn" in line or "'s turn" in line)


def play_at_80x24(game_id: str, seed: int, people: int = 1
                  ) -> tuple[TerminalGame, RandomPerson]:
    info = next(i for i in ratking.list_games() if i.id == game_id)
    game = ratking.make(game_id, max_rounds=12)
    person = RandomPerson(random.Random(seed))
    kinds = ["human"] * people + ["random"] * (info.max_players - people)
    table = TerminalGame(game, kinds, seed, screen_console(), ask=person)
    person.table = table
    with contextlib.suppress(EOFError):
        table.run()
    return table, person


def screen_of(printed: str, prompt: str) -> list[str]:
    """The last screen before a prompt: from the last title rule to the prompt's line."""
    lines = printed.rstrip("\n").split("\n")
    starts = [i for i, line in enumerate(lines) if is_title(line)]
    return [*lines[starts[-1]:], prompt] if starts else []


@pytest.mark.parametrize("game_id", [info.id for info in ratking.list_games()])
def test_every_screen_fits_80x24_at_the_largest_player_count(game_id):
    """A person playing at random (with `b` and `n` pressed now and then) against random
    bots, at the game's largest player count: no line is wider than 80 columns; every screen
    (the title rule, the compact board, the page of options, the prompt) takes at most 24
    lines; and at every decision the last board drawn is still on the 24-line screen."""
    screens = decisions = 0
    for seed in range(1, 7):  # two games, or more of a short one
        table, person = play_at_80x24(game_id, seed)
        assert table.state.players == max(table.state.game.player_counts())
        for answer, printed, prompt in person.segments:
            assert all(len(line) <= COLUMNS for line in printed.splitlines())
            assert len(prompt) <= COLUMNS
            if not prompt.startswith(CHOICE):
                continue
            screen = screen_of(printed, prompt)
            if answer == "b":  # exactly one screen printed since the last prompt
                assert sum(map(is_title, printed.splitlines())) == 1
            if screen:
                screens += 1
                assert len(screen) <= LINES, "\n".join(screen)
                assert any(line[:5].strip().isdecimal() for line in screen), "no options"
        for view in person.in_view:
            decisions += 1
            assert len(view) <= LINES, "the board scrolled off:\n" + "\n".join(view)
        if seed >= 2 and screens >= 10 and decisions >= 20:
            break
    assert screens >= 10 and decisions >= 20


def test_hot_seat_screens_fit_80x24_too():
    """Two people passing the screen at You Dirty Rat for four: after each hand-over the
    board is drawn again, and at every decision it is on the 24-line screen."""
    table, person = play_at_80x24("you-dirty-rat", 4, people=2)
    assert table.hotseat
    views = person.in_view
    assert len(views) >= 20
    for view in views:
        assert len(view) <= LINES, "\n".join(view)
        assert all(len(line) <= COLUMNS for line in view)
    titles = {view[0].strip("─ ") for view in views}
    assert titles == {"Player 1's turn", "Player 2's turn"}


def test_b_draws_the_board_and_the_options_again():
    _, person = play_at_80x24("you-dirty-rat", 3)
    asked_b = [(printed, prompt) for answer, printed, prompt in person.segments
               if answer == "b" and prompt.startswith(CHOICE)]
    assert asked_b
    for printed, prompt in asked_b:
        assert "You Dirty Rat · round" in printed  # the compact board
        assert "Your hand:" in printed
        assert "   1 " in printed or "options 1-" in printed or " options " in printed
        assert prompt.startswith(CHOICE)


def test_options_in_pages_keep_their_numbers():
    console = screen_console()
    labels = [f"Choice number {i} with some words" for i in range(1, 28)]
    pages = OptionPages(labels, console, room=8)
    assert pages.many
    seen = []
    for k in range(len(pages.pages)):
        pages.current = k
        lines = [text_of(console, line) for line in pages.render()]
        assert len(lines) <= 8
        assert lines[-1].startswith("  options ")
        seen += [int(line.split()[0]) for line in lines[:-1]]
        assert ("p: back" in lines[-1]) == (k > 0)
    assert seen == list(range(1, 28))
    assert "n: first page" in lines[-1]
    pages.turn(1)
    assert pages.current == 0
    pages.turn(-1)
    assert pages.current == len(pages.pages) - 1
    one = OptionPages(labels[:5], console, room=8)
    assert not one.many and text_of(console, one.render()[-1]).endswith("5 with some words")


def test_a_long_option_is_counted_by_the_lines_it_takes():
    console = screen_console()
    labels = ["word " * 30, "short", "word " * 30, "word " * 30]  # long ones take two lines
    pages = OptionPages(labels, console, room=4)  # 3 lines of options and the hint
    assert [list(p) for p in pages.pages] == [[0, 1], [2], [3]]
    for k in range(len(pages.pages)):
        pages.current = k
        assert sum(len(console.render_lines(x, console.options)) for x in pages.render()) <= 4


def test_n_and_p_turn_the_pages_and_any_number_chooses():
    """On a screen so short that a page holds one option, `n` shows option 2, `p` option 1
    again, and typing 2 (not on the page shown) chooses it."""
    console = screen_console(lines=12)
    answers = iter(["n", "p", "2"])
    prompts = []

    def ask(prompt):
        prompts.append((prompt, console.file.getvalue()))
        answer = next(answers, None)
        if answer is None:
            raise EOFError
        return answer

    table = TerminalGame(ratking.make("rat-a-tat-roll"), ["human", "random"], 0, console,
                         ask=ask)
    first = table.state.legal_actions()
    with pytest.raises(EOFError):
        table.run()
    assert "n/p: pages" in prompts[0][0]
    after_n = prompts[1][1][len(prompts[0][1]):]
    after_p = prompts[2][1][len(prompts[1][1]):]
    start = ratking.replay(table.state.record(), upto=0)
    assert f"   2 {start.describe_action(first[1])}" in after_n
    assert f"   1 {start.describe_action(first[0])}" in after_p
    assert table.state.record()["actions"][0] == first[1].id


COMPACT_MOST = 19  # lines a compact board may take at 80 columns, leaving room for options


@pytest.mark.parametrize("game_id", [info.id for info in ratking.list_games()])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), stop=st.integers(0, 400), players=st.data())
def test_compact_board_over_random_play(game_id, seed, stop, players):
    """At any point of random play, as any seat or a spectator: the compact board draws
    without error, within 80 columns and COMPACT_MOST lines, cuts no name ('…'), and reads
    the same for a state re-dealt where the seat cannot see (it shows nothing hidden)."""
    from ratking.sim import random_play

    game = ratking.make(game_id, max_rounds=30)
    count = players.draw(st.sampled_from(game.player_counts()))
    state = game.new_game(count, seed=seed % 1000)
    random_play(state, random.Random(seed), stop)
    console = screen_console()
    for seat in [None, *range(count)]:
        text = text_of(console, game.render_compact(state.view(seat)))
        lines = text.split("\n")
        assert len(lines) <= COMPACT_MOST, text
        assert all(len(line) <= COLUMNS for line in lines)
        assert "…" not in text
        guess = state.determinize(seat, seed=seed)
        assert text_of(console, game.render_compact(guess.view(seat))) == text


def test_you_dirty_rat_compact_board_abbreviates_teams_rather_than_wrap():
    """Four long heists on top of their chains at once (found by the property test above):
    the teams are abbreviated, so no heist takes two lines and the board keeps its height."""
    from ratking.sim import random_play

    state = ratking.make("you-dirty-rat", max_rounds=30).new_game(4, seed=4)
    random_play(state, random.Random(4), 300)
    text = text_of(screen_console(), state.game.render_compact(state.view(0)))
    assert len(text.split("\n")) <= COMPACT_MOST, text
    assert "Local Bank Teller in Stick Up! 2 St 1 Mu" in text and "3 Sm 1 St 1 Mu" in text


@pytest.mark.parametrize("game_id", [info.id for info in ratking.list_games()])
def test_the_full_board_comes_a_screen_at_a_time(game_id):
    """`f` at the game's largest player count: the full board in pages, each with the line
    asking for the next within 24 lines, the whole board shown, then the options."""
    info = next(i for i in ratking.list_games() if i.id == game_id)
    console = screen_console()
    said: list[tuple[str, str]] = []  # (printed since the last prompt, the prompt)
    mark = [0]

    def person(prompt: str) -> str:
        out = console.file.getvalue()
        said.append((out[mark[0]:], prompt))
        answer = ("f" if len(said) == 1 else "" if prompt.startswith("Full board") else "q")
        console.file.write(f"{prompt}{answer}\n")
        mark[0] = len(console.file.getvalue())
        return answer

    kinds = ["human"] + ["random"] * (info.max_players - 1)
    table = TerminalGame(ratking.make(game_id), kinds, 1, console, ask=person)
    table.run()
    board = text_of(console, table.state.game.render_text(table.state.view(0)))
    shown = said[1:]  # after the `f`: the board's pages, then the options
    for printed, _ in shown:
        assert len(printed.rstrip("\n").split("\n")) + 1 <= LINES, printed
    text = "".join(printed for printed, _ in shown)
    assert "\n".join(line.rstrip() for line in text.split("\n")).startswith(board)
    assert any(line[:5].strip().isdecimal() for line in said[-1][0].split("\n"))  # options
    assert said[-1][1].startswith(CHOICE)
