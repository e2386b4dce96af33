"""Target: Rats (full rules) in the terminal: a Rich rendering of one view.

The turn and what is being decided on top; the board by quadrants (shared with the Simplified
game: `board_text`), Rat City and the home nests; then the factions, the decks, the cards to
choose from and the last fight.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ....core import Voice, plural, seat_label
from .. import board_text as T
from .svg import END_WORDS, PHASE_WORDS

TOKEN_MARKS = {"food": ("F", "bold green"), "sewer": ("O", "bold cyan")}


def _card(card: dict[str, Any] | None) -> Text:
    if not card:
        return Text("-", style="dim")
    return Text(card["name"], style="bold blue" if card.get("item") else "bold")


def _cell(view: dict[str, Any]) -> Callable[[dict[str, Any]], Text]:
    """A space's text: its id, token, throne, the Exterminator, rats and marks."""
    style = T.styles(view)
    turn = view.get("turn") or {}
    acting = [x for x in turn.get("action_spaces") or ()
              if x not in (turn.get("done_spaces") or ())]
    done = set(turn.get("done_spaces") or ())
    group = turn.get("group")
    path = []
    if group:
        path = list(group.get("path") or ())
        if not path or path[0] != group.get("from"):
            path.insert(0, group.get("from"))
    offered = set((view.get("choice") or {}).get("spaces") or ())
    fight_at = (view.get("last_fight") or {}).get("space")

    def cell(space: dict[str, Any]) -> Text:
        sid = space["id"]
        out = Text(sid, style="bold" if space["corridor"] else "")
        token = space.get("token")
        if token == "nest":
            seat = space.get("nest_seat")
            out.append(f" N{seat + 1 if seat is not None else '?'}",
                       style=style.get(seat, "bold") + " underline")
        elif token:
            mark, st = TOKEN_MARKS.get(token, (token[:1].upper(), "bold"))
            out.append(f" {mark}", style=st)
        if sid == "RC" and view.get("cheese") is not None:
            out.append(f" throne:{view['cheese'] + 1}", style="bold yellow")
        if space.get("exterminator"):
            out.append(" X", style="bold red")
        T.rats(out, space["rats"], style)
        if sid in acting:
            out.append(" !", style="bold dark_orange")
        elif sid in done:
            out.append(" ✓", style="green")
        if sid in path:
            out.append(" *", style="bold magenta")
        if sid in offered:
            out.append(" ?", style="bold yellow")
        if sid == fight_at:
            out.append(" ⚔", style="red")
        return out
    return cell


def render_compact(view: dict[str, Any]) -> Group:
    """The state at a glance in about a dozen lines (the terminal's 80x24 screen): the turn,
    the spaces with something on them, a line per faction, the cards to choose from; no
    legend, card texts or decks (the full board has them)."""
    names = {f["seat"]: f["name"] for f in view["factions"]}
    style = T.styles(view)
    parts: list[Any] = [Text("Target: Rats · ", style="bold").append_text(_status(view, names)),
                        *T.compact_board(view, _cell(view))]
    limits = view.get("limits") or {}
    for f in view["factions"]:
        seat = f["seat"]
        line = Text("▶ " if seat == view.get("to_move") and not view.get("over") else "  ")
        line.append(seat_label(f["name"], seat == view.get("seat")), style=style[seat])
        line.append(f"  {f['faction']} {f['home']}  rats {f['rats']}/"
                    f"{limits.get('max_rats', '?')}  fed {f['fed']}  nests {f.get('nests', 0)}/"
                    f"{limits.get('nests_to_win', '?')}")
        if f.get("item"):
            line.append("  ").append_text(_card(f["item"]))
            line.append(" (ready)" if f.get("item_ready") else " (used)", style="dim")
        if f.get("cheese"):
            line.append("  Da Big Cheese", style="bold yellow")
        if f.get("pending_win"):
            line.append("  wins if it holds", style="bold red")
        parts.append(line)
    choice = view.get("choice")
    if choice and choice.get("cards"):
        line = Text(f"To choose ({choice.get('kind')}): ", style="bold yellow")
        parts.append(line.append_text(Text(" | ").join(_card(c) for c in choice["cards"])))
    return Group(*parts)


def render(view: dict[str, Any]) -> Panel:
    style = T.styles(view)
    names = {f["seat"]: f["name"] for f in view["factions"]}
    cell = _cell(view)
    parts: list[Any] = [_status(view, names), T.quadrant_table(view, cell),
                        *T.others(view, cell), _factions(view, style)]
    parts.extend(_items(view, style))
    parts.append(_decks(view))
    choice = view.get("choice")
    if choice and choice.get("cards"):
        line = Text(f"To choose ({choice.get('kind')}): ", style="bold yellow")
        for i, c in enumerate(choice["cards"]):
            if i:
                line.append(" | ")
            line.append_text(_card(c))
            line.append(f" ({c.get('text', '')})", style="dim")
        parts.append(line)
    elif choice and choice.get("spaces"):
        parts.append(Text(f"To choose ({choice.get('kind')}): " + ", ".join(choice["spaces"]),
                          style="bold yellow"))
    fight = view.get("last_fight")
    if fight:
        parts.append(_fight(fight, names, style))
    parts.append(Text("r unfed rat, R fed rat (n: seat); throne:n Da Big Cheese; F food source, "
                      "O sewer entrance, Nn seat n's nest, X the Exterminator; ! still to act, "
                      "✓ acted, * the group's path, ? to choose, ⚔ last fight", style="dim"))
    return Panel(Group(*parts), title="Target: Rats")


