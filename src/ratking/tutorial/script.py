"""A tutorial's data: the prepared start (seed, players, rule values, a prefix of moves) and
the steps, read from `tutorial.toml` beside a game's code and checked on the engine when it
is loaded, so a broken step is refused with the file and the step named."""

from __future__ import annotations

import inspect
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..bots import BOT_NAMES
from ..core import Game, IllegalAction, RatkingError, State, game_class, list_games, make

FILE = "tutorial.toml"
LEARNER = 0  # the seat the person takes


class TutorialError(RatkingError):
    """A tutorial file that cannot be used; the message names the file and the step."""


class NoTutorial(TutorialError):
    """The game has no tutorial."""


@dataclass(frozen=True)
class Step:
    """One scripted decision of the learner: the action to take, what to point at on the
    board (an action drawn there; default: the action itself), why (one or two sentences),
    the hint after a wrong choice, and the other seats' moves until the learner's next turn.
    A [[step]] whose `do` lists several moves becomes one Step per move, with the same words."""

    do: str
    say: str
    hint: str
    point: str
    then: tuple[str, ...] = ()
    number: int = 1  # the step of the file it comes from (one [[step]] may take several moves)


@dataclass(frozen=True)
class Tutorial:
    """A game's tutorial: how its game starts and the steps through it."""

    game: str
    path: Path
    players: int
    seed: int
    rules: dict[str, Any]
    names: tuple[str, ...]
    prefix: tuple[str, ...]
    intro: str
    outro: str
    steps: tuple[Step, ...]
    bots: str = "heuristic"  # the bots the learner finishes the game against

    @property
    def length(self) -> int:
        """How many steps the file has (the person is told "step 3 of 9")."""
        return self.steps[-1].number

    def new_game(self) -> Game:
        return make(self.game, **self.rules)

    def start(self) -> State:
        """The prepared position: a new game of the tutorial's seed with the prefix played."""
        state = self.new_game().new_game(self.players, seed=self.seed, names=list(self.names))
        for k, action in enumerate(self.prefix):
            self._play(state, action, f"prefix move {k + 1}")
        return state

    def check(self) -> State:
        """Play every scripted step on the engine: the learner must be the one to decide at
        each step, and every move must be legal. Returns the state after the script."""
        state = self.start()
        for i, step in enumerate(self.steps, 1):
            n = step.number
            if state.current_player != LEARNER:
                self.fail(f"step {n}: seat {state.current_player} is to move, not the learner "
                          "(the moves before it end too early: add them to `then`)")
            offered = {a.id for a in state.legal_actions()}
            self._play(state, step.do, f"step {n}")
            if step.point not in offered:
                self.fail(f"step {n}: point {step.point!r} is not offered there")
            for k, action in enumerate(step.then, 1):
                if state.current_player == LEARNER:
                    self.fail(f"step {n}: then move {k} ({action!r}) would be the learner's")
                self._play(state, action, f"step {n}, then move {k}")
            if i < len(self.steps) and state.is_over:
                self.fail(f"step {n}: the game is over before the script is")
        return state

    def _play(self, state: State, action: str, where: str) -> None:
        try:
            state.apply(action)
        except IllegalAction as exc:
            self.fail(f"{where}: {action!r} is not legal there ({exc.reason})")

    def fail(self, message: str) -> None:
        raise TutorialError(f"{self.path}: {message}")


def _text(where: str, table: dict[str, Any], key: str, path: Path, default: str | None = None
          ) -> str:
    value = table.get(key, default)
    if not isinstance(value, str) or not value.strip():
        raise TutorialError(f"{path}: {where}: `{key}` must be a non-empty string")
    return " ".join(value.split())


def _moves(where: str, table: dict[str, Any], key: str, path: Path) -> tuple[str, ...]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise TutorialError(f"{path}: {where}: `{key}` must be a list of action ids")
    return tuple(value)


def tutorial_path(game_id: str) -> Path:
    """Where a game's tutorial lives: `tutorial.toml` beside the module of its Game class."""
    return Path(inspect.getfile(game_class(game_id))).with_name(FILE)


def has_tutorial(game_id: str) -> bool:
    return tutorial_path(game_id).is_file()


def tutorial_games() -> list[str]:
    """The ids of the installed games that have a tutorial."""
    return [g.id for g in list_games() if has_tutorial(g.id)]


def parse(game_id: str, path: Path, text: str) -> Tutorial:
    """A tutorial from the text of its file, checked on the engine."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise TutorialError(f"{path}: {exc}") from None
    start = data.get("start")
    if not isinstance(start, dict):
        raise TutorialError(f"{path}: a [start] table is needed")
    players, seed = start.get("players"), start.get("seed")
    for key, value in (("players", players), ("seed", seed)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise TutorialError(f"{path}: [start] `{key}` must be a whole number")
    rules = start.get("rules", {})
    if not isinstance(rules, dict):
        raise TutorialError(f"{path}: [start] `rules` must be a table of rule values")
    names = start.get("names", ["Player 1", *BOT_NAMES[:max(0, players - 1)]])
    if not isinstance(names, list) or len(names) != players or \
            not all(isinstance(n, str) for n in names):
        raise TutorialError(f"{path}: [start] `names` must name each of the {players} seats")
    raw = data.get("step")
    if not isinstance(raw, list) or not raw:
        raise TutorialError(f"{path}: at least one [[step]] is needed")
    steps = []
    for n, table in enumerate(raw, 1):
        where = f"step {n}"
        if not isinstance(table, dict):
            raise TutorialError(f"{path}: {where} must be a table")
        unknown = set(table) - {"do", "say", "hint", "point", "then"}
        if unknown:
            raise TutorialError(f"{path}: {where}: unknown keys {sorted(unknown)}")
        moves = _moves(where, table, "do", path) if isinstance(table.get("do"), list) else \
            (_text(where, table, "do", path),)
        if not moves:
            raise TutorialError(f"{path}: {where}: `do` names no move")
        say, hint = _text(where, table, "say", path), _text(where, table, "hint", path)
        then = _moves(where, table, "then", path)
        for k, do in enumerate(moves):
            last = k == len(moves) - 1
            point = _text(where, table, "point", path, do) if k == 0 else do
            steps.append(Step(do=do, say=say, hint=hint, point=point,
                              then=then if last else (), number=n))
    tutorial = Tutorial(
        game=game_id, path=path, players=players, seed=seed, rules=dict(rules),
        names=tuple(names), prefix=_moves("[start]", start, "prefix", path),
        intro=_text("[start]", start, "intro", path), outro=_text("[start]", start, "outro", path),
        steps=tuple(steps))
    try:
        tutorial.check()
    except TutorialError:
        raise
    except RatkingError as exc:  # the rules or the player count
        raise TutorialError(f"{path}: [start]: {exc}") from None
    return tutorial


@cache
def load_tutorial(game_id: str) -> Tutorial:
    """A game's tutorial, read and checked once per process; TutorialError if it has none or
    its file is broken (the message names the file and the step)."""
    path = tutorial_path(game_id)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise NoTutorial(f"{game_class(game_id).title} has no tutorial yet") from None
    return parse(game_id, path, text)
