"""The terminal table: seats, a human's prompts, the hot-seat hand-over, and replays."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

import ratking
from ratking.core import RatkingError
from ratking.terminal import BOT_NAMES, TerminalGame, parse_seats, replay_file, seat_names

GAME = "rat-a-tat-roll"
CHOICE = "Your choice"


def plain_console(height: int = 25) -> Console:
    return Console(file=io.StringIO(), width=200, height=height, force_terminal=False,
                   no_color=True, highlight=False)


def text_of(console: Console) -> str:
    return console.file.getvalue()


class Script:
    """Answers prompts: `choices` in turn for each choice prompt, Enter for the others.

    Records every prompt with the seat to move and how much had been printed when it was asked.
    """

    def __init__(self, choices, default="1"):
        self.choices = list(choices)
        self.default = default
        self.prompts: list[tuple[str, int | None]] = []
        self.printed: list[int] = []
        self.table: TerminalGame | None = None

    def __call__(self, prompt: str) -> str:
        self.prompts.append((prompt, self.table.state.current_player))
        self.printed.append(len(text_of(self.table.console)))
        if not prompt.startswith(CHOICE):
            return ""
        if len(self.prompts) > 2000:
            raise EOFError
        return self.choices.pop(0) if self.choices else self.default


def play(kinds, seed, choices=(), game=GAME, height=25, **rules):
    console = plain_console(height)
    script = Script(choices)
    table = TerminalGame(ratking.make(game, **rules), kinds, seed, console, ask=script)
    script.table = table
    state = table.run()
    return state, text_of(console), script


# --- seats -------------------------------------------------------------------------------------


def test_parse_seats_default_is_one_human_and_bots():
    assert parse_seats(None, 3) == ["human", "bot", "bot"]
    assert parse_seats("", 2) == ["human", "bot"]


def test_parse_seats_normalises_case_and_spaces():
    assert parse_seats(" Human , BOT,random,heuristic", 4) == [
        "human", "bot", "random", "heuristic"]


@pytest.mark.parametrize(("seats", "players", "message"), [
    ("human,bot", 3, "names 2 seats for 3 players"),
    ("human,bot,bot,bot", 3, "names 4 seats for 3 players"),
    ("human,robot,bot", 3, "unknown seat kind 'robot'"),
    ("human,,bot", 3, "unknown seat kind ''"),
])
def test_parse_seats_rejects_bad_lists(seats, players, message):
    with pytest.raises(RatkingError, match=re.escape(message)):
        parse_seats(seats, players)


def test_seat_names():
    # a person is named by their seat, never "You" (the saved record reads right as any seat)
    assert seat_names(["human", "bot", "random"]) == ["Player 1", BOT_NAMES[0], BOT_NAMES[1]]
    assert seat_names(["bot", "human", "human"]) == [BOT_NAMES[0], "Player 2", "Player 3"]
    names = seat_names(["bot"] * 5)
    assert len(set(names)) == 5


# --- one human ---------------------------------------------------------------------------------


def test_one_human_plays_to_the_end():
    state, out, script = play(["human", "bot", "bot"], seed=3)
    assert state.is_over
    assert out.count("You looked at your first card: a") == 1
    assert "Game over:" in out
    assert "Pass the screen" not in out
    prompts = [p for p, _ in script.prompts]
    assert all(p.startswith(CHOICE) for p in prompts)
    humans_decisions = sum(1 for _, seat in script.prompts if seat == 0)
    assert humans_decisions == len(prompts) > 0
    # the result table numbers seats from 1, like the players' names
    assert re.search(r"│\s*1\s*│\s*Player 1 \(you\)\s*│\s*\d+\s*│", out)
    assert re.search(r"│\s*3\s*│\s*" + BOT_NAMES[1], out)


@pytest.mark.parametrize("game_id", [info.id for info in ratking.list_games()])
def test_every_game_plays_to_the_end_in_the_terminal(game_id):
    """A person answering every prompt with the first option, against a bot, finishes each
    game (under a round cap), and every board drawn reads as text."""
    state, out, script = play(["human", "bot"], seed=5, game=game_id, max_rounds=6)
    assert state.is_over
    assert re.search(r"│\s*1\s*│\s*Player 1 \(you\)\s*│", out)  # the result table
    assert sum(1 for _, seat in script.prompts if seat == 0) > 3


def test_bots_only_game_asks_nothing():
    state, out, script = play(["bot", "random"], seed=8)
    assert state.is_over and script.prompts == []
    assert "Game over:" in out


def test_bad_answers_are_asked_again():
    answers = ["", "42", "²", "fly:away", "wild", "roll:2"]
    state, out, script = play(["human", "bot"], seed=2, choices=answers)
    assert state.is_over
    assert state.record()["actions"][0] == "roll:2"
    assert "Choose a number from 1 to 3." in out
    assert out.count("No such action in this game. Try again.") == 2  # "²" and fly:away
    assert "You may skip or roll only the Wild die" in out
    first_turn = [p for p, seat in script.prompts[:6]]
    assert all(p.startswith(CHOICE) for p in first_turn)


def test_quitting_leaves_the_game_unfinished():
    state, out, _ = play(["human", "bot", "bot"], seed=3, choices=["1", "q"])
    assert not state.is_over
    assert len(state.record()["actions"]) == 1
    assert "Game left unfinished." in out
    assert "Result" not in out


def test_round_cap_result_is_a_draw_for_everyone():
    state, out, _ = play(["human", "bot"], seed=4, max_rounds=1)
    assert state.end_reason == "round-cap"
    rows = re.findall(r"│\s*\d\s*│[^│]+│\s*\d+\s*│\s*(\S*)\s*│", out)
    assert rows == ["draw", "draw"]


# --- hot seat ----------------------------------------------------------------------------------


def hot_seat_game(seed=5):
    return play(["human", "human", "bot"], seed=seed)


def test_hot_seat_shows_each_human_their_own_first_card():
    state, out, _ = hot_seat_game()
    assert state.is_over
    shown = [int(v) for v in re.findall(r"You looked at your first card: an? (\d)", out)]
    start = ratking.replay(state.record(), upto=0)
    dealt = [next(ev.data["value"] for ev in start.events_for(seat) if ev.kind == "first-card"
                  and ev.actor == seat) for seat in (0, 1)]
    assert shown == dealt  # Player 1 first, then Player 2, each their own


def test_hot_seat_asks_for_the_screen_only_when_the_human_changes():
    state, _, script = hot_seat_game()
    holder = None
    handovers = 0
    for prompt, seat in script.prompts:
        if prompt.startswith("Pass the screen to"):
            assert seat != holder, "handed over to the player who already had the screen"
            assert prompt == f"Pass the screen to {state.names[seat]}, then press Enter "
            holder = seat
            handovers += 1
        elif prompt.startswith(CHOICE):
            assert seat == holder, "a choice asked of a player who was not given the screen"
        else:
            assert prompt.startswith("Press Enter to hide")
            holder = None
    # a turn usually takes several decisions: far fewer hand-overs than decisions
    decisions = sum(1 for p, _ in script.prompts if p.startswith(CHOICE))
    assert 0 < handovers < decisions


def test_hot_seat_never_shows_a_secret_to_the_wrong_player():
    """Between a hand-over and the hiding, no other player's secret is printed."""
    state, out, script = hot_seat_game()
    holder, start = None, 0
    for pos, (prompt, seat) in [*zip(script.printed, script.prompts, strict=True),
                                (len(out), ("end", None))]:
        if holder is not None:
            other = state.names[1 - holder]
            for line in out[start:pos].splitlines():
                if line.strip().startswith(other):
                    assert not re.search(r"drew an? \d|looked at [^:]*: (an? )?\d", line), line
        if prompt.startswith("Pass the screen"):
            holder = seat
        elif prompt.startswith("Press Enter"):
            holder = None
        start = pos


