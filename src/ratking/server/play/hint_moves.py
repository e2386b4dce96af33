"""A hint's move named whole: in the Target: Rats games a move is several of the kernel's
decisions (which group, how many, each step, the stop), and the search rates the first of
them. The hint follows the search's own tree below that decision (its most visited line,
while the same seat goes on with the same move and nothing is left to chance) and names the
move from where, how many and to where."""

from __future__ import annotations

from typing import Any

from ...core import State
from .board_routes import ROUTE, START, STEP, STOP, TAKE

MOVE = (*START, TAKE, STEP, STOP)  # the decisions a move is made of


def whole_move(state: State, seat: int, first: Any, node: Any) -> tuple[str, str | None]:
    """The label of the move that begins with `first` (its node `node` in the search tree)
    and the destination it ends on (`route:<space>`, or None when it names none)."""
    label = state.describe_action(first)
    if not first.id.startswith(MOVE):
        return label, None
    probe = state.determinize(seat, 0)  # what the seat knows is enough to follow a move
    line = [first]
    probe.apply(first)
    while not probe.is_over and probe.current_player == seat and line[-1].id != STOP:
        node = _next_node(node)
        legal = {a.id: a for a in probe.legal_actions()}
        seen = [(child.visits, action.id) for action, child in (node.children.items()
                                                                if node else ())
                if child.visits and action.id in legal and action.id.startswith(MOVE)]
        if not seen:
            break
        action = legal[max(seen)[1]]
        node = node.children[next(a for a in node.children if a.id == action.id)]
        drawn = probe.rng.pos
        probe.apply(action)
        line.append(action)
        if probe.rng.pos != drawn:
            break
    return _words(state, line)


def _next_node(node: Any) -> Any:
    """The node play goes on from below `node` (a closed-loop search keeps it per what was
    seen after the action: the most visited of those)."""
    if node is None or not node.branches:
        return node
    return max(node.branches.values(),
               key=lambda b: sum(c.visits for c in b.children.values()))


def _words(state: State, line: list[Any]) -> tuple[str, str | None]:
    """"Move a group from H0, 2 unfed rats, to surface 23 (via S0)" and its route id."""
    start = [state.describe_action(a) for a in line if a.id.startswith(START)]
    takes = [state.describe_action(a) for a in line if a.id.startswith(TAKE)]
    steps = [a for a in line if a.id.startswith(STEP)]
    words = start[0] if start else "Move"
    if takes:
        words += ", " + takes[0].removeprefix("Take ")
    if not steps:
        return words, None
    to = state.describe_action(steps[-1]).removeprefix("Step to ")
    via = [a.id[len(STEP):] for a in steps[:-1]]
    words += ("," if takes else "") + f" to {to}" + (f" (via {' › '.join(via)})" if via else "")
    return words, ROUTE + steps[-1].id[len(STEP):]
