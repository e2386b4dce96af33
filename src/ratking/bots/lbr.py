"""Local best response (Lisy and Bowling, 2017): a cheap lower bound on how exploitable a bot is.

At each of its decisions the bot keeps a belief over what its seat cannot see (belief.py:
determinizations of the game consistent with all its seat was shown, weighted by the chance
the fixed bot gives the moves its seats made in each), and values every legal action by the
weighted mean outcome of playing it in each particle and then playing on with a fixed cheap
continuation: the game's heuristic in its own seat, and in the other seats the fixed bot itself
where it is one-move cheap (random, heuristic, easy, neural) or the heuristic where it is a
search (hard, expert, whose search inside every rollout would cost too much). It plays the
best. It looks one decision ahead only, but it is a strategy that uses only what its seat
knows, so what it wins against the bot beyond the bot's own share in the same seat is a lower
bound on the bot's exploitability.

Rollouts are cut after `depth` decisions (10 unless set), where the game's evaluation scores
the position, or play to the end (depth None): a rollout to the end with the heuristic
against a weak bot is won whatever was played first, so every action would look alike; the
evaluation keeps the margin. With a few rollouts an action, the best-looking one is often
best by luck, so the bot keeps the heuristic's own choice unless another action beats it,
particle by particle on the same rollout seeds, by more than CONFIDENCE standard errors of
that paired difference (then it plays the one that clears it by most); a game without a
heuristic plays the best mean. Where
the game has a compiled core and both continuations are the random or heuristic bot, the
rollouts run on it (ratking.native). Every particle plays the same rollout seed for every
action (common random numbers), so the actions are compared on the same luck. Moves that
would go round a no-op cycle (Rat & Duck's Link and Unlink) are avoided as the neural bot
avoids them (turns.py).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core import Action, RatkingError, State
from ..core.rng import KeyedRng
from ..native import available, chance, chosen_core, load, require
from ..native.search import searchable
from .base import Bot, action_probabilities
from .belief import Belief
from .turns import repeats, taken_here

# standard errors by which an action's paired gain over the heuristic's choice must clear zero
CONFIDENCE = 1.0
# a continuation: ("random" | "heuristic", eps) or ("bot", 0.0): the fixed bot itself
Continuation = tuple[str, float]


@dataclass(frozen=True)
class LbrSettings:
    """How much a local best response spends. See the module docstring."""

    particles: int = 16  # determinizations in the belief, each rolled out once per action
    depth: int | None = 10  # rollout decisions before the evaluation (None: to the end)
    tries: int = 32  # chance redraws for a particle to match what the seat sees

    def __post_init__(self) -> None:
        if self.particles < 1 or self.tries < 1:
            raise RatkingError("a local best response needs at least one particle and try")


class LocalBestResponse:
    """Local best response against a fixed bot (see the module docstring). `model(seed)`
    makes a copy of the fixed bot; `stand_in(game)` is the continuation for its seats."""

    name = "lbr"

    def __init__(self, model: Callable[[int], Bot], stand_in: Callable[[Any], Continuation],
                 settings: LbrSettings | None = None, seed: int | None = None) -> None:
        self.settings = settings or LbrSettings()
        self.rng = random.Random(seed)
        self._make, self._stand_in = model, stand_in
        self._model: Bot | None = None
        self._beliefs: dict[int, Belief] = {}
        self.last_iterations = 0  # rollouts of the last decision (0: a forced move)
        self.resets = 0  # fresh deals of a belief left with no particle

    def model(self) -> Bot:
        if self._model is None:
            self._model = self._make(self.rng.getrandbits(63))
        return self._model

    def belief(self, state: State) -> Belief:
        """The belief of the seat to move, brought up to `state`."""
        seat = state.to_move
        belief = self._beliefs.get(seat)
        if belief is None:
            model = self.model()
            belief = self._beliefs[seat] = Belief(
                seat, lambda s: action_probabilities(model, s), self.settings.particles,
                self.rng, self.settings.tries)
        before = belief.resets
        belief.track(state)
        self.resets += belief.resets - before
        return belief

    def outcomes(self, state: State) -> tuple[list[float], list[list[float]]]:
        """The particles' weights (summing to 1) and, for each legal action (in legal order),
        its rollout's value to the seat to move in each particle."""
        seat = state.to_move
        particles = self.belief(state).normalized()
        seeds = [self.rng.getrandbits(63) for _ in particles]
        play = self._rollout(state)
        out = []
        for action in state.legal_actions():
            row = []
            for (particle, _), seed in zip(particles, seeds, strict=True):
                s = particle.clone()
                s.rng = KeyedRng(seed)
                s.apply(action)
                row.append(play(s, seat, seed))
            out.append(row)
        self.last_iterations = len(out) * len(particles)
        return [w for _, w in particles], out

    def values(self, state: State) -> list[float]:
        """Each legal action's value to the seat to move (in legal order): its rollouts'
        mean, weighted by the belief."""
        weights, rows = self.outcomes(state)
        return [lead(weights, row, None) for row in rows]

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        weights, rows = self.outcomes(state)
        hint = state.game.heuristic(state, self.rng) if state.game.heuristic else None
        base = next((row for a, row in zip(legal, rows, strict=True) if a is hint), None)
        scores = [lead(weights, row, base) for row in rows]
        order = sorted(range(len(legal)), key=lambda i: (-scores[i], legal[i] is not hint))
        pick = legal[order[0]]
        if repeats(state.history, pick.id):
            done = taken_here(state)
            pick = next((legal[i] for i in order if legal[i].id not in done), pick)
        return pick

    # --- rollouts --------------------------------------------------------------------------

    def _rollout(self, state: State) -> Callable[[State, int, int], float]:
        """How this game's rollouts are played: natively where they can be."""
        game = state.game
        own: Continuation = ("heuristic" if game.heuristic is not None else "random", 0.0)
        theirs = self._stand_in(game)
        depth = self.settings.depth
        if theirs[0] != "bot" and chosen_core() != "python" and available(game.id) and \
                searchable(game.id):
            return lambda s, seat, seed: _native_rollout(s, seat, seed, own, theirs, depth)
        policies = {k: self._policy(k) for k in {own, theirs}}
        return lambda s, seat, seed: _python_rollout(s, seat, random.Random(seed),
                                                     policies[own], policies[theirs], depth)

    def _policy(self, kind: Continuation) -> Callable[[State, random.Random], Action]:
        name, eps = kind
        if name == "bot":
            bot = self.model()
            return lambda s, rng: bot.choose(s)

        def play(s: State, rng: random.Random) -> Action:
            if name == "random" or (eps > 0.0 and rng.random() < eps):
                legal = s.legal_actions()
                return legal[int(rng.random() * len(legal))]
            return s.game.heuristic(s, rng)
        return play


