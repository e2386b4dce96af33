"""Every ratking game as an OpenSpiel game: importing this module registers each with
`pyspiel.register_game` as `ratking_<id with underscores>`.

    import pyspiel
    import ratking.envs.openspiel
    game = pyspiel.load_game("ratking_rat_a_tat_roll", {"players": 3, "cards": 3})

Python callers read tensors and strings straight from ratking; OpenSpiel's C++ side (its
tests, its C++ algorithms) reads the same through a Python observer.

Parameters: `players` (the game type's most is the game's with its default rules; Rat & Duck
with more units takes more, and OpenSpiel accepts them), `seed` (-1: a fresh random deal for
every new game; 0 or more: the same deals for the same calls each time the game is loaded),
`chance` and `deals` (below) and every rule option of the game, with the rulebook defaults but
for `max_rounds`, which takes the environments' round cap (`common.env_rounds`) unless the game
has its own; it (and any other rule that may be "none") is 0 for none; and `cards_file` (the
Target: Rats games also `board_file`): another component file by path, "" for the game's own.

A sequential, imperfect-information, general-sum game. With `chance="sampled"` (the default)
chance is sampled: dice and shuffles happen inside the moves, from the state's own seeded
generator, so there are no chance nodes and a clone replays the same chance. With
`chance="explicit"` the game starts at a chance node that picks one of `deals` set-ups
(uniformly; set-up d is the ratking game with seed d, its draw piles then left in no order), and
every die roll, draw and shuffle after it is a chance node of its own, with its real outcomes,
equally likely (`ratking.envs.chance`: the state's generator is told each outcome); with
`deals=0` the set-up's own shuffles and picks are chance nodes too. So
OpenSpiel's tree algorithms (CFR, best response, exploitability) see all of chance and a state
is its history: on a tiny rule set (`TINY_RULES`) they run to the end. Games and states pickle,
deep-copy and travel to worker processes in either mode (a game takes its generator's state
along); OpenSpiel's `serialize_game_and_state` needs the explicit mode, as its Python binding
has no way to save a sampled game's generator. Actions are numbers in ratking's action space
(their strings are the action ids); returns are ratking's (1 a win, 0 a loss, shares of 1).
Observation tensors are ratking's observation tensors; the observation string is the seat's
view as JSON. The information-state string is perfect recall in words: every event the seat
was told (its own secrets included), a line each, then its view. The information-state tensor
is ratking's `information_state(seat)`: the observation tensor, and in Rat-a-Tat Roll also
every card value the seat was shown (which its view forgets without the memory aid). It keeps
what matters for play, not the order of past events. OpenSpiel's observation types
(`make_observation(game, IIGObservationType(...))`) are all honoured: public information only
(the spectator's tensor and view, the same for every seat), the seat's private information only
(its tensor less the public part laid out from its place, and the parts of its view and events
a spectator is not shown), or both; with perfect recall or not. `resample_from_infostate` is
ratking's `determinize`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np
import pyspiel

from ..core import Game, RatkingError, State, game_class, list_games, make
from ..core.spaces import ActionSpace
from .chance import SET_UP, Teller, Unknown, explicit_apply, explicit_setup, leave_unordered
from .common import STEPS_PER_ROUND, Spec, env_rounds
from .openspiel_observer import (
    RECALL_KIND,
    RatkingObserver,
    kind_of,
    recall_string,
    tensor,
    view_string,
)

SEED_BITS = 62
# an upper bound on decisions, which OpenSpiel requires, for a game with no round cap (one with
# a cap is bounded by rounds x STEPS_PER_ROUND x players)
MAX_GAME_LENGTH = 10**6
CHANCE_MODES = ("sampled", "explicit")
DEALS = 1000  # the chance node's outcomes in the explicit mode, by default
# the most outcomes of a chance node after the deal (a draw or a shuffle of the largest pile
# the rules allow, a die of the most faces)
CHANCE_OUTCOMES = 256
# Rat-a-Tat Roll cut down until OpenSpiel's tabular CFR and exploitability run to the end
# (with `chance="explicit"`, two players and one deal): one card each, one die of three sides,
# no re-roll tokens, a deck of ten cards (one of each value), no reshuffle of the face-up
# cards, no round cap (the game ends by its rules in a round or two; a capped game is a draw
# whatever is played)
TINY_RULES = {"cards_two_players": 1, "cards": 1, "number_dice": 1, "dice_sides": 3,
              "start_tokens": 0, "copies_per_value": 1, "nines": 1, "reshuffle_above": 5,
              "max_rounds": 0}


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a ratking game: ratking_rat_a_tat_roll..."""
    return "ratking_" + game_id.replace("-", "_")


