"""The arena's results as Rich tables, for the terminal."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from .arena import ArenaResult
from .stats import percent, span


def side_table(result: ArenaResult) -> Table:
    """Each bot's win share on each side (a team is one side)."""
    assert result.sides is not None
    table = Table(title="Win share by side (row: bot; games in brackets)")
    table.add_column("bot")
    for name in result.sides.names:
        table.add_column(name, justify="right")
    for s, records in zip(result.standings, result.by_side, strict=True):
        table.add_row(s.spec, *("-" if r.share is None else f"{percent(r.share)} ({r.games})"
                                for r in records))
    return table


def print_arena(result: ArenaResult, console: Console) -> None:
    games = len(result.games)
    what = "teams" if result.sides is not None and result.sides.teams else "seats"
    of = f"{games} of {result.planned} games (stopped)" if result.partial else f"{games} games"
    table = Table(title=f"{result.game}: {of}, {result.players} players, "
                        f"seed {result.seed}, {what} rotated")
    table.add_column("bot")
    table.add_column("games", justify="right")
    table.add_column("games won", justify="right")
    table.add_column("95% interval", justify="center")
    table.add_column("fair share", justify="right")
    table.add_column("rating (mu ± sigma)", justify="right")
    for s in sorted(result.standings, key=lambda s: -s.mu):
        table.add_row(s.spec, str(s.games), percent(s.game_share), span(*s.game_interval),
                      percent(s.fair), f"{s.mu:.1f} ± {s.sigma:.1f}")
    console.print(table)
    if any(s.seats != s.decided for s in result.standings):
        console.print("A bot held several sides of a game: games won count a game once; its "
                      "share per side held is in the JSON (win_share).")
    if result.sides is not None:
        console.print(side_table(result))
    specs = result.specs
    pairs = Table(title="Pairwise win shares (row against column)")
    pairs.add_column("")
    for spec in specs:
        pairs.add_column(spec, justify="right")
    for a, spec in enumerate(specs):
        pairs.add_row(spec, *("-" if x is None else percent(x) for x in result.pairwise[a]))
    console.print(pairs)
    length = f"Game length: {result.mean_decisions:.1f} decisions"
    if result.mean_rounds is not None:
        length += f", {result.mean_rounds:.2f} rounds"
    console.print(length)
    cap = result.cap
    if cap is None:
        console.print("Round cap: none")
        return
    whose = ("added by the simulator: the game has none" if result.cap_added
             else "the game's own limit")
    line = (f"Round cap: {cap} rounds ({whose}); {result.capped} of {games} games hit it")
    if result.undecided:
        line += (f", {result.undecided} of them as draws, left out of the win shares and "
                 "ratings")
    console.print(line + ".")
