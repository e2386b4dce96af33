"""Moves to a destination in one click, built from the kernel's own decisions.

A game whose pieces move one space at a time offers `step:<space>` actions (and `stop` to end
a move early): the Target: Rats games. Before the steps the mover says what moves: a group, by
its space and then its size (`group:<space>`, `take:<fed>:<unfed>`: Target: Rats), or one rat
(`rat:<space>:<fed|unfed>`: Simplified). For the seat to move, `routes` tries those decisions
and every sequence of steps on clones of the state, and gives, for each space where a move can
end, every sequence of decisions that ends it there. The page offers each such space as one
click (`route:<space>`) and sends the decisions one after another, each checked by the kernel
as usual; the kernel's contract is unchanged. The person is asked only what is really open,
at the first decision where the ways part:

- which group (or rat), when groups from several spaces can end there;
- how many, when the whole group cannot end there but parts of it can. A whole group that can
  is the one-click move; to split it, the person picks the group's space first, and is then
  asked the size (the kernel's `take:` decision, as buttons) before the destination;
- which way, when the ways leave the game in different states (Simplified: they spend
  different dice, or pass a dumpster). Ways that end in the same state are one choice.

Only what the seat may know is used: the probe follows the decisions on clones of a
determinization of the state for the seat (made with a fixed seed, so the same for every state
the seat cannot tell apart), and stops at one that draws on chance. The work is bounded
(`MAX_PROBES` clones a message): when the decisions before the steps cannot all be tried
within it, none is offered and the person picks what moves first.
Moving takes several messages (one per decision sent): each later one is read from the
probes made for the first (`_cache`, by the state object and its history: a table's state
changes only by its moves), not probed again.
"""

from __future__ import annotations

import marshal
from collections import OrderedDict

from ...core import State

STEP = "step:"
STOP = "stop"
ROUTE = "route:"
TAKE = "take:"
START = ("group:", "rat:")  # what moves: a group (its space) or one rat
PRELUDE = (*START, TAKE)  # the decisions before the steps
MAX_PROBES = 1000  # clones tried, at most: a bound on the work per message
CACHE = 8  # positions whose probes are kept (a move in flight needs the one it began at)
DERIVE = 4  # how many decisions back a kept position may be
PROBE_SEED = 0  # the re-deal and chance the probes are made in (the same for every state)


# route id -> [(decisions, what the way leaves behind)]: plain tuples and bytes, so that the
# probes die as soon as they are walked (kept, they would keep the garbage collector busy)
Found = dict[str, list[tuple[tuple[str, ...], bytes]]]
Kept = tuple[Found | None, dict[str, str]]  # the ways found (None: over the budget), wholes
# per (state object, its history): the state (held, so that its id is not reused) and more
_cache: OrderedDict[tuple[int, tuple[str, ...]], tuple[State, Kept]] = OrderedDict()


def routes(state: State, seat: int | None) -> dict[str, list[list[str]]]:
    """`{"route:<space>": [[action ids...], ...]}` for the seat to move, or {}: the ways to
    each space that are really different choices, each the kernel's decisions in order."""
    if seat is None or state.is_over or state.current_player != seat:
        return {}
    legal = [a.id for a in state.legal_actions()]
    stepping = any(a.startswith(STEP) for a in legal)
    if not stepping and not any(a.startswith(START) for a in legal):
        return {}
    history = tuple(state.history)
    key = (id(state), history)
    held = _cache.get(key)
    if held is None:
        kept = (_derived(state, history) if stepping else None) or probe_routes(state, seat)
        _cache[key] = (state, kept)
        if len(_cache) > CACHE:
            _cache.popitem(last=False)
    else:
        _cache.move_to_end(key)
        kept = held[1]
    found, whole = kept
    if found is None:
        return {}
    return {rid: _open_choices(ways, whole) for rid, ways in found.items()}


def probe_routes(state: State, seat: int) -> Kept:
    """Every way to end a move from here, tried on clones (no cache) of the state as the seat
    may know it: a determinization with a fixed seed. A way that ends on a chance draw is
    told apart from the others by what it leaves behind, drawn included; drawn from the real
    generator, that would depend on (and so tell) the chance to come."""
    state = state.determinize(seat, PROBE_SEED)
    found: Found = {}
    whole: dict[str, str] = {}
    budget = [MAX_PROBES]
    legal = [a.id for a in state.legal_actions()]
    if any(a.startswith(STEP) for a in legal):
        _walk(state, seat, [], found, budget)
        return found, whole
    _choose(state, seat, legal, [], found, budget, whole)
    return (found if budget[0] > 0 else None), whole


def _derived(state: State, history: tuple[str, ...]) -> Kept | None:
    """The ways on from a position the state reached by the first decisions of ways found
    at an earlier position of it (kept, and tried in full there): the same probes, read
    again."""
    for back in range(1, min(DERIVE, len(history)) + 1):
        held = _cache.get((id(state), history[:-back]))
        if held is None or held[1][0] is None:
            continue
        sent = history[-back:]
        found: Found = {}
        for rid, ways in held[1][0].items():
            for path, left in ways:
                rest = path[back:]
                if path[:back] == sent and any(x.startswith(STEP) for x in rest):
                    found.setdefault(rid, []).append((rest, left))
        if found:
            return found, {}
    return None


