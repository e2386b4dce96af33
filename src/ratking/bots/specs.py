"""Bot specs: one string names a bot everywhere (`make_bot("ismcts:iters=2000", seed)`).

A spec is `name[:key=value]...` and never holds a comma, so a list of specs is comma-separated.

- `random`: a uniformly random legal action.
- `heuristic` (also `bot`, `normal`): the game's own one-move policy; `heuristic:eps=0.3` plays
  a random legal action instead 30% of the time.
- `ismcts`: information-set Monte Carlo tree search (ismcts.py). Options: `iters=N` (iterations
  per decision, default 1000), `ms=N` (milliseconds per decision; with both, whichever ends
  first), `rollout=random|heuristic`, `eps=x` (random moves in heuristic rollouts), `depth=N`
  (rollout decisions before the game's evaluation scores the position), `c=x` (exploration),
  `prior=x` (a fading bonus for the heuristic's choice at each node), `margin=x` (the share of
  a finished game's value taken from the evaluation of its final position), `split=seen` (below
  each action, branch on what the searching seat observes: decisions after a roll are learned
  per roll).
- `neural`: the policy learned by `ratking train` and shipped for the game and player count,
  played on numpy alone (neural.py); `neural:PATH` plays a policy file of one's own.
  `ismcts:prior=neural` gives the search's prior bonus to the neural policy's likeliest
  legal action (with the weight NEURAL_PRIOR) instead of the heuristic's choice.
- `response`: a best response searched against a fixed bot (response.py), for measuring how
  exploitable that bot is (`ratking exploit`). Options: `against=NAME` (the fixed bot: random,
  heuristic, a level or neural); `iters`, `depth`, `c`, `prior` and `rollout` as for
  `ismcts` (defaults: 200 iterations, rollouts cut at 10 decisions).
  Never offered to a server's clients (`check_budget` refuses it).
- `lbr`: local best response against a fixed bot (lbr.py), the other way `ratking exploit`
  measures (`--method lbr`). Options: `against=NAME` as for `response`, `particles=N` (the
  belief's determinizations, default 16), `depth=N` (rollout decisions before the evaluation,
  default 10; `depth=0`: to the end). Never offered to a table either.
- Levels `easy`, `hard`, `expert`: settings tuned per game (`Game.levels`), defined by
  iterations, never by time, so that their results reproduce. `normal` is the heuristic.
"""

from __future__ import annotations

from typing import Any

from ..core import Action, RatkingError, State
from .base import Bot, action_probabilities
from .heuristic import HeuristicBot
from .ismcts import ROLLOUTS, SPLITS, SearchBot, SearchSettings
from .lbr import Continuation, LbrSettings, LocalBestResponse
from .neural import NeuralBot
from .random_bot import RandomBot
from .response import ResponseBot

LEVELS = ("easy", "normal", "hard", "expert")
NAMES = ("bot", "heuristic", "random", "ismcts", "neural", "response", "lbr", *LEVELS)
RESPONSE_ITERS, RESPONSE_DEPTH = 200, 10  # a response's budget unless its spec sets one
NEURAL_PRIOR = 0.5  # the prior's weight with prior=neural (the levels' weight for the heuristic)
# the levels of a game that sets none of its own (Game.levels overrides them one by one)
DEFAULT_LEVELS = {
    "easy": "heuristic:eps=0.4",
    "hard": "ismcts:iters=500:depth=10:prior=0.5",
    "expert": "ismcts:iters=2000:depth=10:prior=0.5",
}


def _whole(name: str, low: int):
    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise ValueError(f"{name} must be a whole number, not {text!r}") from None
        if value < low:
            raise ValueError(f"{name} must be at least {low}, not {value}")
        return value
    return read