def parameters(cls: type[Game]) -> dict[str, Any]:
    """The OpenSpiel parameters of a game and their defaults."""
    out: dict[str, Any] = {"players": cls.min_players, "seed": -1, "chance": "sampled",
                           "deals": DEALS}
    for spec in cls.rule_specs:
        if spec.optional:
            if spec.type is not int or (spec.minimum or 0) < 1:
                raise RatkingError(f"rule {spec.name!r} may be none but has no spare value "
                                   "to say so in OpenSpiel")
            default = spec.default
            if default is None and spec.name == "max_rounds":
                default = env_rounds(cls.id)
            out[spec.name] = 0 if default is None else default
        else:
            out[spec.name] = spec.default
    for kind in cls.component_files:  # another component file, by path ("": the game's own)
        out[f"{kind}_file"] = ""
    return out


def rules_from(cls: type[Game], params: dict[str, Any]) -> dict[str, Any]:
    """ratking rule options from OpenSpiel parameters (0 for an optional rule is none)."""
    rules = {}
    for spec in cls.rule_specs:
        if spec.name in params:
            value = params[spec.name]
            rules[spec.name] = None if spec.optional and value == 0 else value
    files = {kind: params[f"{kind}_file"] for kind in cls.component_files
             if params.get(f"{kind}_file")}
    if files:
        rules["card_files"] = files
    return rules


class RatkingGame(pyspiel.Game):
    """A ratking game in OpenSpiel; one subclass per game is registered (see the module)."""

    ratking_id: ClassVar[str]
    game_type: ClassVar[pyspiel.GameType]
    explicit_type: ClassVar[pyspiel.GameType]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        cls = game_class(self.ratking_id)
        params = {**parameters(cls), **(params or {})}  # OpenSpiel refuses unknown names
        try:
            if params["chance"] not in CHANCE_MODES:
                raise RatkingError(f"chance must be {' or '.join(CHANCE_MODES)}, not "
                                   f"{params['chance']!r}")
            if params["deals"] < 0:
                raise RatkingError(f"deals must be 0 or more, not {params['deals']}")
            spec = Spec(self.ratking_id, params["players"], rules_from(cls, params))
        except RatkingError as exc:
            # made whole before raising, so that a traceback showing it reads no garbage
            super().__init__(self.game_type, pyspiel.GameInfo(1, 0, cls.min_players, 0.0, 1.0,
                                                              None, 1), {})
            raise ValueError(str(exc)) from None
        self.ratking: Game = spec.game
        self.players: int = spec.players
        self.space: ActionSpace = spec.space
        self.tensor_size: int = spec.layout.size
        self.explicit: bool = params["chance"] == "explicit"
        self.deals: int = params["deals"]
        cap = spec.game.rules.get("max_rounds")
        length = MAX_GAME_LENGTH if cap is None else cap * STEPS_PER_ROUND * spec.players
        info = pyspiel.GameInfo(num_distinct_actions=len(spec.space),
                                max_chance_outcomes=max(self.deals, CHANCE_OUTCOMES)
                                if self.explicit else 0,
                                num_players=spec.players, min_utility=0.0, max_utility=1.0,
                                utility_sum=None, max_game_length=length)
        super().__init__(self.explicit_type if self.explicit else self.game_type, info, params)
        self.length: int = length  # max_game_length, kept for the states' every-step check
        seed = params["seed"]
        self.seeds = random.Random(None if seed < 0 else seed)

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled by name, parameters and the state of the generator that deals new games
        return (load_game, (self.get_type().short_name, self.get_parameters(),
                            self.seeds.getstate()))

    def new_initial_state(self) -> RatkingState:
        return RatkingState(self)

    # OpenSpiel's own shape queries deal a new game each time; these answer from the layout
    def observation_tensor_shape(self) -> list[int]:
        return [self.tensor_size]

    def observation_tensor_size(self) -> int:
        return self.tensor_size

    information_state_tensor_shape = observation_tensor_shape
    information_state_tensor_size = observation_tensor_size

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> RatkingObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return RatkingObserver(self.tensor_size, kind_of(iig_obs_type))


