"""A lesson: one person going through a tutorial. During the script each of their decisions
is the step's action, and anything else is answered (the rule's reason if it is illegal, else
the step's hint) with nothing changed; the other seats make the script's moves. After the
script the person finishes the game against bots."""

from __future__ import annotations

from dataclasses import dataclass

from ..bots import make_bot
from ..core import IllegalAction, State
from ..core.rng import derive_seed
from .script import LEARNER, Step, Tutorial


@dataclass(frozen=True)
class Refusal:
    """Why a choice was not taken: the rule's reason (illegal) or the step's hint."""

    action: str
    reason: str


class Lesson:
    """A tutorial being played: `state`, the `step` to take now (None once the script is
    done), `try_move` to take a learner's choice, `moves` the learner's choices so far."""

    def __init__(self, tutorial: Tutorial) -> None:
        self.tutorial = tutorial
        self.state: State = tutorial.start()
        self.done = 0  # scripted steps taken
        self.moves: list[str] = []  # the learner's choices, in order
        self.bots = {seat: make_bot(tutorial.bots, derive_seed(tutorial.seed, 1 + seat))
                     for seat in range(tutorial.players) if seat != LEARNER}

    @classmethod
    def replayed(cls, tutorial: Tutorial, moves: list[str]) -> Lesson:
        """The lesson after the learner's `moves` (the bots' moves are made again, the
        same); IllegalAction names the first move that is refused."""
        lesson = cls(tutorial)
        for action in moves:
            refusal = lesson.try_move(action)
            if refusal is not None:
                raise IllegalAction(action, refusal.reason)
        return lesson

    @property
    def step(self) -> Step | None:
        """The scripted step the learner is at, None once the script is over."""
        steps = self.tutorial.steps
        return steps[self.done] if self.done < len(steps) else None

    @property
    def learner_to_move(self) -> bool:
        return self.state.current_player == LEARNER

    def refusal(self, action: str) -> Refusal | None:
        """Why the learner may not take `action` now (None: they may)."""
        state = self.state
        if state.is_over:
            return Refusal(action, "the game is over")
        if not self.learner_to_move:
            return Refusal(action, "it is not your turn")
        legal = {a.id for a in state.legal_actions()}
        step = self.step
        if action not in legal:
            try:
                state.apply(action)  # not legal: this only raises, with the rule's reason
            except IllegalAction as exc:
                reason = exc.reason[:1].upper() + exc.reason[1:]
                tail = f" {step.hint}" if step is not None else ""
                return Refusal(action, f"{reason}.{tail}")
        if step is not None and action != step.do:
            return Refusal(action, step.hint)
        return None

    def try_move(self, action: str) -> Refusal | None:
        """Take the learner's `action` if the lesson allows it, then the others' moves up to
        the learner's next decision; else the Refusal, with nothing changed."""
        refusal = self.refusal(action)
        if refusal is not None:
            return refusal
        step = self.step
        self.state.apply(action)
        self.moves.append(action)
        if step is not None:
            self.done += 1
            for move in step.then:
                self.state.apply(move)
        self.play_bots()
        return None

    def play_bots(self) -> None:
        """After the script: the bots move until it is the learner's turn or the game ends."""
        state = self.state
        if self.step is not None:
            return
        while not state.is_over and state.current_player != LEARNER:
            state.apply(self.bots[state.current_player].choose(state))
