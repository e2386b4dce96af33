"""The lab's tables for the terminal: every column kept at 80 columns or fewer.

Headers wrap at spaces (a rule's underscores count as spaces; the lines printed under a table
name rules exactly), cells wrap at spaces and newlines, and a word still too long for its
column is folded rather than the column cut off.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.table import Table

WIDTH = 80


def _widths(headers: Sequence[str], rows: Sequence[Sequence[str]], room: int) -> list[int]:
    """Each column's width: its longest line, narrowed widest first while the columns take
    more than `room`, down to its longest word, and past that (folding words) if they must."""
    texts = [[h, *(row[k] for row in rows)] for k, h in enumerate(headers)]
    lines = [max(len(line) for t in col for line in t.splitlines() or [""]) for col in texts]
    words = [max((len(w) for t in col for w in t.split()), default=1) for col in texts]
    widths = list(lines)
    while sum(widths) > room:
        slack = [w - m for w, m in zip(widths, words, strict=True)]
        k = (max(range(len(widths)), key=lambda i: (slack[i], widths[i])) if max(slack) > 0
             else widths.index(max(widths)))
        if widths[k] <= 1:
            break
        widths[k] -= 1
    return widths


def terminal_table(title: str, headers: Sequence[str], rows: Sequence[Sequence[str]],
                   left: int = 0, width: int = WIDTH) -> Table:
    """A table whose columns after the first, up to `left` of them, hold names (left-aligned;
    the others numbers, right-aligned), at most `width` characters wide."""
    headers = [h.replace("_", " ") for h in headers]
    widths = _widths(headers, rows, width - 2 * len(headers))  # padding: a space each side
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    for k, header in enumerate(headers):
        table.add_column(header, overflow="fold", width=widths[k],
                         justify="left" if 0 < k <= left else "right")
    for row in rows:
        table.add_row(*row)
    return table
