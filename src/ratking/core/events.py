"""Events: what happened, stored once, shown to each seat as that seat may know it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

# A log entry is a plain tuple, cheap to make on the hot path:
#   (step, kind, actor, public, secret, audience)
# step: index of the decision that caused it (-1 for set-up); kind: short str; actor: seat or
# None; public: dict everyone sees; secret: dict or None, merged in only for the seats whose bit
# is set in the `audience` bitmask.
LogEntry = tuple[int, str, int | None, dict[str, Any], dict[str, Any] | None, int]


@dataclass(frozen=True)
class Event:
    """One thing that happened, as one seat may know it."""

    step: int
    kind: str
    actor: int | None
    data: dict[str, Any]
    subject: str
    predicate: str

    @property
    def text(self) -> str:
        """The event as one plain-English sentence."""
        body = f"{self.subject} {self.predicate}" if self.subject else self.predicate
        body = body[:1].upper() + body[1:]
        return body if body.endswith((".", "!", "?")) else body + "."

    def to_dict(self) -> dict[str, Any]:
        return {"step": self.step, "kind": self.kind, "actor": self.actor, "text": self.text,
                **self.data}


def narrate(events: list[Event]) -> list[str]:
    """Join consecutive events of one actor and one decision into flowing sentences.

    ("Ana rolled 2 dice: 4 and 6", "Ana moved to the red re-roll space") becomes
    "Ana rolled 2 dice: 4 and 6, moved to the red re-roll space."
    """
    lines: list[str] = []
    group: list[Event] = []

    def flush() -> None:
        if not group:
            return
        first = group[0]
        parts = [first.predicate.rstrip(".")] + [e.predicate.rstrip(".") for e in group[1:]]
        joined = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]
        body = f"{first.subject} {joined}" if first.subject else joined
        body = body[:1].upper() + body[1:]
        lines.append(body if body.endswith(("!", "?")) else body + ".")
        group.clear()

    for ev in events:
        if group and (ev.actor is None or not ev.subject or ev.actor != group[0].actor
                      or ev.step != group[0].step):
            flush()
        group.append(ev)
        if ev.actor is None or not ev.subject:
            flush()
    flush()
    return lines


# third-person forms that do not just add -s or -es
_IRREGULAR = {"are": "is", "were": "was", "have": "has", "do": "does", "go": "goes"}


class Voice:
    """How one reader is told about the seats: the one place that conjugates.

    The reader's own seat, and a seat named "You" (as the terminal names its one person), is
    spoken to: "you push", "your rats". Every other seat goes by its name: "Ana pushes",
    "Ana's rats". `reader` None is a spectator. Event texts, prompts and reasons build their
    sentences with these, so they read right whoever reads them."""

    __slots__ = ("names", "reader")

    def __init__(self, names: Sequence[str], reader: int | None) -> None:
        self.names = names
        self.reader = reader

    def is_you(self, seat: int) -> bool:
        return seat == self.reader or self.names[seat].strip().lower() == "you"

    def who(self, seat: int) -> str:
        """The seat as a subject or object: "you" or "Ana"."""
        return "you" if self.is_you(seat) else self.names[seat]

    def whose(self, seat: int) -> str:
        """The seat's possessive: "your" or "Ana's" ("Whiskers'")."""
        if self.is_you(seat):
            return "your"
        name = self.names[seat]
        return f"{name}'" if name.endswith("s") else f"{name}'s"

    def they(self, seat: int) -> str:
        """The pronoun for a seat already named: "you" or "they"."""
        return "you" if self.is_you(seat) else "they"

    def their(self, seat: int) -> str:
        """The possessive pronoun for a seat already named: "your" or "their"."""
        return "your" if self.is_you(seat) else "their"

    def verb(self, seats: int | Iterable[int], base: str) -> str:
        """`base` (the form that goes with "you": "push", "are", "were") agreeing with the
        seat, or seats, it is said of: "pushes" for Ana alone, "push" for you or for several."""
        if not isinstance(seats, int):
            seats = list(seats)
            if len(seats) != 1:
                return base
            seats = seats[0]
        if self.is_you(seats):
            return base
        if base in _IRREGULAR:
            return _IRREGULAR[base]
        if base.endswith(("s", "sh", "ch", "x", "z", "o")):
            return base + "es"
        if base.endswith("y") and base[-2:-1] not in "aeiou":
            return base[:-1] + "ies"
        return base + "s"

    def does(self, seats: int | Iterable[int], base: str) -> str:
        """The seat(s) and the agreeing verb: "you push", "Ana pushes", "you and Bo share"."""
        return f"{self.group(seats)} {self.verb(seats, base)}"

    def group(self, seats: int | Iterable[int]) -> str:
        """Seats as a list in a sentence: "Ana", "you and Ana", "Ana, Bo and you"."""
        if isinstance(seats, int):
            return self.who(seats)
        words = [self.who(s) for s in seats]
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def plural(n: int, noun: str, many: str | None = None) -> str:
    """A count and its noun agreeing: "1 rat", "2 rats", "0 rats"; `many` for a plural
    that is not noun + "s" ("1 die", plural(2, "die", "dice") -> "2 dice")."""
    return f"{n} {noun}" if n == 1 else f"{n} {many or noun + 's'}"


def seat_label(name: str, mine: bool) -> str:
    """A seat's name as its own player reads it: "Ana (you)", but "You" stays "You"."""
    return f"{name} (you)" if mine and name.strip().lower() != "you" else name
