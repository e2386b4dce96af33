"""Standard interfaces for learning agents, over any ratking game (the `research` extra):

- `ratking.envs.pettingzoo.env(game_id, players=N, **rules)`: a PettingZoo AEC environment;
- `ratking.envs.gymnasium`: one seat learns against ratking bots (`ratking/<game-id>-v0`);
- `ratking.envs.openspiel`: each game registered with OpenSpiel as `ratking_<id>`.

Each module imports its own library, so this package imports none of them.
"""
