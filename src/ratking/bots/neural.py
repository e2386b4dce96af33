"""The `neural` bot: a policy learned by `ratking train`, played on numpy alone.

A policy file (`.npz`) holds the policy network's layers as plain arrays (`w0, b0, w1, b1...`,
tanh between them, the last layer's outputs one logit per action of the space) and a JSON
`meta` naming the game, the player count and the action ids it was trained on. The bot
observes its seat's tensor (the information-state tensor if the policy was trained on it),
masks the logits to the legal actions and plays the likeliest one: no PyTorch, no `learn`
extra. Where a game allows moves that change nothing (Rat & Duck's Link and Unlink, any number
of times in a turn), the likeliest action could cycle for ever; so when the last moves
repeat a run twice and the likeliest action would start it a third time, the bot replays the
turn (turns.py) and, in a position it already stood in, takes the likeliest action not yet
taken there. It keeps nothing between moves (a server makes a bot per move) and never looks
ahead, so it cannot peek at a roll or a draw.

`neural` plays the policy shipped for the game and player count (ratking/learn/policies/);
`neural:PATH` plays a policy file of one's own.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from ..core import Action, RatkingError, State
from ..core.spaces import legal_list
from .turns import repeats, taken_here

SHIPPED = Path(__file__).resolve().parent.parent / "learn" / "policies"


def shipped_path(game_id: str, players: int) -> Path:
    """Where the policy shipped for a game and player count lives."""
    return SHIPPED / f"{game_id}-{players}p.npz"


class Policy:
    """A policy network as numpy arrays (see the module docstring)."""

    def __init__(self, layers: list[tuple[np.ndarray, np.ndarray]], meta: dict[str, Any]) -> None:
        self.layers = layers
        self.meta = meta
        self.game_id: str = meta["game"]
        self.players: int = meta["players"]
        self.recall: bool = meta.get("recall", False)
        self.action_ids: list[str] = meta["action_ids"]
        self.inputs = layers[0][0].shape[0]

    @classmethod
    def load(cls, path: Path | str) -> Policy:
        """A policy from its file; RatkingError if it is missing or not a policy file."""
        path = Path(path)
        try:
            with np.load(path, allow_pickle=False) as data:
                meta = json.loads(str(data["meta"]))
                count = sum(1 for name in data.files if name.startswith("w"))
                layers = [(data[f"w{i}"].astype(np.float32), data[f"b{i}"].astype(np.float32))
                          for i in range(count)]
        except (OSError, KeyError, ValueError) as exc:
            raise RatkingError(f"cannot read a neural policy from {path}: {exc}") from None
        if not layers:
            raise RatkingError(f"{path} holds no layers")
        return cls(layers, meta)

    def save(self, path: Path | str) -> None:
        """Write the policy file (compressed arrays and the meta as JSON)."""
        arrays = {}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"w{i}"], arrays[f"b{i}"] = w.astype(np.float32), b.astype(np.float32)
        np.savez_compressed(path, meta=np.array(json.dumps(self.meta, sort_keys=True)),
                            **arrays)

    def logits(self, obs: np.ndarray) -> np.ndarray:
        """The network's output for one observation (or a batch, one per row)."""
        x = obs
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if i < last:
                x = np.tanh(x)
        return x

    def act(self, obs: np.ndarray, mask: np.ndarray) -> int:
        """The likeliest legal action number (`mask`: nonzero for legal actions)."""
        logits = self.logits(obs)
        return int(np.argmax(np.where(mask.astype(bool), logits, -np.inf)))

    def draw(self, obs: np.ndarray, mask: np.ndarray, rng: random.Random) -> int:
        """A legal action number drawn from the policy's masked distribution."""
        logits = np.where(mask.astype(bool), self.logits(obs).astype(np.float64), -np.inf)
        weights = np.exp(logits - logits.max())
        cumulative = np.cumsum(weights)
        return int(np.searchsorted(cumulative, rng.random() * cumulative[-1], side="right"))

    __call__ = act  # a policy as Gymnasium's opponents take it: (observation, mask) -> action


@cache
def shipped(game_id: str, players: int) -> Policy:
    """The policy shipped for a game and player count (loaded once)."""
    path = shipped_path(game_id, players)
    if not path.exists():
        raise RatkingError(f"no neural policy is shipped for {game_id} with {players} players: "
                           "train one (`ratking train`) and give its file, neural:PATH")
    return Policy.load(path)


@cache
def from_file(path: str) -> Policy:
    """A policy file of one's own (loaded once per path)."""
    return Policy.load(path)


class NeuralBot:
    """Plays a learned policy (see the module docstring). `path`: a policy file; None: the
    one shipped for the game and player count of the first state it is asked about; `policy`:
    one in memory instead."""

    name = "neural"

    def __init__(self, path: str | None = None, seed: int | None = None,
                 policy: Policy | None = None) -> None:
        self.path = path
        self.seed = seed
        self._checked: dict[tuple[str, int], Policy] = {}
        if path is not None:
            from_file(path)  # a missing or bad file fails here
        self._given = policy  # one in memory (a run's learner), checked as a file's is

    def policy_for(self, state: State) -> Policy:
        """The policy for this game and player count, checked against its action space."""
        key = (state.game.id, state.players)
        policy = self._checked.get(key)
        if policy is None:
            policy = self._given or (from_file(self.path) if self.path else shipped(*key))
            space = state.game.action_space(state.players)
            layout = state.game.observation_layout(state.players)
            if policy.game_id != state.game.id or list(space.ids) != policy.action_ids or \
                    layout.size != policy.inputs:
                raise RatkingError(
                    f"the neural policy was trained on {policy.game_id} with "
                    f"{policy.players} players and other rules: it does not fit "
                    f"{state.game.id} with {state.players} players and these rules")
            self._checked[key] = policy
        return policy

    def _inputs(self, state: State) -> tuple[Policy, np.ndarray, np.ndarray]:
        """The policy for `state`, the mover's tensor and its action mask."""
        policy = self.policy_for(state)
        seat = state.to_move
        obs = state.information_state(seat) if policy.recall else state.observation(seat)
        space = state.game.action_space(state.players)
        return policy, obs, np.frombuffer(space.flags(legal_list(state)), np.int8)

    def choose(self, state: State) -> Action:
        """The policy's likeliest legal action, but not one already taken this turn in the
        same position (see the module docstring)."""
        policy, obs, mask = self._inputs(state)
        actions = state.game.action_space(state.players).actions
        pick = policy.act(obs, mask)
        if repeats(state.history, actions[pick].id):
            done = taken_here(state)
            logits = np.where(mask.astype(bool), policy.logits(obs), -np.inf)
            for i in np.argsort(-logits, kind="stable")[:int(np.count_nonzero(mask))]:
                if actions[i].id not in done:
                    pick = int(i)
                    break
        return actions[pick]

    def probabilities(self, state: State) -> dict[str, float]:
        """All on the action `choose` plays (exact: the bot plays its likeliest action, not a
        draw from the policy's softmax)."""
        return {self.choose(state).id: 1.0}

    def guide(self, state: State, rng: Any = None) -> Action:
        """The policy's likeliest legal action for the seat to move: the move a search's prior
        favours (a draw would point the bonus at a move the policy thinks worse as often as
        the draw lands there; the search's own pruning keeps it out of no-op cycles)."""
        policy, obs, mask = self._inputs(state)
        return state.game.action_space(state.players).actions[policy.act(obs, mask)]
