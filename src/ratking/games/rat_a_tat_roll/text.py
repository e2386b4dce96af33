"""Rat-a-Tat Roll in the terminal: a Rich rendering of one seat's view."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...core import plural, seat_label

STYLES = {"red": "bold red", "orange": "bold dark_orange", "green": "bold green",
          "blue": "bold blue", "purple": "bold magenta", "yellow": "bold yellow"}
SPACE_LETTER = {"wild": "W", "card-or-pile": "C", "reroll": "R", "peek": "P"}


def _style(colour: str | None) -> str:
    return "bold white on grey23" if colour is None else STYLES.get(colour, "bold")


def _card(value: int | None, icon_from: int) -> Text:
    if value is None:
        return Text(" ▒ ", style="white on grey30")
    mark = "*" if value >= icon_from else " "
    return Text(f" {value}{mark}", style="bold black on wheat1")


def _track(view: dict[str, Any]) -> list[Text]:
    """The ring of spaces: region names, space letters, the pawn and the steps ahead of it."""
    pawn = view["pawn"]
    size = len(view["board"])
    names, spaces, marks, steps = Text(), Text(), Text(), Text()
    for i, space in enumerate(view["board"]):
        if space["kind"] == "wild":
            names.append("   ")
        elif i == 0 or view["board"][i - 1]["kind"] == "wild":
            names.append(f"{space['region'][:9]:^9}", style=_style(space["region"]))
        letter = SPACE_LETTER[space["kind"]]
        spaces.append(f" {letter} ", style=_style(space["region"]))
        marks.append(" ▲ " if i == pawn else "   ", style="bold yellow")
        ahead = (i - pawn) % size
        steps.append(f"{ahead:>2} " if ahead else "   ", style="dim")
    return [names, spaces, marks, steps]


def _faceup(view: dict[str, Any]) -> Text:
    icon_from = view["reroll_icon_from"]
    faceup = Text("Face up: ")
    for region in view["regions"]:
        faceup.append(f"{region['colour']} ", style=_style(region["colour"]))
        faceup.append_text(_card(region["card"], icon_from) if region["card"] is not None
                           else Text(" - ", style="dim"))
        faceup.append("  ")
    return faceup


def _status(view: dict[str, Any]) -> Text:
    """The dice, the Wild die and the final round, when there are any."""
    status = Text()
    if view["dice"]:
        status.append(f"Dice: {'  '.join(map(str, view['dice']))} "
                      f"(total {sum(view['dice'])})   ", style="bold")
    if view["wild"]:
        status.append(f"Wild die: {view['wild']}   ", style="bold")
    if view["final_round"]:
        status.append(f"Final round: {view['turns_left']} turn(s) left", style="bold red")
    return status


def _seats(view: dict[str, Any]) -> Table:
    """A line per seat: its cards (face down unless known) and tokens, or its total."""
    icon_from = view["reroll_icon_from"]
    seats = Table.grid(padding=(0, 2))
    for _ in range(4):
        seats.add_column()
    result = view.get("result")
    for i, seat in enumerate(view["seats"]):
        marker = "▶" if i == view["to_move"] else " "
        who = seat_label(seat["name"], i == view["seat"])
        cards = Text()
        for value in seat["cards"]:
            cards.append_text(_card(value, icon_from))
            cards.append(" ")
        if seat["count"] > view["cards_needed"]:
            held = f"{seat['count']} cards (one must go under the pile)"
        else:
            held = f"{seat['count']}/{view['cards_needed']} cards"
        extra = f"{held}, {seat['tokens']} token{'' if seat['tokens'] == 1 else 's'}"
        if result:
            extra = f"total {result['scores'][i]}"
            if result["returns"][i] > 0 and result["end"] != "round-cap":
                extra += "  WINNER"
        seats.add_row(marker, Text(who, style="bold" if i == view["to_move"] else ""), cards,
                      extra)
    return seats


def _title(view: dict[str, Any]) -> str:
    return f"Rat-a-Tat Roll · round {view['round']}" + (" · game over" if view.get("result")
                                                        else "")


def render(view: dict[str, Any]) -> Panel:
    """The board, the face-up cards, the dice and every seat's cards and tokens."""
    board = Group(Text("Board (clockwise; W wild, C card-or-pile, R re-roll, P peek; "
                       "numbers are steps ahead of the pawn ▲)", style="dim"), *_track(view))
    pile = Text(f"Draw pile: {plural(view['draw_pile'], 'card')}   Token pool: "
                f"{view['token_pool']}   (* = re-roll icon)", style="dim")
    status = _status(view)
    parts = [board, Text(), _faceup(view), pile]
    if status:
        parts.append(status)
    parts += [Text(), _seats(view)]
    if not view["memory_aid"] and not view.get("result"):
        parts.append(Text("Face-down cards stay hidden: remember what you were shown.",
                          style="dim italic"))
    return Panel(Group(*parts), title=_title(view), expand=False)


def render_compact(view: dict[str, Any]) -> Group:
    """The same board in about a dozen lines (the terminal's 80x24 screen): no legend."""
    head = Text(_title(view), style="bold")
    head.append(f"   draw pile {view['draw_pile']}, token pool {view['token_pool']}",
                style="dim")
    parts: list[Any] = [head, *_track(view), _faceup(view)]
    status = _status(view)
    if status:
        parts.append(status)
    parts.append(_seats(view))
    return Group(*parts)
