"""Rat-a-Tat Roll on the compiled core: a handle built from the Python engine's game and state
(its JSON), answering as the Python state does, so that every step can be compared."""

from __future__ import annotations

import weakref
from typing import Any

import numpy as np

from ..core import spaces
from ..games.rat_a_tat_roll.phases import PHASE_NAMES
from . import chance, load
from .handle import NativeHandle

_GAMES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
# the state's fields (state.py's _dump) the compiled state holds under the same names
FIELDS = ("hands", "faceup", "pile", "tokens", "pool", "pawn", "dice", "wild", "choices",
          "final_left", "round", "turns")


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
        c.first_seat = r.first_seat
        c.memory_aid = r.memory_aid
        made = _GAMES[game] = core.roll.Game(c)
    return made


class NativeRoll(NativeHandle):
    """A game of Rat-a-Tat Roll held by the compiled core."""

    __slots__ = ()
    compiled_game = staticmethod(compiled_game)
    module, fields, phases, pile = "roll", FIELDS, PHASE_NAMES, "pile"
    slices = ("to_move", "phase", "pawn", "regions", "draw_pile", "token_pool", "dice", "wild",
              "tie", "offered", "final_round", "round", "over")

    @classmethod
    def load_state(cls, game: Any, data: dict[str, Any]) -> Any:
        s = super().load_state(game, data)
        st = data["state"]
        s.known = [chance.mask_words(k) for k in st["known"]]
        s.public = chance.mask_words(st["public"])
        return s

    def dump_state(self) -> dict[str, Any]:
        s = self._state
        return super().dump_state() | {"known": [chance.words_mask(k) for k in s.known],
                                       "public": chance.words_mask(s.public)}

    @classmethod
    def layout(cls, game: Any, players: int) -> Any:
        out = super().layout(game, players)
        at = spaces.observation_layout(game, players).at
        out.seat_cards = at["seat0.cards"]
        out.seat_stride = at["seat1.cards"] - at["seat0.cards"]
        out.seat_tokens = at["seat0.tokens"] - at["seat0.cards"]
        return out

    def observe(self, seat: int, recall: bool, lay: Any, out: np.ndarray) -> None:
        self._state.observe(seat, recall, lay, out)


play, layout = NativeRoll.play, NativeRoll.layout
Handle = NativeRoll  # the handle the native search (search.py) builds
