"""The Game base class: a game with its rules fixed, that starts and loads states."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

from .action import Action
from .cardfile import KINDS, CardFile, CardFileError, remember, resolve
from .errors import RatkingError, RecordError, RulesError
from .hooks import bind
from .rng import new_seed
from .rules import Rules, RuleSpec
from .state import STATE_FORMAT, State

if TYPE_CHECKING:
    from .spaces import ActionSpace, Layout


@dataclass(frozen=True)
class GameInfo:
    """What `list_games` tells about a game."""

    id: str
    title: str
    min_players: int
    max_players: int
    rules: tuple[dict[str, Any], ...]
    summary: str = ""


class Game:
    """A game with fixed rules. Subclasses set the class attributes and `state_class`."""

    id: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str] = ""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rule_specs: ClassVar[tuple[RuleSpec, ...]]
    state_class: ClassVar[type[State]]
    rules_page: ClassVar[Path | None] = None  # the rules in our own words (Markdown)
    # a game stopped by max_rounds (its end reason "round-cap"): True if the game's own rule
    # scores it then (its returns are a result like any other), False if it ends as a draw,
    # which simulations count apart from decided games (DESIGN principle 4)
    scores_at_cap: ClassVar[bool] = False
    # the heuristic bot's policy, heuristic(state, rng) -> Action; None if the game has none
    heuristic: ClassVar[Callable[[State, random.Random], Action] | None] = None
    # for learning agents (core/spaces.py), bound from the game's observation.py as plain
    # functions: every action that can ever be legal with N seats, the observation tensor's
    # layout, its encoder from one view, (optional, the fast path) the same encoder reading
    # the state's fields, and (optional) the information-state encoder, for a game whose view
    # forgets what its seat was shown (the tensor with perfect recall; without it, the
    # observation is the information state), and (optional) the fast path in parts, which
    # writes again only what changed since a seat's kept tensor; None if the game has none
    action_catalogue: ClassVar[Callable[..., list[Action]] | None] = None
    tensor_layout: ClassVar[Callable[..., Layout] | None] = None
    encode_view: ClassVar[Callable[..., None] | None] = None
    encode_state: ClassVar[Callable[..., None] | None] = None
    encode_recall: ClassVar[Callable[..., None] | None] = None
    encode_update: ClassVar[Callable[..., None] | None] = None
    # (optional) the public information alone, laid out as a seat's tensor (spaces.py)
    encode_public: ClassVar[Callable[..., None] | None] = None
    # names of the teams numbered by seat_teams (None: every seat plays for itself)
    team_names: ClassVar[tuple[str, ...] | None] = None
    # the "how to win" panel: standing(view) -> {"goal": str, "rows": [{"seats", "name",
    # "text", "progress"}], "note": str | None}, built only from that view; None: no panel
    standing: ClassVar[Callable[[dict[str, Any]], dict[str, Any]] | None] = None
    # the end screen: ending(state) of a finished game -> {"winners", "team", "rule",
    # "column", "scores", "teams"} (who won, by which rule, formatted scores); None: returns only
    ending: ClassVar[Callable[[State], dict[str, Any]] | None] = None
    # a finished game's replay: open_hands(state) -> [{"who", "holds"}], everything hidden
    # during play (hands, secret cards) as plain text; None: the game hides no hands
    open_hands: ClassVar[Callable[[State], list[dict[str, str]]] | None] = None
    # the same replay's board: open_view(state) -> the spectator's view (seat None) with every
    # hidden hand filled in and "open": True, which render_svg draws face up; never sent while
    # the game is played. None: the game hides no hands (the replay draws view(None))
    open_view: ClassVar[Callable[[State], dict[str, Any]] | None] = None
    # the search's evaluation, evaluate(state) -> per seat, estimated win chances (summing to
    # about 1) of a game still in play; None if the game has none (searches then play to the end)
    evaluate: ClassVar[Callable[[State], list[float]] | None] = None
    # bot levels tuned for this game: level name ("easy", "hard", "expert") -> bot spec; a level
    # not named here takes ratking.bots' default
    levels: ClassVar[dict[str, str]] = {}

    # --- facts about the game, for its tests (ratking.testing, `ratking check`) -------------
    # rule variants worth playing besides the defaults (each a dict of rule overrides; `{}`
    # is the defaults): those that change what is seen, decided or encoded
    variants: ClassVar[tuple[dict[str, Any], ...]] = ({},)
    # event kinds random play seldom reaches, each with a sample to tell: (kind, actor, public
    # data); the narration check tells these too, so every kind the game logs has words
    rare_events: ClassVar[tuple[tuple[str, int | None, dict[str, Any]], ...]] = ()
    # whether the game ever offers an undo (True), never does (False: every decision rolls,
    # draws, shows a card or hands the turn on), or None: not claimed either way
    offers_undo: ClassVar[bool | None] = None
    # the component files the game reads, by kind ("cards": its cards or components, "board":
    # its board), each the built-in file; `card_files` at make() may give others
    component_files: ClassVar[dict[str, Path]] = {}

    def __init_subclass__(cls, hooks: tuple[ModuleType, ...] = (), **kwargs: Any) -> None:
        """`class MyGame(Game, hooks=(text, svg, ...))`: bind the hooks those modules
        provide, by the modules' names (core/hooks.py)."""
        super().__init_subclass__(**kwargs)
        bind(cls, hooks)

    def __init__(self, card_files: dict[str, CardFile | str | Path] | None = None,
                 **rules: Any) -> None:
        self.files = self._resolve_files(card_files or {})
        self.rules = Rules(self.rule_specs, rules)
        self._check_rules()
        self._actions: dict[str, Action] = {}
        self._spaces: dict[Any, Any] = {}  # action spaces and layouts by player count

    @classmethod
    def _resolve_files(cls, given: dict[str, Any]) -> dict[str, CardFile]:
        """Each component file the game reads: the one given, or the built-in one."""
        if not isinstance(given, dict):
            raise CardFileError(f"card_files is a dict of {', '.join(KINDS)}, not {given!r}")
        for kind in given:
            if kind not in cls.component_files:
                has = ", ".join(f"--{k}" for k in cls.component_files) or "none"
                raise CardFileError(f"{cls.title} has no {kind} file (its files: {has})")
        files = {kind: resolve(given.get(kind), path)
                 for kind, path in cls.component_files.items()}
        for made in files.values():
            if not made.builtin:
                remember(made)
        return files

    def file_overrides(self) -> dict[str, CardFile]:
        """The component files this game was made with that are not the built-in ones."""
        return {k: f for k, f in self.files.items() if not f.builtin}

    def describe_files(self) -> dict[str, dict[str, str] | None]:
        """{"cards": {"name", "sha256"} or None, and "board" where the game has one}: what
        reports, JSON files and records say of the files played."""
        out: dict[str, dict[str, str] | None] = {
            "cards": self.files["cards"].describe() if "cards" in self.files else None}
        if "board" in self.files:
            out["board"] = self.files["board"].describe()
        return out

    @classmethod
    def info(cls) -> GameInfo:
        return GameInfo(cls.id, cls.title, cls.min_players, cls.max_players,
                        tuple(spec.describe() for spec in cls.rule_specs), cls.summary)

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.rules.items()
                   if v != next(s.default for s in self.rule_specs if s.name == k)}
        extra = "".join(f", {k}={v!r}" for k, v in changed.items())
        if files := self.file_overrides():
            extra += f", card_files={ {k: f.name for k, f in files.items()}!r}"
        return f"ratking.make({self.id!r}{extra})"

    # --- starting and loading ------------------------------------------------------------------

    def new_game(self, players: int, seed: int | None = None,
                 names: list[str] | tuple[str, ...] | None = None) -> State:
        """A new game for `players` seats; the same seed gives the same game."""
        self.check_players(players)
        if seed is None:
            seed = new_seed()
        elif seed.__class__ is not int or seed < 0:
            raise RatkingError(f"seed must be a whole number 0 or more, not {seed!r}")
        if names is None:
            names = self.default_names(players)
        else:
            names = tuple(str(n) for n in names)
            if len(names) != players:
                raise RatkingError(f"{len(names)} names given for {players} players")
        state = object.__new__(self.state_class)
        state._init_base(self, players, seed, names)
        state._setup()
        return state

    def check_players(self, players: int) -> None:
        if players.__class__ is not int or not self.min_players <= players <= self.max_players:
            raise RatkingError(f"{self.title} takes {self.min_players} to {self.max_players} "
                               f"players, not {players!r}")
        first = self.rules.get("first_seat", 0)
        if first >= players:
            raise RatkingError(f"rule 'first_seat' is seat {first}, but a {players}-player game "
                               f"has seats 0 to {players - 1}")

    def player_counts(self) -> tuple[int, ...]:
        """Every number of players these rules take (those check_players accepts)."""
        low = max(self.min_players, self.rules.get("first_seat", 0) + 1)
        return tuple(range(low, self.max_players + 1))

    @staticmethod
    def default_names(players: int) -> tuple[str, ...]:
        return tuple(f"Player {i + 1}" for i in range(players))

    def from_json(self, data: Any) -> State:
        """Load a state saved by `state.to_json()`; malformed data raises RecordError."""
        if not isinstance(data, dict):
            raise RecordError("a saved state must be a JSON object")
        expect = {"format": str, "game": str, "rules": dict, "players": int, "seed": int,
                  "names": list, "rng": list, "history": list, "log": list, "to_move": int,
                  "over": bool, "state": dict, "end_reason": (str, type(None)),
                  "result": (list, type(None))}
        for key, kind in expect.items():
            if key not in data:
                raise RecordError(f"saved state has no {key!r}")
            if not isinstance(data[key], kind) or (kind is int and isinstance(data[key], bool)):
                raise RecordError(f"saved state {key!r} has the wrong type")
        if data["format"] != STATE_FORMAT:
            raise RecordError(f"unknown state format {data['format']!r} (expected {STATE_FORMAT})")
        if data["game"] != self.id:
            raise RecordError(f"saved state is of {data['game']!r}, not {self.id!r}")
        try:
            rules = Rules(self.rule_specs, data["rules"])
        except RulesError as exc:
            raise RecordError(f"saved state rules: {exc}") from None
        if rules.as_dict() != self.rules.as_dict():
            raise RecordError("saved state was played with other rules; load it with "
                              "ratking.make(game, **state['rules'])")
        check_files(self, data, "saved state")
        try:
            self.check_players(data["players"])
        except RatkingError as exc:
            raise RecordError(f"saved state: {exc}") from None
        if len(data["names"]) != data["players"]:
            raise RecordError("saved state has a name count unequal to its player count")
        if not all(isinstance(a, str) for a in data["history"]):
            raise RecordError("saved state 'history' must be a list of action ids")
        state = object.__new__(self.state_class)
        state._load_base(self, data)
        if not (0 <= state.to_move < state.players):
            raise RecordError(f"saved state 'to_move' {state.to_move} is not a seat")
        try:
            state._load(data["state"])
            state._load_unordered(data.get("unordered"))
            _check_playable(state)
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise RecordError(f"saved {self.id} state is malformed: {exc!r}") from None
        state._legal = None
        return state

    # --- the action catalogue ------------------------------------------------------------------

    def action_by_id(self, action_id: str) -> Action | None:
        """The game's Action with this id, or None if the game has no such action."""
        return self._actions.get(action_id)

    def intern(self, action_id: str, label: str, key: Any) -> Action:
        """Create (once) and return the shared Action for this id."""
        action = self._actions.get(action_id)
        if action is None:
            action = self._actions[action_id] = Action(action_id, label, key)
        return action

    # --- spaces for learning agents (core/spaces.py) -------------------------------------------

    def action_space(self, players: int) -> ActionSpace | None:
        """Every action id that can ever be legal with `players` seats, numbered in a stable
        order (cached); None if the game has no action catalogue."""
        space = self._spaces.get(players)
        if space is None:
            from .spaces import action_space

            space = action_space(self, players)
        return space

    def observation_layout(self, players: int) -> Layout | None:
        """The observation tensor's slices for `players` seats (cached); None if none."""
        from .spaces import observation_layout

        return observation_layout(self, players)

    def observation_shape(self, players: int) -> tuple[int, ...] | None:
        """The shape of `state.observation(seat)` for `players` seats; None if none."""
        layout = self.observation_layout(players)
        return None if layout is None else layout.shape

    # --- hooks ---------------------------------------------------------------------------------

    @staticmethod
    def render_text(view: dict[str, Any]) -> Any:
        """A Rich renderable of a view, for the terminal."""
        raise NotImplementedError

    @classmethod
    def render_compact(cls, view: dict[str, Any]) -> Any:
        """The board of render_text in few lines, for a terminal's 80x24 screen: the
        state at a glance, no legend or card texts. By default the full rendering."""
        return cls.render_text(view)

    @staticmethod
    def render_svg(view: dict[str, Any], actions: list[dict[str, str]]) -> str:
        """The board as one <svg> element drawn from a view, for the web app. Legal actions
        with a place on the board carry data-action="<id>"; the page makes buttons for the
        rest. `actions` holds {"id", "label"} of what the viewer may do now."""
        raise NotImplementedError

    # True when a renderer in JavaScript draws render_svg's board in the browser from the
    # view and board_data(): the web table then sends views, never SVG, on a move. The
    # renderer is ratking's server/static/boards/<id>.js, or the game package's own file
    # named by board_script (an ES module exporting render(view, actions, data) -> the SVG)
    browser_board: ClassVar[bool] = False
    board_script: ClassVar[Path | None] = None

    @classmethod
    def board_data(cls) -> dict[str, Any]:
        """What the browser's renderer of this game (server/static/boards/<id>.js) needs
        besides a view to draw the board render_svg draws: the game's words and tables, as
        JSON, so that they are written once, here. By default nothing."""
        return {}

    def table_board_data(self) -> dict[str, Any]:
        """What this game's own component files (a table's card file) change of board_data():
        a table sends it with its set-up, and the page draws with it over board_data(). Only
        public data (card texts, values). By default, and with the built-in files, nothing."""
        return {}

    @staticmethod
    def metrics(state: State) -> dict[str, float]:
        """The game's own counters of a finished game, for lab reports: {name: number}.

        A name "group/item" puts the item in a family shown together (e.g. "ended by/deck").
        Read from the state and its event log once the game is over, never on the hot path.
        """
        return {}

    @staticmethod
    def seat_teams(players: int) -> tuple[int, ...]:
        """Each seat's team, numbered from 0: seats of one team win and lose together.
        By default every seat plays for itself."""
        return tuple(range(players))

    def _check_rules(self) -> None:
        """Cross-checks between rule values; raise RulesError naming the rule."""


def check_files(game: Game, data: dict[str, Any], what: str) -> None:
    """RecordError unless `data` (a record or a saved state) was played with the component
    files `game` has: by each file's sha256 (no entry: the built-in file)."""
    for kind, made in game.files.items():
        said = data.get(kind)
        if said is None and made.builtin:
            continue
        want = said.get("sha256") if isinstance(said, dict) else None
        if want != made.sha256:
            played = (f"{said.get('name')!r} (sha256 {str(want)[:12]})"
                      if isinstance(said, dict) else "the built-in file")
            raise RecordError(f"{what} was played with {kind} {played}, not {made.name!r} "
                              f"(sha256 {made.sha256[:12]}): give the same file")


def _check_playable(state: State) -> None:
    """A loaded game must work: its views can be drawn and, while it is on, it offers actions
    that can each be played (tried on clones). A save whose fields are each well-formed but
    that do not fit together fails here, not in the middle of someone's game."""
    for seat in (None, *range(state.players)):
        state._view(seat)
    if state.over:
        return
    legal = state.legal_actions()
    if not legal:
        raise RecordError(f"saved {state.game.id} state offers no action to play")
    for action in legal:
        probe = state.clone()
        probe.apply(action)
        probe.legal_actions()