class Holder:
    """What an OpenSpiel state carries: the ratking state and, per seat, the lines of the
    events it was told so far (for information-state strings).

    OpenSpiel clones a Python state by deep-copying its attributes, so this one attribute
    copies itself the ratking way (`clone`). A new state deals its game on first use, so that
    the new states OpenSpiel makes only to clone into cost nothing. Strings and tensors are
    remembered until the state changes: OpenSpiel's ISMCTS asks for the same information-state
    string two or three times at every node it passes.
    """

    __slots__ = ("chance", "game", "lines", "memo", "pending", "space", "state")

    def __init__(self, game: RatkingGame | None, state: State | None = None,
                 lines: dict[Any, tuple[list[str], int]] | None = None) -> None:
        self.game = game
        self.state = state
        self.lines = lines or {}
        self.space = None if state is None else state.game.action_space(state.players)
        self.memo: tuple[int, dict[Any, Any]] | None = None  # (history length, key -> value)
        # the explicit mode between a decision and its chance: the action and the outcomes
        # told so far, and what the next read is (`chance.Unknown`)
        self.pending: tuple[int, list[tuple[int, int]]] | None = None
        self.chance: Unknown | None = None

    def dealt(self) -> bool:
        """False at the explicit mode's opening chance nodes, before the deal."""
        return self.state is not None or (self.game is not None and not self.game.explicit)

    def opening(self) -> None:
        """With `deals=0`, the set-up's own chance: its next read, worked out once."""
        if self.state is None and self.chance is None and self.game.deals == 0:
            self.pending = (SET_UP, [])
            self.probe()

    def deal(self, number: int) -> None:
        """The explicit mode's chance outcome: the game with seed `number`."""
        game = self.game
        state = game.ratking.new_game(game.players, seed=number)
        leave_unordered(state)
        self.state = state
        self.space = game.space

    def play(self, action: int) -> None:
        """A decision, in the explicit mode: applied as soon as every chance it meets is
        told (a chance node until then)."""
        self.pending = (action, [])
        self.probe()

    def tell(self, outcome: int) -> None:
        """The explicit mode's chance outcome for the pending decision's next read."""
        self.pending[1].append((outcome, self.chance.n))
        self.probe()

    def probe(self) -> None:
        action, told = self.pending
        try:
            if action == SET_UP:
                game = self.game
                self.state = explicit_setup(game.ratking, game.players, told)
                self.space = game.space
            else:
                self.state = explicit_apply(self.state, self.space.action(action), told)
        except Unknown as need:
            if need.n > CHANCE_OUTCOMES:
                raise RatkingError(f"a {need.kind} of {need.n} outcomes: more than the "
                                   f"{CHANCE_OUTCOMES} a chance node may have") from None
            self.chance = need
            return
        self.pending = self.chance = None

    def get(self) -> State:
        state = self.state
        if state is None:
            game = self.game
            if game.explicit:
                raise RatkingError("the game is not dealt yet: apply a chance outcome first")
            state = self.state = game.ratking.new_game(game.players,
                                                       seed=game.seeds.getrandbits(SEED_BITS))
            self.space = game.space
        return state

    def __deepcopy__(self, memo: dict) -> Holder:
        new = Holder(self.game) if not self.dealt() else \
            Holder(self.game, self.get().clone(), self.copied_lines())
        if self.pending is not None:
            new.pending = (self.pending[0], self.pending[1][:])
            new.chance = self.chance
        return new

    def __getstate__(self) -> dict[str, Any]:
        if not self.dealt():  # the game is needed to deal: by name and parameters
            game = self.game
            return {"game": None, "load": (game.get_type().short_name,
                                           game.get_parameters()), "pending": self.pending,
                    "chance": None if self.chance is None else (self.chance.kind,
                                                                self.chance.n)}
        state = self.get()
        return {"game": state.game.id, "rules": state.game.rules.as_dict(),
                "card_files": state.game.file_overrides(), "state": state.to_json(),
                "explicit": isinstance(state.rng, Teller), "pending": self.pending,
                "chance": None if self.chance is None else (self.chance.kind, self.chance.n)}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.game = None
        self.lines = {}
        self.memo = None
        self.state = self.space = None
        self.pending = self.chance = None
        if data["game"] is not None:
            self.state = make(data["game"], card_files=data.get("card_files"),
                              **data["rules"]).from_json(data["state"])
            self.space = self.state.game.action_space(self.state.players)
            if data["explicit"]:
                self.state.rng = Teller()
        else:
            self.game = pyspiel.load_game(*data["load"])
        if data["pending"] is not None:
            action, told = data["pending"]
            self.pending = (action, [tuple(t) for t in told])
            self.chance = Unknown(*data["chance"])

    def remembered(self, key: Any, work_out: Callable[[], Any]) -> Any:
        """`work_out()`, once per version of the state (a state changes only by `apply`,
        which lengthens its history)."""
        steps = len(self.get().history)
        memo = self.memo
        if memo is None or memo[0] != steps:
            memo = self.memo = (steps, {})
        found = memo[1].get(key)
        if found is None:
            found = memo[1][key] = work_out()
        return found

    def copied_lines(self) -> dict[Any, tuple[list[str], int]]:
        return {key: (lines[:], seen) for key, (lines, seen) in self.lines.items()}

    def told(self, seat: int | None, only_private: bool = False) -> list[str]:
        """Every event `seat` was told (None: a spectator), a line `step: text` each; with
        `only_private`, the events whose details the seat alone was told. Kept and
        extended as the game goes on."""
        key = (seat, only_private)
        lines, seen = self.lines.get(key) or ([], 0)
        state = self.get()
        events = state.events_for(seat, since=seen)
        if only_private:
            public = state.events_for(None, since=seen)
            events = [e for e, p in zip(events, public, strict=True) if e.data != p.data]
        lines.extend(f"{e.step}: {e.text}" for e in events)
        self.lines[key] = (lines, len(state.log))
        return lines