def _choose(state: State, seat: int, legal: list[str], path: list[str], found: Found,
            budget: list[int], whole: dict[str, str]) -> None:
    """Try each decision of what moves (a group's space, then its size; a rat), then its
    steps."""
    takes = [a for a in legal if a.startswith(TAKE)]
    if takes and path:
        whole[path[-1]] = _whole(takes)
    for action in legal:
        if not action.startswith(PRELUDE) or budget[0] <= 0:
            continue
        budget[0] -= 1
        probe = state.clone()
        drawn = probe.rng.pos
        probe.apply(action)
        if probe.rng.pos != drawn or probe.current_player != seat or probe.is_over:
            continue
        after = [a.id for a in probe.legal_actions()]
        if any(a.startswith(STEP) for a in after):
            _walk(probe, seat, [*path, action], found, budget)
        elif len(path) < 2:  # a group's space, then its size
            _choose(probe, seat, after, [*path, action], found, budget, whole)


def _whole(takes: list[str]) -> str:
    """The take of the whole group: every fed and every unfed rat that may go (none of
    `takes` when the whole group has no room for its first step)."""
    fed = max(int(t.split(":")[1]) for t in takes)
    unfed = max(int(t.split(":")[2]) for t in takes)
    return f"{TAKE}{fed}:{unfed}"


def _walk(state: State, seat: int, path: list[str], found: Found, budget: list[int]) -> None:
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
        rid = ROUTE + action.id[len(STEP):]
        if not moving:  # the move ended with this step
            found.setdefault(rid, []).append((tuple(steps), _left(probe, False)))
        elif STOP in after:  # the move may end here: the step and the stop
            found.setdefault(rid, []).append(((*steps, STOP), _left(probe, True)))
        if moving:
            _walk(probe, seat, steps, found, budget)


def _left(probe: State, stop: bool) -> bytes:
    """What a way leaves behind, to tell ways apart: the whole game state but its history and
    log (which name the spaces passed, and change nothing else), after the stop if one
    follows."""
    if stop:
        probe = probe.clone()
        probe.apply(STOP)
    data = (probe.current_player, probe.is_over, probe._dump())
    try:
        return marshal.dumps(data)
    except ValueError:  # a game whose state holds more than plain data
        return repr(data).encode()


def _open_choices(ways: list[tuple[tuple[str, ...], bytes]],
                  whole: dict[str, str]) -> list[list[str]]:
    """The ways to one space that are really different choices: a whole group that can get
    there stands for its parts, and ways that leave the same state are one (the shortest)."""
    wholes = {p[0] for p, _ in ways if len(p) > 1 and whole.get(p[0]) == p[1]}
    out: list[list[str]] = []
    seen = set()
    for path, left in sorted(ways, key=lambda w: len(w[0])):
        if (path[0] not in wholes or path[1] == whole[path[0]]) and left not in seen:
            seen.add(left)
            out.append(list(path))
    return out


def route_labels(state: State, found: dict[str, list[list[str]]]) -> dict[str, str]:
    """Labels for people of the decisions before the steps in `found` (which group, how
    many), for the page to ask about them."""
    out: dict[str, str] = {}
    for paths in found.values():
        for path in paths:
            for aid in path:
                if aid.startswith(PRELUDE) and aid not in out:
                    action = state.game.action_by_id(aid)
                    out[aid] = action.label if action is not None else aid
    return out


def route_actions(state: State, found: dict[str, list[list[str]]],
                  labels: dict[str, str] | None = None) -> list[dict[str, str]]:
    """The routes as actions for a board renderer: id `route:<space>`, a label for people
    (what moves, when that is settled, and how far), and `covers`, the single step that the
    route makes redundant as a button."""
    if labels is None:
        labels = route_labels(state, found)
    out = []
    for rid, paths in found.items():
        space = rid[len(ROUTE):]
        step = state.game.action_by_id(STEP + space)
        where = step.label.removeprefix("Step to ") if step is not None else space
        n = min(sum(1 for x in p if x.startswith(STEP)) for p in paths)
        label = f"Move to {where} ({n} step{'s' if n != 1 else ''})"
        starts = {tuple(x for x in p if x.startswith(PRELUDE)) for p in paths}
        if len(starts) > 1:
            label += f": {len(starts)} choices"
        else:
            what = ", ".join(_what(labels[x]) for x in next(iter(starts)))
            if what:
                label += f": {what}"
            if len(paths) > 1:
                label += f"; {len(paths)} ways"
        out.append({"id": rid, "label": label, "covers": STEP + space})
    return out


def _what(label: str) -> str:
    """A decision's label as a part of a route's: "Move a group from H0" -> "a group from
    H0", "Take 4 unfed rats" -> "4 unfed rats"."""
    for verb in ("Move ", "Take "):
        if label.startswith(verb):
            return label[len(verb):]
    return label[:1].lower() + label[1:]
