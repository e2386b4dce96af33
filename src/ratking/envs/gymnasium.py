"""Any ratking game as a single-agent Gymnasium environment: one seat learns, ratking bots
play the others.

    import gymnasium
    import ratking.envs.gymnasium  # registers ratking/<game-id>-v0 for every game
    env = gymnasium.make("ratking/rat-a-tat-roll-v0", players=3, opponents="heuristic",
                         memory_aid=True)
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(action)  # info["action_mask"]

Observations are the learning seat's float32 tensor; actions are numbers in the game's
action space (`env.unwrapped.space.ids[n]` is the action id); `info["action_mask"]` (int8)
marks the legal ones, `info["seat"]` is the learner's seat, `info["to_move"]` the seat to
decide (-1 once over) and `info["scores"]` the game's own scores. The reward is the seat's
share of `returns()` when the game ends (1 a win, 0 a loss, shares of 1 for shared wins and
draws), 0 before: terminated when the game finishes by its rules (Rat & Duck's own round limit
included), truncated when it reaches the environments' round cap or a `max_rounds` given here;
each id is registered with `max_episode_steps` a little above what that cap allows. An action
that is not legal changes nothing: the same observation comes back, reward 0, and
`info["illegal"]` says why. `env.unwrapped.action_masks()` gives the mask as bools.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, TypeVar

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots import make_bot
from ..core import IllegalAction, RatkingError, State, list_games
from ..core.rng import derive_seed
from .common import (
    RENDER_MODES,
    STEPS_PER_ROUND,
    Observations,
    Policy,
    PolicySeat,
    Spec,
    check_render_mode,
    env_rounds,
    render,
    truncated,
)

Opponent = str | Policy
T = TypeVar("T")
SEED_BITS = 62
RESTARTS = 100  # a game that ends before the learner's first turn is dealt again


class Seating:
    """The learner's seat and the opponents of an environment, checked once and dealt for each
    game (see `RatkingGymEnv` for what they may be)."""

    def __init__(self, spec: Spec, opponents: Opponent | Sequence[Opponent],
                 seat: int | None) -> None:
        players = spec.players
        if seat is not None and (seat.__class__ is not int or not 0 <= seat < players):
            raise RatkingError(f"seat must be 0 to {players - 1} or None, not {seat!r}")
        one = isinstance(opponents, str) or callable(opponents)
        specs = [opponents] * (players - 1) if one else list(opponents)
        if len(specs) != players - 1:
            raise RatkingError(f"{len(specs)} opponents given for {players - 1} other seats")
        for bot in specs:
            if not callable(bot):
                make_bot(bot, 0)  # a bad spec fails here, with make_bot's message
        self.spec = spec
        self.opponents = specs
        self.seat = seat

    def deal(self, draw: Callable[[int], int]) -> tuple[State, int, dict[int, Any]]:
        """A new game played up to the learner's first decision: (state, the learner's seat,
        the opponents by seat). `draw(n)` is a random whole number from 0 to n - 1."""
        spec = self.spec

        def play(game_seed: int, seat: int, seeds: dict[int, int]) -> tuple | None:
            bots = {p: self.opponent(o, seeds[p])
                    for p, o in zip(seeds, self.opponents, strict=True)}
            state = spec.game.new_game(spec.players, seed=game_seed)
            if play_bots(state, bots, seat) and not state.over:
                return state, seat, bots
            return None

        return self.first_playable(draw, play)

    def first_playable(self, draw: Callable[[int], int],
                       play: Callable[[int, int, dict[int, int]], T | None]) -> T:
        """`play(game seed, the learner's seat, each opponent's bot seed by seat)` with new
        draws until it gives a game the learner can play (not None); a game ends before the
        learner's first decision only rarely, and RESTARTS in a row is an error."""
        players = self.spec.players
        for _ in range(RESTARTS):
            game_seed = draw(2**SEED_BITS)
            seat = draw(players) if self.seat is None else self.seat
            seeds = {p: derive_seed(game_seed, 1 + p) for p in range(players) if p != seat}
            dealt = play(game_seed, seat, seeds)
            if dealt is not None:
                return dealt
        raise RatkingError(f"{RESTARTS} games in a row ended before the learner could play: "
                           "check the rules")

    def opponent(self, opponent: Opponent, seed: int) -> Any:
        """The player of one other seat: a policy's seat, or the bot a spec names."""
        if callable(opponent):
            return PolicySeat(opponent, self.spec)
        return make_bot(opponent, seed)


