"""What the server sends: one message per seat, built only from what that seat may know."""

from __future__ import annotations

from typing import Any

from ..core import State, narrate

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
            "names": list(state.names)}


def board_message(state: State, seat: int | None) -> dict[str, Any]:
    """The board as `seat` sees it: its view, the SVG drawn from that view, its legal actions
    and the log told from its side. Everything here derives from view(seat) and
    events_for(seat), so a message can never carry more than the seat may know."""
    view = state.view(seat)
    actions = actions_for(state, seat)
    return {
        "seat": seat,
        "view": view,
        "svg": state.game.render_svg(view, actions),
        "actions": actions,
        # the recent events only: narrating a whole long game for every message is wasteful
        "log": narrate(state.events_for(seat, since=max(0, len(state.log) - LOG_LINES))),
    }