class RatkingState(pyspiel.State):
    """A ratking game in progress, as an OpenSpiel state."""

    def __init__(self, game: RatkingGame, holder: Holder | None = None) -> None:
        super().__init__(game)
        self.holder = holder or Holder(game)

    def __reduce__(self) -> tuple[Any, ...]:
        game = self.get_game()
        if game.explicit:  # a state is its history: replayed, OpenSpiel's history included
            return (replay_history, (game, self.history()))
        # the ratking state as JSON (its generator included) and the game it belongs to
        return (restore_state, (game, self.holder.__getstate__()))

    def __deepcopy__(self, memo: dict) -> RatkingState:
        return self.clone()  # OpenSpiel's own copy: its history too, and the holder's copy

    def ratking_state(self) -> State:
        """The ratking state inside (shared, not a copy)."""
        return self.holder.get()

    def stalled(self) -> bool:
        """True once a game still running has taken `max_game_length` decisions: it ends
        there as a draw, so the bound OpenSpiel's algorithms rely on holds (in Rat & Duck a
        policy can repeat Link and Unlink within a turn for ever; the rules let it)."""
        state = self.holder.get()
        return not state.over and state.steps >= self.get_game().length

    def current_player(self) -> int:
        holder = self.holder
        if not holder.dealt() or holder.pending is not None:
            return pyspiel.PlayerId.CHANCE
        state = holder.get()
        return pyspiel.PlayerId.TERMINAL if state.over or self.stalled() else state.to_move

    def is_chance_node(self) -> bool:
        holder = self.holder
        return not holder.dealt() or holder.pending is not None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The explicit mode's chance nodes: every deal, or every outcome of a die, a draw
        or a place of a shuffle, equally likely."""
        holder = self.holder
        if not holder.dealt():
            holder.opening()
        n = self.get_game().deals if holder.chance is None else holder.chance.n
        return [(d, 1.0 / n) for d in range(n)]

    def _legal_actions(self, player: int) -> list[int]:
        holder = self.holder
        if self.is_chance_node():
            return [d for d, _ in self.chance_outcomes()]
        if self.stalled():
            return []
        legal = holder.get().legal_actions()
        return holder.space.indices(legal)

    def _apply_action(self, action: int) -> None:
        holder = self.holder
        if not holder.dealt() and self.get_game().deals:
            holder.deal(action)
        elif not holder.dealt() or holder.pending is not None:
            holder.opening()
            holder.tell(action)
        elif self.get_game().explicit:
            holder.play(action)
        else:
            holder.get().apply(holder.space.action(action))

    def _action_to_string(self, player: int, action: int) -> str:
        holder = self.holder
        if player == pyspiel.PlayerId.CHANCE:
            if not holder.dealt():
                holder.opening()
            chance = holder.chance
            if chance is None:
                return f"deal {action}" if holder.state is None else f"chance {action}"
            return f"{chance.kind}: {action + 1} of {chance.n}"
        holder.get()
        return holder.space.ids[action]

    def is_terminal(self) -> bool:
        holder = self.holder
        return holder.dealt() and holder.pending is None and (holder.get().over
                                                              or self.stalled())

    def returns(self) -> list[float]:
        holder = self.holder
        players = self.get_game().players
        if not holder.dealt():
            return [0.0] * players
        if holder.pending is None and self.stalled():
            return [1.0 / players] * players
        return holder.get().returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> RatkingState:
        """A state `player_id` cannot tell from this one: ratking's determinize, seeded from
        OpenSpiel's sampler."""
        seed = int(probability_sampler() * 2**SEED_BITS)
        holder = self.holder
        twin = Holder(holder.game, holder.get().determinize(player_id, seed),
                      holder.copied_lines())
        if self.get_game().explicit:  # its chance is told, as the game's is
            twin.state.rng = Teller()
            if holder.pending is not None:
                twin.pending = (holder.pending[0], holder.pending[1][:])
                twin.chance = holder.chance
        return RatkingState(self.get_game(), twin)

    def __str__(self) -> str:
        if not self.holder.dealt():
            told = "" if self.holder.pending is None else f", told {self.holder.pending[1]}"
            return "before the deal" + told
        holder = self.holder
        data = holder.get().to_json()
        del data["log"]  # follows from the rest
        if holder.pending is not None:
            data["pending"] = holder.pending
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    # Python callers get these straight from ratking (C++ callers go through the observer)
    def observation_tensor(self, player: int | None = None) -> list[float]:
        return tensor(self.holder, self._player(player)).tolist()

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        return tensor(self.holder, self._player(player), RECALL_KIND).tolist()

    def observation_string(self, player: int | None = None) -> str:
        return view_string(self.holder, self._player(player))

    def information_state_string(self, player: int | None = None) -> str:
        return recall_string(self.holder, self._player(player))

    def _player(self, player: int | None) -> int:
        if player is None:
            player = self.current_player()
        if not isinstance(player, int | np.integer) or not \
                0 <= player < self.holder.get().players:
            raise ValueError(f"no player {player!r} to observe")
        return int(player)


