"""Rat & Duck in the terminal: a Rich rendering of one seat's view."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

ROLE_STYLE = {"police": "bold blue", "scientist": "bold green", "dissent": "bold red"}


def _cell(view: dict[str, Any], place: dict[str, Any]) -> Text:
    out = Text(place["name"], style="bold")
    if place["unrest"] is not None:
        pips = "●" * place["unrest"] + "○" * (view["max_unrest"] - place["unrest"])
        out.append(f"\n{pips}", style="yellow")
    for unit in view["units"]:
        if unit["place"] == place["id"]:
            mark = unit["id"].upper()
            if unit["wanted"]:
                mark += f"({unit['wanted']})"
            style = ROLE_STYLE[unit["role"]] + (" reverse" if unit["active"] else "")
            out.append(f"\n{mark}", style=style)
    for civ in view["civilians"]:
        if civ["place"] == place["id"]:
            link = f"~{civ['linked_to'].upper()}" if civ["linked_to"] else ""
            out.append(f"\n☺ {civ['from']}{link}", style="magenta")
    return out


def render(view: dict[str, Any]) -> Panel:
    """The grid with the Police Station and Prison to its left and the Lab to its right."""
    places = {p["id"]: p for p in view["places"]}
    rows, cols = view["grid"]["rows"], view["grid"]["columns"]
    grid: list[list[dict[str, Any] | None]] = [[None] * cols for _ in range(rows)]
    special = {}
    for p in view["places"]:
        if p["row"] is not None:
            grid[p["row"]][p["column"]] = p
        else:
            special[p["kind"]] = p
    table = Table(show_header=False, show_lines=True, expand=False)
    for _ in range(cols + 3):
        table.add_column(min_width=12)
    middle = rows // 2
    for r in range(rows):
        left = [Text(""), Text("")]
        if r == middle:
            left = [_cell(view, special["prison"]), _cell(view, special["police-station"])]
        right = _cell(view, special["lab"]) if r == middle else Text("")
        table.add_row(*left, *[_cell(view, grid[r][c]) for c in range(cols)], right)
    cards = view["location_cards"]
    held = ", ".join(cards["cards"]) if cards["cards"] is not None else "hidden"
    status = Text(
        f"Round {view['round']}" + (f"/{view['max_rounds']}" if view["max_rounds"] else "") +
        f"   Bio-Sci {view['biosci']}/{view['bio_sci_to_win']}"
        f"   Unrest {view['total_unrest']}/{view['unrest_to_win']}"
        f"   Location cards held {cards['held']}/{cards['max']} ({held}), deck {cards['deck']}")
    turn = Text()
    if view["over"]:
        capped = view["result"]["end"] == "round-cap"
        turn.append(f"Game over{' at the round limit' if capped else ''}: {_outcome(view)}",
                    style="bold")
    else:
        active = next(u for u in view["units"] if u["active"])
        turn.append(f"{active['name']} plays ({view['phase']}), seat {active['seat'] + 1}",
                    style=ROLE_STYLE[active["role"]])
    seats = Text("   ".join(f"{s['name']}: {s['team']} {', '.join(u.upper() for u in s['units'])}"
                            for s in view["seats"]), style="dim")
    legend = Text("Police Station joins the left column; the Prison only the Police Station; the "
                  "Lab the right end of the middle row. ● unrest, (n) wanted, ☺ civilian, "
                  "~ linked to", style="dim")
    del places
    return Panel(Group(status, table, turn, seats, legend), title="Rat & Duck")


def _outcome(view: dict) -> str:
    """Who won, in words: "the dissent wins", or "a draw"."""
    returns = view["result"]["returns"]
    if len(set(returns)) == 1:
        return "a draw"
    best = max(returns)
    teams = {seat["team"] for seat, share in zip(view["seats"], returns, strict=True)
             if share == best}
    return f"the {teams.pop()} wins" if len(teams) == 1 else "a shared result"
