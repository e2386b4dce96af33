"""`ratking learn GAME`: a game's tutorial at the terminal. Each scripted step's text stands
between the board and the options; a wrong choice is answered with the rule's reason or the
step's hint; after the script the person finishes the game against the bots."""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.panel import Panel

from ..core import IllegalAction
from ..tutorial import Lesson, Tutorial
from .table import TerminalGame


class TerminalLesson(TerminalGame):
    """A TerminalGame whose person plays seat 0 of a tutorial's `Lesson`."""

    def __init__(self, tutorial: Tutorial, console: Console | None = None, ask=None) -> None:
        kinds = ["human"] + [tutorial.bots] * (tutorial.players - 1)
        # every decision is asked, none made for the person: each is a step of the script
        super().__init__(tutorial.new_game(), kinds, tutorial.seed, console, ask, forced=False)
        self.lesson = Lesson(tutorial)
        self.state = self.lesson.state

    def run(self):
        self._say(Panel(self.lesson.tutorial.intro, title="Learn to play", width=80))
        return super().run()

    def _take(self, choice: Any) -> None:
        action = choice if isinstance(choice, str) else choice.id
        refusal = self.lesson.try_move(action)
        if refusal is not None:
            raise IllegalAction(action, refusal.reason.rstrip("."))

    def keys(self):
        keys = super().keys()
        for key in ("u", "undo"):  # the script goes one way: nothing to take back
            keys.pop(key)
        return keys

    def _board(self, seat: int) -> Any:
        board = super()._board(seat)
        lesson = self.lesson
        step = lesson.step
        if step is not None:
            title = f"Step {step.number} of {lesson.tutorial.length}"
            return Group(board, Panel(step.say, title=title, title_align="left",
                                      border_style="cyan", width=80))
        if len(lesson.moves) == len(lesson.tutorial.steps):  # the first decision of their own
            return Group(board, Panel(lesson.tutorial.outro, title="On your own",
                                      title_align="left", border_style="green", width=80))
        return board

    def _show(self, decision) -> None:
        self._screen(decision)  # each step has its own words: the board and them again
