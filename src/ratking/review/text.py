"""A review for the terminal: the chances as a text graph within 80 columns, then the turning
points and the mistakes in words."""

from __future__ import annotations

import textwrap
from typing import Any

WIDTH = 80
HEIGHT = 11  # rows of the graph: 0% to 100% in steps of 10
LEFT = 6  # "100% |" before the plot
MARKS = "123456789"


def curve(review: dict[str, Any], seat: int) -> list[float]:
    """Seat's chance at the start and after every decision."""
    return [review["start"][seat]] + [t["chances"][seat] for t in review["turns"]]


def graph(review: dict[str, Any], seats: list[int], width: int = WIDTH) -> list[str]:
    """Each of `seats`' chances over the game, one column per stretch of decisions, marked
    with the seat's number (1 to 9), the last seat drawn on top."""
    cols = width - LEFT
    rows = [[" "] * cols for _ in range(HEIGHT)]
    steps = len(review["turns"]) + 1
    for seat in seats:
        values = curve(review, seat)
        mark = MARKS[seat] if seat < len(MARKS) else "*"
        for x in range(cols):
            lo = x * steps // cols
            hi = max(lo + 1, (x + 1) * steps // cols)
            chunk = values[lo:hi] or values[-1:]
            level = round(sum(chunk) / len(chunk) * (HEIGHT - 1))
            rows[HEIGHT - 1 - level][x] = mark
    out = []
    for i, row in enumerate(rows):
        level = HEIGHT - 1 - i
        label = f"{level * 10:>3}% |" if level % 5 == 0 else "     |"
        out.append(f"{label}{''.join(row)}".rstrip())
    out.append("     +" + "-" * cols)
    last = f"decision {steps - 1}"
    out.append("      start" + last.rjust(cols - 5))
    return out


def render(review: dict[str, Any], seat: int | None = None, width: int = WIDTH) -> str:
    """The whole review as text. `seat` (counted from 0): only that seat's curve, and only its
    mistakes."""
    names = review["names"]
    seats = list(range(review["seats"])) if seat is None else [seat]
    wrap = textwrap.TextWrapper(width=width, subsequent_indent="   ")
    lines = ["Chance to win over the game (estimates: the game's own evaluation of each "
             "position)" if width >= 86 else "Chance to win over the game (estimates)"]
    lines.extend(graph(review, seats, width))
    lines.append("      " + "   ".join(f"{MARKS[s] if s < len(MARKS) else '*'} {names[s]}"
                                       for s in seats))
    lines.append("")
    lines.append("Turning points")
    for point in review["turning_points"]:
        lines.extend(wrap.wrap(f"-  {point['text']}"))
    lines.append("")
    mistakes = [m for m in review["mistakes"] if seat is None or m["seat"] == seat]
    judged = "" if seat is None else f" of {names[seat]}"
    lines.append(f"Better moves{judged} (the search preferred another by "
                 f"{round(100 * review['margin'])} points or more)")
    if not mistakes:
        lines.append("   none")
    for m in mistakes:
        lines.extend(wrap.wrap(
            f"-  {m['when']}: played “{m['played_label']}”; "
            f"“{m['better_label']}” was worth about {round(100 * m['cost'])} points more"))
    lines.append("")
    lines.extend(textwrap.wrap(
        "Every figure is an estimate: chances are the game's evaluation of each position, "
        "and a better move is the search's preference with the budget it had. A swing put "
        "down to luck (the dice, the draws, the cards nobody could see) is never a mistake.",
        width))
    return "\n".join(lines)
