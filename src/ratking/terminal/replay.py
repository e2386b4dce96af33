"""Saved games: saving one, and replaying one at the terminal step by step (forward, back,
to any step), with the board at each step as one seat (or a spectator) saw it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console

from ..core import State, narrate, replay, save_record


def save(state: State, path: Path, console: Console) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    save_record(state, path)
    console.print(f"Saved the game record to {path} (replay it with: ratking replay {path})")


class Steps:
    """A saved game's decisions: who made each, in words, and the log position after it."""

    def __init__(self, record: dict[str, Any], seat: int | None) -> None:
        self.record = record
        self.seat = seat
        final = replay(record)
        final.view(seat)  # a bad seat fails here, before anything is printed
        self.final = final
        state = replay(record, upto=0)
        self.start = state.events_for(seat)  # the set-up, before the first decision
        self.actors: list[int] = []
        self.labels: list[str] = []
        self.logs = [len(state.log)]  # log length after 0, 1, ... decisions
        for action_id in record["actions"]:
            self.actors.append(state.current_player)
            self.labels.append(state.describe_action(state.game.action_by_id(action_id)))
            state.apply(action_id)
            self.logs.append(len(state.log))
        self.names = state.names
        self.count = len(self.labels)

    def heading(self, step: int) -> str:
        """Step `step` (from 1) in one line: who did what."""
        return f"[dim]{step:>4}.[/] [bold]{self.names[self.actors[step - 1]]}[/]: " \
            f"{self.labels[step - 1]}"


def replay_file(record: dict[str, Any], console: Console, seat: int | None, step: bool,
                ask: Callable[[str], str] | None = None) -> State:
    """Show a saved game as `seat` (None: a spectator) saw it. Stepping: a screen per step
    (the decision, what it made happen, the board), Enter or n for the next, p for the
    previous, a number to go to that step, q to stop. Not stepping: every decision in turn,
    then the final board."""
    steps = Steps(record, seat)
    final = steps.final
    console.rule(f"[bold]{final.game.title}[/] · {final.players} players · seed {final.seed}")
    if step:
        return _step(steps, console, ask or (lambda prompt: console.input(prompt)))
    state = replay(record, upto=0)
    for line in narrate(steps.start):
        console.print(f"  {line}")
    for i, action_id in enumerate(record["actions"], 1):
        state.apply(action_id)
        console.print(steps.heading(i))
        for line in narrate(state.events_for(seat, since=steps.logs[i - 1])):
            console.print(f"        {line}")
    console.print(state.game.render_compact(state.view(seat)))
    return state


def _step(steps: Steps, console: Console, ask: Callable[[str], str]) -> State:
    """The stepping loop; returns the state it stopped at."""
    record, last = steps.record, steps.count
    at, state = 0, replay(record, upto=0)
    while True:
        _screen(steps, console, state, at)
        while True:
            answer = ask(_prompt(at, last)).strip().lower()
            if answer in ("q", "quit") or (answer in ("", "n") and at == last):
                return state
            if answer in ("", "n"):
                target = at + 1
            elif answer in ("p", "back"):
                target = max(0, at - 1)
            elif answer.isdecimal() and int(answer) <= last:
                target = int(answer)
            else:
                console.print(f"[red]Type Enter or n, p, q, or a step from 0 to {last}.[/]")
                continue
            break
        if target == at + 1:
            state.apply(record["actions"][at])
        elif target != at:
            state = replay(record, upto=target)
        at = target


def _screen(steps: Steps, console: Console, state: State, at: int) -> None:
    """One step's screen: where we are, the decision and its news, the board."""
    console.rule(f"[bold]Step {at} of {steps.count}[/]" + (" · the set-up" if not at else ""))
    if at:
        console.print(steps.heading(at))
    events = steps.start if not at else state.events_for(steps.seat, since=steps.logs[at - 1])
    for line in narrate(events):
        console.print(f"  {line}")
    console.print(state.game.render_compact(state.view(steps.seat)))


def _prompt(at: int, last: int) -> str:
    if at == last:
        return "The end. p: back, a step number, Enter or q: done "
    return "Enter or n: next, p: back, a step number, q: quit "
