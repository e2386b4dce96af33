"""Fixed-size spaces for learning agents: a numbered action space and an observation tensor.

A game that supports them binds these hooks in its `game.py` (from its `observation.py`):

- `action_catalogue(game, players) -> list[Action]`: every action that can ever be legal with
  that many seats, in a stable order, taken from the game's own catalogue;
- `tensor_layout(game, players) -> Layout`: the tensor's slices, named and explained;
- `encode_view(game, view, layout, out)`: write one seat's view into `out` (zeros on entry);
- `encode_state(game, state, seat, layout, out)` (optional): write the same tensor straight
  from the state's fields, reading only what `seat` may see. It is the fast path: it skips
  building the view, a JSON-ready dict that costs several decisions (docs/performance.md).
- `encode_recall(game, state, seat, layout, out)` (optional): the information-state tensor,
  the same layout also holding what `seat` was shown earlier and its view no longer shows
  (Rat-a-Tat Roll's peeked cards). Without it the observation is the information state.
- `encode_update(game, state, seat, layout, out, kept)` (optional): `encode_state` in parts,
  each with a key (what it reads). Given a `Kept`, `out` holds the tensor the seat was last
  given of this state, and only the parts whose keys changed are cleared and written again;
  given None, `out` is zeros and every part is written (the game's `encode_state` is this).
  An environment, which observes one state again and again, keeps a tensor per seat this way.
- `encode_public(game, state, seat, layout, out, recall)` (optional): the public information
  alone (what the spectator's view holds), laid out as `seat`'s tensor (its blocks first), and
  with `recall` also what everyone was shown earlier. Without it the kernel encodes the
  spectator's view as if it were `seat`'s (`public_observation`).

Each is bound as a plain function (so it is called as a method of the game). `out` is a flat
float32 buffer (an `array("f")` or a memoryview cast to "f"); encoders index it and read back
what they wrote, nothing more.

The kernel turns them into `game.action_space(players)`, `state.action_mask()`,
`game.observation_shape(players)`, `state.observation(seat)` and
`state.information_state(seat)`. The tensor is by definition
`encode_view(view(seat))` (`view_observation` builds it that way, and a game without
`encode_state` always does), so a tensor can only hold what `view(seat)` holds; a game's
`encode_state` is proven bit for bit equal to it over random play in every game, player count
and seat (tests/games/test_spaces.py). Every value of a tensor is in [0, 1]. numpy is needed
only here (the `research` extra), and only once these are used.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from .action import Action
from .errors import RatkingError

if TYPE_CHECKING:
    from .game import Game
    from .state import State


class ActionSpace:
    """Every action one game can ever offer with a given player count, numbered from 0."""

    __slots__ = ("_by_id", "_index", "actions", "ids", "size")

    def __init__(self, actions: Iterable[Action]) -> None:
        self.actions: tuple[Action, ...] = tuple(actions)
        self.ids: tuple[str, ...] = tuple(a.id for a in self.actions)
        self.size = len(self.actions)
        self._index: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}
        self._by_id: dict[str, int] = {a: i for i, a in enumerate(self.ids)}
        if len(self._by_id) != self.size or len(self._index) != self.size:
            raise RatkingError("an action space lists an action twice")

    def __len__(self) -> int:
        return self.size

    def __repr__(self) -> str:
        return f"<ActionSpace of {self.size} actions>"

    def index(self, action: Action | str) -> int:
        """The number of an action (or an action id); RatkingError if it is not in the space."""
        found = self._index.get(action) if action.__class__ is Action else None
        if found is None:
            found = self._by_id.get(action.id if isinstance(action, Action) else action)
        if found is None:
            raise RatkingError(f"{action!s} is not in this action space")
        return found

    def action(self, index: int) -> Action:
        """The action numbered `index`; RatkingError if there is none."""
        if index.__class__ is not int:
            try:
                index = int(index)  # numpy integers from learning code
            except (TypeError, ValueError):
                raise RatkingError(f"an action number must be a whole number, not {index!r}") \
                    from None
        if not 0 <= index < self.size:
            raise RatkingError(f"no action number {index}: the space has 0 to {self.size - 1}")
        return self.actions[index]

    def indices(self, legal: Iterable[Action]) -> list[int]:
        """The numbers of these actions, ascending."""
        index = self._index
        try:
            return sorted([index[a] for a in legal])
        except KeyError:  # actions of another game object of the same game: go by id
            return sorted([self._by_id_of(a) for a in legal])

    def mask(self, legal: Iterable[Action], dtype: Any = np.bool_) -> np.ndarray:
        """An array over the space (bools, or another one-byte dtype such as int8), 1 exactly
        for these actions."""
        return np.frombuffer(self.flags(legal), dtype=dtype)

    def flags(self, legal: Iterable[Action]) -> bytearray:
        """One byte per action of the space, 1 exactly for these actions (a mask's bytes)."""
        flags = bytearray(self.size)
        index = self._index
        try:
            for a in legal:
                flags[index[a]] = 1
        except KeyError:  # actions of another game object of the same game: go by id
            for a in legal:
                flags[self._by_id_of(a)] = 1
        return flags

    def _by_id_of(self, action: Action) -> int:
        found = self._by_id.get(action.id)
        if found is None:
            raise RatkingError(f"legal action {action.id} is not in the action space: the "
                               "game's action_catalogue is incomplete")
        return found


@dataclass(frozen=True)
class Slice:
    """One named part of an observation tensor."""

    name: str
    start: int
    size: int
    meaning: str

    @property
    def stop(self) -> int:
        return self.start + self.size


class Layout:
    """A flat float32 tensor, described slice by slice. Games fill it with `add`."""

    def __init__(self) -> None:
        self.slices: list[Slice] = []
        self.at: dict[str, int] = {}  # slice name -> its first index
        self.end: dict[str, int] = {}  # slice name -> the index after its last
        self.size = 0
        self._zeros = b""
        self.lookup: dict[str, Any] = {}  # tables the game's encoder works out once

    def add(self, name: str, size: int, meaning: str) -> int:
        """Append a slice of `size` values; return the index of its first value."""
        if name in self.at:
            raise RatkingError(f"observation slice {name!r} is declared twice")
        if size < 1:
            raise RatkingError(f"observation slice {name!r} needs at least one value")
        start = self.size
        self.slices.append(Slice(name, start, size, meaning))
        self.at[name] = start
        self.end[name] = start + size
        self.size += size
        self._zeros = bytes(4 * self.size)
        return start

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def blank(self) -> array:
        """A zero-filled float32 buffer of the tensor's size."""
        return array("f", self._zeros)

    def describe(self) -> list[tuple[str, int, int, str]]:
        """(name, start, stop, meaning) for each slice, in order."""
        return [(s.name, s.start, s.stop, s.meaning) for s in self.slices]

    def markdown(self) -> str:
        """The layout as a Markdown table (docs/research.md shows one per game)."""
        rows = ["| slice | values | meaning |", "| --- | --- | --- |"]
        rows += [f"| `{s.name}` | {s.start}-{s.stop - 1} ({s.size}) | {s.meaning} |"
                 for s in self.slices]
        return "\n".join(rows)


def seat_order(seat: int | None, players: int) -> list[int]:
    """Seats as an observer lists them: itself first, then the others clockwise
    (a spectator, seat None, lists them from seat 0). `seat_order(...)[k]` is the seat
    shown in position k."""
    first = 0 if seat is None else seat
    return [(first + k) % players for k in range(players)]


# --- the slices every game's tensor starts and ends with (views share these keys) -------------


def add_turn(lay: Layout, players: int, phases: Sequence[str],
             what: str = "the decision point") -> None:
    """Declare who decides (relative to the observer) and at which decision point."""
    lay.lookup["phase_index"] = {name: i for i, name in enumerate(phases)}
    lay.add("to_move", players, "one-hot: the seat to decide, relative to the observer")
    lay.add("phase", len(phases), f"one-hot: {what} (" + ", ".join(phases) + ")")


def encode_turn(v: dict[str, Any], lay: Layout, out: Any) -> None:
    """Write a view's `to_move` and `phase` (nothing once the game is over)."""
    if v["to_move"] is not None:
        write_turn(lay, out, v["seat"], v["to_move"], v["players"],
                   lay.lookup["phase_index"][v["phase"]])


def write_turn(lay: Layout, out: Any, seat: int | None, to_move: int, players: int,
               phase: int) -> None:
    """Write who decides and at which decision point (`phase`: its position in the list
    given to `add_turn`): `encode_turn` from a view, a game's `encode_state` from its state."""
    at = lay.at
    out[at["to_move"] + (to_move - (0 if seat is None else seat)) % players] = 1.0
    out[at["phase"] + phase] = 1.0


def add_ending(lay: Layout, over: str = "") -> None:
    """Declare how far the game is towards its round cap, and whether it is over."""
    lay.add("round", 1, "round / max_rounds (0 without a round cap)")
    lay.add("over", 1, "1 once the game is over" + over)


def encode_ending(v: dict[str, Any], lay: Layout, out: Any) -> None:
    """Write a view's `round` (against `max_rounds`) and `over`."""
    write_ending(lay, out, v["round"], v["max_rounds"], v["over"])


def write_ending(lay: Layout, out: Any, round_: int, max_rounds: int | None,
                 over: bool) -> None:
    """Write the round against the round cap and whether the game is over (`encode_ending`
    from a view, a game's `encode_state` from its state)."""
    if max_rounds:
        out[lay.at["round"]] = scaled(round_, max_rounds)
    if over:
        out[lay.at["over"]] = 1.0


def set_flags(out: Any, start: int, indices: Iterable[int]) -> None:
    """Set to 1 the values at these positions of a slice that starts at `start` (per-space
    flags, for instance)."""
    for i in indices:
        out[start + i] = 1.0


def seat_words(k: int) -> str:
    """How a layout names the seat in relative position k."""
    if k == 0:
        return "the observer"
    return "the next seat clockwise" if k == 1 else f"{k} seats clockwise from the observer"


def relative(seat: int | None, other: int, players: int) -> int:
    """Where `other` sits as `seat` sees the table: 0 itself, 1 the next seat clockwise..."""
    return (other - (0 if seat is None else seat)) % players


def scaled(value: float, most: float) -> float:
    """`value / most`, kept in [0, 1] (a count beyond its expected most reads as 1)."""
    if most <= 0:
        return 0.0
    x = value / most
    return 1.0 if x > 1.0 else (0.0 if x < 0.0 else x)


class Lookup(dict):
    """`fn(v)` by lookup: worked out once for each whole v from 0 to `top`, and on demand for
    any other value. A state's encoder writes dozens of scaled counts per tensor, and a dict
    lookup costs a fraction of a call."""

    __slots__ = ("fn",)

    def __init__(self, fn: Callable[[int], float], top: int, step: int = 1) -> None:
        super().__init__((v, fn(v)) for v in range(0, top + 1, step))
        self.fn = fn

    def __missing__(self, value: int) -> float:
        return self.fn(value)


def scale(most: float, top: int | None = None, step: int = 1) -> Lookup:
    """`scaled(v, most)` by lookup, for counts from 0 to `top` (default `most`), every
    `step` (amounts counted in tokens of `step`)."""
    return Lookup(lambda v: scaled(v, most), int(most if top is None else top), step)


# --- the kernel side of the hooks (Game and State call these) ---------------------------------


def action_space(game: Game, players: int) -> ActionSpace | None:
    cache = game._spaces
    space = cache.get(players)
    if space is None:
        if game.action_catalogue is None:
            return None
        game.check_players(players)
        space = cache[players] = ActionSpace(game.action_catalogue(players))
    return space


def observation_layout(game: Game, players: int) -> Layout | None:
    cache = game._spaces
    layout = cache.get(("layout", players))
    if layout is None:
        if game.tensor_layout is None:
            return None
        game.check_players(players)
        layout = cache["layout", players] = game.tensor_layout(players)
    return layout


def action_mask(state: State) -> np.ndarray | None:
    space = state.game._spaces.get(state.players) or action_space(state.game, state.players)
    return None if space is None else space.mask(legal_list(state))


def legal_list(state: State) -> list[Action]:
    """The state's own list of its legal actions, which `legal_actions` copies: worked out
    once and kept until the next `apply`. Read it, never change it."""
    legal = state._legal
    if legal is None:
        state.legal_actions()
        legal = state._legal
    return legal


def observation(state: State, seat: int | None, out: np.ndarray | None = None,
                recall: bool = False) -> np.ndarray | None:
    """`state.observation(seat)`: the game's `encode_state` if it has one, else the view's
    encoding. With `out` (a float32 array of the tensor's shape, C-contiguous) the tensor is
    written into it and it is returned: a learner can fill a row of a batch in place.
    `recall`: `state.information_state(seat)`, the game's `encode_recall` if it has one."""
    layout = _layout_of(state)
    if layout is None:
        return None
    if out is None:  # written through a memoryview: its stores cost less than an array's
        out = np.zeros(layout.size, np.float32)
        _fill(state, seat, layout, memoryview(out), recall)
        return out
    if out.__class__ is not np.ndarray or out.dtype != np.float32 or \
            out.shape != layout.shape or not out.flags.c_contiguous or not out.flags.writeable:
        raise RatkingError(f"out must be a writable, contiguous float32 array of shape "
                           f"{layout.shape}")
    out.fill(0.0)
    _fill(state, seat, layout, memoryview(out).cast("B").cast("f"), recall)
    return out


def _layout_of(state: State) -> Layout | None:
    """The state's tensor layout, None if its game has no tensor (or no encoder for it)."""
    game = state.game
    layout = game._spaces.get(("layout", state.players)) or \
        observation_layout(game, state.players)
    if layout is None or (game.encode_state is None and game.encode_view is None):
        return None
    return layout


Encoder = Callable[["State", "int | None", Layout, Any], None]


def encoder(game: Game, recall: bool = False) -> Encoder:
    """What writes a seat's tensor of a state into a zero-filled float32 buffer: the game's
    `encode_recall` (with `recall`) or `encode_state`, else the encoding of the seat's view.
    It does not check the seat: an environment checks its seats once and calls it each step."""
    encode = (recall and game.encode_recall) or game.encode_state
    if encode is not None:
        return encode
    encode_view = game.encode_view

    def from_view(state: State, seat: int | None, layout: Layout, out: Any) -> None:
        encode_view(state.view(seat), layout, out)

    return from_view


UNSEEN = object()  # the key of a part not yet written: equal to no key
PARTS = 64  # parts a game's tensor may have in `encode_update`, numbered from 0


class Kept:
    """One seat's tensor of one state, kept between observations for a game's
    `encode_update`: the array, the memoryview it is written through, and per part (numbered
    from 0 to PARTS - 1) the key it was last written from. A part's key holds what the part
    reads: values, copies of lists changed in place, or the lists a state replaces whole when
    they change (never changed in place, so one that is still the same object still holds the
    same values)."""

    __slots__ = ("_zeros", "array", "keys", "out", "state")

    def __init__(self, layout: Layout) -> None:
        self.array = np.zeros(layout.size, np.float32)
        self.out = memoryview(self.array)
        self._zeros = memoryview(layout._zeros).cast("f")
        self.keys: list[Any] = [UNSEEN] * PARTS
        self.state: State | None = None

    def start(self, state: State) -> None:
        """Begin again from zeros for this state: every part is written at the next update."""
        self.array.fill(0.0)
        self.keys[:] = [UNSEEN] * PARTS
        self.state = state

    def stale(self, part: int, key: Any, start: int, stop: int) -> bool:
        """True if part `part`, the values out[start:stop], was last written from another key
        (or never): its values are then cleared for it to be written again, and `key` kept."""
        keys = self.keys
        if keys[part] == key:
            return False
        keys[part] = key
        self.out[start:stop] = self._zeros[:stop - start]
        return True

    def clear(self, start: int, stop: int) -> None:
        """Clear out[start:stop]: a part's values that `stale` does not clear."""
        self.out[start:stop] = self._zeros[:stop - start]


def _fill(state: State, seat: int | None, layout: Layout, out: Any,
          recall: bool = False) -> None:
    if seat is not None and (seat.__class__ is not int or not 0 <= seat < state.players):
        state._check_seat(seat)  # raises, with the kernel's message
    encoder(state.game, recall)(state, seat, layout, out)


def public_observation(state: State, seat: int | None, recall: bool = False) -> np.ndarray | None:
    """The public part of a tensor: what every seat and a spectator know alike, laid out as
    `seat`'s tensor (seat None: the spectator's, the same for everyone); with `recall`, of the
    information-state tensor. `observation(state, seat, recall=recall)` minus this is the
    seat's private information alone (zero where it knows nothing more than the table)."""
    if seat is None:
        return observation(state, None, recall=recall)
    layout = _layout_of(state)
    if layout is None:
        return None
    state._check_seat(seat)
    game = state.game
    out = layout.blank()
    if game.encode_public is not None:
        game.encode_public(state, seat, layout, out, recall)
    else:
        game.encode_view({**state.view(None), "seat": seat}, layout, out)
    return np.frombuffer(out, dtype=np.float32)


def full_observation(state: State) -> np.ndarray | None:
    """The whole state as a tensor, for centralised critics: the spectator's layout (blocks
    from seat 0) encoding the game's `open_view`, every hidden hand and card shown; the
    spectator's tensor where the game has no open view (nothing it hides is in a tensor)."""
    game = state.game
    layout = _layout_of(state)
    if layout is None:
        return None
    if game.open_view is None or game.encode_view is None:
        return observation(state, None)
    out = layout.blank()
    game.encode_view(game.open_view(state), layout, out)
    return np.frombuffer(out, dtype=np.float32)


def view_observation(state: State, seat: int | None) -> np.ndarray | None:
    """The reference tensor, `encode_view(view(seat))`: what `observation` must equal bit for
    bit (a game's `encode_state` is the fast way to the same array). None if none."""
    game = state.game
    layout = observation_layout(game, state.players)
    if layout is None or game.encode_view is None:
        return None
    out = layout.blank()
    game.encode_view(state.view(seat), layout, out)
    return np.frombuffer(out, dtype=np.float32)