def play_bots(state: State, bots: dict[int, Any], seat: int) -> bool:
    """The opponents' decisions, up to the learner's next one or the end of the game. False if
    they stalled instead: more decisions in a row than a round allows every other seat (a
    policy can repeat Rat & Duck's immediate actions for ever; the rules let it), which the
    environments end as a truncation."""
    budget = STEPS_PER_ROUND * (state.players - 1)
    while not state.over and state.to_move != seat:
        if budget == 0:
            return False
        budget -= 1
        state.apply(bots[state.to_move].choose(state))
    return True


class RatkingGymEnv(gymnasium.Env):
    """One seat of a ratking game against bots (see the module docstring).

    `opponents` is one opponent for every other seat or a list with one per other seat, in
    seat order: a bot spec ("random", "heuristic"...: any spec `ratking.bots.make_bot` takes)
    or a policy, any callable from an observation tensor and an action mask to an action
    number (a learned policy, a snapshot of the learner); a list may mix them. `seat` is
    the learner's seat; None deals it at random each game. `recall=True`: observations are
    information-state tensors (`State.information_state`).
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": RENDER_MODES, "render_fps": 2}

    def __init__(self, game_id: str, players: int = 2,
                 opponents: Opponent | Sequence[Opponent] = "random", seat: int | None = 0,
                 render_mode: str | None = None, recall: bool = False, **rules: Any) -> None:
        spec = Spec(game_id, players, rules, recall)
        check_render_mode(render_mode)
        self.seating = Seating(spec, opponents, seat)
        self.game = spec.game
        self.space = spec.space
        self.recall = recall
        self.players = players
        self.opponents = self.seating.opponents
        self.seat_choice = seat
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 1.0, spec.layout.shape, np.float32)
        self.action_space = spaces.Discrete(len(self.space))
        self.seat = 0 if seat is None else seat
        self.game_state: State | None = None
        self.bots: dict[int, Any] = {}
        self.stalled = False  # the opponents stalled: the episode was truncated
        self._observations = Observations(spec)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.game_state, self.seat, self.bots = self.seating.deal(
            lambda n: int(self.np_random.integers(0, n)))
        self.stalled = False
        return self._observations.get(self.game_state, self.seat), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        state = self.game_state
        if state is None:
            raise RatkingError("call reset() before step()")
        if state.over or self.stalled:
            raise RatkingError("the game is over: call reset() to start another")
        try:
            state.apply(self.space.action(action))
        except (IllegalAction, RatkingError) as exc:
            info = self._info()
            info["illegal"] = str(exc)
            return self._observations.get(state, self.seat), 0.0, False, False, info
        stalled = not play_bots(state, self.bots, self.seat)
        if stalled:
            self.stalled = True
        reward = state.returns()[self.seat] if state.over else 0.0
        cut = stalled or (state.over and truncated(state))
        terminated = state.over and not cut
        return (self._observations.get(state, self.seat), reward, terminated, cut,
                self._info())

    def _info(self) -> dict[str, Any]:
        # the mask is all zeros once the game is over; numbers only, so that a vector env
        # can stack them (to_move -1: nobody; scores left out by a game that keeps none)
        state = self.game_state
        info = {"action_mask": self._observations.mask(state), "seat": self.seat,
                "to_move": -1 if state.over else state.to_move}
        scores = state.scores()
        if scores is not None:
            info["scores"] = np.array(scores, dtype=np.float64)
        return info

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as bools (the name masked-PPO implementations look for)."""
        return self._info()["action_mask"].astype(bool)

    def render(self) -> Any:
        """The table as the render mode draws it: "ansi" plain text, "rgb_array" the board's
        picture, "human" the text printed in colour (see `ratking.envs.common.render`)."""
        return render(self.game_state, self.render_mode)


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game: ratking/<game-id>-v0."""
    return f"ratking/{game_id}-v0"


def max_episode_steps(game_id: str) -> int:
    """The learner's steps after which Gymnasium's TimeLimit truncates an episode: a backstop a
    little above what the environments' round cap allows."""
    return env_rounds(game_id) * STEPS_PER_ROUND


def register_all() -> list[str]:
    """Register every ratking game with Gymnasium (done on import); return the ids."""
    ids = []
    for info in list_games():
        name = env_id(info.id)
        if name not in gymnasium.registry:
            gymnasium.register(id=name, entry_point=RatkingGymEnv,
                               kwargs={"game_id": info.id},
                               max_episode_steps=max_episode_steps(info.id),
                               vector_entry_point="ratking.envs.vector:RatkingVectorEnv")
        ids.append(name)
    return ids


ENV_IDS = register_all()
