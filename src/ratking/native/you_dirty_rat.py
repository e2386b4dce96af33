"""You Dirty Rat on the compiled core: a handle built from the Python engine's game and state
(its JSON), answering as the Python state does, so that every step can be compared."""

from __future__ import annotations

import weakref
from typing import Any

from ..core import saved, spaces
from ..core.errors import RecordError
from ..games.you_dirty_rat.actions import slug
from ..games.you_dirty_rat.components import EFFECTS, REWARDS
from ..games.you_dirty_rat.phases import PHASE_NAMES
from . import chance, load
from .handle import NativeHandle

_GAMES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
# the state's fields (state.py's _dump) the compiled state holds under the same names
FIELDS = ("hands", "nights", "refresh", "money", "stash", "total", "deck", "discard", "removed",
          "tops", "won", "amount", "heist", "need", "wild_used", "drawn", "played", "deck_out",
          "round", "turns")


def compiled_game(game: Any) -> Any:
    """The compiled twin of a YouDirtyRat (its rule options and cards), made once."""
    made = _GAMES.get(game)
    if made is None:
        core = load()
        assert core is not None, "ratking.native.require checks the core is built"
        d, r = game.deck, game.rules
        if d.ringleader + 3 > 256:
            raise ValueError("the compiled core holds at most 256 cards")
        c = core.ydr.Config()
        c.slugs = [slug(t.name) for t in d.types]
        c.archetypes = [t.archetype for t in d.types]
        c.effects = [EFFECTS.index(t.effect) for t in d.types]
        c.amounts = [t.amount for t in d.types]
        c.copies, c.specialists = d.copies, d.specialists
        c.chain_players = list(d.chain_players)
        c.heist_chain = [h.chain for h in d.heists]
        c.heist_step = [h.step for h in d.heists]
        c.heist_reward = [EFFECTS.index(h.reward) for h in d.heists]  # REWARDS lead EFFECTS
        c.heist_amount = [h.amount for h in d.heists]
        c.heist_team = [list(h.team) for h in d.heists]
        for name in ("stash_two", "stash_three", "stash_four", "start_money", "hand",
                     "bonus_two", "bonus_three", "bonus_four"):
            setattr(c, name, getattr(r, name))
        c.max_rounds = -1 if r.max_rounds is None else r.max_rounds
        c.first_seat = r.first_seat
        made = _GAMES[game] = core.ydr.Game(c)
    return made


assert EFFECTS[:len(REWARDS)] == REWARDS, "a heist reward is coded as the effect of its name"


def _check_ids(game: Any, data: dict[str, Any]) -> None:
    """RecordError unless every card, heist and seat number the compiled core looks up by is
    in range (the Python loader checks the Specialists and the money; the rest it reads as
    it comes, and would fail later, while the compiled core must not read out of bounds)."""
    st, d = data["state"], game.deck
    last, heists = d.ringleader + 2, len(d.heists) - 1
    saved.whole(data["to_move"], 0, data["players"] - 1, "to_move")
    for key in ("hands", "refresh", "won"):
        for i in range(len(st[key])):
            saved.ints(st[key], i, 0, heists if key == "won" else last)
    for key in ("deck", "discard", "removed", "drawn"):
        saved.ints(st, key, 0, last)
    saved.ints(st, "tops", -1, heists, len(d.chains))
    saved.whole(st["played"], -1, last, "played")
    for hideout in st["nights"]:
        if not isinstance(hideout, list) or len(hideout) != 3:
            raise RecordError("state 'nights' must hold three Nights per seat")
        for n in range(3):
            saved.ints(hideout, n, -1, last)
    if st["kind"] and st["kind"] not in EFFECTS:
        raise RecordError(f"state 'kind' must be a card effect, not {st['kind']!r}")


class NativeRat(NativeHandle):
    """A game of You Dirty Rat held by the compiled core."""

    __slots__ = ()
    compiled_game = staticmethod(compiled_game)
    module, fields, phases, pile = "ydr", FIELDS, PHASE_NAMES, "deck"
    slices = ("to_move", "phase", "stash", "deck", "discard", "removed", "heists", "committing",
              "drawn", "drawn_count", "round", "over")

    @classmethod
    def load_state(cls, game: Any, data: dict[str, Any]) -> Any:
        _check_ids(game, data)
        s = super().load_state(game, data)
        st = data["state"]
        s.public = chance.mask_words(st["public"])
        s.kind = EFFECTS.index(st["kind"]) if st["kind"] else -1
        return s

    def dump_state(self) -> dict[str, Any]:
        s = self._state
        return super().dump_state() | {
            "nights": [list(n) for n in s.nights], "need": list(s.need),
            "public": chance.words_mask(s.public), "kind": EFFECTS[s.kind] if s.kind >= 0 else "",
        }

    @classmethod
    def layout(cls, game: Any, players: int) -> Any:
        out = super().layout(game, players)
        lay = spaces.observation_layout(game, players)
        out.seat_money = lay.at["seat0.money"]
        out.seat_stride = lay.at["seat1.money"] - lay.at["seat0.money"]
        out.heist_slot = list(lay.lookup["heist_slot"])
        return out


play, layout = NativeRat.play, NativeRat.layout
Handle = NativeRat  # the handle the native search (search.py) builds
