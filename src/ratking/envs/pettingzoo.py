"""Any ratking game as a PettingZoo AEC environment, in the style of PettingZoo's classic games.

    from ratking.envs.pettingzoo import env
    e = env("rat-a-tat-roll", players=3, cards=3)
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else policy(obs["observation"],
                                                             obs["action_mask"])
        e.step(action)

Agents are `player_0`... (seat 0...). Each observes `{"observation": float32 tensor,
"action_mask": int8 mask}` (the mask is all zeros when it is not that agent's turn); actions
are numbers in the game's action space (`e.space.ids[n]` is the action id). Rewards are the
game's `returns()` (1 a win, 0 a loss, shares of 1 for shared wins and draws), given when it
ends: terminated when the game finishes by its rules, truncated when it reaches `max_rounds`.
`recall=True` observes information-state tensors (`State.information_state`: Rat-a-Tat Roll
then keeps the values of the cards each seat was shown).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..core import State
from .common import Observations, Spec, render_text


def env(game_id: str, players: int = 2, render_mode: str | None = None,
        recall: bool = False, **rules: Any) -> RatkingEnv:
    """The AEC environment of a game: `players` seats, rule options as keywords."""
    return RatkingEnv(game_id, players, render_mode, recall, **rules)


class RatkingEnv(AECEnv):
    """One ratking game as an AEC environment (see the module docstring)."""

    def __init__(self, game_id: str, players: int = 2, render_mode: str | None = None,
                 recall: bool = False, **rules: Any) -> None:
        super().__init__()
        spec = Spec(game_id, players, rules, recall)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game = spec.game
        self.space = spec.space
        self.recall = recall
        self.render_mode = render_mode
        self.metadata = {"render_modes": ["ansi"], "is_parallelizable": False,
                         "name": f"ratking_{game_id.replace('-', '_')}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        shape = spec.layout.shape
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, shape, np.float32),
            "action_mask": spaces.Box(0, 1, (len(self.space),), np.int8),
        }) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(len(self.space))
                              for agent in self.possible_agents}
        self._no_mask = np.zeros(len(self.space), np.int8)
        self._no_mask.flags.writeable = False
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
        if not state.over and state.to_move == seat:
            mask = observations.mask(state)
        else:
            mask = self._no_mask.copy()
        return {"observation": observations.get(state, seat), "action_mask": mask}

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
            done = self.truncations if state.end_reason == "round-cap" else self.terminations
            for a, value in zip(self.agents, state.returns(), strict=True):
                self.rewards[a] = value
                done[a] = True
            self._accumulate_rewards()
        else:
            self.agent_selection = self.possible_agents[state.to_move]

    def render(self) -> str | None:
        """The table as the terminal shows it to a spectator (render_mode "ansi")."""
        if self.render_mode is None or self.game_state is None:
            return None
        return render_text(self.game_state)

    def close(self) -> None:
        """Nothing to release."""
