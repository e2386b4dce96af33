"""How a game's end reaches PPO in `ratking train`: a game stopped by a round cap is over.

The environments report a game stopped by their round cap as a truncation (Gymnasium's
convention: the rules did not end it), with the game's result (a draw's share) as the reward.
Stable-Baselines3 reads a truncation as an episode cut short and adds the discounted value of
the final observation to that reward, as if play went on. Here play does not go on: the share
is the whole return. Bootstrapped, a draw at the cap is worth more than its share, and the
more the value net thinks of the end the more it is worth (up to 0.5 / (1 - gamma), a hundred
wins at gamma 0.995): the learner is taught to play for the cap. `GameOver` hands PPO such an
end as a termination; a cut that leaves the game unfinished (opponents that stall, the step
limit) stays a truncation.
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