def lead(weights: list[float], row: list[float], base: list[float] | None) -> float:
    """How surely an action's rollouts beat the heuristic's choice's (`base`, the same
    particles and seeds): the weighted mean of the paired differences less CONFIDENCE
    standard errors; with no heuristic, the action's weighted mean."""
    if base is None:
        return sum(w * v for w, v in zip(weights, row, strict=True))
    diffs = [v - b for v, b in zip(row, base, strict=True)]
    mean = sum(w * d for w, d in zip(weights, diffs, strict=True))
    spread = sum(w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=True))
    effective = 1.0 / sum(w * w for w in weights)
    return mean - CONFIDENCE * math.sqrt(spread / effective)


def _value(returns: list[float] | None, seat: int, players: int) -> float:
    return 1.0 / players if returns is None else returns[seat]


def _python_rollout(s: State, seat: int, rng: random.Random, own, theirs,
                    depth: int | None) -> float:
    steps = 0
    while not s.over and (depth is None or steps < depth):
        s.apply((own if s.to_move == seat else theirs)(s, rng))
        steps += 1
    evaluate = s.game.evaluate
    if s.over:
        return s.returns()[seat]
    return _value(evaluate(s) if evaluate is not None else None, seat, s.players)


def _native_rollout(s: State, seat: int, seed: int, own: Continuation, theirs: Continuation,
                    depth: int | None) -> float:
    """The rollout of `_python_rollout` on the compiled core (its own draws of chance and of
    the heuristic's jitter, from `seed`)."""
    handle = require(s.game.id).Handle.from_state(s)
    jitter = load().MersenneTwister(chance.seed_words(seed))
    rand = random.Random(seed).random
    steps = 0
    while not handle.is_over and (depth is None or steps < depth):
        name, eps = own if handle.to_move == seat else theirs
        if name == "random" or (eps > 0.0 and rand() < eps):
            ids = handle.legal_ids()
            handle.apply(ids[int(rand() * len(ids))])
        else:
            handle.apply(handle.heuristic(jitter))
        steps += 1
    if handle.is_over:
        return handle.returns()[seat]
    evaluate = s.game.evaluate
    return _value(handle.evaluate() if evaluate is not None else None, seat, s.players)
