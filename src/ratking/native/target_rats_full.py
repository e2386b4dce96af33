"""Target: Rats (the full game) on the compiled core: a handle built from the Python engine's
game and state (its JSON), answering as the Python state does, so that every step can be
compared."""

from __future__ import annotations

import weakref
from typing import Any

from ..core import saved, spaces
from ..core.errors import RecordError
from ..games.target_rats.full import phases as P
from ..games.target_rats.full.phases import TASK_NAMES
from . import load
from .handle import NativeHandle
from .target_rats_board import compiled_board

_GAMES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
# the state's fields (state.py's _dump) the compiled state holds under the same names
FIELDS = ("rats", "token", "ext", "cheese", "pending_win", "item", "item_ready", "surface_deck",
          "surface_discard", "under_deck", "under_discard", "round", "turn", "groups_left",
          "grp_idx", "grp_path", "grp_steps", "moved", "action_spaces", "done_spaces",
          "cheese_drew", "bonus")
RULES = ("start_rats", "max_rats", "space_limit", "city_limit", "base_groups", "move_range",
         "max_nests", "food_tokens", "sewer_tokens", "infestation", "target_face",
         "push_distance", "reentry_rats", "breed_rats", "cheese_fight_dice", "cheese_draws",
         "nests_to_win", "one_rat_skip")
CODES = {name: code for code, name in TASK_NAMES.items()}
PILES = (("surface_deck", "unordered_surface"), ("under_deck", "unordered_under"))


def compiled_game(game: Any) -> Any:
    """The compiled twin of a TargetRats game (its rule options, board and cards), made once."""
    made = _GAMES.get(game)
    if made is None:
        core = load()
        assert core is not None, "ratking.native.require checks the core is built"
        c = core.trf.Config()
        c.board = compiled_board(core, game.board)
        c.space_ids = list(game.board.ids)
        cs = game.cards
        c.card_ids = [t.id for t in cs.types]
        c.card_names = [t.name for t in cs.types]
        c.type_effect = [t.effect for t in cs.types]
        c.type_power = [t.power for t in cs.types]
        for name in ("type_of", "deck_of", "effect", "n", "power"):
            setattr(c, name, list(getattr(cs, name)))
        c.surface_total, c.under_total = cs.totals
        r = game.rules
        for name in RULES:
            setattr(c, name, getattr(r, name))
        c.max_rounds = -1 if r.max_rounds is None else r.max_rounds
        c.first_seat = r.first_seat
        made = _GAMES[game] = core.trf.Game(c)
    return made


# the slices of the observation tensor (observation.py's layout) the compiled core writes
SLICES = ("to_move", "phase", "rats", "exterminator", "nests", "factions", "tokens",
          "faction_items", "decks", "discard_tops", "turn", "group", "group_from", "group_path",
          "action_spaces", "done_spaces", "choice", "choice_cards", "choice_spaces", "fight",
          "fight_sides", "round", "over")


# per task code: what each of its ints after the first names (S: a space, F: a seat, T: a
# token, W: an item window, E: a surface space, -: a count or a card, checked elsewhere); the
# last letter stands for any number of further ints
TASK_ARGS = {P.TAKE: "S", P.KEEP: "S-", P.TOKEN: "ST", P.RELOCATE: "ST", P.PUSH: "FS-",
             P.RETREAT: "S", P.EXT: "E", P.USE: "W", P.FIGHT: "SF", P.ROLL: "SF",
             P.CARD: "F-S"}


def _check_ids(game: Any, data: dict[str, Any]) -> None:
    """RecordError unless every space, seat and token the compiled core looks up by is in
    range (the Python loader checks the rest, or reads these as they come and would fail
    later, while the compiled core must not read out of bounds)."""
    st, b, players = data["state"], game.board, data["players"]
    high = {"S": b.size - 1, "F": players - 1, "T": 2 + players, "W": P.W_SCAVENGE,
            "E": b.surface - 1}
    low = {"T": P.FOOD}
    for t in st["tasks"]:
        kinds = TASK_ARGS.get(CODES[t[0]], "")
        for i, x in enumerate(t[2 if CODES[t[0]] < P.AUTO else 1:]):
            kind = kinds[min(i, len(kinds) - 1)] if kinds else "-"
            if kind != "-":
                saved.whole(x, low.get(kind, 0), high[kind], "tasks")
    fight = st["last_fight"]
    if fight is None:
        return
    try:
        saved.whole(fight["space"], 0, b.size - 1, "last_fight")
        saved.whole(fight["winner"], 0, players - 1, "last_fight")
        for part in (fight["sides"], fight["killed"], fight["rolls"], *fight["rerolls"]):
            for seat, value in part.items():
                saved.whole(int(seat), 0, players - 1, "last_fight")
                for n in value if isinstance(value, list) else [value]:
                    saved.whole(n, 0, 10**6, "last_fight")
    except (KeyError, TypeError, ValueError, AttributeError):
        raise RecordError("state 'last_fight' must hold a fight as the engine records it: "
                          "its space, sides, rolls, rerolls, winner and rats killed") from None


