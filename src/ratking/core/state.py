"""The State base class: the kernel contract every game's state fulfils.

A game subclasses `State` and fills in the hooks (`_legal_actions`, `_apply`, `_view`,
`_describe`, `_clone_fields`, `_redeal`, `_dump`, `_load`). The base class does the bookkeeping
that is the same for every game: the legality check and its error, the action history, the
event log and who may see what, cloning, determinization, records and JSON.
"""

from __future__ import annotations

from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

from .action import Action
from .errors import IllegalAction, RatkingError, RecordError
from .events import Event, LogEntry, Voice
from .rng import KeyedRng, Rng, dump_rng, load_rng, new_rng, new_seed
from .trail import Trail

if TYPE_CHECKING:
    import numpy as np

    from .game import Game

STATE_FORMAT = "ratking-state/1"
UNDO_BARS = (None, "turn", "chance", "hidden")  # what stops an undo (core/undo.py)


@cache
def _spaces() -> ModuleType:
    """core/spaces.py, imported on first use (it needs numpy, which only learning agents
    need), then at the cost of a cached call (an import statement costs a microsecond)."""
    from . import spaces

    return spaces


class State:
    """A game in progress. Mutable: `apply` changes it in place; `clone` copies it."""

    __slots__ = (
        "_history",
        "_legal",
        "_log",
        "_plan",
        "end_reason",
        "game",
        "names",
        "over",
        "players",
        "result",
        "rng",
        "seed",
        "steps",
        "to_move",
        "undo_bar",
        "undo_from",
        "unordered",
    )

    # The fields that are draw piles: lists whose last item is the top, taken with `draw`.
    # `unordered` is None in a real game; a determinization may set, per pile, how many of its
    # top cards are in no order (`leave_unordered`), and `draw` picks among those.
    piles: tuple[str, ...] = ()

    # --- set-up -----------------------------------------------------------------------------

    def _init_base(self, game: Game, players: int, seed: int, names: tuple[str, ...]) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.names = names
        self.rng = new_rng(seed)
        self._history = Trail()
        self._log = Trail()
        self.steps = 0
        self._legal: list[Action] | None = None
        self._plan: tuple | None = None
        self.over = False
        self.result: list[float] | None = None
        self.end_reason: str | None = None
        self.to_move = 0
        self.unordered: dict[str, int] | None = None
        # Undo (core/undo.py): the steps from `undo_from` on were all made by the seat to
        # move, in its turn, touching no chance or hidden information; `undo_bar` says what
        # set the bar there ("turn", "chance", "hidden"; None: the start of the game).
        self.undo_from = 0
        self.undo_bar: str | None = None

    # --- the contract -----------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now; None once the game is over."""
        return None if self.over else self.to_move

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def history(self) -> Trail:
        """The ids of the actions applied so far, oldest first (list-like, append-only)."""
        return self._history

    @history.setter
    def history(self, ids: list[str]) -> None:
        self._history = Trail(ids)
        self.steps = len(self._history)

    @property
    def log(self) -> Trail:
        """Every event logged so far, as LogEntry tuples (list-like, append-only)."""
        return self._log

    @log.setter
    def log(self, entries: list[LogEntry]) -> None:
        self._log = Trail(entries)

    def legal_actions(self) -> list[Action]:
        """The actions the current player may take now (empty once the game is over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.over else self._legal_actions()
        return list(legal)

    def apply(self, action: Action | str) -> None:
        """Play `action` (an Action or its id). Illegal: IllegalAction, state untouched."""
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.over else self._legal_actions()
        if action.__class__ is not Action or action not in legal:
            action = self._resolve(action, legal)
        self._legal = None
        self._history.tail.append(action.id)
        self.steps += 1
        seat = self.to_move
        try:
            pos = self.rng.pos
        except AttributeError:  # a stand-in generator (a test's scripted dice): chance
            pos = None
        self._apply(action)
        if pos is None or self.rng.pos != pos:
            self.undo_from, self.undo_bar = self.steps, "chance"
        elif self.to_move != seat:
            self.undo_from, self.undo_bar = self.steps, "turn"

    def _resolve(self, action: Action | str, legal: list[Action]) -> Action:
        if isinstance(action, Action):
            action_id = action.id
        elif isinstance(action, str):
            action_id = action
        else:
            raise IllegalAction(repr(action), "an action must be an Action or an action id string")
        for candidate in legal:
            if candidate.id == action_id:
                return candidate
        if self.over:
            raise IllegalAction(action_id, "the game is over")
        known = self.game.action_by_id(action_id)
        if known is None:
            raise IllegalAction(action_id, "no such action in this game")
        raise IllegalAction(action_id, self._why_illegal(known))

    def returns(self) -> list[float]:
        """Per seat: 1 for a win, 0 for a loss, shares of 1 for shared wins or draws.

        All zeros while the game is still being played.
        """
        if self.result is None:
            return [0.0] * self.players
        return list(self.result)

    def scores(self) -> list[float] | None:
        """The game's own score per seat (e.g. card totals), if it has one."""
        return None

    def action_mask(self) -> np.ndarray | None:
        """Bools over `game.action_space(players)`, True for each legal action now (all False
        once over); None if the game has no action space."""
        return _spaces().action_mask(self)

    def observation(self, seat: int | None, out: np.ndarray | None = None) -> np.ndarray | None:
        """A float32 array of `game.observation_shape(players)` holding what `view(seat)`
        holds (core/spaces.py); written into `out` if given (a float32 array of that shape);
        None if the game has no observation tensor."""
        return _spaces().observation(self, seat, out)

    def information_state(self, seat: int | None,
                          out: np.ndarray | None = None) -> np.ndarray | None:
        """The observation tensor with perfect recall: the same layout, also holding what
        `seat` was shown earlier and its view no longer shows (a game's `encode_recall`);
        the observation itself in a game whose view forgets nothing. `out` as for
        `observation`."""
        return _spaces().observation(self, seat, out, recall=True)

    def view(self, seat: int | None) -> dict[str, Any]:
        """A JSON-able dict of everything `seat` may know; None is a spectator."""
        self._check_seat(seat)
        return self._view(seat)

    def events_for(self, seat: int | None, since: int = 0) -> list[Event]:
        """What happened (from log position `since`), as `seat` may know it."""
        self._check_seat(seat)
        bit = 0 if seat is None else 1 << seat
        voice = self.voice(seat)
        out = []
        for step, kind, actor, public, secret, audience in self._log.since(since):
            data = dict(public)
            if secret is not None and audience & bit:
                data.update(secret)
            subject = "" if actor is None else voice.who(actor)
            predicate = self._describe(kind, actor, data, seat)
            out.append(Event(step, kind, actor, data, subject, predicate))
        return out

    def voice(self, reader: int | None) -> Voice:
        """How `reader` (a seat, None: a spectator) is told about the seats: "you" or names,
        and verbs that agree. Games build their event texts and prompts with it."""
        return Voice(self.names, reader)

    def clone(self) -> State:
        """An independent copy: nothing done to one is seen in the other.

        Costs the same at any point of a game: the copy shares the history and the log
        with the original (`Trail.fork`), and each appends its own future.
        """
        new = object.__new__(self.__class__)
        new.game = self.game
        new.players = self.players
        new.seed = self.seed
        new.names = self.names
        new.rng = self.rng.copy()
        new._history = self._history.fork()
        new._log = self._log.fork()
        new.steps = self.steps
        new._legal = self._legal  # never mutated in place, so safe to share
        new._plan = None  # a plan is the original's (determinize keeps one per state)
        new.over = self.over
        new.result = self.result
        new.end_reason = self.end_reason
        new.to_move = self.to_move
        new.undo_from = self.undo_from
        new.undo_bar = self.undo_bar
        unordered = self.unordered
        new.unordered = None if unordered is None else unordered.copy()
        self._clone_fields(new)
        return new

    def determinize(self, seat: int | None, seed: int | None = None) -> State:
        """A clone where all that `seat` cannot know is re-dealt consistently with view(seat).

        Future chance is re-seeded too. Both come from one KeyedRng, a stream that is a pure
        function of `seed` (same seed, same determinization) and separate from the game's
        own generator; the re-deal reads its first numbers and the clone's chance the rest.
        A draw pile whose order the seat cannot know is not shuffled here: the re-deal
        leaves it in no order (`unordered`) and each `draw` picks from it. What does not
        depend on the seed is planned once per state and seat (`redeal_plan`).
        """
        self._check_seat(seat)
        stream = KeyedRng(new_seed() if seed is None else seed)
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.over else self._legal_actions()
        plan = self._plan
        if plan is not None and plan[1] is not legal:
            # The state changed since the plan was made: every change replaces the cached
            # legal actions (`apply` drops them, a test that edits fields by hand must too),
            # and a plan is keyed by a list of this state's own, which nothing else holds.
            plan = None
        new = self.clone()
        new._plan = plan
        new.unordered = None
        new._redeal(seat, stream)
        made = new._plan
        if made is not plan:  # a new plan serves the next re-deal; its key is now the cache
            self._legal = made[1]
            self._plan = made
        new._plan = None
        new.undo_from, new.undo_bar = new.steps, "chance"  # its future is not the record's
        if seat != self.to_move and not self.over:
            new._legal = None  # the seat to move may hold other cards now; `seat` is not
            # (its legal actions depend on its view only, which the re-deal keeps)
        new.rng = stream
        return new

    def redeal_plan(self, seat: int | None, make: Any) -> Any:
        """For `_redeal`: `make(seat)`, the part of a re-deal that does not depend on the
        stream (which places are dealt again, from which sorted cards), made once per state
        and seat. A search determinizes one state many times; `determinize` keeps the plan
        until the state changes."""
        plan = self._plan
        if plan is not None and plan[0] == seat:
            return plan[2]
        made = make(seat)
        self._plan = (seat, list(self._legal), made)  # keyed by a copy of the legal actions
        return made

    def draw(self, pile: str) -> Any:
        """Take the top card (the last item) of the draw pile in field `pile`.

        Where a determinization left the pile's top cards in no order (`unordered`), any one
        of them, each with equal chance, from the state's own generator: the same as
        shuffling them when the state was determinized, one card at a time, so a search that
        draws a few cards pays for those few. (A rule that draws often may spare real games
        the call: `s.draw(name) if s.unordered else pile.pop()`.)
        """
        self.undo_from, self.undo_bar = self.steps, "hidden"
        cards = getattr(self, pile)
        unordered = self.unordered
        if unordered:
            loose = unordered.get(pile, 0)
            if loose:
                unordered[pile] = loose - 1
                return cards.pop(len(cards) - loose + self.rng.randrange(loose))
        return cards.pop()

    def leave_unordered(self, pile: str, top: int) -> None:
        """For `_redeal`: leave the top `top` cards of the draw pile in field `pile` in no
        order, for `draw` to pick from; the cards below keep their order. `_redeal` puts
        them in an order that depends only on what the seat knows (sorted)."""
        if top:
            if self.unordered is None:
                self.unordered = {pile: top}
            else:
                self.unordered[pile] = top

    def undoable(self) -> int:
        """How many of the last steps the seat to move may take back now (core/undo.py)."""
        return 0 if self.over else self.steps - self.undo_from

    def undo(self, steps: int = 1) -> State:
        """The state before the last `steps` steps: the record without them, replayed.
        Refused (IllegalAction "undo", with the reason) beyond `undoable()`."""
        from .undo import undo

        return undo(self, steps)

    def record(self) -> dict[str, Any]:
        """The game as a record: enough to replay it bit for bit."""
        rec: dict[str, Any] = {
            "game": self.game.id,
            "rules": self.game.rules.as_dict(),
            "players": self.players,
            "seed": self.seed,
            "actions": self._history.to_list(),
        }
        if self.names != self.game.default_names(self.players):
            rec["names"] = list(self.names)
        for kind, made in self.game.file_overrides().items():
            rec[kind] = made.describe()
        if self.over:
            rec["result"] = {"returns": self.returns(), "end": self.end_reason}
        return rec

    def to_json(self) -> dict[str, Any]:
        """The full state as JSON-able data; `game.from_json` reads it back."""
        return {
            "format": STATE_FORMAT,
            "game": self.game.id,
            "rules": self.game.rules.as_dict(),
            "players": self.players,
            "seed": self.seed,
            "names": list(self.names),
            "rng": dump_rng(self.rng),
            "history": self._history.to_list(),
            "log": [[s, k, a, p, x, aud] for s, k, a, p, x, aud in self._log],
            "to_move": self.to_move,
            "over": self.over,
            "result": self.result,
            "end_reason": self.end_reason,
            "state": self._dump(),
        } | {kind: made.describe() for kind, made in self.game.file_overrides().items()} \
          | ({} if self.unordered is None else {"unordered": dict(self.unordered)}) \
          | ({} if self.over or self.undo_from == self.steps
             else {"undo": [self.undo_from, self.undo_bar]})

    def _load_base(self, game: Game, data: dict[str, Any]) -> None:
        """Fill the base fields from `to_json` data (validated by the caller's schema)."""
        self._init_base(game, data["players"], data["seed"], tuple(data["names"]))
        self.rng = load_rng(data["rng"])
        self.history = data["history"]
        try:
            self.log = [(s, k, a, p, x, aud) for s, k, a, p, x, aud in data["log"]]
        except (TypeError, ValueError):
            raise RecordError("state 'log' must be a list of 6-item entries") from None
        self.to_move = data["to_move"]
        self.over = data["over"]
        self.result = data["result"]
        self.end_reason = data["end_reason"]
        self._load_undo(data.get("undo"))

    def _load_undo(self, data: Any) -> None:
        """Check and set the undo bar from `to_json` data (absent: nothing to take back)."""
        if data is None:
            self.undo_from, self.undo_bar = self.steps, None
            return
        if (not isinstance(data, list) or len(data) != 2 or data[0].__class__ is not int
                or not 0 <= data[0] < self.steps or data[1] not in UNDO_BARS):
            raise RecordError("state 'undo' must be [the first step that may be taken back, "
                              f"what barred the ones before: one of {UNDO_BARS}]")
        self.undo_from, self.undo_bar = data

    def _load_unordered(self, data: Any) -> None:
        """Check and set `unordered` from `to_json` data (after the game's own fields)."""
        if data is None:
            return
        if not isinstance(data, dict) or not all(
                k in self.piles and v.__class__ is int and 0 <= v <= len(getattr(self, k))
                for k, v in data.items()):
            raise RecordError(f"state 'unordered' must map draw piles ({', '.join(self.piles)})"
                              " to a count of their top cards, at most the pile's size")
        self.unordered = dict(data)

    # --- helpers for games --------------------------------------------------------------------

    def emit(self, kind: str, actor: int | None, public: dict[str, Any],
              secret: dict[str, Any] | None = None, audience: int = 0) -> None:
        """Log an event; `secret` is shown only to seats whose bit is set in `audience`."""
        self._log.tail.append((self.steps - 1, kind, actor, public, secret, audience))

    def reveal(self) -> None:
        """Mark the step being applied as showing hidden information (a card drawn, turned
        or looked at): it and the steps before it can no longer be taken back. `draw` and
        any chance (`rng`) mark it already."""
        self.undo_from, self.undo_bar = self.steps, "hidden"

    def finish(self, result: list[float], reason: str) -> None:
        self.over = True
        self.result = result
        self.end_reason = reason
        self._legal = None

    def _check_seat(self, seat: int | None) -> None:
        if seat is not None and (seat.__class__ is not int or not 0 <= seat < self.players):
            raise RatkingError(f"no seat {seat!r}: seats are 0 to {self.players - 1} or None")

    def __repr__(self) -> str:
        status = f"over ({self.end_reason})" if self.over else f"seat {self.to_move} to move"
        return f"<{self.game.id} state, {self.players} players, {status}>"

    # --- hooks a game fills in ---------------------------------------------------------------

    def _setup(self) -> None:
        """Deal and place everything for a new game, from `self.rng`."""
        raise NotImplementedError

    def _load(self, data: dict[str, Any]) -> None:
        """Fill the game's fields from `_dump` data; raise RecordError if inconsistent."""
        raise NotImplementedError

    def describe_action(self, action: Action) -> str:
        """The action's label for people, with this state's names and values filled in."""
        return action.label

    def _legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def _why_illegal(self, action: Action) -> str:
        return "not legal now"

    def _view(self, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def _describe(self, kind: str, actor: int | None, data: dict[str, Any],
                  seat: int | None) -> str:
        return kind

    def _clone_fields(self, new: State) -> None:
        raise NotImplementedError

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Re-deal, with `rng` (read it through `core.rng.shuffle` or `rng.random()`),
        everything `seat` cannot know (default: nothing is hidden)."""

    def _dump(self) -> dict[str, Any]:
        raise NotImplementedError
