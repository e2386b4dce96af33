"""The `ratking` command: games, rules, play, simulate, replay, bench."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from . import __version__
from .core import RatkingError, game_class, list_games, load_record, make

app = typer.Typer(help="ratking: a digital tabletop for rat games.", no_args_is_help=True,
                  add_completion=False, pretty_exceptions_enable=False)
console = Console()

RuleOption = Annotated[list[str] | None, typer.Option(
    "--rule", "-r", help="a rule variant, name=value (repeatable); see `ratking games --rules`")]


def parse_rules(pairs: list[str] | None) -> dict[str, str]:
    rules = {}
    for pair in pairs or []:
        name, eq, value = pair.partition("=")
        if not eq or not name.strip():
            raise RatkingError(f"--rule takes name=value, not {pair!r}")
        rules[name.strip()] = value.strip()
    return rules


def fail(message: str) -> None:
    console.print(f"[bold red]Error:[/] {message}")
    raise typer.Exit(2)


def _print_version(value: bool) -> None:
    # eager, so it runs while the options are read: `ratking --version` needs no command
    if value:
        console.print(f"ratking {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[bool, typer.Option(
        "--version", help="print the version", callback=_print_version, is_eager=True)] = False,
) -> None:
    """ratking: a digital tabletop for rat games."""


@app.command()
def games(rules: Annotated[bool, typer.Option("--rules", help="list each game's rule options")]
          = False) -> None:
    """List the games ratking plays."""
    table = Table(title="Games")
    table.add_column("id", style="bold cyan")
    table.add_column("title")
    table.add_column("players", justify="center")
    table.add_column("about")
    infos = list_games()
    for info in infos:
        table.add_row(info.id, info.title, f"{info.min_players}-{info.max_players}", info.summary)
    console.print(table)
    if rules:
        for info in infos:
            options = Table(title=f"{info.title} rule options")
            options.add_column("name", style="bold")
            options.add_column("default", justify="right")
            options.add_column("meaning")
            for spec in info.rules:
                options.add_row(spec["name"], str(spec["default"]), spec["help"])
            console.print(options)


@app.command()
def rules(game: Annotated[str, typer.Argument(help="game id, e.g. rat-a-tat-roll")]) -> None:
    """Print a game's rules, in our own words."""
    try:
        cls = game_class(game)
    except RatkingError as exc:
        fail(str(exc))
    if cls.rules_page is None:
        fail(f"{cls.title} has no rules page yet")
    console.print(Markdown(cls.rules_page.read_text(encoding="utf-8")))


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="game id")],
    players: Annotated[int, typer.Option("--players", "-p", help="number of seats")] = 3,
    seats: Annotated[str | None, typer.Option(
        help="a kind per seat: human, bot (heuristic), heuristic, random")] = None,
    seed: Annotated[int | None, typer.Option(help="seed for a repeatable game")] = None,
    save: Annotated[Path | None, typer.Option(help="save the game record to this file")] = None,
    rule: RuleOption = None,
) -> None:
    """Play a game in the terminal against bots, or hot-seat with friends."""
    from .terminal import TerminalGame, parse_seats
    from .terminal import save as save_game

    try:
        kinds = parse_seats(seats, players)
        table = TerminalGame(make(game, **parse_rules(rule)), kinds, seed, console)
    except RatkingError as exc:
        fail(str(exc))
    try:
        state = table.run()
    except (KeyboardInterrupt, EOFError):
        console.print("\nGame interrupted.")
        state = table.state
    if save is not None:
        save_game(state, save, console)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    db: Annotated[str | None, typer.Option(
        help="SQLAlchemy URL (default: $RATKING_DB, else a SQLite file in your data folder)")]
    = None,
    bot_delay: Annotated[float, typer.Option(help="seconds a bot waits before it moves")]
    = 0.6,
) -> None:
    """Start the web app: create tables, invite friends, play in the browser."""
    import uvicorn

    from .server import create_app
    from .server.storage import default_db_url

    url = db or default_db_url()
    shown = url.split("@")[-1] if "@" in url else url  # never print a password
    console.print(f"[bold]ratking[/] is open at [link]http://{host}:{port}[/link]  "
                  f"(tables in {shown}; Ctrl+C stops)")
    # no per-message deflate: on a small server CPU is scarcer than bandwidth (a reverse proxy
    # can compress for the internet)
    uvicorn.run(create_app(url, bot_delay), host=host, port=port, log_level="warning",
                ws_per_message_deflate=False)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a record saved by `ratking play --save`")],
    seat: Annotated[int | None, typer.Option(
        help="see it as this seat, counting from 0 (default: a spectator)")] = None,
    step: Annotated[bool, typer.Option(help="pause after each decision")] = True,
) -> None:
    """Step through a saved game."""
    from .terminal import replay_file

    try:
        record = load_record(file)
        replay_file(record, console, seat, step and sys.stdin.isatty())
    except RatkingError as exc:
        fail(str(exc))
    except (KeyboardInterrupt, EOFError):
        console.print("\nStopped.")


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="game id")],
    games_: Annotated[int, typer.Option("--games", "-n", help="how many games")] = 1000,
    players: Annotated[int, typer.Option("--players", "-p")] = 3,
    bots: Annotated[str, typer.Option(
        help="bot per seat (comma-separated), or one kind for all: heuristic, random")]
    = "heuristic",
    seed: Annotated[int, typer.Option(help="batch seed: the same seed, the same numbers")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", help="processes")] = 1,
    json_out: Annotated[Path | None, typer.Option("--json", help="write results as JSON")]
    = None,
    rule: RuleOption = None,
) -> None:
    """Play many bot games and report win rates, scores and game length."""
    from .sim import run_batch, summarize

    kinds = [k.strip() for k in bots.split(",")]
    if len(kinds) == 1:
        kinds *= players
    if games_ < 1:
        fail("--games must be at least 1")
    if workers < 1:
        fail("--workers must be at least 1")
    try:
        rules_ = parse_rules(rule)
        chosen = make(game, **rules_)
        chosen.check_players(players)
        rules_ = chosen.rules.as_dict()  # typed values ("cards=3" is 3), as records keep them
        if len(kinds) != players:
            fail(f"--bots names {len(kinds)} bots for {players} players")
        from .bots import make_bot
        for kind in kinds:
            make_bot(kind)
        with Progress("[progress.description]{task.description}", BarColumn(),
                      MofNCompleteColumn(), TimeRemainingColumn(), console=console,
                      transient=True) as bar:
            task = bar.add_task(f"{game}", total=games_)
            results = run_batch(game, players, kinds, games_, seed, rules_, workers,
                                progress=lambda k: bar.advance(task, k))
    except (RatkingError, ValueError) as exc:
        fail(str(exc))
    summary = summarize(results)
    table = Table(title=f"{game}: {games_} games, {players} players, seed {seed}")
    table.add_column("seat", justify="right")
    table.add_column("bot")
    table.add_column("win share", justify="right")
    table.add_column("95% interval", justify="center")
    if summary.mean_score is not None:
        table.add_column("mean score", justify="right")
    for i in range(players):
        row = [str(i), kinds[i], f"{summary.win_share[i]:.3f}",
               f"{summary.win_low[i]:.3f} - {summary.win_high[i]:.3f}"]
        if summary.mean_score is not None:
            row.append(f"{summary.mean_score[i]:.2f}")
        table.add_row(*row)
    console.print(table)
    length = f"Game length: {summary.mean_decisions:.1f} decisions (sd {summary.sd_decisions:.1f})"
    if summary.mean_rounds is not None:
        length += f", {summary.mean_rounds:.2f} rounds"
    console.print(length)
    console.print(f"Every seat tied (a draw or a win shared by all): {summary.draws}   "
                  f"stopped by the round cap: {summary.capped}")
    if json_out is not None:
        payload = {"game": game, "players": players, "bots": kinds, "rules": rules_,
                   "seed": seed, "summary": summary.to_dict(),
                   "games": [r.to_dict() for r in results]}
        json_out.write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")
        console.print(f"Wrote {json_out}")