def test_hot_seat_end_shows_the_last_moves_and_the_result():
    state, out, script = hot_seat_game(seed=6)
    assert state.is_over
    after_last_prompt = out[script.printed[-1]:]
    assert "Game over:" in after_last_prompt
    assert "game over" in after_last_prompt  # the final board, every card face up
    assert re.search(r"│\s*1\s*│\s*Player 1\s*│", after_last_prompt)
    assert re.search(r"│\s*2\s*│\s*Player 2\s*│", after_last_prompt)


# --- replay ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def record():
    game = ratking.make(GAME)
    state = game.new_game(3, seed=3, names=["Ana", "Bo", "Cy"])
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    return state.record()


def test_replay_file_prints_every_decision_and_the_end(record):
    console = plain_console()
    state = replay_file(record, console, None, step=False)
    out = text_of(console)
    assert state.is_over and state.record() == record
    for i in range(1, len(record["actions"]) + 1):
        assert re.search(rf"^\s*{i}\. (Ana|Bo|Cy): ", out, re.M)
    assert record["actions"][0] == "roll:1"
    assert re.search(r"^\s*1\. Ana: Roll 1 die$", out, re.M)
    assert "Game over:" in out


def test_replay_file_steps_until_q(record):
    console = plain_console()
    answers = iter(["", "n", "q"])
    asked = []

    def ask(prompt):
        asked.append(prompt)
        return next(answers)

    state = replay_file(record, console, None, step=True, ask=ask)
    assert len(asked) == 3  # q stops the replay where it is
    assert state.record()["actions"] == record["actions"][:2]


