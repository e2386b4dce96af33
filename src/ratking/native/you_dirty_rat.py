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
from . import chance, handle, load
from .handle import NativeHandle

_GAMES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


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
        made = _GAMES[game] = core.ydr.Game(c)
    return made


assert EFFECTS[:len(REWARDS)] == REWARDS, "a heist reward is coded as the effect of its name"


def _layout(game: Any, players: int) -> Any:
    lay = spaces.observation_layout(game, players)
    out = load().ydr.Layout()
    at = lay.at
    out.size = lay.size
    for name in ("to_move", "phase", "stash", "deck", "discard", "removed", "heists",
                 "committing", "drawn", "drawn_count", "round", "over"):
        setattr(out, name, at[name])
    out.seat_money = at["seat0.money"]
    out.seat_stride = at["seat1.money"] - at["seat0.money"]
    out.heist_slot = list(lay.lookup["heist_slot"])
    return out


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
    part = "ydr"
    compiled_game = staticmethod(compiled_game)
    layout = staticmethod(_layout)

    @classmethod
    def from_json(cls, game: Any, data: dict[str, Any]) -> NativeRat:
        """From a Python state's `to_json()` (a state of `game`), checked by the Python engine's
        loader first (RecordError for bad data)."""
        game.from_json(data)
        _check_ids(game, data)
        s = cls.blank(game, data)
        st = data["state"]
        for name in ("hands", "nights", "refresh", "money", "stash", "total", "deck", "discard",
                     "removed", "tops", "won", "amount", "heist", "need", "wild_used", "drawn",
                     "played", "deck_out", "round", "turns"):
            setattr(s, name, st[name])
        s.public = chance.mask_words(st["public"])
        s.phase = PHASE_NAMES.index(st["phase"])
        s.kind = EFFECTS.index(st["kind"]) if st["kind"] else -1
        s.unordered = data.get("unordered", {}).get("deck", -1)
        return cls(game, s)

    def to_json(self) -> dict[str, Any]:
        """The game's part of the Python state's `to_json()` (NativeHandle.base_json), and
        `unordered`."""
        s = self._state
        out = self.base_json({
            "hands": s.hands, "nights": [list(n) for n in s.nights], "refresh": s.refresh,
            "money": s.money, "stash": s.stash, "total": s.total, "deck": s.deck,
            "discard": s.discard, "removed": s.removed, "tops": s.tops, "won": s.won,
            "public": chance.words_mask(s.public), "phase": PHASE_NAMES[s.phase],
            "amount": s.amount, "kind": EFFECTS[s.kind] if s.kind >= 0 else "",
            "heist": s.heist, "need": list(s.need), "wild_used": s.wild_used,
            "drawn": s.drawn, "played": s.played, "deck_out": s.deck_out,
            "round": s.round, "turns": s.turns,
        })
        if s.unordered >= 0:
            out["unordered"] = {"deck": s.unordered}
        return out

def play(game: Any, players: int, games: int, seed: int,
         heuristic: tuple[bool, ...] = ()) -> tuple[int, int, list[float]]:
    """Whole games natively in one call (handle.play)."""
    return handle.play(NativeRat, game, players, games, seed, heuristic)
