"""A seat's belief about what it cannot see, as weighted particles, filtered against a known bot.

Each particle is a determinization of the game (a state in which everything the seat cannot
know is dealt again, `State.determinize`), followed step by step alongside the real game:

- the seat's own action is applied to every particle as it was played;
- an action of another seat is unknown to the seat except through what it then sees (You
  Dirty Rat's Mastermind keeps a card in secret), so in each particle every action the bot
  there would take is tried, and those after which the seat would see exactly what it sees
  in the real game (its `view`) are kept: the particle's weight is multiplied by the chance
  the bot gives them (`action_probabilities`, Bayes' rule with the bot's strategy) and the
  particle goes on with one of them, drawn in proportion. A bot with no probabilities (a
  search) leaves the weights alone: every consistent particle counts the same;
- chance (a roll, a draw) happens inside a step with the particle's own generator; where the
  seat then sees something other than in the real game, the step is redrawn with fresh
  chance, up to `tries` times, and a particle that still cannot match is dropped. (The
  chance of matching is not put in the weight: a simplification, see docs/strength.md.)

When the weights degenerate (the effective number of particles falls below half their
number) the particles are drawn again in proportion to their weights; when none is left, a
fresh set is dealt from the current position with equal weights (`resets` counts these).
Every particle is always consistent with the seat's view. The seat's views along the game
come from replaying its record from the seed (`track`): the belief reads the real game only
through what the seat was shown.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..core import IllegalAction, RatkingError, State
from ..core.rng import KeyedRng

# a bot's distribution at a particle (action id -> probability), or None: no probabilities
Model = Callable[[State], dict[str, float] | None]


class Belief:
    """Weighted particles for `seat`, filtered against the bot `model` plays the other
    seats with (see the module docstring)."""

    def __init__(self, seat: int, model: Model, particles: int, rng: random.Random,
                 tries: int = 32) -> None:
        self.seat = seat
        self.model = model
        self.count = particles
        self.rng = rng
        self.tries = tries
        self.particles: list[State] = []
        self.weights: list[float] = []
        self.resets = 0  # fresh deals made because no particle was left
        self._real: State | None = None  # the game replayed from its record, as far as seen

    # --- following the real game ---------------------------------------------------------

    def deal(self, state: State) -> None:
        """A fresh set of particles: determinizations of `state` for the seat, equal weights."""
        getbits = self.rng.getrandbits
        self.particles = [state.determinize(self.seat, getbits(63)) for _ in range(self.count)]
        self.weights = [1.0] * self.count

    def track(self, state: State) -> None:
        """Bring the belief up to `state`: replay the steps since it last looked (from the
        start of `state`'s record the first time) and filter the particles through each.
        A state whose record does not replay to what the seat sees now (a position set up
        by hand) gets a fresh deal from itself."""
        real = self._real
        history = state.history
        if real is None or real.seed != state.seed or len(real.history) > len(history) or \
                list(real.history) != list(history[:len(real.history)]):
            real = state.game.new_game(state.players, seed=state.seed, names=list(state.names))
            self.deal(real)
        try:
            for aid in history[len(real.history):]:
                mover = real.to_move
                real.apply(aid)
                self.step(mover, aid, real)
        except RatkingError:
            real = None
        if real is None or real.view(self.seat) != state.view(self.seat):
            self._real = None
            self.deal(state)
            return
        self._real = real

    def step(self, mover: int, aid: str, after: State) -> None:
        """Filter every particle through one step of the real game: `mover` played `aid`
        (known only if `mover` is the seat), and `after` is the real state then."""
        seen = after.view(self.seat)
        kept, weights = [], []
        for particle, weight in zip(self.particles, self.weights, strict=True):
            if particle.over or particle.to_move != mover or not particle.legal_actions():
                continue  # a deal in which the mover could not have moved (its cards re-dealt
                # into a hand that has no move here): impossible, whatever the bot
            if mover == self.seat:
                options: dict[str, float] | None = {aid: 1.0}
                even = False
            else:
                options = self.model(particle)
                even = options is None
                if even:
                    legal = particle.legal_actions()
                    options = {a.id: 1.0 for a in legal}
            chance, matches = 0.0, []
            for option, p in options.items():
                if p <= 0.0:
                    continue
                child = self._follow(particle, option, seen)
                if child is not None:
                    chance += p
                    matches.append((child, p))
            if not matches:
                continue
            kept.append(self._draw(matches, chance))
            weights.append(weight if even else weight * chance)
        if not kept:
            self.resets += 1
            self.deal(after)
            return
        self.particles, self.weights = kept, weights
        self._resample_if_degenerate()

    def _draw(self, matches: list[tuple[State, float]], total: float) -> State:
        """One of `matches` (successor, probability), drawn in proportion."""
        if len(matches) == 1:
            return matches[0][0]
        x = self.rng.random() * total
        for child, p in matches:
            x -= p
            if x < 0.0:
                return child
        return matches[-1][0]

    def _follow(self, particle: State, aid: str, seen: dict[str, Any]) -> State | None:
        """`particle` after `aid`, with its chance redrawn until the seat sees `seen`; None
        if it never does."""
        for attempt in range(self.tries):
            child = particle.clone()
            if attempt:
                child.rng = KeyedRng(self.rng.getrandbits(63))
            start = child.rng.pos
            try:
                child.apply(aid)
            except IllegalAction:
                return None  # the seat's own action is legal in every particle; a bot's
                # is tried only where the bot would take it
            if child.view(self.seat) == seen:
                return child
            if child.rng.pos == start and not attempt:
                return None  # no chance in this step: another draw cannot change it
        return None

    def _resample_if_degenerate(self) -> None:
        weights = self.weights
        total = sum(weights)
        if total <= 0.0:
            return
        ess = total * total / sum(w * w for w in weights)
        if ess >= self.count / 2:
            return
        # systematic resampling: `count` evenly spaced draws over the cumulative weights
        step = total / self.count
        x = self.rng.random() * step
        picked, acc, i = [], weights[0], 0
        for _ in range(self.count):
            while x > acc and i < len(weights) - 1:
                i += 1
                acc += weights[i]
            picked.append(self.particles[i].clone())
            x += step
        self.particles, self.weights = picked, [1.0] * self.count

    def normalized(self) -> list[tuple[State, float]]:
        """The particles with their weights summing to 1."""
        total = sum(self.weights)
        return [(p, w / total) for p, w in zip(self.particles, self.weights, strict=True)]