def _status(view: dict[str, Any], names: dict[int, str]) -> Text:
    rounds = f"Round {view['round']}" + (f"/{view['max_rounds']}" if view.get("max_rounds")
                                         else "")
    phase = str(view.get("phase") or "")
    out = Text(f"{rounds}   {PHASE_WORDS.get(phase, phase.replace('-', ' ').capitalize())}",
               style="bold")
    if view.get("over"):
        result = view.get("result") or {}
        returns = result.get("returns") or []
        best = max(returns) if returns else None
        winners = [names.get(i, str(i)) for i, r in enumerate(returns)
                   if best is not None and r == best and returns.count(best) < len(returns)]
        end = END_WORDS.get(result.get("end"), str(result.get("end")))
        out.append("   game over: " + (" and ".join(winners) + " won" if winners else "a draw")
                   + f" ({end})", style="bold")
        return out
    to_move = view.get("to_move")
    if to_move is not None:
        out.append(f"   {names.get(to_move, to_move)} to move")
    if view.get("prompt"):
        out.append(f"\n{view['prompt']}", style="yellow")
    turn = view.get("turn") or {}
    bits = []
    if turn.get("groups_left") is not None and view.get("phase") in ("move", "take", "step"):
        bits.append(f"group moves left {turn['groups_left']}")
    group = turn.get("group")
    if group:
        path = list(group.get("path") or ())
        if not path or path[0] != group.get("from"):
            path.insert(0, group.get("from"))
        steps = plural(group.get("steps_left", 0), "step")
        bits.append(f"moving {group.get('fed', 0)} fed + {group.get('unfed', 0)} unfed: "
                    f"{' > '.join(map(str, path))} ({steps} left)")
    acting = [x for x in turn.get("action_spaces") or ()
              if x not in (turn.get("done_spaces") or ())]
    if acting:
        bits.append("to act: " + ", ".join(acting))
    bits.append(f"Exterminator {view.get('exterminator') or 'off the board'}")
    out.append("\n" + "   ".join(bits))
    return out


def _factions(view: dict[str, Any], style: dict[int, str]) -> Table:
    limits = view.get("limits") or {}
    table = Table(title="Factions", title_justify="left", expand=False)
    for col in ("", "player", "faction", "rats", "fed", "nests", "item", ""):
        table.add_column(col)
    for f in view["factions"]:
        marks = []
        if f.get("cheese"):
            marks.append(Text("Da Big Cheese", style="bold yellow"))
        if f.get("pending_win"):
            marks.append(Text("wins if it holds", style="bold red"))
        item = _card(f.get("item"))
        if f.get("item"):
            item.append(" (ready)" if f.get("item_ready") else " (used)", style="dim")
        seat = f["seat"]
        table.add_row("▶" if seat == view.get("to_move") and not view.get("over") else "",
                      Text(seat_label(f["name"], seat == view.get("seat")),
                           style=style[seat]),
                      f"{f['faction']} {f['home']}",
                      f"{f['rats']}/{limits.get('max_rats', '?')}", str(f["fed"]),
                      f"{f.get('nests', 0)}/{limits.get('nests_to_win', '?')}", item,
                      Text(", ").join(marks))
    return table


def _items(view: dict[str, Any], style: dict[int, str]) -> list[Text]:
    """Each held item with what it does (items are public): players decide with these."""
    out = []
    voice = Voice([f["name"] for f in view["factions"]], view.get("seat"))
    for f in view["factions"]:
        item = f.get("item")
        if item:
            whose = voice.whose(f["seat"])
            line = Text(f"{whose[:1].upper()}{whose[1:]} item: ", style=style[f["seat"]])
            line.append_text(_card(item))
            line.append(f" ({'ready' if f.get('item_ready') else 'used'}): {item.get('text', '')}",
                        style="dim")
            out.append(line)
    return out


def _decks(view: dict[str, Any]) -> Text:
    out = Text()
    for name in ("surface", "underground"):
        d = (view.get("decks") or {}).get(name) or {}
        if out:
            out.append("   ")
        out.append(f"{name.capitalize()} deck: {d.get('left', 0)} left, "
                   f"{d.get('discards', 0)} discarded, last ", style="")
        out.append_text(_card(d.get("top")))
    return out


def _fight(fight: dict[str, Any], names: dict[int, str], style: dict[int, str]) -> Text:
    out = Text(f"Last fight on {fight.get('space')}: ", style="bold")
    rolls = {int(k): v for k, v in (fight.get("rolls") or {}).items()}
    killed = {int(k): v for k, v in (fight.get("killed") or {}).items()}
    for i, (seat, n) in enumerate((int(k), v) for k, v in (fight.get("sides") or {}).items()):
        if i:
            out.append("; ")
        dice = rolls.get(seat) or []
        out.append(f"{names.get(seat, seat)}: {plural(n, 'rat')} rolled "
                   f"{'+'.join(map(str, dice)) or '-'} = {sum(dice)}", style=style.get(seat, ""))
        if killed.get(seat):
            out.append(f", {killed[seat]} killed")
    winner = fight.get("winner")
    if winner is not None:
        out.append(f"; {names.get(int(winner), winner)} wins", style="bold")
    return out
