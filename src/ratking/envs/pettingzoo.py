"""Any ratking game as a PettingZoo AEC environment, as PettingZoo's classic games are.

    from ratking.envs.pettingzoo import you_dirty_rat_v0       # or env("you-dirty-rat", ...)
    e = you_dirty_rat_v0.env(players=3, render_mode="ansi")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else policy(obs["observation"],
                                                             obs["action_mask"])
        e.step(action)

`env(game_id, ...)` is wrapped as the classic games are: an illegal action ends the game with
-1 for the seat that played it (0 for the others), an action number outside the space fails an
assertion, and calling anything before `reset()` is an error that says so. `raw_env(...)` is
the bare environment, for speed: an illegal action raises `IllegalAction` and changes nothing.
Each game also has a versioned namespace, `<game_id with underscores>_v0`, holding both.

Agents are `player_0`... (seat 0...). Each observes `{"observation": float32 tensor,
"action_mask": int8 mask}` (the mask is all zeros when it is not that agent's turn); actions
are numbers in the game's action space (`e.unwrapped.space.ids[n]` is the action id). Rewards
are the game's `returns()` (1 a win, 0 a loss, shares of 1 for shared wins and draws), given
when it ends; each agent's `info` then holds the game's `scores`. The game ends in termination
when it finishes by its rules (Rat & Duck's own round limit included) and in truncation when it
reaches the environments' round cap (`common.ENV_ROUNDS`) or a `max_rounds` given here.
`state()` is the whole game as one tensor (`state_space`), for centralised critics.
`recall=True` observes information-state tensors (`State.information_state`: Rat-a-Tat Roll
then keeps the values of the cards each seat was shown).
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..core import State, list_games
from ..core.spaces import full_observation
from .common import RENDER_MODES, Observations, Spec, check_render_mode, render, truncated

ILLEGAL_REWARD = -1


def raw_env(game_id: str, players: int = 2, render_mode: str | None = None,
            recall: bool = False, **rules: Any) -> RatkingEnv:
    """The bare AEC environment of a game: `players` seats, rule options as keywords."""
    return RatkingEnv(game_id, players, render_mode, recall, **rules)


def env(game_id: str, players: int = 2, render_mode: str | None = None,
        recall: bool = False, **rules: Any) -> AECEnv:
    """The AEC environment of a game wrapped as PettingZoo's classic games are."""
    wrapped: AECEnv = raw_env(game_id, players, render_mode, recall, **rules)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=ILLEGAL_REWARD)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def env_name(game_id: str) -> str:
    """The versioned name of a game's environment: you_dirty_rat_v0..."""
    return game_id.replace("-", "_") + "_v0"


class RatkingEnv(AECEnv):
    """One ratking game as an AEC environment (see the module docstring)."""

    metadata: dict[str, Any]

    def __init__(self, game_id: str, players: int = 2, render_mode: str | None = None,
                 recall: bool = False, **rules: Any) -> None:
        super().__init__()
        spec = Spec(game_id, players, rules, recall)
        check_render_mode(render_mode)
        self.game = spec.game
        self.space = spec.space
        self.recall = recall
        self.render_mode = render_mode
        self.metadata = {"render_modes": RENDER_MODES, "render_fps": 2,
                         "is_parallelizable": False, "name": f"ratking_{env_name(game_id)}"}
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        shape = spec.layout.shape
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, shape, np.float32),
            "action_mask": spaces.Box(0, 1, (len(self.space),), np.int8),
        }) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(len(self.space))
                              for agent in self.possible_agents}
        self.state_space = spaces.Box(0.0, 1.0, shape, np.float32)
        self._actions = len(self.space)
        self._rng: random.Random | None = None
        self._observations = Observations(spec)
        self.game_state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. A seed fixes it and the games of the resets after it."""
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed)
        players = len(self.possible_agents)
        self.game_state = self.game.new_game(players, seed=self._rng.getrandbits(62))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.game_state.to_move]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self.game_state
        seat = self._seat[agent]
        observations = self._observations
        if state.to_move == seat and not state.over:
            mask = observations.mask(state)
        else:
            mask = np.zeros(self._actions, dtype=np.int8)
        return {"observation": observations.get(state, seat), "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[dict[str, np.ndarray] | None, float, bool,
                                                  bool, dict[str, Any]]:
        """The selected agent's observation, cumulative reward, termination, truncation and
        info (AECEnv's `last`, with one call fewer: it runs every step)."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def step(self, action: int | None) -> None:
        """Play action number `action` for the selected agent (None once it is done).
        An illegal action raises IllegalAction and changes nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is still playing: give an action number, not None")
        state = self.game_state
        state.apply(self.space.action(action))
        self._cumulative_rewards[agent] = 0.0
        if state.over:
            done = self.truncations if truncated(state) else self.terminations
            scores = state.scores()
            for a, value in zip(self.agents, state.returns(), strict=True):
                self.rewards[a] = value
                done[a] = True
                self.infos[a] = {"scores": scores}
            self._accumulate_rewards()
        else:
            self.agent_selection = self.possible_agents[state.to_move]

    def state(self) -> np.ndarray:
        """The whole game as one float32 tensor, for centralised critics (MAPPO): the
        observation layout as a spectator's (blocks from seat 0) with every hidden hand and
        card shown (`spaces.full_observation`)."""
        if self.game_state is None:
            raise RuntimeError("call reset() before state()")
        return full_observation(self.game_state)

    def render(self) -> Any:
        """The table as the render mode draws it: "ansi" plain text, "rgb_array" the board's
        picture, "human" the text printed in colour (see `common.render`)."""
        return render(self.game_state, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


def _namespace(game_id: str) -> SimpleNamespace:
    def make_env(**kwargs: Any) -> AECEnv:
        return env(game_id, **kwargs)

    def make_raw(**kwargs: Any) -> RatkingEnv:
        return raw_env(game_id, **kwargs)

    make_env.__doc__ = f"{game_id}: the wrapped AEC environment (see ratking.envs.pettingzoo)."
    make_raw.__doc__ = f"{game_id}: the bare AEC environment (see ratking.envs.pettingzoo)."
    return SimpleNamespace(env=make_env, raw_env=make_raw, game_id=game_id)


ENV_NAMES = [env_name(info.id) for info in list_games()]
globals().update({env_name(info.id): _namespace(info.id) for info in list_games()})
