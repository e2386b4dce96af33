"""What OpenSpiel's observers read of a ratking game (`ratking.envs.openspiel`): tensors and
strings of every observation type, public only, private only or both, with perfect recall or
not (docs/research.md, "OpenSpiel")."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel

from ..core.spaces import observation, public_observation

if TYPE_CHECKING:
    from .openspiel import Holder, RatkingState

# An observation type, as OpenSpiel's IIGObservationType names it: (perfect recall, public
# information, private information of the observing seat)
Kind = tuple[bool, bool, bool]
DEFAULT_KIND: Kind = (False, True, True)
RECALL_KIND: Kind = (True, True, True)


def kind_of(iig_obs_type: Any) -> Kind:
    """An OpenSpiel observation type as a Kind (None: OpenSpiel's default observation)."""
    if iig_obs_type is None:
        return DEFAULT_KIND
    private = iig_obs_type.private_info
    if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
        raise ValueError("private information of all players is not an observation of "
                         "this game: read the full state from ratking (the PettingZoo "
                         "env's state())")
    return (bool(iig_obs_type.perfect_recall), bool(iig_obs_type.public_info),
            private == pyspiel.PrivateInfoType.SINGLE_PLAYER)


def tensor(holder: Holder, player: int, kind: Kind = DEFAULT_KIND) -> np.ndarray:
    """The seat's tensor of one observation type (read-only: callers copy it): the
    observation or information-state tensor; its public part alone (the spectator's, the
    same for every seat); or its private part alone (the tensor minus its public part laid
    out from the seat's place, so zero where the seat knows no more than the table). Zeros
    with neither, and before the explicit mode's deal."""
    recall, public, private = kind
    if not holder.dealt() or not (public or private):
        return np.zeros(holder.game.tensor_size, np.float32)

    def work_out() -> np.ndarray:
        state = holder.get()
        if not private:
            return public_observation(state, None, recall)
        mine = observation(state, player, recall=recall)
        return mine if public else mine - public_observation(state, player, recall)
    return holder.remembered(("tensor", player, kind), work_out)


def dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def view_string(holder: Holder, player: int, kind: Kind = DEFAULT_KIND) -> str:
    """The observation string: the seat's view as JSON; public only, the spectator's view;
    private only, the lines `path=value` where the seat's view differs from the
    spectator's."""
    _, public, private = kind
    if not holder.dealt():
        return "before the deal"
    if not (public or private):
        return ""

    def work_out() -> str:
        state = holder.get()
        if not private:
            return dumps(state.view(None))
        if public:
            return dumps(state.view(player))
        return "\n".join(f"{path}={dumps(value)}" for path, value in
                         differences(state.view(None), state.view(player)) if path != "seat")
    return holder.remembered(("view", player, kind), work_out)


def differences(public: Any, mine: Any, path: str = "") -> list[tuple[str, Any]]:
    """(path, value) of everything in `mine` that `public` does not hold the same."""
    if isinstance(public, dict) and isinstance(mine, dict) and public.keys() == mine.keys():
        return [d for k in mine for d in differences(public[k], mine[k], f"{path}.{k}"
                                                     if path else str(k))]
    if isinstance(public, list) and isinstance(mine, list) and len(public) == len(mine):
        return [d for i, (a, b) in enumerate(zip(public, mine, strict=True))
                for d in differences(a, b, f"{path}[{i}]")]
    return [] if public == mine else [(path, mine)]


def recall_string(holder: Holder, player: int, kind: Kind = RECALL_KIND) -> str:
    """The information-state string, perfect recall in words: every event the seat was told,
    a line each (`step: text`), then its view as the observation string gives it. Public
    only: what a spectator was told and sees; private only: the events whose details the
    seat alone was told, and its view's private lines. In the explicit mode, a decision that
    awaits its chance is a last line."""
    _, public, private = kind
    if not holder.dealt():
        return f"seat {player} before the deal"
    if not (public or private):
        return ""

    def work_out() -> str:
        seat = player if private else None
        told = holder.told(seat, only_private=not public)
        head = "public" if seat is None else f"seat {seat}" + ("" if public else " private")
        return "\n".join([head, *told, view_string(holder, player, kind)])
    text = holder.remembered(("recall", player, kind), work_out)
    if holder.pending is not None and public:  # the explicit mode, a decision awaiting chance
        text += f"\nthen {holder.space.ids[holder.pending[0]]}, chance to come"
    return text


class RatkingObserver:
    """OpenSpiel's Python observer (its C++ side reads through it too) for one observation
    type: with perfect recall the information-state tensor and string, without it the
    observation tensor and string; public only, private only or both (see `tensor`)."""

    def __init__(self, size: int, kind: Kind) -> None:
        self.kind = kind
        self.string = recall_string if kind[0] else view_string
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: RatkingState, player: int) -> None:
        self.tensor[:] = tensor(state.holder, player, self.kind)

    def string_from(self, state: RatkingState, player: int) -> str:
        return self.string(state.holder, player, self.kind)
