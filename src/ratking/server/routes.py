"""Moves to a destination in one click, built from the kernel's own step decisions.

A game whose pieces move one space at a time offers `step:<space>` actions (and `stop` to end
a move early): the Target: Rats games. For the seat to move, `routes` tries every sequence of
steps on clones of the state and gives, for each space where a move can end, every sequence
of decisions that ends it there. The page offers each such space as one click (`route:<space>`)
and sends the decisions one after another, each checked by the kernel as usual; where several
paths lead to one space, the person chooses the path. The kernel's contract is unchanged.

Only what the seat may know is used: the probe follows steps on the real state's clones, and
stops at a step that draws on chance (its outcome must not be known before it is made).
"""

from __future__ import annotations

from ..core import State

STEP = "step:"
STOP = "stop"
ROUTE = "route:"
MAX_PROBES = 3000  # clones tried, at most: a bound on the work per message


def routes(state: State, seat: int | None) -> dict[str, list[list[str]]]:
    """`{"route:<space>": [[action ids...], ...]}` for the seat to move, or {}."""
    if seat is None or state.is_over or state.current_player != seat:
        return {}
    if not any(a.id.startswith(STEP) for a in state.legal_actions()):
        return {}
    found: dict[str, list[list[str]]] = {}
    budget = [MAX_PROBES]
    _walk(state, seat, [], found, budget)
    return found


def _walk(state: State, seat: int, path: list[str], found: dict[str, list[list[str]]],
          budget: list[int]) -> None:
    for action in state.legal_actions():
        if not action.id.startswith(STEP) or budget[0] <= 0:
            continue
        budget[0] -= 1
        probe = state.clone()
        drawn = probe.rng.pos
        probe.apply(action)
        steps = [*path, action.id]
        chance = probe.rng.pos != drawn
        going = (probe.current_player == seat and not probe.is_over and not chance)
        after = {a.id for a in probe.legal_actions()} if going else set()
        moving = any(a.startswith(STEP) for a in after)
        if not moving:  # the move ended with this step
            found.setdefault(ROUTE + action.id[len(STEP):], []).append(steps)
        elif STOP in after:  # the move may end here: the step and the stop
            found.setdefault(ROUTE + action.id[len(STEP):], []).append([*steps, STOP])
        if moving:
            _walk(probe, seat, steps, found, budget)


def route_actions(state: State, found: dict[str, list[list[str]]]) -> list[dict[str, str]]:
    """The routes as actions for a board renderer: id `route:<space>`, a label for people,
    and `covers`, the single step that the route makes redundant as a button."""
    out = []
    for rid, paths in found.items():
        space = rid[len(ROUTE):]
        step = state.game.action_by_id(STEP + space)
        where = step.label.removeprefix("Step to ") if step is not None else space
        n = min(sum(1 for x in p if x.startswith(STEP)) for p in paths)
        label = f"Move to {where} ({n} step{'s' if n != 1 else ''})"
        if len(paths) > 1:
            label += f": {len(paths)} ways"
        out.append({"id": rid, "label": label, "covers": STEP + space})
    return out
