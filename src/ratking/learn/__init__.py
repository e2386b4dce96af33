"""Learned agents: `ratking train` (masked PPO by self-play, the `learn` extra: PyTorch and
sb3-contrib) and the policies it ships, which the `neural` bot plays on numpy alone.

- `train.py`: the training loop, its snapshot pool, resuming, progress and log;
- `rewards.py`: what PPO sees of a game's outcome (a capped game is over; shaped rewards);
- `winshare.py`: a policy's win share against a bot, and a line of them (numpy alone);
- `imitate.py`: `--imitate`, a copy of the heuristic fitted before self-play (and DAgger);
- `policies/`: a trained policy per game and player count its rules take, with the command
  that made it.
"""