@app.command()
def bench(
    game: Annotated[str, typer.Argument(help="game id")],
    players: Annotated[int | None, typer.Option("--players", "-p",
                                                help="seats (default: every count)")] = None,
    seconds: Annotated[float, typer.Option(help="time per player count")] = 5.0,
    seed: Annotated[int, typer.Option()] = 0,
    rule: RuleOption = None,
) -> None:
    """Random play for a fixed time: decisions and games per second, on one core.

    A game with no round cap is played with max_rounds=100 (random play might never end).
    """
    from .sim import bench as run_bench

    if not seconds > 0:
        fail("--seconds must be more than 0")
    try:
        rules_ = parse_rules(rule)
        info = make(game, **rules_).info()
        counts = [players] if players else list(range(info.min_players, info.max_players + 1))
        table = Table(title=f"{info.title}: random play, one core")
        table.add_column("players", justify="right")
        table.add_column("decisions/s", justify="right")
        table.add_column("games/s", justify="right")
        table.add_column("decisions/game", justify="right")
        for count in counts:
            with console.status(f"{count} players, {seconds:g} s..."):
                result = run_bench(game, count, seconds, seed, rules_)
            table.add_row(str(count), f"{result.decisions_per_second:,.0f}",
                          f"{result.games_per_second:,.0f}", f"{result.decisions_per_game:.1f}")
    except RatkingError as exc:
        fail(str(exc))
    console.print(table)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
