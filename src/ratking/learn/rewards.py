"""What PPO sees of a game's outcome in `ratking train`: a game stopped by a round cap is over,
and the game's own evaluation shapes the rewards on the way.

`GameOver`: the environments report a game stopped by their round cap as a truncation
(Gymnasium's convention: the rules did not end it), with the game's result (a draw's share) as
the reward. Stable-Baselines3 reads a truncation as an episode cut short and adds the discounted
value of the final observation to that reward, as if play went on. Here play does not go on:
the share is the whole return. Bootstrapped, a draw at the cap is worth more than its share,
and the more the value net thinks of the end the more it is worth (up to 0.5 / (1 - gamma), a
hundred wins at gamma 0.995): the learner is taught to play for the cap. `GameOver` hands PPO
such an end as a termination; a cut that leaves the game unfinished (opponents that stall, the
step limit) stays a truncation.

`Shaped`: the result alone comes hundreds of decisions after the moves that earned it (a
Target: Rats game takes a seat a thousand decisions or more, Rat & Duck's government needs four
researches before anything pays), so a fresh policy seldom or never sees a reward. Each step
adds `gamma * phi(next) - phi(now)`, where `phi` is the learner's win chance by the game's own
evaluation (`Game.evaluate`, the one the search uses) and 0 once the game is over: potential-
based shaping (Ng, Harada and Russell, 1999), which leaves the best policy as it was (over a
game the added rewards sum to about `-phi(start)`) and pays progress as it happens.
"""

from __future__ import annotations

from typing import Any

import gymnasium


class GameOver(gymnasium.Wrapper):
    """A ratking Gymnasium env whose finished games always terminate (see the module)."""

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        if truncated and self.env.unwrapped.game_state.over:
            terminated, truncated = True, False
        return obs, reward, terminated, truncated, info


class Shaped(gymnasium.Wrapper):
    """A ratking Gymnasium env whose rewards are shaped by the game's evaluation with discount
    `gamma` (see the module); a game without an evaluation keeps its rewards."""

    def __init__(self, env: gymnasium.Env, gamma: float) -> None:
        super().__init__(env)
        self.gamma = gamma
        self.potential = 0.0

    def phi(self) -> float:
        """The learner's win chance now by the game's evaluation; 0 once the game is over."""
        raw = self.env.unwrapped
        state = raw.game_state
        evaluate = raw.game.evaluate
        if state.over or evaluate is None:
            return 0.0
        return float(evaluate(state)[raw.seat])

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        self.potential = self.phi()
        return obs, info

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        if "illegal" in info:  # nothing happened
            return obs, reward, terminated, truncated, info
        now, self.potential = self.potential, self.phi()
        return obs, reward + self.gamma * self.potential - now, terminated, truncated, info
