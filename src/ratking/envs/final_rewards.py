"""A PettingZoo wrapper that hands every agent its final reward on a turn of its own, for
libraries that end an episode when the agent to move is done (Tianshou's `PettingZooEnv`).

Such a library stores each step as a transition of the agent that moved, and ends the episode
at the step that ends the game: only the agent that made the last move has a transition that
holds its final reward and is marked done. Every other agent's last transition pays 0 and runs
on into its next game, so most wins and losses never reach it.

    from tianshou.env import PettingZooEnv
    from ratking.envs.final_rewards import FinalRewards
    from ratking.envs.pettingzoo import env
    tianshou_env = PettingZooEnv(FinalRewards(env("you-dirty-rat", players=2)))

With this wrapper, when a game ends (the last mover done as before), each reset that follows
first shows one other agent, in seat order, the game it just finished: its last observation
with a mask of one legal action, number 0. That action plays nothing; the step pays the agent
its share of the game's returns and ends. Only when every agent has been told does a reset
deal a new game. So every agent's last transition of a game pays its final reward and is
marked done; a library counts each such turn as an episode of one step. A reset with a seed
forgets any agent not yet told and deals at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import BaseWrapper


@dataclass
class _Final:
    """An agent's end of a game, to be told it: its reward, last observation and info."""

    agent: str
    reward: float
    observation: dict[str, np.ndarray]
    info: dict[str, Any]
    truncated: bool
    told: bool = field(default=False)


class FinalRewards(BaseWrapper):
    """An AEC environment whose other agents each get a one-step episode, after a game ends,
    that pays them their final reward (see the module docstring)."""

    def __init__(self, env: AECEnv) -> None:
        super().__init__(env)
        self._pending: list[_Final] = []
        self._telling: _Final | None = None

    @property
    def telling(self) -> str | None:
        """The agent being told its final reward, None while a game is played."""
        return None if self._telling is None else self._telling.agent

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """The next agent's final turn if a game ended with agents not yet told, else a new
        game (at once with a seed)."""
        if seed is None and self._pending:
            self._telling = self._pending.pop(0)
            return
        self._pending, self._telling = [], None
        self.env.reset(seed=seed, options=options)

    def step(self, action: int | None) -> None:
        if self._telling is not None:
            self._telling.told = True
            return
        mover = self.env.agent_selection
        self.env.step(action)
        if self.env.agents and all(self.env.terminations[a] or self.env.truncations[a]
                                   for a in self.env.agents):
            self._pending = [_Final(agent, float(self.env.rewards[agent]),
                                    self._final_observation(agent), dict(self.env.infos[agent]),
                                    bool(self.env.truncations[agent]))
                             for agent in self.env.agents if agent != mover]

    def _final_observation(self, agent: str) -> dict[str, np.ndarray]:
        observation = dict(self.env.observe(agent))
        mask = np.zeros_like(observation["action_mask"])
        mask[0] = 1
        observation["action_mask"] = mask
        return observation

    @property
    def agent_selection(self) -> str:
        return self.env.agent_selection if self._telling is None else self._telling.agent

    @property
    def rewards(self) -> dict[str, float]:
        final = self._telling
        if final is None:
            return self.env.rewards
        return {agent: final.reward if agent == final.agent and final.told else 0.0
                for agent in self.env.possible_agents}

    def observe(self, agent: str) -> dict[str, np.ndarray] | None:
        if self._telling is not None and agent == self._telling.agent:
            return self._telling.observation
        return self.env.observe(agent)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        final = self._telling
        if final is None:
            return self.env.last(observe)
        ended = final.told
        return (final.observation if observe else None, final.reward if ended else 0.0,
                ended and not final.truncated, ended and final.truncated,
                final.info if ended else {})