def _number(name: str, low: float, high: float | None = None, strict: bool = False):
    def read(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise ValueError(f"{name} must be a number, not {text!r}") from None
        if value != value or (value <= low if strict else value < low) or \
                (high is not None and value > high):
            where = f"more than {low:g}" if strict else f"at least {low:g}"
            if high is not None:
                where += f" and at most {high:g}"
            raise ValueError(f"{name} must be {where}, not {text}")
        return value
    return read


def _one_of(name: str, choices: tuple[str, ...]):
    def read(text: str) -> str:
        if text not in choices:
            raise ValueError(f"{name} must be {' or '.join(choices)}, not {text!r}")
        return text
    return read


def _prior(text: str) -> float | str:
    return "neural" if text == "neural" else _number("prior", 0.0)(text)


OPTIONS: dict[str, dict[str, Any]] = {
    "random": {},
    "neural": {},
    "heuristic": {"eps": _number("eps", 0.0, 1.0)},
    "ismcts": {"iters": _whole("iters", 1), "ms": _number("ms", 0.0, strict=True),
               "rollout": _one_of("rollout", ROLLOUTS), "eps": _number("eps", 0.0, 1.0),
               "depth": _whole("depth", 0), "c": _number("c", 0.0),
               "prior": _prior, "margin": _number("margin", 0.0, 1.0),
               "split": _one_of("split", SPLITS)},
    "response": {"against": _one_of("against", ("random", "heuristic", "neural", *LEVELS)),
                 "iters": _whole("iters", 1), "depth": _whole("depth", 0),
                 "c": _number("c", 0.0), "prior": _number("prior", 0.0),
                 "rollout": _one_of("rollout", ROLLOUTS)},
    "lbr": {"against": _one_of("against", ("random", "heuristic", "neural", *LEVELS)),
            "particles": _whole("particles", 1), "depth": _whole("depth", 0)},
}
ALIASES = {"bot": "heuristic", "normal": "heuristic"}


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """`"ismcts:iters=500"` -> ("ismcts", {"iters": 500}); a bad spec raises RatkingError
    naming what is wrong. Levels other than `normal` come back as their own name."""
    if not isinstance(spec, str):
        raise RatkingError(f"a bot spec must be a string, not {spec!r}")
    text = spec.strip()
    if not text:
        raise RatkingError("empty bot spec; bots: " + ", ".join(NAMES))
    if "," in text:
        raise RatkingError(f"bot spec {spec!r} holds a comma: one bot per spec "
                           "(a list of specs is comma-separated)")
    name, *parts = text.split(":")
    name = name.strip().lower()
    name = ALIASES.get(name, name)
    if name not in OPTIONS and name not in LEVELS:
        raise RatkingError(f"no bot {name!r}; bots: {', '.join(NAMES)}")
    if name in LEVELS and parts:
        raise RatkingError(f"bot spec {spec!r}: the level {name!r} takes no options")
    allowed = OPTIONS.get(name, {})
    options: dict[str, Any] = {}
    if name == "neural":
        path = ":".join(parts).strip()  # a path may hold a colon
        return name, ({"path": path} if path else {})
    for part in parts:
        key, eq, value = part.partition("=")
        key = key.strip().lower()
        if not eq or not key:
            raise RatkingError(f"bot spec {spec!r}: options are key=value, not {part!r}")
        if key not in allowed:
            known = ", ".join(allowed) or "none"
            raise RatkingError(f"bot spec {spec!r}: {name} has no option {key!r} "
                               f"(options: {known})")
        if key in options:
            raise RatkingError(f"bot spec {spec!r}: option {key!r} given twice")
        try:
            options[key] = allowed[key](value.strip())
        except ValueError as exc:
            raise RatkingError(f"bot spec {spec!r}: {exc}") from None
    return name, options


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """The bot a spec names (see the module docstring), seeded for repeatable play."""
    name, options = parse_spec(spec)
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        return HeuristicBot(seed, **options)
    if name == "neural":
        return NeuralBot(options.get("path"), seed)
    if name == "response":
        against = options.pop("against", "heuristic")
        options = {"iters": RESPONSE_ITERS, "depth": RESPONSE_DEPTH, **options}
        return ResponseBot(lambda s: make_bot(against, s), SearchSettings(**options), seed)
    if name == "lbr":
        against = options.pop("against", "heuristic")
        if options.get("depth") == 0:
            options["depth"] = None
        return LocalBestResponse(lambda s: make_bot(against, s),
                                 lambda game: stand_in(game, against), LbrSettings(**options),
                                 seed)
    if name == "ismcts":
        if "ms" in options and "iters" not in options:
            options["iters"] = None
        if options.get("prior") == "neural":
            options["prior"], options["guide"] = NEURAL_PRIOR, NeuralBot(seed=seed).guide
        try:
            return SearchBot(SearchSettings(**options), seed)
        except RatkingError as exc:
            raise RatkingError(f"bot spec {spec!r}: {exc}") from None
    return LevelBot(name, seed)


def level_spec(game: Any, level: str) -> str:
    """The spec a level stands for in a game (its own `levels`, else the defaults)."""
    if level == "normal":
        return "heuristic"
    return (getattr(game, "levels", None) or {}).get(level) or DEFAULT_LEVELS[level]


def stand_in(game: Any, against: str) -> Continuation:
    """What plays the seats of the bot `against` (a level as `game` sets it) in a local best
    response's rollouts: the bot itself where it is a one-move policy, the heuristic (random
    play in a game without one) where it searches."""
    name, options = parse_spec(level_spec(game, against) if against in LEVELS else against)
    if name in ("random", "heuristic"):
        return name, options.get("eps", 0.0)
    if name == "neural":
        return "bot", 0.0
    return ("heuristic" if game.heuristic is not None else "random"), 0.0


class LevelBot:
    """A named level: the spec it stands for depends on the game, so it is looked up at the
    first decision (and kept per game)."""

    def __init__(self, level: str, seed: int | None = None) -> None:
        self.name = level
        self.seed = seed
        self._bots: dict[str, Bot] = {}

    def bot_for(self, game: Any) -> Bot:
        bot = self._bots.get(game.id)
        if bot is None:
            bot = self._bots[game.id] = make_bot(level_spec(game, self.name), self.seed)
        return bot

    def choose(self, state: State) -> Action:
        return self.bot_for(state.game).choose(state)

    def probabilities(self, state: State) -> dict[str, float] | None:
        """The level's bot's distribution (bots.base.action_probabilities)."""
        return action_probabilities(self.bot_for(state.game), state)


# --- what a client may ask of a server's search ------------------------------------------

MAX_SEARCH_MS = 3000  # the most time per decision a client's search spec may ask for
CHEAPEST_FIRST = {"rollout": ROLLOUTS}  # option values ordered from the cheapest per step


class OverBudget(RatkingError):
    """A bot spec that asks for more search than the game's strongest level spends."""


class Unplayable(OverBudget):
    """A bot spec the game cannot play: it needs the game's heuristic, an optional hook the
    game lacks (refused where a spec over budget is)."""


def needs_heuristic(spec: str, game: Any) -> bool:
    """Whether the bot `spec` (a level as `game` sets it) plays with the game's heuristic: the
    heuristic bot, or a search guided by it (a prior on its choice, or heuristic rollouts)."""
    name, options = parse_spec(spec)
    if name in LEVELS:
        name, options = parse_spec(level_spec(game, name))
    if name == "heuristic":
        return True
    if name != "ismcts":
        return False
    prior = options.get("prior", SearchSettings.prior)
    return options.get("rollout") == "heuristic" or (prior != "neural" and prior > 0)


def check_budget(spec: str, game: Any) -> None:
    """Refuse (OverBudget) a spec a client chose that would search more than `game`'s
    `expert` level: more iterations, deeper rollouts (a rollout to the end is deeper than any
    cut), a costlier rollout policy, another way of branching, or over MAX_SEARCH_MS
    milliseconds per decision; and (Unplayable) one that needs a heuristic the game has not.
    Levels and the one-move bots are always within budget; a bad spec raises RatkingError as
    in `parse_spec`."""
    if getattr(game, "heuristic", None) is None and needs_heuristic(spec, game):
        raise Unplayable(f"bot spec {spec!r}: {game.title} has no heuristic for it to play "
                         "with; choose random or a search without a prior")
    name, options = parse_spec(spec)
    if name in ("response", "lbr"):
        raise OverBudget(f"bot spec {spec!r}: a best response is for the lab "
                         "(ratking exploit), not for a table; choose a level")
    if name != "ismcts":
        return
    top, cap = parse_spec(level_spec(game, "expert"))
    if top != "ismcts":  # a game whose strongest level does not search: no client search
        raise OverBudget(f"bot spec {spec!r}: {game.id} offers no search; choose a level")
    limit = SearchSettings(**cap)
    ms = options.get("ms")
    iters = options.get("iters", None if ms is not None else SearchSettings.iters)
    problems = []
    if ms is not None and ms > MAX_SEARCH_MS:
        problems.append(f"ms at most {MAX_SEARCH_MS}")
    if iters is not None and limit.iters is not None and iters > limit.iters:
        problems.append(f"iters at most {limit.iters}")
    depth = options.get("depth", SearchSettings.depth)
    if limit.depth is not None and (depth is None or depth > limit.depth):
        problems.append(f"depth at most {limit.depth}")
    for key, order in CHEAPEST_FIRST.items():
        if order.index(options.get(key, getattr(SearchSettings, key))) > \
                order.index(getattr(limit, key)):
            problems.append(f"{key}={getattr(limit, key)}")
    if options.get("split", limit.split) != limit.split:
        problems.append(f"split={limit.split}")
    if problems:
        raise OverBudget(f"bot spec {spec!r} searches more than {game.id}'s expert level "
                         f"allows ({', '.join(problems)}); or choose a level")
