"""Game review: win chances over a finished game, its turning points and better moves
(`analysis.review`), drawn for the terminal (`text`), and the same measures over many
games for designers (`drama`)."""

from .analysis import MARGIN, review

__all__ = ["MARGIN", "review"]
