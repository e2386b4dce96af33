"""Events: what happened, stored once, shown to each seat as that seat may know it."""

from __future__ import annotations

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
        lines.append(body[:1].upper() + body[1:] + ".")
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


def seat_label(name: str, mine: bool) -> str:
    """A seat's name as its own player reads it: "Ana (you)", but "You" stays "You"."""
    return f"{name} (you)" if mine and name.strip().lower() != "you" else name
