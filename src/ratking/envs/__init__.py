"""Standard interfaces for learning agents, over any ratking game (the `research` extra):

- `ratking.envs.pettingzoo.env(game_id, players=N, **rules)`: a PettingZoo AEC environment,
  wrapped as PettingZoo's classic games are (`raw_env` bare; `<game>_v0` namespaces);
- `ratking.envs.gymnasium`: one seat learns against bots or policies (`ratking/<game-id>-v0`);
- `ratking.envs.vector`: many such games stepped in one call (`gymnasium.make_vec`);
- `ratking.envs.openspiel`: each game registered with OpenSpiel as `ratking_<id>`;
- `ratking.envs.final_rewards`: a PettingZoo wrapper that pays every agent its final reward on
  a turn of its own (Tianshou's `PettingZooEnv` pays only the last mover);
- `ratking.envs.common`: what they share, the round caps (`env_rounds`) among it.

Each module imports its own library, so this package imports none of them.
"""