def load_game(name: str, params: dict[str, Any], seeds: Any) -> RatkingGame:
    """A pickled game loaded again: by name and parameters, its generator where it was."""
    game = pyspiel.load_game(name, params)
    game.seeds.setstate(seeds)
    return game


def replay_history(game: RatkingGame, history: list[int]) -> RatkingState:
    """An explicit-chance state made again from its history."""
    state = game.new_initial_state()
    for action in history:
        state.apply_action(action)
    return state


def restore_state(game: RatkingGame, data: dict[str, Any]) -> RatkingState:
    """A pickled state restored into its game."""
    holder = Holder.__new__(Holder)
    holder.__setstate__(data)
    holder.game = game
    return RatkingState(game, holder)


def make_type(name: str, title: str, cls: type[Game], chance: Any) -> pyspiel.GameType:
    """The OpenSpiel game type of a ratking game in one chance mode."""
    return pyspiel.GameType(
        short_name=name, long_name=f"ratking {title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL, chance_mode=chance,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players, min_num_players=cls.min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=parameters(cls))


def register_all() -> list[str]:
    """Register every ratking game with OpenSpiel (done on import); return the names."""
    names = []
    known = set(pyspiel.registered_names())
    for info in list_games():
        name = short_name(info.id)
        names.append(name)
        if name in known:
            continue
        cls = game_class(info.id)
        game_type, explicit_type = (make_type(name, info.title, cls, mode) for mode in (
            pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC))
        game = type(f"Ratking{cls.__name__}", (RatkingGame,),
                    {"ratking_id": info.id, "game_type": game_type,
                     "explicit_type": explicit_type})
        pyspiel.register_game(game_type, game)
    return names


GAME_NAMES = register_all()
