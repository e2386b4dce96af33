"""You Dirty Rat in the terminal: a Rich rendering of one seat's view."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...core import plural, seat_label

STYLES = {"smarts": "bold blue", "stealth": "bold green", "muscle": "bold red",
          "any": "bold magenta", None: "bold yellow"}


def _cards(cards: list[dict[str, Any]]) -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(" + ")
        out.append(c["name"], style=STYLES.get(c["archetype"], ""))
    return out if cards else Text("-", style="dim")


def _texts(title: str, cards: list[dict[str, Any]]) -> Table:
    """Each card once, with what it does: the player decides with these."""
    table = Table(title=title, title_justify="left", show_header=False, box=None,
                  padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column()
    seen = set()
    for c in cards:
        if c["name"] not in seen:
            seen.add(c["name"])
            table.add_row(Text(c["name"], style=STYLES.get(c["archetype"], "")), c["text"])
    return table


def _committing(h: dict[str, Any]) -> Text:
    """The Heist being committed: what its team still needs, and the Inside Men in it."""
    out = Text(f"Building the team for {h['name']}: ", style="bold")
    need = [f"{n} {a}" for a, n in h["need"].items() if n]
    out.append("still to fill " + (", ".join(need) if need else "nothing"))
    men = h["inside_men"]
    if men:
        out.append(f"; the {'Inside Man' if men == 1 else f'{men} Inside Men'} in the team "
                   f"{'counts' if men == 1 else 'count'} as any {'one' if men == 1 else men} "
                   "of those")
    out.append(". An Inside Man counts as any one archetype.", style="dim")
    return out


def _heist_rows(view: dict[str, Any]) -> list[tuple[str, str, str, str, int]]:
    """Each chain in play: its colour, the heist on top, its team, its reward and how many
    heists the chain has left ("(all done)" when none)."""
    rows = []
    for chain in view["chains"]:
        if not chain["in_play"]:
            continue
        if not chain["left"]:
            rows.append((chain["colour"], "(all done)", "", "", 0))
            continue
        h = chain["left"][0]
        team = " ".join(f"{n} {a}" for a, n in h["team"].items() if n)
        rows.append((chain["colour"], h["name"], team, f"{h['reward']} {h['amount']}",
                     len(chain["left"])))
    return rows


def render(view: dict[str, Any]) -> Panel:
    parts: list[Any] = [Text(f"Town Stash: ${view['stash']}   Deck: "
                             f"{plural(view['deck'], 'card')}   Discard: "
                             f"{plural(len(view['discard']), 'card')}", style="bold")]
    heists = Table(title="Heists (top of each chain)", title_justify="left")
    for col in ("chain", "heist", "team", "reward", "left"):
        heists.add_column(col)
    for colour, name, team, reward, left in _heist_rows(view):
        heists.add_row(colour, name, team, reward, str(left))
    parts.append(heists)
    seats = Table(title="Crime Lords", title_justify="left")
    # names and cash never wrap or get cut; the three Nights share one column, a line each,
    # so the table fits 80 columns
    longest = max(len(seat_label(s["name"], i == view["seat"]))
                  for i, s in enumerate(view["seats"]))
    seats.add_column("")
    seats.add_column("name", no_wrap=True, min_width=longest)
    seats.add_column("cash", no_wrap=True)
    seats.add_column("Nights 1-3", ratio=3)
    seats.add_column("refresh", ratio=1)
    seats.add_column("heists", ratio=1)
    result = view.get("result")
    for i, s in enumerate(view["seats"]):
        marker = "▶" if i == view["to_move"] else ""
        name = Text(seat_label(s["name"], i == view["seat"]))
        name.append(f"\n{plural(s['hand_count'], 'card')}",
                    style="dim")
        if s["hand"] is not None:
            mine = Text("Your hand: ").append_text(_cards(s["hand"]))
        cash = Text(f"${s['money']}")
        if result:
            cash.append(f"\ntotal ${result['totals'][i]}")
            if result["returns"][i]:
                cash.append("\nWINNER", style="bold")
        hideout = Text("\n").join(Text(f"{k} ", style="dim").append_text(_cards(n))
                                  for k, n in enumerate(s["nights"], 1))
        seats.add_row(marker, name, cash, hideout, _cards(s["refresh"]),
                      ", ".join(s["heist_colours"]) or "-")
    parts.append(seats)
    if view["seat"] is not None and view["seats"][view["seat"]]["hand"] is not None:
        parts.append(mine)
        parts.append(_texts("What your cards do", view["seats"][view["seat"]]["hand"]))
    if view.get("committing"):
        parts.append(_committing(view["committing"]))
    if view.get("drawn"):
        parts.append(Text("The Mastermind drew: ").append_text(_cards(view["drawn"])))
        parts.append(_texts("What they do", view["drawn"]))
    title = f"You Dirty Rat · round {view['round']}" + (" · game over" if result else "")
    return Panel(Group(*parts), title=title, expand=False)


COMPACT_WIDTH = 80  # the terminal the compact board is drawn for
SHORT = {"smarts": "Sm", "stealth": "St", "muscle": "Mu"}  # the full board spells them out


def _heists(view: dict[str, Any]) -> Table:
    """A line per chain in play: the heist on top, its team, reward and how many are left.
    Where a line would not fit COMPACT_WIDTH the teams are abbreviated ("1 Sm 2 St 3 Mu"),
    so that no heist wraps onto a second line."""
    rows = [(colour, name, team, reward, f"{left} left" if left else "")
            for colour, name, team, reward, left in _heist_rows(view)]
    widths = [max((len(row[k]) for row in rows), default=0) for k in range(5)]
    if sum(widths) + len(widths) - 1 > COMPACT_WIDTH:
        rows = [(colour, name, " ".join(SHORT.get(w, w) for w in team.split()), reward, left)
                for colour, name, team, reward, left in rows]
    table = Table.grid(padding=(0, 1))
    for _ in range(5):
        table.add_column(no_wrap=True)
    for colour, *rest in rows:
        table.add_row(Text(colour, style="bold"), *rest)
    return table


def render_compact(view: dict[str, Any]) -> Group:
    """The table in about a dozen lines (the terminal's 80x24 screen): the heists, a line or
    two per Crime Lord (cash, cards in hand, Nights 1-3), your hand; no card texts (the full
    board has them)."""
    result = view.get("result")
    head = Text(f"You Dirty Rat · round {view['round']}" + (" · game over" if result else ""),
                style="bold")
    head.append(f"   Town Stash ${view['stash']}   deck {view['deck']}, discard "
                f"{len(view['discard'])}")
    lords = Table.grid(padding=(0, 1))  # a lord's second line wraps under its name
    lords.add_column(width=1)
    lords.add_column()
    for i, s in enumerate(view["seats"]):
        line = Text(seat_label(s["name"], i == view["seat"]), style="bold")
        line.append(f"  ${s['money']}  {plural(s['hand_count'], 'card')}")
        if result:
            line.append(f"  total ${result['totals'][i]}")
            if result["returns"][i]:
                line.append("  WINNER", style="bold")
        for k, cards in enumerate(s["nights"], 1):
            line.append(f"  N{k} ", style="dim").append_text(_cards(cards))
        line.append(f"  heists: {', '.join(s['heist_colours']) or '-'}")
        if s["refresh"]:
            line.append("  refresh: ").append_text(_cards(s["refresh"]))
        lords.add_row("▶" if i == view["to_move"] else "", line)
    parts: list[Any] = [head, _heists(view), lords]
    me = view["seat"]
    if me is not None and view["seats"][me]["hand"] is not None:
        parts.append(Text("Your hand: ").append_text(_cards(view["seats"][me]["hand"])))
    h = view.get("committing")
    if h:
        need = [f"{n} {a}" for a, n in h["need"].items() if n]
        line = Text(f"Team for {h['name']}: still to fill {', '.join(need) or 'nothing'}",
                    style="bold")
        if h["inside_men"]:
            line.append(f" (Inside Men in it: {h['inside_men']}, each any one)")
        parts.append(line)
    if view.get("drawn"):
        parts.append(Text("The Mastermind drew: ").append_text(_cards(view["drawn"])))
    return Group(*parts)
