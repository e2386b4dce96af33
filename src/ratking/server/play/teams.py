"""A team for a heist in one gesture, built from the kernel's own decisions.

You Dirty Rat commits a heist as `heist:<H>` and then one `team:<type>` per card, each checked
by the kernel (a card may join only while the heist can still be matched). The page lets the
person select the cards in their hand and then click the heist; for that it needs, per heist
the seat may commit now, the teams that complete it: `teams` tries the `team:` decisions on
clones of the state and gives `{"heist:<H>": [[team ids...], ...]}`, one list per different
set of cards (in the order of their ids). The page sends `heist:<H>` and then the team's ids
one after another, each checked by the kernel as usual.

Only what the seat may know is used (a determinization of the state for it, with a fixed
seed: the teams depend only on the seat's own hand), and the work is bounded (`MAX_PROBES`
clones a message: over it, no team is offered and the heist is committed card by card).
"""

from __future__ import annotations

from ...core import State

HEIST = "heist:"
TEAM = "team:"
MAX_PROBES = 400  # clones tried, at most
PROBE_SEED = 0


def teams(state: State, seat: int | None) -> dict[str, list[list[str]]]:
    """`{"heist:<H>": [[action ids...], ...]}` for the seat to move, or {}: the teams that
    complete each heist it may commit now, each as the kernel's `team:` decisions."""
    if seat is None or state.is_over or state.current_player != seat:
        return {}
    heists = [a.id for a in state.legal_actions() if a.id.startswith(HEIST)]
    if not heists:
        return {}
    known = state.determinize(seat, PROBE_SEED)
    budget = [MAX_PROBES]
    out: dict[str, list[list[str]]] = {}
    for heist in heists:
        probe = known.clone()
        probe.apply(heist)
        found: list[list[str]] = []
        _grow(probe, seat, [], found, budget)
        if budget[0] <= 0:
            return {}
        if found:
            out[heist] = found
    return out


def _grow(state: State, seat: int, team: list[str], found: list[list[str]],
          budget: list[int]) -> None:
    """Add each card that may still join (in id order, so that each set is tried once);
    a team is whole when the kernel asks for no further card."""
    options = [a.id for a in state.legal_actions()]
    joining = state.current_player == seat and not state.is_over and options and all(
        a.startswith(TEAM) for a in options)
    if not joining:
        if team:
            found.append(team)
        return
    for action in sorted(set(options)):
        if team and action < team[-1]:
            continue
        if budget[0] <= 0:
            return
        budget[0] -= 1
        probe = state.clone()
        probe.apply(action)
        _grow(probe, seat, [*team, action], found, budget)
