"""The errors the kernel raises: each says what was wrong, and nothing was changed."""


class RatkingError(Exception):
    """Base class of every error ratking raises on bad input."""


class RulesError(RatkingError, ValueError):
    """An unknown rule name or a bad rule value (the message names it)."""


class IllegalAction(RatkingError, ValueError):
    """An action that is not legal now; `.reason` says why. The state is untouched."""

    def __init__(self, action: str, reason: str) -> None:
        super().__init__(f"illegal action {action!r}: {reason}")
        self.action = action
        self.reason = reason


class RecordError(RatkingError, ValueError):
    """A malformed or inconsistent game record or saved state."""


class UnknownGame(RatkingError, KeyError):
    """No game with that id."""

    def __str__(self) -> str:  # KeyError quotes its message; keep it readable
        return str(self.args[0])
