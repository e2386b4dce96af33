"""A policy's win share against a bot, seats rotated: what `ratking train` logs as it trains
(numpy alone, so the shipped policies can be checked without PyTorch). The games take the
environments' round cap, and one that runs past the decisions that cap allows (a policy
repeating moves that change nothing) counts as a draw: a side's fair share."""

from __future__ import annotations

from typing import Any

from ..bots import make_bot
from ..core import make
from ..core.rng import derive_seed
from ..envs.common import STEPS_PER_ROUND, capped_rules, env_rounds
from ..sim.stats import wilson


def win_share(player: Any, game_id: str, players: int, opponent: str, games: int, seed: int,
              rules: dict[str, Any] | None = None) -> tuple[float, float, float]:
    """(share, low, high): the mean of `player`'s returns over `games` games against
    `opponent` (a bot spec) in every other seat, its seat rotated game by game, with a 95%
    Wilson interval. In a team game (`Game.seat_teams`: Rat & Duck at four players) it plays
    every seat of its seat's team, as the arena seats a team, so the share is its team's and
    not a random partner's. `player` is anything with `choose(state)`."""
    game = make(game_id, **capped_rules(game_id, rules or {}))
    limit = env_rounds(game_id) * STEPS_PER_ROUND * players
    teams = game.seat_teams(players)
    total = 0.0
    for g in range(games):
        game_seed = derive_seed(seed, g)
        seat = g % players
        bots = {p: player if teams[p] == teams[seat] else
                make_bot(opponent, derive_seed(game_seed, 1 + p)) for p in range(players)}
        state = game.new_game(players, seed=game_seed)
        steps = 0
        while not state.over and steps < limit:
            state.apply(bots[state.to_move].choose(state))
            steps += 1
        total += state.returns()[seat] if state.over else 1.0 / len(set(teams))
    low, high = wilson(total, games)
    return total / games, low, high


def win_shares(player: Any, game_id: str, players: int, games: int, seed: int,
               opponents: tuple[str, ...] = ("random", "heuristic")) -> str:
    """`player` (anything with `choose(state)`: a bot, or a policy in a `PolicySeat`) against
    each bot of `opponents` as `win_share` plays it, as one line: "vs random 92% [82%, 96%]
    vs heuristic ..."."""
    shares = []
    for opponent in opponents:
        share, low, high = win_share(player, game_id, players, opponent, games, seed)
        shares.append(f"vs {opponent} {share:.0%} [{low:.0%}, {high:.0%}]")
    return "   ".join(shares)
