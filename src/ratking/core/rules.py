"""Rule parameters: every number in a rulebook is a named, typed, validated option."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import RulesError


@dataclass(frozen=True)
class RuleSpec:
    """One rule option: its name, rulebook default, type and one-line meaning.

    `minimum`/`maximum` bound numbers; `choices` limits strings; `optional` lets the value be
    None (e.g. `max_rounds`, off by default); `check` can reject values with a message.
    """

    name: str
    default: Any
    type: type
    help: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] | None = None
    optional: bool = False
    check: Callable[[Any], str | None] | None = field(default=None, compare=False)
    label: str = ""  # a short name for people ("Dice in a Rat City fight"); default: the name

    def title(self) -> str:
        """The option as people read it: its label, or its name in words."""
        return self.label or self.name.replace("_", " ").capitalize()

    def coerce(self, value: Any) -> Any:
        """Return `value` validated (and converted from text where that is unambiguous)."""
        if value is None:
            if self.optional:
                return None
            raise RulesError(f"rule {self.name!r} may not be empty")
        if isinstance(value, str) and self.type is not str:
            value = self._parse(value)
            if value is None:
                return None
        if self.type is bool:
            if not isinstance(value, bool):
                raise RulesError(f"rule {self.name!r} must be true or false, not {value!r}")
        elif self.type is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise RulesError(f"rule {self.name!r} must be a whole number, not {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise RulesError(f"rule {self.name!r} must be at least {self.minimum}, not {value}")
            if self.maximum is not None and value > self.maximum:
                raise RulesError(f"rule {self.name!r} must be at most {self.maximum}, not {value}")
        elif self.type is str:
            if not isinstance(value, str):
                raise RulesError(f"rule {self.name!r} must be text, not {value!r}")
            if self.choices is not None and value not in self.choices:
                allowed = ", ".join(self.choices)
                raise RulesError(f"rule {self.name!r} must be one of {allowed}, not {value!r}")
        if self.check is not None:
            problem = self.check(value)
            if problem:
                raise RulesError(f"rule {self.name!r}: {problem}")
        return value

    def _parse(self, text: str) -> Any:
        low = text.strip().lower()
        if self.optional and low in ("", "none", "off"):
            return None
        if self.type is bool:
            if low in ("true", "yes", "on", "1"):
                return True
            if low in ("false", "no", "off", "0"):
                return False
            raise RulesError(f"rule {self.name!r} must be true or false, not {text!r}")
        if self.type is int:
            try:
                return int(low)
            except ValueError:
                raise RulesError(
                    f"rule {self.name!r} must be a whole number, not {text!r}") from None
        return text

    def describe(self) -> dict[str, Any]:
        """A JSON-able description, for `list_games` and the web lobby."""
        out: dict[str, Any] = {
            "name": self.name,
            "default": self.default,
            "type": self.type.__name__,
            "help": self.help,
            "label": self.title(),
        }
        if self.minimum is not None:
            out["min"] = self.minimum
        if self.maximum is not None:
            out["max"] = self.maximum
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.optional:
            out["optional"] = True
        return out


MAX_ROUNDS = RuleSpec(
    "max_rounds",
    None,
    int,
    "end the game after this many rounds (none: no cap); a capped game is scored as a draw",
    minimum=1,
    optional=True,
    label="Round limit",
)


def first_seat(most_players: int) -> RuleSpec:
    """The rule naming who starts, for a game whose rulebook lets the players choose (seeds
    000, 001, 002, 004) and which takes up to `most_players`. Game.check_players refuses a
    seat beyond the game's player count."""
    return RuleSpec(
        "first_seat",
        0,
        int,
        "the seat that takes the first turn, counted from 0 (0 is seat 1); play goes on in seat "
        "order and every round starts with this seat",
        minimum=0,
        maximum=most_players - 1,
        label="First player",
    )


class Rules(Mapping[str, Any]):
    """An immutable, validated set of rule values with attribute access (`rules.dice`).

    Values are plain instance attributes, so reading one on the hot path costs no more than
    reading any attribute.
    """

    def __init__(self, specs: Iterable[RuleSpec], overrides: Mapping[str, Any] | None = None):
        specs = list(specs)
        known = {s.name: s for s in specs}
        overrides = dict(overrides or {})
        unknown = sorted(set(overrides) - set(known))
        if unknown:
            names = ", ".join(repr(n) for n in unknown)
            raise RulesError(f"unknown rule {names}; known rules: {', '.join(sorted(known))}")
        values = {}
        for spec in specs:
            raw = overrides.get(spec.name, spec.default)
            values[spec.name] = spec.coerce(raw)
        self.__dict__.update(values)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("rules are read-only")

    def __getitem__(self, name: str) -> Any:
        return self.__dict__[name]

    def __iter__(self):
        return iter(self.__dict__)

    def __len__(self) -> int:
        return len(self.__dict__)

    def __repr__(self) -> str:
        return f"Rules({self.__dict__!r})"

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)
