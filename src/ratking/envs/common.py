"""What the environments share: a game with its spaces checked and its episode cap, seats
played by policies, and rendering."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from typing import Any

import numpy as np

from ..core import Action, Game, RatkingError, State, game_class, make
from ..core.spaces import ActionSpace, Kept, Layout, encoder, legal_list

# The environments' round cap for a game whose rules set none (docs/research.md says why each
# is what it is); a game with a cap of its own (Rat & Duck: 25 rounds) keeps it, and a caller's
# own `max_rounds` (None included: no cap) wins over both.
ENV_ROUNDS = {"rat-a-tat-roll": 50, "you-dirty-rat": 100, "target-rats": 200,
              "target-rats-simplified": 200}
OTHER_GAMES_ROUNDS = 200  # a game not listed above
# decisions a seat may take in one round, at most, in any game: the episode caps in learner
# steps (Gymnasium's `max_episode_steps`) are rounds x this, a backstop behind the round cap
STEPS_PER_ROUND = 64
RENDER_MODES = ["ansi", "human", "rgb_array"]


def own_cap(game_id: str) -> int | None:
    """The round cap a game's own rules set by default (None: none)."""
    for spec in game_class(game_id).rule_specs:
        if spec.name == "max_rounds":
            return spec.default
    return None


def env_rounds(game_id: str) -> int:
    """The round cap the environments give a game by default."""
    return own_cap(game_id) or ENV_ROUNDS.get(game_id, OTHER_GAMES_ROUNDS)


def capped_rules(game_id: str, rules: dict[str, Any]) -> dict[str, Any]:
    """`rules` with the environments' round cap added, unless the caller set `max_rounds` or
    the game has no such rule."""
    if "max_rounds" in rules or not any(s.name == "max_rounds"
                                        for s in game_class(game_id).rule_specs):
        return dict(rules)
    return {**rules, "max_rounds": env_rounds(game_id)}


def truncated(state: State) -> bool:
    """True if a finished game was stopped by a round cap that is not the game's own rule
    (the environments' cap or a caller's): truncation, where an end by the rules (a game's own
    round limit included) is termination."""
    return state.end_reason == "round-cap" and own_cap(state.game.id) is None


