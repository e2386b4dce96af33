"""A decision's options cut into pages that fit the lines left on the screen.

Options keep their numbers across pages (1 to N), so a person may type any number from any
page; `n` and `p` turn the pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

SCREEN = (80, 24)  # the smallest terminal every game fits: columns, lines


def lines_of(console: Console, renderable: Any) -> int:
    """How many lines `renderable` takes at the console's width."""
    return len(console.render_lines(renderable, console.options, pad=False))


def option_line(number: int, label: str) -> Table:
    """`  12 Label`, a long label wrapping under itself rather than under the number."""
    line = Table.grid(padding=(0, 1))
    line.add_column(width=4, justify="right", style="bold cyan", no_wrap=True)
    line.add_column()
    line.add_row(str(number), label)
    return line


class OptionPages:
    """Numbered options in pages of at most `room` lines each (a page that does not hold
    them all gives its last line to the "n: more" hint)."""

    def __init__(self, labels: Sequence[str], console: Console, room: int) -> None:
        self.lines = [option_line(i, label) for i, label in enumerate(labels, 1)]
        heights = [lines_of(console, line) for line in self.lines]
        self.pages: list[range] = []
        if sum(heights) <= room:
            self.pages.append(range(len(self.lines)))
        else:
            start, used = 0, 0
            for i, h in enumerate(heights):
                if i > start and used + h > room - 1:
                    self.pages.append(range(start, i))
                    start, used = i, 0
                used += h
            self.pages.append(range(start, len(self.lines)))
        self.current = 0

    @property
    def many(self) -> bool:
        return len(self.pages) > 1

    def turn(self, step: int) -> None:
        """The next (1) or previous (-1) page, round the end."""
        self.current = (self.current + step) % len(self.pages)

    def render(self) -> list[Table | Text]:
        """The current page's options, and the hint to the others."""
        page = self.pages[self.current]
        out = [self.lines[i] for i in page]
        if self.many:
            hint = f"  options {page.start + 1}-{page.stop} of {len(self.lines)}:"
            hint += " n: more" if page.stop < len(self.lines) else " n: first page"
            if self.current:
                hint += ", p: back"
            out.append(Text(hint, style="dim"))
        return out