def test_replay_file_as_a_seat(record):
    console = plain_console()
    replay_file(record, console, 1, step=False)
    out = text_of(console)
    assert re.search(r"You looked at your first card: an? \d", out)
    assert "Ana looked at their first card." in out


def test_replay_file_rejects_a_bad_seat_before_printing(record):
    console = plain_console()
    with pytest.raises(RatkingError, match="no seat 3"):
        replay_file(record, console, 3, step=False)
    assert text_of(console) == ""


# --- the board is shown once a turn --------------------------------------------------------------

def test_the_board_is_drawn_once_per_turn_and_again_on_request():
    # seed 0 with one human: the human's first turn has a roll and then a re-roll choice; a
    # screen so tall that the board never scrolls off (else it is drawn again mid-turn)
    state, out, _script = play(["human", "bot", "bot"], 0, choices=["1", "b"], height=1000)
    human_turns = sum(1 for i, a in enumerate(state.history)
                      if _actor(state, i) == 0 and (i == 0 or _actor(state, i - 1) != 0))
    # "b" drew the screen (its title, the board, the options) once more without using up a
    # decision
    assert out.count("Your turn") == human_turns + 1
    boards = out.count("Rat-a-Tat Roll · round")
    assert boards == human_turns + 1 + 1  # each turn, the "b", and the final board


def _actor(state, index):
    return ratking.replay(state.record(), upto=index).current_player


# --- moves made for the person, and what they decide with ----------------------------------------


def test_an_only_choice_is_made_for_the_person_unless_turned_off():
    game = "target-rats-simplified"  # many single steps
    state, out, script = play(["human", "bot"], seed=5, game=game, max_rounds=4)
    made = out.count("Your only choice, made for you:")
    asked = sum(1 for p, seat in script.prompts if p.startswith(CHOICE))
    assert state.is_over and made > 0
    # every decision of the person was either asked or made for them
    mine = sum(1 for i in range(len(state.history)) if _actor(state, i) == 0)
    assert made + asked == mine

    console = plain_console()
    off = Script([])
    table = TerminalGame(ratking.make(game, max_rounds=4), ["human", "bot"], 5, console,
                         ask=off, forced=False)
    off.table = table
    table.run()
    assert "made for you" not in text_of(console)
    assert sum(1 for p, _ in off.prompts if p.startswith(CHOICE)) == mine


