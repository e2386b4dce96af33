"""Target: Rats' state: short flat lists of ints, so that clone and apply stay fast.

Seat f plays faction f in home nest `nests[f]` (2 players: opposite corners). A rat is an int,
space * 2 + fed, in `rats[f]`; `count[space]` counts every faction's rats there; `token[space]`
is phases.NO_TOKEN, FOOD, SEWER or NEST0 + seat. The only hidden information is the order of
the two draw piles. `tasks` is the turn's stack of pending steps and decisions (phases.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....core import State, saved
from ....core.errors import RecordError
from ....core.rng import Rng, shuffle
from ..board import HOME
from ..seats import NESTS
from . import engine, views
from .cards import SURFACE_DECK, UNDER_DECK
from .phases import (
    ACT,
    AUTO,
    CARD,
    ITEM,
    KEEP,
    MOVE,
    ONE_RAT,
    PAIRS,
    STEP,
    TAKE,
    TASK_NAMES,
    TASK_SIZES,
)
from .rats import nests
from .turn import start_turn

if TYPE_CHECKING:
    from .game import TargetRats


class FullState(State):
    """A game of Target: Rats in progress."""

    game: TargetRats

    __slots__ = (
        "action_spaces",
        "bonus",
        "cheese",
        "cheese_drew",
        "count",
        "done_spaces",
        "ext",
        "groups_left",
        "grp_idx",
        "grp_path",
        "grp_steps",
        "item",
        "item_ready",
        "last_fight",
        "moved",
        "nests",
        "pending_win",
        "rats",
        "round",
        "surface_deck",
        "surface_discard",
        "tasks",
        "token",
        "turn",
        "under_deck",
        "under_discard",
    )

    def _setup(self) -> None:
        g = self.game
        b = g.board
        self.nests = NESTS[self.players]
        self.count = [0] * b.size
        self.token = [0] * b.size
        self.rats = [[] for _ in range(self.players)]
        n = g.rules.start_rats
        for f in range(self.players):
            home = b.homes[self.nests[f]]
            self.rats[f] = [home * 2] * n  # seed 000, SETUP: four unfed rats on the home nest
            self.count[home] = n
        self.ext = -1  # seed 000, SETUP: off the board until called
        self.cheese = -1  # the Deep Dish Throne starts empty
        self.pending_win = -1
        self.item = [-1] * self.players
        self.item_ready = [False] * self.players
        self.surface_deck = g.cards.copies(SURFACE_DECK)
        self.under_deck = g.cards.copies(UNDER_DECK)
        shuffle(self.rng, self.surface_deck)  # seed 000, SETUP 1: shuffle both decks
        shuffle(self.rng, self.under_deck)
        self.surface_discard = []
        self.under_discard = []
        self.round = 1
        self.turn = g.rules.first_seat  # seed 000, SETUP 5: the players choose who starts
        self.to_move = self.turn
        self.bonus = [0] * self.players
        self.last_fight = None
        self.moved = []
        self.tasks = []
        self.emit("setup", None, {"players": self.players})
        start_turn(self)
        engine.run(self)

    _legal_actions = engine.legal_actions
    _apply = engine.apply
    _why_illegal = engine.why_illegal
    _view = views.view
    _describe = views.describe
    describe_action = views.describe_action

    def scores(self) -> list[float]:
        """Nest tokens on the board per faction."""
        return [float(nests(self, f)) for f in range(self.players)]

    def _clone_fields(self, new: State) -> None:
        new.action_spaces = self.action_spaces[:]
        new.bonus = self.bonus[:]
        new.cheese = self.cheese
        new.cheese_drew = self.cheese_drew
        new.count = self.count[:]
        new.done_spaces = self.done_spaces[:]
        new.ext = self.ext
        new.groups_left = self.groups_left
        new.grp_idx = self.grp_idx[:]
        new.grp_path = self.grp_path[:]
        new.grp_steps = self.grp_steps
        new.item = self.item[:]
        new.item_ready = self.item_ready[:]
        new.last_fight = self.last_fight  # never mutated once made
        new.moved = self.moved[:]
        new.nests = self.nests
        new.pending_win = self.pending_win
        new.rats = [r[:] for r in self.rats]
        new.round = self.round
        new.surface_deck = self.surface_deck[:]
        new.surface_discard = self.surface_discard[:]
        new.tasks = self.tasks[:]  # tuples: never mutated
        new.token = self.token[:]
        new.turn = self.turn
        new.under_deck = self.under_deck[:]
        new.under_discard = self.under_discard[:]

    piles = ("surface_deck", "under_deck")

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """The order of both draw piles is all that is hidden: leave them in no order (each
        draw picks a card), sorted so that only what `seat` knows decides the re-deal."""
        surface, under = self.redeal_plan(seat, self._plan_redeal)
        self.surface_deck = surface[:]
        self.under_deck = under[:]
        self.leave_unordered("surface_deck", len(surface))
        self.leave_unordered("under_deck", len(under))

    def _plan_redeal(self, seat: int | None) -> tuple[list[int], list[int]]:
        return sorted(self.surface_deck), sorted(self.under_deck)

    def _dump(self) -> dict[str, Any]:
        return {
            "rats": [r[:] for r in self.rats], "token": self.token[:], "ext": self.ext,
            "cheese": self.cheese, "pending_win": self.pending_win, "item": self.item[:],
            "item_ready": self.item_ready[:], "surface_deck": self.surface_deck[:],
            "surface_discard": self.surface_discard[:], "under_deck": self.under_deck[:],
            "under_discard": self.under_discard[:], "round": self.round, "turn": self.turn,
            "tasks": [[TASK_NAMES[t[0]], *t[1:]] for t in self.tasks],
            "groups_left": self.groups_left, "grp_idx": self.grp_idx[:],
            "grp_path": self.grp_path[:], "grp_steps": self.grp_steps,
            "moved": self.moved[:], "action_spaces": self.action_spaces[:],
            "done_spaces": self.done_spaces[:], "cheese_drew": self.cheese_drew,
            "bonus": self.bonus[:], "last_fight": self.last_fight,
        }

    def _load(self, data: dict[str, Any]) -> None:
        g = self.game
        b = g.board
        r = g.rules
        cs = g.cards
        p = self.players

        self.nests = NESTS[p]
        rats = data["rats"]
        if not isinstance(rats, list) or len(rats) != p:
            raise RecordError("state 'rats' must hold one list per player")
        self.rats = []
        for f, lst in enumerate(rats):
            if not isinstance(lst, list) or len(lst) > r.max_rats:
                raise RecordError(f"state 'rats' of seat {f} must list at most {r.max_rats}")
            codes = [saved.whole(c, 0, b.size * 2 - 1, "rats") for c in lst]
            for c in codes:
                if b.kind[c >> 1] == HOME and c >> 1 != b.homes[self.nests[f]]:
                    raise RecordError("a rat stands in another faction's home nest")
            self.rats.append(codes)
        self.count = [0] * b.size
        for lst in self.rats:
            for c in lst:
                self.count[c >> 1] += 1
        self.token = saved.ints(data, "token", 0, 2 + p, b.size)
        if any(t and not b.token_slot[x] for x, t in enumerate(self.token)):
            raise RecordError("a token lies on a space that takes none")
        if self.token.count(1) > r.food_tokens or self.token.count(2) > r.sewer_tokens or \
                any(nests(self, f) > r.max_nests for f in range(p)):
            raise RecordError("more tokens on the board than the box holds")
        self.ext = saved.whole(data["ext"], -1, b.surface - 1, "ext")
        if self.ext >= 0 and self.count[self.ext]:
            raise RecordError("rats stand on the Exterminator's space")
        self.cheese = saved.whole(data["cheese"], -1, p - 1, "cheese")
        self.pending_win = saved.whole(data["pending_win"], -1, p - 1, "pending_win")
        self.item = saved.ints(data, "item", -1, cs.size - 1, p)
        self.item_ready = saved.flags(data, "item_ready", p)
        if any(c >= 0 and cs.power[c] < 0 for c in self.item):
            raise RecordError("a held card is not an item")
        for key in ("surface_deck", "surface_discard", "under_deck", "under_discard"):
            setattr(self, key, saved.ints(data, key, 0, cs.size - 1))
        self.round = saved.whole(data["round"], 1, 10**9, "round")
        self.turn = saved.whole(data["turn"], 0, p - 1, "turn")
        self.tasks = []
        names = {v: k for k, v in TASK_NAMES.items()}
        if not isinstance(data["tasks"], list):
            raise RecordError("state 'tasks' must be a list")
        for t in data["tasks"]:
            if not isinstance(t, list) or not t or t[0] not in names:
                raise RecordError(f"state 'tasks' holds an unknown task {t!r}")
            code = names[t[0]]
            args = [saved.whole(x, -1, 10**6, "tasks") for x in t[1:]]
            size = TASK_SIZES[code]
            if (size is not None and len(args) != size) or (size is None and len(args) < 2):
                raise RecordError(f"state 'tasks': task {t[0]!r} has the wrong length")
            if code < AUTO and not 0 <= args[0] < p:
                raise RecordError(f"state 'tasks': task {t[0]!r} names no seat")
            if code == PAIRS and not (0 <= args[1] < b.size and 2 <= args[2] <= r.max_rats // 2):
                raise RecordError("state 'tasks': a breeding choice needs a space and 2 to "
                                  f"{r.max_rats // 2} pairs")
            self.tasks.append((code, *args))
        if not self.over and (not self.tasks or self.tasks[-1][0] >= AUTO):
            raise RecordError("state 'tasks' must end in a decision while the game is on")
        if not self.over and self.tasks[-1][1] != self.to_move:
            raise RecordError("the seat to move is not the one the top task names")
        self.groups_left = saved.whole(data["groups_left"], -1, 100, "groups_left")
        self.grp_idx = saved.ints(data, "grp_idx", 0, r.max_rats - 1)
        self.grp_path = saved.ints(data, "grp_path", 0, b.size - 1)
        self.grp_steps = saved.whole(data["grp_steps"], 0, 100, "grp_steps")
        self.moved = saved.flags(data, "moved")
        moving = {t[0] for t in self.tasks} & {MOVE, TAKE, STEP}
        if (self.moved or moving) and len(self.moved) != len(self.rats[self.turn]):
            raise RecordError("state 'moved' must have one flag per rat of the player to move")
        turn_tasks = [t for t in self.tasks if t[0] in (ONE_RAT, MOVE, TAKE, STEP, ACT)]
        if any(t[1] != self.turn for t in turn_tasks) or \
                len({t[0] for t in turn_tasks}) != len(turn_tasks):
            raise RecordError("state 'tasks': the turn's own tasks must each come once and "
                              "name the seat whose turn it is")
        if STEP in moving and not (self.grp_path and self.grp_idx):
            raise RecordError("state 'tasks': a group steps on, but no group is moving")
        if any(i >= len(self.rats[self.turn]) for i in self.grp_idx):
            raise RecordError("state 'grp_idx' names a rat that does not exist")
        self.action_spaces = saved.ints(data, "action_spaces", 0, b.size - 1)
        self.done_spaces = saved.ints(data, "done_spaces", 0, b.size - 1)
        if data["cheese_drew"].__class__ is not bool:
            raise RecordError("state 'cheese_drew' must be true or false")
        self.cheese_drew = data["cheese_drew"]
        self.bonus = saved.ints(data, "bonus", 0, 100, p)
        lf = data["last_fight"]
        if lf is not None and not isinstance(lf, dict):
            raise RecordError("state 'last_fight' must be an object or null")
        self.last_fight = lf
        held = [c for c in self.item if c >= 0]
        for t in self.tasks:
            held.extend(_task_cards(t))
        every = sorted(self.surface_deck + self.surface_discard + self.under_deck
                       + self.under_discard + held)
        if every != list(range(cs.size)):
            raise RecordError("the cards in the decks, discards, hands and prompts must be "
                              f"each of the {cs.size} cards once")


def _task_cards(t: tuple) -> list[int]:
    """The cards a task holds (drawn and waiting)."""
    if t[0] == KEEP:
        return list(t[3:])
    if t[0] == ITEM:
        return [t[2]]
    if t[0] == CARD:
        return [t[2]]
    return []
