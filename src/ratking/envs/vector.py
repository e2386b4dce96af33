"""Many games of one ratking game stepped in one call: Gymnasium's vector API, batched.

    import gymnasium
    import ratking.envs.gymnasium   # registers this as each id's vector entry point
    envs = gymnasium.make_vec("ratking/you-dirty-rat-v0", num_envs=64, opponents="heuristic")
    obs, info = envs.reset(seed=1)                 # obs: (64, n) float32
    obs, rewards, terminated, truncated, info = envs.step(actions)   # info["action_mask"]

One learner's seat in each of `num_envs` games against opponents, as `RatkingGymEnv` plays one
(the same keyword arguments). Each step applies every game's action, plays the opponents up
to each learner's next decision, and writes every observation into one preallocated float32
array and every mask into one int8 array, row by row, with no per-game environment objects.

A game that ends is dealt again in the same step (Gymnasium's SAME_STEP autoreset): the row
then holds the new game's observation and mask, so the mask always marks legal actions, and
`info["final_obs"]` / `info["final_info"]` (flagged by `info["_final_obs"]`) hold the ended
game's last observation and its `seat` and `scores`. `max_episode_steps` (set by `make_vec` from
the registration) truncates a game at that many learner steps, as Gymnasium's TimeLimit does.

`core` picks the engine: "native" steps every game of the batch in one call of the compiled
core (envs/vector_native.py: random and heuristic opponents, compiled games only), "python"
the Python engine (any opponent, every game; `envs.states` holds its states), "auto" (the
default) the native one wherever it can; `envs.core` says which runs. Both give the same
observations, masks, rewards and ends for the same seed and actions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ..core import RatkingError, State
from ..core.spaces import encoder
from .common import Masks, Spec, truncated
from .gymnasium import Opponent, Seating, play_bots
from .vector_native import NativeGames, pick_core


class RatkingVectorEnv(VectorEnv):
    """`num_envs` games, one learner's seat in each, stepped together (see the module)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP,  # noqa: RUF012
                                "render_modes": []}

    def __init__(self, game_id: str, num_envs: int = 1, players: int = 2,
                 opponents: Opponent | Sequence[Opponent] = "random", seat: int | None = 0,
                 recall: bool = False, max_episode_steps: int | None = None,
                 copy: bool = True, core: str = "auto", **rules: Any) -> None:
        if num_envs.__class__ is not int or num_envs < 1:
            raise RatkingError(f"num_envs must be a whole number of at least 1, not "
                               f"{num_envs!r}")
        spec = Spec(game_id, players, rules, recall)
        self.seating = Seating(spec, opponents, seat)
        self.game = spec.game
        self.space = spec.space
        self.recall = recall
        self.num_envs = num_envs
        self.max_episode_steps = max_episode_steps
        self.copy = copy
        self.single_observation_space = spaces.Box(0.0, 1.0, spec.layout.shape, np.float32)
        self.single_action_space = spaces.Discrete(len(self.space))
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.observations = np.zeros((num_envs, spec.layout.size), np.float32)
        self.masks = np.zeros((num_envs, len(self.space)), np.int8)
        self._layout = spec.layout
        self._encode = encoder(self.game, recall)
        self._zeros = bytes(4 * spec.layout.size)
        self._masks = Masks(spec.space)
        self._views()
        self.states: list[State] = []
        self.seats: list[int] = []
        self.bots: list[dict[int, Any]] = []
        self.steps = [0] * num_envs
        self._rng = random.Random()
        self.core = pick_core(core, game_id, self.seating.opponents)
        self._native = None if self.core == "python" else NativeGames(
            spec, self.seating, num_envs, max_episode_steps, self.observations, self.masks)
        self._dealt = False

    def _views(self) -> None:
        """Each row's bytes, written in place: a tensor by the game's encoder, a mask as
        flags (memoryviews, made again for a copy of the env: they do not pickle)."""
        self._rows = [memoryview(row).cast("B") for row in self.observations]
        self._tensors = [row.cast("f") for row in self._rows]
        self._flags = [memoryview(row).cast("B") for row in self.masks]

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        for views in ("_rows", "_tensors", "_flags"):
            del state[views]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._views()

    def _draw(self, n: int) -> int:
        return self._rng.randrange(n)

    def _write(self, i: int) -> None:
        state = self.states[i]
        self._rows[i][:] = self._zeros
        self._encode(state, self.seats[i], self._layout, self._tensors[i])
        self._flags[i][:] = self._masks.kept(state)[1]

    def _deal(self, i: int) -> None:
        state, seat, bots = self.seating.deal(self._draw)
        self.states[i], self.seats[i], self.bots[i] = state, seat, bots
        self.steps[i] = 0
        self._write(i)

    def reset(self, *, seed: int | Sequence[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal every game again; a seed (one number) fixes them and the games after them."""
        if seed is not None and not isinstance(seed, int):
            raise RatkingError("give reset one seed for all the games, not one per game")
        super().reset(seed=seed)
        self._rng = random.Random(int(self.np_random.integers(0, 2**62)))
        n = self.num_envs
        self._dealt = True
        if self._native is not None:
            self.seats = [self._native.deal(i, self._draw) for i in range(n)]
            return self._out(self.observations), self._info()
        self.states, self.seats, self.bots = [None] * n, [0] * n, [{}] * n  # type: ignore[list-item]
        for i in range(n):
            self._deal(i)
        return self._out(self.observations), self._info()

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        """One action per game (numbers in the action space). An illegal action raises
        IllegalAction naming the game's row; the games before it in the batch have moved."""
        if not self._dealt:
            raise RatkingError("call reset() before step()")
        if self._native is not None:
            return self._native_step(actions)
        n = self.num_envs
        rewards = np.zeros(n, np.float64)
        terminated = np.zeros(n, np.bool_)
        cut = np.zeros(n, np.bool_)
        finals: dict[int, tuple[np.ndarray, dict[str, Any]]] = {}
        limit = self.max_episode_steps
        space_actions = self.space.actions
        size = len(space_actions)
        states, seats, bots, steps = self.states, self.seats, self.bots, self.steps
        rows, tensors, flags = self._rows, self._tensors, self._flags
        encode, layout, zeros, kept = self._encode, self._layout, self._zeros, self._masks.kept
        for i, action in enumerate(np.asarray(actions).reshape(n).tolist()):
            state = states[i]
            seat = seats[i]
            if not 0 <= action < size:
                raise RatkingError(f"game {i}: no action number {action}")
            state.apply(space_actions[action])
            moved = play_bots(state, bots[i], seat)
            steps[i] += 1
            if state.over or not moved or (limit is not None and steps[i] >= limit):
                if state.over:
                    rewards[i] = state.returns()[seat]
                    terminated[i] = not truncated(state)
                cut[i] = not terminated[i]
                finals[i] = self._final(i)
                self._deal(i)
            else:  # _write, inlined: it runs for nearly every game of every step
                rows[i][:] = zeros
                encode(state, seat, layout, tensors[i])
                flags[i][:] = kept(state)[1]
        return self._out(self.observations), rewards, terminated, cut, self._finals(finals)

    def _native_step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray,
                                                  np.ndarray, dict[str, Any]]:
        """step() on the compiled core: one call for every game, then the ended ones dealt
        again (a bad action raises once they are, as on the Python core)."""
        native = self._native
        ended, error = native.step(actions)
        finals = {}
        for i in ended:
            scores = native.scores(i)
            finals[i] = (self.observations[i].copy(),
                         {"seat": self.seats[i], "scores": np.array(scores, np.float64)})
            self.seats[i] = native.deal(i, self._draw)
        if error is not None:
            raise error
        return (self._out(self.observations), native.rewards.copy(), native.terminated.copy(),
                native.truncated.copy(), self._finals(finals))

    def _finals(self, finals: dict[int, tuple[np.ndarray, dict[str, Any]]]) -> dict[str, Any]:
        """The step's info: the masks and seats, and the ended games' last observations."""
        info = self._info()
        if finals:
            n = self.num_envs
            flags = np.zeros(n, np.bool_)
            obs = np.empty(n, dtype=object)
            infos = np.empty(n, dtype=object)
            for i, (final, final_info) in finals.items():
                flags[i], obs[i], infos[i] = True, final, final_info
            info.update(final_obs=obs, _final_obs=flags, final_info=infos, _final_info=flags)
        return info

    def _final(self, i: int) -> tuple[np.ndarray, dict[str, Any]]:
        """The last observation of game `i`, which has ended, and its info."""
        state, seat = self.states[i], self.seats[i]
        final = np.zeros(self._layout.size, np.float32)
        self._encode(state, seat, self._layout, memoryview(final))
        scores = state.scores()
        return final, {"seat": seat, "scores": None if scores is None
                       else np.array(scores, np.float64)}

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._out(self.masks), "seat": np.array(self.seats)}

    def action_masks(self) -> np.ndarray:
        """The legal actions of every game now, as bools (one row per game)."""
        return self.masks.astype(bool)
