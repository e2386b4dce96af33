"""Rat-a-Tat Roll on the compiled core: a handle built from the Python engine's game and state
(its JSON), answering as the Python state does, so that every step can be compared."""

from __future__ import annotations

import weakref
from typing import Any

import numpy as np

from ..core import spaces
from ..core.rng import new_seed
from ..games.rat_a_tat_roll.phases import PHASE_NAMES
from . import chance, load

_GAMES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def compiled_game(game: Any) -> Any:
    """The compiled twin of a RatATatRoll (its rule options and components), made once."""
    made = _GAMES.get(game)
    if made is None:
        core = load()
        assert core is not None, "ratking.native.require checks the core is built"
        c = core.roll.Config()
        r, board = game.rules, game.board
        c.values = list(game.values)
        c.reroll_icon_from = r.reroll_icon_from
        c.kinds, c.regions = list(board.kinds), list(board.regions)
        c.colours, c.start = list(board.colours), board.start
        c.wild_faces = list(board.wild_faces)
        c.number_dice, c.dice_sides = r.number_dice, r.dice_sides
        c.cards_two_players, c.cards = r.cards_two_players, r.cards
        c.start_tokens, c.total_tokens = r.start_tokens, r.total_tokens
        c.reshuffle_above = r.reshuffle_above
        c.max_rounds = -1 if r.max_rounds is None else r.max_rounds
        c.memory_aid = r.memory_aid
        made = _GAMES[game] = core.roll.Game(c)
    return made


def _layout(game: Any, players: int) -> Any:
    lay = spaces.observation_layout(game, players)
    out = load().roll.Layout()
    at = lay.at
    out.size = lay.size
    for name in ("to_move", "phase", "pawn", "regions", "draw_pile", "token_pool", "dice",
                 "wild", "tie", "offered", "final_round", "round", "over"):
        setattr(out, name, at[name])
    out.seat_cards = at["seat0.cards"]
    out.seat_stride = at["seat1.cards"] - at["seat0.cards"]
    out.seat_tokens = at["seat0.tokens"] - at["seat0.cards"]
    return out


class NativeRoll:
    """A game of Rat-a-Tat Roll held by the compiled core."""

    __slots__ = ("_ids", "_native", "_state", "game", "players")

    def __init__(self, game: Any, native_state: Any) -> None:
        self.game = game
        self.players = native_state.players
        self._native = compiled_game(game)
        self._ids = self._native.action_ids
        self._state = native_state

    @classmethod
    def new_game(cls, game: Any, players: int, seed: int) -> NativeRoll:
        """The compiled twin of `game.new_game(players, seed=seed)`."""
        game.check_players(players)
        native = compiled_game(game)
        return cls(game, load().roll.State.start(native, players, chance.seed_words(seed),
                                                 str(seed)))

    @classmethod
    def from_json(cls, game: Any, data: dict[str, Any]) -> NativeRoll:
        """From a Python state's `to_json()` (a state of `game`), checked by the Python engine's
        loader first (RecordError for bad data)."""
        game.from_json(data)
        core = load()
        native = compiled_game(game)
        s = core.roll.State.blank(native, data["players"])
        st = data["state"]
        s.hands = st["hands"]
        s.faceup, s.pile, s.tokens = st["faceup"], st["pile"], st["tokens"]
        s.pool, s.pawn = st["pool"], st["pawn"]
        s.phase = PHASE_NAMES.index(st["phase"])
        s.dice, s.wild, s.choices = st["dice"], st["wild"], st["choices"]
        s.known = [chance.mask_words(k) for k in st["known"]]
        s.public = chance.mask_words(st["public"])
        s.final_left, s.round, s.turns = st["final_left"], st["round"], st["turns"]
        s.to_move, s.over = data["to_move"], data["over"]
        s.result = data["result"] or []
        s.end_reason = data["end_reason"] or ""
        s.unordered = data.get("unordered", {}).get("pile", -1)
        seed, pos = data["rng"][:2]
        s.rng = chance.make(core, seed, pos, len(data["rng"]) == 3)
        return cls(game, s)

    @classmethod
    def from_state(cls, state: Any) -> NativeRoll:
        return cls.from_json(state.game, state.to_json())

    def to_json(self) -> dict[str, Any]:
        """The game's part of the Python state's `to_json()`: `state`, `rng`, `to_move`,
        `over`, `result`, `end_reason` and `unordered` (the history, the log and the undo bar
        are the Python engine's narration, not kept here)."""
        s = self._state
        out = {
            "rng": chance.dump(s.rng),
            "to_move": s.to_move,
            "over": s.over,
            "result": list(s.result) if s.over else None,
            "end_reason": s.end_reason if s.over else None,
            "state": {
                "hands": s.hands, "faceup": s.faceup, "pile": s.pile, "tokens": s.tokens,
                "pool": s.pool, "pawn": s.pawn, "phase": PHASE_NAMES[s.phase],
                "dice": s.dice, "wild": s.wild, "choices": s.choices,
                "known": [chance.words_mask(k) for k in s.known],
                "public": chance.words_mask(s.public), "final_left": s.final_left,
                "round": s.round, "turns": s.turns,
            },
        }
        if s.unordered >= 0:
            out["unordered"] = {"pile": s.unordered}
        return out

    @property
    def is_over(self) -> bool:
        return self._state.over

    @property
    def to_move(self) -> int:
        return self._state.to_move

    def legal_ids(self) -> list[str]:
        ids = self._ids
        return [ids[a] for a in self._state.legal()]

    def apply(self, action_id: str) -> None:
        """Play the action with this id (ValueError if it is not legal now)."""
        index = self._native.action_index(action_id)
        if index < 0:
            raise ValueError(f"no action {action_id!r} in this game")
        self._state.apply(index)

    def returns(self) -> list[float]:
        return self._state.returns()

    def evaluate(self) -> list[float]:
        return self._state.evaluate()

    def determinize(self, seat: int | None, seed: int | None = None) -> NativeRoll:
        """As State.determinize: a copy with all `seat` cannot know re-dealt."""
        seed = new_seed() if seed is None else seed
        return NativeRoll(self.game, self._state.determinize(-1 if seat is None else seat,
                                                             str(seed)))

    def heuristic(self, jitter: Any) -> str:
        """The heuristic's action id; `jitter` a core.MersenneTwister (its random.Random)."""
        return self._ids[self._state.heuristic(jitter)]

    def observation(self, seat: int | None, recall: bool = False) -> np.ndarray:
        """As State.observation (recall: State.information_state)."""
        lay = _layout(self.game, self.players)
        out = np.zeros(lay.size, np.float32)
        self._state.observe(-1 if seat is None else seat, recall, lay, out)
        return out


Handle = NativeRoll  # the handle of this game (ratking.native.search builds its states so)


def play(game: Any, players: int, games: int, seed: int,
         heuristic: tuple[bool, ...] = ()) -> tuple[int, int, list[float]]:
    """Play `games` whole games natively in one call: (games, decisions, summed returns per
    seat). Game i has seed `seed` + i; random seats pick with one random.Random(seed) as
    ratking.sim.bench does, and the seats flagged in `heuristic` play the heuristic, seat k of
    game i as HeuristicBot((seed + i) * 10 + k)."""
    game.check_players(players)
    return compiled_game(game).play(players, games, seed, list(heuristic))