def _fight_to_native(core: Any, data: dict[str, Any], players: int) -> Any:
    lf = core.trf.LastFight()
    lf.space, lf.winner = data["space"], data["winner"]
    sides, killed = [-1] * players, [-1] * players
    rolls: list[list[int]] = [[] for _ in range(players)]
    for g, n in data["sides"].items():
        sides[int(g)] = n
    for g, n in data["killed"].items():
        killed[int(g)] = n
    for g, dice in data["rolls"].items():
        rolls[int(g)] = list(dice)
    rerolls = []
    for again in data["rerolls"]:
        row: list[list[int]] = [[] for _ in range(players)]
        for g, dice in again.items():
            row[int(g)] = list(dice)
        rerolls.append(row)
    lf.sides, lf.killed, lf.rolls, lf.rerolls = sides, killed, rolls, rerolls
    return lf


def _fight_to_json(lf: Any) -> dict[str, Any] | None:
    if lf.space < 0:
        return None
    sides = lf.sides
    return {"space": lf.space,
            "sides": {str(g): n for g, n in enumerate(sides) if n >= 0},
            "rolls": {str(g): dice for g, dice in enumerate(lf.rolls) if sides[g] >= 0},
            "rerolls": [{str(g): dice for g, dice in enumerate(row) if dice}
                        for row in lf.rerolls],
            "winner": lf.winner,
            "killed": {str(g): n for g, n in enumerate(lf.killed) if n >= 0}}


class NativeTargetRats(NativeHandle):
    """A game of Target: Rats (the full game) held by the compiled core."""

    __slots__ = ()
    compiled_game = staticmethod(compiled_game)
    module, fields, slices = "trf", FIELDS, SLICES

    @classmethod
    def load_state(cls, game: Any, data: dict[str, Any]) -> Any:
        """Its fields, tasks (by code), last fight and the piles left in no order; the spaces,
        seats and tokens checked in range first (RecordError)."""
        _check_ids(game, data)
        s = getattr(load(), cls.module).State.blank(cls.compiled_game(game), data["players"])
        st = data["state"]
        for name in FIELDS:
            setattr(s, name, st[name])
        s.tasks = [[CODES[t[0]], *t[1:]] for t in st["tasks"]]
        if st["last_fight"] is not None:
            s.last_fight = _fight_to_native(load(), st["last_fight"], data["players"])
        unordered = data.get("unordered", {})
        for pile, field in PILES:
            setattr(s, field, unordered.get(pile, -1))
        return s

    @classmethod
    def from_json(cls, game: Any, data: dict[str, Any]) -> NativeTargetRats:
        made = super().from_json(game, data)
        made._state.settle()  # what the compiled state derives from its fields
        return made

    def dump_state(self) -> dict[str, Any]:
        s = self._state
        state = {name: getattr(s, name) for name in FIELDS}
        state["tasks"] = [[TASK_NAMES[t[0]], *t[1:]] for t in s.tasks]
        state["last_fight"] = _fight_to_json(s.last_fight)
        return state

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        s = self._state
        unordered = {pile: getattr(s, field) for pile, field in PILES if getattr(s, field) >= 0}
        if unordered:
            out["unordered"] = unordered
        return out

    @classmethod
    def layout(cls, game: Any, players: int) -> Any:
        out = super().layout(game, players)
        lay = spaces.observation_layout(game, players)
        out.item_slot = [-1 if k is None else k for k in lay.lookup["item_slot"]]
        return out


play, layout = NativeTargetRats.play, NativeTargetRats.layout
Handle = NativeTargetRats  # the handle the native search (search.py) builds
