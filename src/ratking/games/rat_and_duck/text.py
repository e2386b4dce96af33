"""Rat & Duck in the terminal: a Rich rendering of one seat's view."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .svg import PHASE_WORDS

ROLE_STYLE = {"police": "bold blue", "scientist": "bold green", "dissent": "bold red"}


def _cell(view: dict[str, Any], place: dict[str, Any], compact: bool = False) -> Text:
    """A place: its name, unrest pips, units and civilians, a line each (compact: the pips
    beside the name and the pieces on one line under it)."""
    out = Text(place["name"], style="bold")
    if place["unrest"] is not None:
        pips = "●" * place["unrest"] + "○" * (view["max_unrest"] - place["unrest"])
        out.append(f"{' ' if compact else chr(10)}{pips}", style="yellow")
    pieces = []
    for unit in view["units"]:
        if unit["place"] == place["id"]:
            mark = unit["id"].upper()
            if unit["wanted"]:
                mark += f"({unit['wanted']})"
            pieces.append((mark, ROLE_STYLE[unit["role"]] + (" reverse" if unit["active"]
                                                              else "")))
    for civ in view["civilians"]:
        if civ["place"] == place["id"]:
            link = f"~{civ['linked_to'].upper()}" if civ["linked_to"] else ""
            pieces.append((f"☺ {civ['from']}{link}", "magenta"))
    if compact:
        out.append("\n")
    for i, (mark, style) in enumerate(pieces):
        out.append(" " if compact and i else "" if compact else "\n")
        out.append(mark, style=style)
    return out


CELL = 12  # columns a place's cell takes


class _City:
    """The city grid. Wide enough: the Prison and Police Station to its left and the Lab to
    its right, as on the table; narrower (80 columns): those three in a row of their own
    under the grid, so that nothing is cut."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view

    def __rich_console__(self, console: Any, options: Any) -> Any:
        view = self.view
        rows, cols = view["grid"]["rows"], view["grid"]["columns"]
        grid: list[list[dict[str, Any] | None]] = [[None] * cols for _ in range(rows)]
        special = {}
        for p in view["places"]:
            if p["row"] is not None:
                grid[p["row"]][p["column"]] = p
            else:
                special[p["kind"]] = p
        sides = [_cell(view, special[k]) for k in ("prison", "police-station", "lab")]
        wide = options.max_width >= (cols + 3) * (CELL + 3) + 1
        width = cols + 3 if wide else max(cols, len(sides))
        table = Table(show_header=False, show_lines=True, expand=False)
        for _ in range(width):
            table.add_column(min_width=CELL)
        middle = rows // 2
        for r in range(rows):
            cells = [_cell(view, grid[r][c]) for c in range(cols)]
            if wide:
                left = sides[:2] if r == middle else [Text(""), Text("")]
                cells = [*left, *cells, sides[2] if r == middle else Text("")]
            table.add_row(*cells, *[Text("")] * (width - len(cells)))
        if not wide:
            table.add_row(*sides, *[Text("")] * (width - len(sides)))
        yield table


def _compact_city(view: dict[str, Any]) -> Table:
    """The city grid without rules between its cells (two lines a place), the Prison, Police
    Station and Lab in a row of their own under it."""
    cols = view["grid"]["columns"]
    table = Table.grid(padding=(0, 1))
    for _ in range(cols):
        table.add_column(ratio=1)
    grid = [p for p in view["places"] if p["row"] is not None]
    grid.sort(key=lambda p: (p["row"], p["column"]))
    special = {p["kind"]: p for p in view["places"] if p["row"] is None}
    for r in range(view["grid"]["rows"]):
        table.add_row(*(_cell(view, p, compact=True) for p in grid if p["row"] == r))
    sides = [_cell(view, special[k], compact=True) for k in ("prison", "police-station", "lab")]
    table.add_row(*sides, *[Text("")] * (cols - len(sides)))
    return table


def _status(view: dict[str, Any], short: bool = False) -> Text:
    cards = view["location_cards"]
    held = ", ".join(cards["cards"]) if cards["cards"] is not None else "hidden"
    rounds = f"Round {view['round']}" + (f"/{view['max_rounds']}" if view["max_rounds"] else "")
    score = (f"Bio-Sci {view['biosci']}/{view['bio_sci_to_win']}"
             f"   Unrest {view['total_unrest']}/{view['unrest_to_win']}")
    if short:
        return Text(f"Rat & Duck · {rounds}", style="bold").append(
            f"  {score}  cards {cards['held']}/{cards['max']} {held}, deck {cards['deck']}")
    return Text(f"{rounds}   {score}   Location cards held {cards['held']}/{cards['max']} "
                f"({held}), deck {cards['deck']}")


def render_compact(view: dict[str, Any]) -> Group:
    """The city in about a dozen lines (the terminal's 80x24 screen): no legend."""
    return Group(_status(view, short=True), _compact_city(view), _turn(view), _seats(view))


def _seats(view: dict[str, Any]) -> Text:
    return Text("   ".join(f"{s['name']}: {s['team']} {', '.join(u.upper() for u in s['units'])}"
                           for s in view["seats"]), style="dim")


def _turn(view: dict[str, Any]) -> Text:
    turn = Text()
    if view["over"]:
        capped = view["result"]["end"] == "round-cap"
        turn.append(f"Game over{' at the round limit' if capped else ''}: {_outcome(view)}",
                    style="bold")
    else:
        active = next(u for u in view["units"] if u["active"])
        doing = PHASE_WORDS.get(view["phase"], "play")
        turn.append(f"{active['name']} plays (seat {active['seat'] + 1}): {doing}",
                    style=ROLE_STYLE[active["role"]])
    return turn


def render(view: dict[str, Any]) -> Panel:
    """The city grid (see _City), the score, whose turn it is and who plays which units."""
    legend = Text("Police Station joins the left column; the Prison only the Police Station; the "
                  "Lab the right end of the middle row. ● unrest, (n) wanted, ☺ civilian, "
                  "~ linked to", style="dim")
    return Panel(Group(_status(view), _City(view), _turn(view), _seats(view), legend),
                 title="Rat & Duck")


def _outcome(view: dict) -> str:
    """Who won, in words: "the dissent wins", or "a draw"."""
    returns = view["result"]["returns"]
    if len(set(returns)) == 1:
        return "a draw"
    best = max(returns)
    teams = {seat["team"] for seat, share in zip(view["seats"], returns, strict=True)
             if share == best}
    return f"the {teams.pop()} wins" if len(teams) == 1 else "a shared result"
