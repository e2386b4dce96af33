"""You Dirty Rat in the terminal: a Rich rendering of one seat's view."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...core import seat_label

STYLES = {"smarts": "bold blue", "stealth": "bold green", "muscle": "bold red",
          "any": "bold magenta", None: "bold yellow"}


def _cards(cards: list[dict[str, Any]]) -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(" + ")
        out.append(c["name"], style=STYLES.get(c["archetype"], ""))
    return out if cards else Text("-", style="dim")


def render(view: dict[str, Any]) -> Panel:
    parts: list[Any] = [Text(f"Town Stash: ${view['stash']}   Deck: {view['deck']} cards   "
                             f"Discard: {len(view['discard'])} cards", style="bold")]
    heists = Table(title="Heists (top of each chain)", title_justify="left")
    for col in ("chain", "heist", "team", "reward", "left"):
        heists.add_column(col)
    for chain in view["chains"]:
        if not chain["in_play"]:
            continue
        if not chain["left"]:
            heists.add_row(chain["colour"], "(all done)", "", "", "0")
            continue
        h = chain["left"][0]
        team = " ".join(f"{n} {a}" for a, n in h["team"].items() if n)
        heists.add_row(chain["colour"], h["name"], team, f"{h['reward']} {h['amount']}",
                       str(len(chain["left"])))
    parts.append(heists)
    seats = Table(title="Crime Lords", title_justify="left")
    for col in ("", "name", "cash", "hand", "Night 1", "Night 2", "Night 3", "Refresh",
                "heists"):
        seats.add_column(col)
    result = view.get("result")
    for i, s in enumerate(view["seats"]):
        marker = "▶" if i == view["to_move"] else ""
        name = seat_label(s["name"], i == view["seat"])
        hand = Text(f"{s['hand_count']} cards")
        if s["hand"] is not None:
            mine = Text("Your hand: ").append_text(_cards(s["hand"]))
        cash = f"${s['money']}"
        if result:
            cash += f" (total ${result['totals'][i]}{' WINNER' if result['returns'][i] else ''})"
        seats.add_row(marker, name, cash, hand, *(_cards(n) for n in s["nights"]),
                      _cards(s["refresh"]), ", ".join(s["heist_colours"]) or "-")
    parts.append(seats)
    if view["seat"] is not None and view["seats"][view["seat"]]["hand"] is not None:
        parts.append(mine)
    if view.get("committing"):
        h = view["committing"]
        parts.append(Text(f"Building the team for {h['name']}", style="bold"))
    if view.get("drawn"):
        parts.append(Text("The Mastermind drew: ").append_text(_cards(view["drawn"])))
    title = f"You Dirty Rat · round {view['round']}" + (" · game over" if result else "")
    return Panel(Group(*parts), title=title, expand=False)