def test_hot_seat_wipes_the_scrollback_too():
    import io

    console = Console(file=io.StringIO(), width=120, force_terminal=True)
    script = Script([])
    table = TerminalGame(ratking.make(GAME), ["human", "human", "bot"], 5, console, ask=script)
    script.table = table
    table.run()
    out = console.file.getvalue()
    hides = sum(1 for p, _ in script.prompts if p.startswith("Press Enter to hide"))
    assert hides > 0 and out.count("\x1b[2J") == hides and out.count("\x1b[3J") == hides


def test_you_dirty_rat_shows_what_each_card_does_and_what_a_heist_still_needs():
    from ratking.games.you_dirty_rat.text import render

    game = ratking.make("you-dirty-rat")
    state = game.new_game(2, seed=1)
    console = Console(width=200, record=True, color_system=None)
    console.print(render(state.view(0)))
    out = " ".join(console.export_text().split())
    assert "What your cards do" in out
    for card in state.view(0)["seats"][0]["hand"]:
        assert f"{card['name']} {card['text']}" in out
    view = state.view(0)
    view["committing"] = {"name": "The Jewel Job", "team": {}, "reward": "stash",
                          "amount": 300, "step": 1, "id": 0,
                          "need": {"smarts": 1, "stealth": 0, "muscle": 2}, "inside_men": 1}
    console = Console(width=200, record=True, color_system=None)
    console.print(render(view))
    out = " ".join(console.export_text().split())
    assert "Building the team for The Jewel Job: still to fill 1 smarts, 2 muscle; the " \
           "Inside Man in the team counts as any one of those." in out
    assert "An Inside Man counts as any one archetype." in out


def test_target_rats_shows_what_held_items_do():
    from ratking.games.target_rats.full.text import render

    from .games.target_rats.helpers import arrange, new

    s = arrange(new(2), {0: [("S1", 0)], 1: [("S13", 0)]}, items={0: "rusty-nail"})
    text = s.view(0)["factions"][0]["item"]["text"]
    for seat, whose in ((0, "Your item: Rusty Nail (ready)"), (1, "Player 1's item: Rusty")):
        console = Console(width=200, record=True, color_system=None)
        console.print(render(s.view(seat)))
        out = " ".join(console.export_text().split())
        assert whose in out and text in out


@pytest.mark.parametrize("game_id", [info.id for info in ratking.list_games()])
def test_every_board_fits_80_columns_and_cuts_no_word(game_id):
    """Boards drawn for an 80-column terminal: no line too long, and no name cut to '…'."""
    import random

    from ratking.sim import random_play

    info = next(i for i in ratking.list_games() if i.id == game_id)
    game = ratking.make(game_id, max_rounds=20)
    state = game.new_game(info.max_players, seed=4, names=["You", "Whiskers", "Templeton",
                                                          "Nibbles", "Ratty"][:info.max_players])
    for stop in (0, 40, None):
        random_play(state, random.Random(2), stop)
        console = Console(width=80, record=True, color_system=None)
        console.print(game.render_text(state.view(0)))
        out = console.export_text()
        assert all(len(line) <= 80 for line in out.splitlines())
        assert "…" not in out, out
        for line in out.splitlines():  # no table cut at the edge: each corner has its pair
            for left, right in ("┌┐", "└┘", "┏┓", "┗┛"):
                assert line.count(left) == line.count(right), line


def test_a_saved_game_names_people_by_seat_never_you():
    """`replay --seat 2` of a saved game must not call seat 1 "You"."""
    state, _, _ = play(["human", "bot"], seed=3)
    assert state.record()["names"] == ["Player 1", BOT_NAMES[0]]


def test_a_bot_that_searches_says_it_is_thinking():
    _, out, _ = play(["human", "ismcts:iters=20"], seed=3)
    assert f"{BOT_NAMES[0]} is thinking..." in out
    _, quick, _ = play(["human", "bot"], seed=3)
    assert "thinking" not in quick
