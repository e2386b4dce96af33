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
marks the legal ones. The reward is the seat's share of `returns()` when the game ends (1 a
win, 0 a loss, shares of 1 for shared wins and draws), 0 before: terminated when the game
finishes by its rules, truncated when it reaches `max_rounds`. An action that is not legal
changes nothing: the same observation comes back, reward 0, and `info["illegal"]` says why.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots import make_bot
from ..core import IllegalAction, RatkingError, State, list_games
from ..core.rng import derive_seed
from .common import Observations, Spec, render_text

SEED_BITS = 62
RESTARTS = 100  # a game that ends before the learner's first turn is dealt again


class RatkingGymEnv(gymnasium.Env):
    """One seat of a ratking game against bots (see the module docstring).

    `opponents` is one bot spec for every other seat or a list with one per other seat, in
    seat order ("random", "heuristic"...: any spec `ratking.bots.make_bot` takes). `seat` is
    the learner's seat; None deals it at random each game. `recall=True`: observations are
    information-state tensors (`State.information_state`).
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, game_id: str, players: int = 2,
                 opponents: str | Sequence[str] = "random", seat: int | None = 0,
                 render_mode: str | None = None, recall: bool = False, **rules: Any) -> None:
        spec = Spec(game_id, players, rules, recall)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if seat is not None and (seat.__class__ is not int or not 0 <= seat < players):
            raise RatkingError(f"seat must be 0 to {players - 1} or None, not {seat!r}")
        specs = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != players - 1:
            raise RatkingError(f"{len(specs)} opponents given for {players - 1} other seats")
        for bot in specs:
            make_bot(bot, 0)  # a bad spec fails here, with make_bot's message
        self.game = spec.game
        self.space = spec.space
        self.recall = recall
        self.players = players
        self.opponents = specs
        self.seat_choice = seat
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 1.0, spec.layout.shape, np.float32)
        self.action_space = spaces.Discrete(len(self.space))
        self.seat = 0 if seat is None else seat
        self.game_state: State | None = None
        self.bots: dict[int, Any] = {}
        self._observations = Observations(spec)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        for _ in range(RESTARTS):
            game_seed = int(self.np_random.integers(0, 2**SEED_BITS))
            if self.seat_choice is None:
                self.seat = int(self.np_random.integers(0, self.players))
            others = [p for p in range(self.players) if p != self.seat]
            self.bots = {p: make_bot(spec, derive_seed(game_seed, 1 + p))
                         for p, spec in zip(others, self.opponents, strict=True)}
            self.game_state = self.game.new_game(self.players, seed=game_seed)
            self._play_bots()
            if not self.game_state.over:
                return self._observations.get(self.game_state, self.seat), self._info()
        raise RatkingError(f"{RESTARTS} games in a row ended before seat {self.seat} could "
                           "play: check the rules")

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        state = self.game_state
        if state is None:
            raise RatkingError("call reset() before step()")
        if state.over:
            raise RatkingError("the game is over: call reset() to start another")
        try:
            state.apply(self.space.action(action))
        except (IllegalAction, RatkingError) as exc:
            info = self._info()
            info["illegal"] = str(exc)
            return self._observations.get(state, self.seat), 0.0, False, False, info
        self._play_bots()
        reward = state.returns()[self.seat] if state.over else 0.0
        truncated = state.over and state.end_reason == "round-cap"
        terminated = state.over and not truncated
        return (self._observations.get(state, self.seat), reward, terminated, truncated,
                self._info())

    def _play_bots(self) -> None:
        state = self.game_state
        bots, seat = self.bots, self.seat
        while not state.over and state.to_move != seat:
            state.apply(bots[state.to_move].choose(state))

    def _info(self) -> dict[str, Any]:
        # all zeros once the game is over
        return {"action_mask": self._observations.mask(self.game_state), "seat": self.seat}

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as bools (the name masked-PPO implementations look for)."""
        return self._info()["action_mask"].astype(bool)

    def render(self) -> str | None:
        """The table as the terminal shows it to a spectator (render_mode "ansi")."""
        if self.render_mode is None or self.game_state is None:
            return None
        return render_text(self.game_state)


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game: ratking/<game-id>-v0."""
    return f"ratking/{game_id}-v0"


def register_all() -> list[str]:
    """Register every ratking game with Gymnasium (done on import); return the ids."""
    ids = []
    for info in list_games():
        name = env_id(info.id)
        if name not in gymnasium.registry:
            gymnasium.register(id=name, entry_point=RatkingGymEnv,
                               kwargs={"game_id": info.id})
        ids.append(name)
    return ids


ENV_IDS = register_all()
