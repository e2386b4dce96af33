"""A searched best response: a bot that knows how a fixed bot plays, and plays against that.

`ResponseBot` is the ISMCTS of ismcts.py (determinizations of what its seat may know, one tree
over the line of play pooled across them, the availability rule, the no-op cycle pruning, the
prior), with one difference: every other seat is not searched but played by a copy of the
fixed bot `against`, in the tree and in the rollouts alike, choosing from the determinized game
as that bot would (a copy is itself limited to what its seat may know). The search answers
"what is my best move against *this* opponent", not "against good play".

Played against that bot, the share of games it wins approximates a best response's value
(`ratking exploit`): the further above what the bot itself wins in the same seats and deals,
the more exploitable the bot. Being a search with a finite budget, it is a lower bound.
Budgets are iterations, so the same seed gives the same choices.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core import State
from .base import Bot
from .ismcts import SearchBot, SearchSettings


class ResponseBot(SearchBot):
    """A best response searched against a fixed bot (see the module docstring)."""

    name = "response"

    def __init__(self, model: Callable[[int], Bot], settings: SearchSettings | None = None,
                 seed: int | None = None) -> None:
        """`model(seed)` makes a copy of the fixed bot, one per other seat, each seeded from
        this bot's own stream when first needed."""
        super().__init__(settings, seed)
        self._make = model
        self._models: dict[int, Bot] = {}

    def opponents(self, state: State) -> dict[int, Bot]:
        models = {}
        for p in range(state.players):
            if p != state.to_move:
                if p not in self._models:
                    self._models[p] = self._make(self.rng.getrandbits(63))
                models[p] = self._models[p]
        return models