def check_render_mode(render_mode: str | None) -> None:
    """Refuse a render mode the environments do not have."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None or one of {', '.join(RENDER_MODES)}, "
                         f"not {render_mode!r}")


class Spec:
    """One game, rule set and player count, with its action space and tensor layout.
    `recall`: observations are information-state tensors (`State.information_state`)."""

    def __init__(self, game_id: str, players: int, rules: dict[str, Any],
                 recall: bool = False) -> None:
        if recall.__class__ is not bool:
            raise RatkingError(f"recall must be True or False, not {recall!r}")
        self.game: Game = make(game_id, **capped_rules(game_id, rules))
        self.game.check_players(players)
        self.players = players
        self.recall = recall
        space = self.game.action_space(players)
        layout = self.game.observation_layout(players)
        if space is None or layout is None:
            raise RatkingError(f"{self.game.title} has no action space or observation tensor")
        self.space: ActionSpace = space
        self.layout: Layout = layout


# masks kept by an environment, one per set of legal actions met (the sets of a game are few
# next to the games played; a cache this full is emptied and filled again)
MASKS_KEPT = 4096


class Masks:
    """Action masks read from the kernel's own list of legal actions (worked out once per
    state), each set of legal actions turned into flags once and kept: most decisions of a
    game offer a set met before."""

    __slots__ = ("_kept", "space")

    def __init__(self, space: ActionSpace) -> None:
        self.space = space
        self._kept: dict[tuple[Action, ...], tuple[np.ndarray, bytes]] = {}

    def kept(self, state: State) -> tuple[np.ndarray, bytes]:
        """The mask of the seat to move (int8, read-only: copy it to hand it out) and its
        bytes, for a row to copy in place."""
        legal = legal_list(state)
        key = tuple(legal)
        found = self._kept.get(key)
        if found is None:
            if len(self._kept) >= MASKS_KEPT:
                self._kept.clear()
            flags = bytes(self.space.flags(legal))
            found = self._kept[key] = (np.frombuffer(flags, dtype=np.int8), flags)
        return found


class Observations:
    """An environment's observation tensors and action masks, each handed out as a new array
    (a caller may change or keep its own).

    A game with `encode_update` keeps one tensor per seat (`Kept`) and writes again only the
    parts of it that changed since that seat last looked; the copy handed out costs what
    clearing a new array would. Any other game's encoder writes straight into the array
    handed out, with nothing kept. A mask is a copy of the one kept for its set of legal
    actions (`Masks`).
    """

    __slots__ = ("_encode", "_kept", "_masks", "_update", "layout", "recall", "size", "space")

    def __init__(self, spec: Spec) -> None:
        self.space = spec.space
        self.layout = spec.layout
        self.size = spec.layout.size
        self.recall = spec.recall
        self._encode = encoder(spec.game, spec.recall)
        self._update = None if spec.recall else spec.game.encode_update
        self._kept: dict[int | None, Kept] = {}
        self._masks = Masks(spec.space)

    def get(self, state: State, seat: int | None) -> np.ndarray:
        """The observation tensor of `seat` (float32; with `recall`, its information
        state). The seat is the environment's own, checked when it was dealt."""
        update = self._update
        if update is None:
            out = np.zeros(self.size, dtype=np.float32)
            self._encode(state, seat, self.layout, memoryview(out))
            return out
        kept = self._kept.get(seat)
        if kept is None:
            kept = self._kept[seat] = Kept(self.layout)
        if kept.state is not state:
            kept.start(state)
        update(state, seat, self.layout, kept.out, kept)
        return kept.array.copy()

    def mask(self, state: State) -> np.ndarray:
        """The action mask of the seat to move (int8: 1 for a legal action; all 0 once the
        game is over)."""
        return self._masks.kept(state)[0].copy()


Policy = Callable[[np.ndarray, np.ndarray], Any]


class PolicySeat:
    """A seat played by a policy: any callable from the seat's observation tensor (float32)
    and the action mask (int8) to an action number. It sits where a bot sits (`choose`)."""

    name = "policy"

    def __init__(self, policy: Policy, spec: Spec) -> None:
        self.policy = policy
        self.space = spec.space
        self.observations = Observations(spec)

    def choose(self, state: State) -> Action:
        seat = state.to_move
        return self.space.action(self.policy(self.observations.get(state, seat),
                                             self.observations.mask(state)))


def render(state: State | None, mode: str | None) -> Any:
    """A state drawn in a render mode: "ansi" the spectator's table as plain text, "human" the
    same printed in colour (returns None), "rgb_array" the board's picture (height x width x 3
    uint8); nothing without a mode or a game."""
    if mode is None or state is None:
        return None
    if mode == "rgb_array":
        return render_rgb(state)
    if mode == "human":
        sys.stdout.write(render_text(state, colour=True))
        sys.stdout.flush()
        return None
    return render_text(state)


def render_rgb(state: State) -> np.ndarray:
    """The board as the web app draws it (the spectator's SVG), rasterized by resvg."""
    import resvg_py
    from PIL import Image

    svg = state.game.render_svg(state.view(None), [])
    png = bytes(resvg_py.svg_to_bytes(svg_string=svg, background="#ffffff"))
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8)


def render_text(state: State, width: int = 100, colour: bool = False) -> str:
    """The spectator's view as the terminal draws it: plain text, or with ANSI colours."""
    from rich.console import Console

    out = io.StringIO()
    console = Console(file=out, width=width, force_terminal=colour,
                      color_system="standard" if colour else None, no_color=not colour)
    console.print(state.game.render_text(state.view(None)))
    status = (f"Game over ({state.end_reason}): returns {state.returns()}" if state.is_over
              else f"{state.names[state.current_player]} to decide")
    console.print(status, highlight=False, markup=False)
    return out.getvalue()
