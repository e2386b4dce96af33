"""What the server sends: one message per seat, built only from what that seat may know."""

from __future__ import annotations

from itertools import groupby
from typing import Any

from ...core import Event, State, narrate
from .board_routes import route_actions, route_labels, routes
from .teams import teams

LOG_LINES = 40


def actions_for(state: State, seat: int | None) -> list[dict[str, str]]:
    """The legal actions of `seat` now, with labels for people (none if it is not to move)."""
    if seat is None or state.current_player != seat:
        return []
    return [{"id": a.id, "label": state.describe_action(a)} for a in state.legal_actions()]


def result_of(state: State) -> dict[str, Any] | None:
    if not state.is_over:
        return None
    return {"returns": state.returns(), "scores": state.scores(), "end": state.end_reason,
            "names": list(state.names),
            "reviewable": state.game.evaluate is not None}  # the end screen's Review button


def made_for_note(state: State, seat: int, by: str) -> str:
    """The log's word for a move the server made for a person."""
    name = state.names[seat]
    if by == "forced":
        return f"{name} had one possible move: it was made for them."
    return f"{name}'s time ran out: a bot moved for them."


def log_lines(events: list[Event], notes: dict[int, str] | None = None) -> list[str]:
    """The events told as sentences, each move's note (made for a person) after that move's
    events (or where they would be, for a move that told nothing)."""
    if not notes:
        return narrate(events)
    return [line for line, _ in log_entries(events, notes)]


def log_entries(events: list[Event], notes: dict[int, str] | None = None
                ) -> list[tuple[str, int]]:
    """`log_lines`' sentences, each with the move it tells of (its index in the history; -1
    for what happened before the first move). A sentence never spans two moves."""
    notes = notes or {}
    start = events[0].step if events else 0
    waiting = sorted(k for k in notes if k >= start)
    out: list[tuple[str, int]] = []
    for step, chunk in groupby(events, key=lambda e: e.step):
        while waiting and waiting[0] < step:
            k = waiting.pop(0)
            out.append((notes[k], k))
        out.extend((line, step) for line in narrate(list(chunk)))
        if waiting and waiting[0] == step:
            out.append((notes[waiting.pop(0)], step))
    out.extend((notes[k], k) for k in waiting)
    return out


def _last_decision(state: State, floor: int = 0) -> int:
    """Where the events of the latest decision start in the log (not before `floor`). Events
    of different decisions never share a sentence, so the log can be told in two parts."""
    log = state.log
    k = len(log)
    if k:
        step = log[k - 1][0]
        while k > floor and log[k - 1][0] == step:
            k -= 1
    return k


def whole_log(state: State, seat: int | None, notes: dict[int, str] | None = None) -> list[str]:
    """The log told from `seat`'s side: the last LOG_LINES sentences of the whole game."""
    return log_lines(state.events_for(seat), notes)[-LOG_LINES:]


class Narrator:
    """`whole_log` for one seat, kept up to date move by move: the sentences of finished
    decisions are told once, and only the latest decision's are told again. The latest
    decision's sentences are kept, so when the next move finishes it they are taken as told
    (if its events and notes are still the ones they were told from) rather than told anew."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.told = 0  # the log position up to which `lines` are final
        self.step = -10**9  # the first move whose note is not yet in `lines`
        self.lines: list[str] = []
        # the last call's latest decision: log positions (from, to), its notes, its sentences
        self.tail: tuple[int, int, dict[int, str], list[str]] | None = None

    def __call__(self, state: State, notes: dict[int, str] | None = None) -> list[str]:
        notes = notes or {}
        log = state.log
        if len(log) < self.told:  # the state was rebuilt: start again
            self.told, self.step, self.lines, self.tail = 0, -10**9, [], None
        k = _last_decision(state, self.told)
        if k > self.told:
            upto = log[k][0] if k < len(log) else len(state.history)
            start = self.step if self.told else -10**9
            done_notes = {i: n for i, n in notes.items() if start <= i < upto}
            tail = self.tail
            if tail is not None and tail[:3] == (self.told, k, done_notes):
                self.lines.extend(tail[3])
            else:
                done = state.events_for(self.seat, since=self.told)[:k - self.told]
                self.lines.extend(log_lines(done, done_notes))
            del self.lines[:-LOG_LINES]
            self.told, self.step = k, upto
        later = {i: n for i, n in notes.items() if i >= self.step}
        latest = log_lines(state.events_for(self.seat, since=self.told), later)
        self.tail = (self.told, len(log), later, latest)
        return (self.lines + latest)[-LOG_LINES:]


def drawn_actions(state: State, seat: int | None, actions: list[dict[str, str]]
                  ) -> tuple[dict[str, list[list[str]]], dict[str, str], list[dict[str, str]]]:
    """What a board is drawn with for `seat`: its routes, their labels, and its legal
    actions followed by the routes as actions (`route_actions`)."""
    found = routes(state, seat) if actions else {}
    labels = route_labels(state, found)
    drawn = actions + route_actions(state, found, labels) if found else actions
    return found, labels, drawn


def board_message(state: State, seat: int | None, notes: dict[int, str] | None = None,
                  narrator: Narrator | None = None,
                  actions: list[dict[str, str]] | None = None) -> dict[str, Any]:
    """The board as `seat` sees it: its view, its legal actions (and the moves to a
    destination they make up, `routes`, with `route_labels` naming the decisions that say
    what moves, and `route_actions`, the routes as the board draws them; `teams`, the teams
    that complete each heist it may commit) and the log told from its side. The browser
    draws the board from the view and actions + route_actions (server/static/boards/), as
    Game.render_svg does; for a game with no such renderer, `svg` holds it drawn here.
    Everything here derives from view(seat), events_for(seat) and the seat's own legal
    actions, so a message can never carry more than the seat may know."""
    if actions is None:
        actions = actions_for(state, seat)
    found, labels, drawn = drawn_actions(state, seat, actions)
    view = state.view(seat)
    message = {
        "seat": seat,
        "view": view,
        "actions": actions,
        "routes": found,
        "route_labels": labels,
        "route_actions": drawn[len(actions):],
        "teams": teams(state, seat) if actions else {},
        "log": whole_log(state, seat, notes) if narrator is None else narrator(state, notes),
    }
    if not state.game.browser_board:  # a game with no renderer in the browser: drawn here
        message["svg"] = state.game.render_svg(view, drawn)
    return message
