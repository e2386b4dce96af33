"""Rat-a-Tat Roll on the compiled core: a handle built from the Python engine's game and state
(its JSON), answering as the Python state does, so that every step can be compared."""

from __future__ import annotations

import weakref
from typing import Any

import numpy as np

from ..core import spaces
from ..games.rat_a_tat_roll.phases import PHASE_NAMES
from . import chance, handle, load
from .handle import NativeHandle

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


class NativeRoll(NativeHandle):
    """A game of Rat-a-Tat Roll held by the compiled core."""

    __slots__ = ()
    part = "roll"
    compiled_game = staticmethod(compiled_game)
    layout = staticmethod(_layout)

    @classmethod
    def from_json(cls, game: Any, data: dict[str, Any]) -> NativeRoll:
        """From a Python state's `to_json()` (a state of `game`), checked by the Python engine's
        loader first (RecordError for bad data)."""
        game.from_json(data)
        s = cls.blank(game, data)
        st = data["state"]
        s.hands = st["hands"]
        s.faceup, s.pile, s.tokens = st["faceup"], st["pile"], st["tokens"]
        s.pool, s.pawn = st["pool"], st["pawn"]
        s.phase = PHASE_NAMES.index(st["phase"])
        s.dice, s.wild, s.choices = st["dice"], st["wild"], st["choices"]
        s.known = [chance.mask_words(k) for k in st["known"]]
        s.public = chance.mask_words(st["public"])
        s.final_left, s.round, s.turns = st["final_left"], st["round"], st["turns"]
        s.unordered = data.get("unordered", {}).get("pile", -1)
        return cls(game, s)

    def to_json(self) -> dict[str, Any]:
        """The game's part of the Python state's `to_json()` (NativeHandle.base_json), and
        `unordered`."""
        s = self._state
        out = self.base_json({
            "hands": s.hands, "faceup": s.faceup, "pile": s.pile, "tokens": s.tokens,
            "pool": s.pool, "pawn": s.pawn, "phase": PHASE_NAMES[s.phase],
            "dice": s.dice, "wild": s.wild, "choices": s.choices,
            "known": [chance.words_mask(k) for k in s.known],
            "public": chance.words_mask(s.public), "final_left": s.final_left,
            "round": s.round, "turns": s.turns,
        })
        if s.unordered >= 0:
            out["unordered"] = {"pile": s.unordered}
        return out

    def observe(self, seat: int, recall: bool, lay: Any, out: np.ndarray) -> None:
        self._state.observe(seat, recall, lay, out)

def play(game: Any, players: int, games: int, seed: int,
         heuristic: tuple[bool, ...] = ()) -> tuple[int, int, list[float]]:
    """Whole games natively in one call (handle.play)."""
    return handle.play(NativeRoll, game, players, games, seed, heuristic)
