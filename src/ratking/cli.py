"""The `ratking` command: games, rules, play, serve, replay, simulate, arena, sweep, tune,
bench, check."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

from . import __version__
from .core import Game, RatkingError, game_class, list_games, load_record, make

app = typer.Typer(help="ratking: a digital tabletop for rat games.", no_args_is_help=True,
                  add_completion=False, pretty_exceptions_enable=False)
console = Console()
errors = Console(stderr=True, highlight=False)  # errors: one line each, on stderr

RuleOption = Annotated[list[str] | None, typer.Option(
    "--rule", "-r", help="a rule variant, name=value (repeatable); see `ratking games --rules`")]


CardsOption = Annotated[Path | None, typer.Option(
    "--cards", help="the game's card (component) file to play with instead of its own: a "
    "copy of it, edited (docs/balance.md, Card files)")]
BoardOption = Annotated[Path | None, typer.Option(
    "--board", help="Target: Rats: the board file to play with instead of the game's own")]


CardOption = Annotated[list[str] | None, typer.Option(
    "--card", help="a number of the card file by its dotted path, PATH=VALUE (e.g. "
    "thief.amount=400; repeatable; docs/balance.md lists each game's paths)")]


def card_files(cards: Path | None, board: Path | None,
               card: list[str] | None = None, game: str | None = None) -> dict[str, Any]:
    """--cards and --board as make()'s card_files; with `card` (--card PATH=VALUE, one value
    each) the card file a copy with those numbers set."""
    files: dict[str, Any] = {k: str(v) for k, v in (("cards", cards), ("board", board))
                             if v is not None}
    if card and game is not None:
        from .sim.cardvalues import base_file, card_axes

        made = make(game, card_files=files).file_overrides()
        fixed, axes = card_axes(game, made, card)
        if axes:
            raise RatkingError(f"--card {axes[0].name} takes one value here (`ratking sweep` "
                               "and `tune` try several)")
        files = {**made, "cards": base_file(game, made).changed(fixed)}
    return files


def parse_rules(pairs: list[str] | None) -> dict[str, str]:
    from .sim.plan import parse_rules as parse

    return parse(pairs)


def fail(message: str) -> NoReturn:
    """Stop with a one-line reason on stderr (exit code 2), never a traceback."""
    line = Text("Error: ", style="bold red")
    line.append(" ".join(str(message).split()))  # one line, whatever the message held
    errors.print(line, soft_wrap=True)
    raise typer.Exit(2)


def check_writable(path: Path, option: str) -> None:
    """Fail now, before any work, if `path` cannot be written at the end."""
    from .outputs import check_writable_file

    try:
        check_writable_file(path, option)
    except RatkingError as exc:
        fail(str(exc))


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


def count_words(counts: tuple[int, ...]) -> str:
    """"2-5", or "2, 4" when a game skips counts (Rat & Duck: an even number)."""
    if counts[-1] - counts[0] == len(counts) - 1:
        return f"{counts[0]}-{counts[-1]}"
    return ", ".join(map(str, counts))


def players_or_default(game: Game | str, players: int | None) -> int:
    """`players`, or by default 3, or the first count above it the game takes (Rat & Duck:
    4); a game id is made with its rulebook rules."""
    if players is not None:
        return players
    counts = (make(game) if isinstance(game, str) else game).player_counts()
    return next((n for n in counts if n >= 3), counts[-1])


@app.command()
def games(rules: Annotated[bool, typer.Option("--rules", help="list each game's rule options")]
          = False) -> None:
    """List the games ratking plays."""
    infos = list_games()
    table = Table(title="Games")
    # ids are typed on the command line: never wrapped or cut; the words around them wrap
    table.add_column("id", style="bold cyan", no_wrap=True,
                     min_width=max(len(info.id) for info in infos))
    table.add_column("title", ratio=1)
    table.add_column("players", justify="center", no_wrap=True)
    table.add_column("about", ratio=2)
    for info in infos:
        table.add_row(info.id, info.title, count_words(make(info.id).player_counts()),
                      info.summary)
    console.print(table)
    if rules:
        for info in infos:
            options = Table(title=f"{info.title} rule options")
            options.add_column("name", style="bold", no_wrap=True,
                               min_width=max(len(spec["name"]) for spec in info.rules))
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
def learn(game: Annotated[str, typer.Argument(help="game id, e.g. rat-a-tat-roll")]) -> None:
    """Learn a game by playing it: a guided game against bots, step by step, then your own."""
    from .terminal.lesson import TerminalLesson
    from .tutorial import load_tutorial

    try:
        table = TerminalLesson(load_tutorial(game), console)
    except RatkingError as exc:
        fail(str(exc))
    try:
        table.run()
    except (KeyboardInterrupt, EOFError) as exc:
        console.print("\nLesson interrupted.")
        if isinstance(exc, KeyboardInterrupt):
            raise typer.Exit(130) from None


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="game id")],
    players: Annotated[int | None, typer.Option(
        "--players", "-p", help="number of seats (default 3, or the nearest count the game "
        "takes)")] = None,
    seats: Annotated[str | None, typer.Option(
        help="a kind per seat: human or a bot spec: bot (heuristic), random, easy, normal, "
             "hard, expert, ismcts:iters=N ...")] = None,
    seed: Annotated[int | None, typer.Option(help="seed for a repeatable game")] = None,
    save: Annotated[Path | None, typer.Option(help="save the game record to this file")] = None,
    forced: Annotated[bool, typer.Option(
        help="make a move for you when it is your only choice")] = True,
    rule: RuleOption = None,
    cards: CardsOption = None,
    board: BoardOption = None,
    card: CardOption = None,
) -> None:
    """Play a game in the terminal against bots, or hot-seat with friends."""
    from .terminal import TerminalGame, parse_seats
    from .terminal import save as save_game

    if save is not None:
        check_writable(save, "--save")
    try:
        chosen = make(game, card_files=card_files(cards, board, card, game),
                      **parse_rules(rule))
        players = players_or_default(chosen, players)
        kinds = parse_seats(seats, players)
        table = TerminalGame(chosen, kinds, seed, console, forced=forced)
    except RatkingError as exc:
        fail(str(exc))
    stopped = False
    try:
        state = table.run()
    except (KeyboardInterrupt, EOFError) as exc:
        console.print("\nGame interrupted.")
        state = table.state
        stopped = isinstance(exc, KeyboardInterrupt)
    if save is not None:
        save_game(state, save, console)
    if stopped:
        raise typer.Exit(130)  # as a shell reports a program stopped by Ctrl-C


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on (1 to 65535)")] = 8000,
    db: Annotated[str | None, typer.Option(
        help="SQLAlchemy URL (default: $RATKING_DB, else a SQLite file in your data folder)")]
    = None,
    bot_delay: Annotated[float | None, typer.Option(
        help="seconds a bot waits before it moves (default 0.6)")] = None,
    workers: Annotated[int, typer.Option(
        help="server processes; more than one needs PostgreSQL")] = 1,
    sticky: Annotated[bool, typer.Option(
        help="each process on its own loopback port (--port + 1 to N) behind nginx, which "
             "sends each table to one process (needs nginx and --workers 2 or more)")] = False,
    search_workers: Annotated[int | None, typer.Option(
        help="processes per server process where searching bots and hints think "
             "(default: one per core but one)")] = None,
    api_docs: Annotated[bool, typer.Option(help="serve the API docs at /docs")] = False,
    forwarded_allow_ips: Annotated[str | None, typer.Option(
        help="proxies (addresses or networks, comma-separated) whose X-Forwarded-For names "
             "the client (default: none)")] = None,
    cards_dir: Annotated[Path | None, typer.Option(
        help="a folder of card files (.toml) a new table may name to play with instead of "
             "its game's own (default: none offered)")] = None,
    lab: Annotated[bool, typer.Option(
        help="open the designer's lab at /lab: simulations, sweeps and comparisons run in "
             "the server's review pool (default: off)")] = False,
) -> None:
    """Start the web app: create tables, invite friends, play in the browser.

    Limits are settings read from RATKING_* variables (see docs/server.md), e.g.
    RATKING_CREATE_PER_MINUTE=30, RATKING_MAX_TABLES=2000, RATKING_IDLE_UNLOAD=600."""
    import os

    import uvicorn

    from .server import create_app
    from .server.serve.ports import port_problem
    from .server.serve.processes import run_workers
    from .server.serve.protocol import uvicorn_options
    from .server.settings import Settings
    from .server.storage.tables import ServerLock, check_url, default_db_url, prepare
    from .server.web.collector import steady_gc

    try:
        if search_workers is not None and search_workers < 1:
            raise ValueError("--search-workers must be at least 1")
        if cards_dir is not None and not cards_dir.is_dir():
            raise ValueError(f"--cards-dir {cards_dir} is not a folder")
        settings = Settings.from_env(db=db or default_db_url(), bot_delay=bot_delay,
                                     api_docs=api_docs or None, search_workers=search_workers,
                                     forwarded_allow_ips=forwarded_allow_ips,
                                     cards_dir=str(cards_dir.resolve()) if cards_dir else None,
                                     lab=lab or None)
    except ValueError as exc:
        fail(str(exc))
    url = settings.db
    if workers < 1:
        fail("--workers must be at least 1")
    nginx = sticky_checks(workers, port, forwarded_allow_ips) if sticky else None
    shown = url.split("@")[-1] if "@" in url else url  # never print a password
    problem = port_problem(host, port) or check_url(url)
    if problem:
        fail(problem)
    if url.startswith("sqlite"):
        if workers > 1:
            fail(f"--workers {workers} needs PostgreSQL (--db postgresql+psycopg://...): "
                 "a SQLite file takes one server process")
        try:
            ServerLock(url).release()  # only to say so clearly if another server has it
        except RuntimeError as exc:
            fail(str(exc))
    problem = prepare(url)  # migrate once, here: a bad database fails before any worker starts
    if problem:
        fail(problem)
    console.print(f"[bold]ratking[/] is open at [link]http://{host}:{port}[/link]  "
                  f"(tables in {shown}; {workers} process{'es' if workers > 1 else ''}; "
                  "Ctrl+C stops)")
    options = {"host": host, "port": port, "log_level": "warning",
               **uvicorn_options(settings)}  # header, socket and proxy limits
    os.environ.update(settings.to_env())  # every process reads its settings from here
    if nginx is not None:
        from .server.serve.sticky import Sticky

        if not Sticky(host, port, workers, nginx).run():
            fail("a server process or nginx failed to start (the reason is above), so all "
                 "stopped")
    elif workers > 1:
        if not run_workers("ratking.server.serve.processes:supervised_app", workers, **options):
            fail("a server process failed to start (its reason is above), so all stopped")
    else:
        app = create_app(settings=settings)
        steady_gc()
        try:
            uvicorn.run(app, **options)
        except SystemExit as exc:
            if exc.code:  # uvicorn's own exit when the app did not start
                fail("the server failed to start (its reason is above)")
            raise


def sticky_checks(workers: int, port: int, forwarded_allow_ips: str | None) -> str:
    """What `serve --sticky` needs before it starts anything: nginx's path."""
    from .server.serve.ports import port_problem
    from .server.serve.sticky import LOOPBACK, nginx_path, worker_ports

    if workers < 2:
        fail("--sticky routes tables between processes: give --workers 2 or more")
    if forwarded_allow_ips:
        fail("--sticky: the processes believe X-Forwarded-For from their nginx only; "
             "drop --forwarded-allow-ips")
    nginx = nginx_path()
    if nginx is None:
        fail("--sticky needs nginx (Debian: apt-get install nginx)")
    for each in worker_ports(port, workers):
        problem = port_problem(LOOPBACK, each)
        if problem:
            fail(f"--sticky puts process {each - port} on port {each}: {problem}")
    return nginx


@app.command("router-config")
def router_config(
    workers: Annotated[int, typer.Option(help="server processes behind nginx")] = 2,
    host: Annotated[str, typer.Option(help="address nginx listens on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(
        help="port nginx listens on; the processes on 127.0.0.1, the next N ports")] = 8000,
) -> None:
    """Print the nginx configuration `serve --sticky` runs (docs/server.md), for a deployer
    who runs nginx and the processes themselves."""
    from .server.rooms.router import render
    from .server.serve.sticky import peers_of

    if workers < 1:
        fail("--workers must be at least 1")
    if not 1 <= port <= 65535 - workers:
        fail(f"--port must be 1 to {65535 - workers}, not {port}")
    listen = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    print(render(listen, peers_of(port, workers)), end="")


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a record saved by `ratking play --save`")],
    seat: Annotated[int | None, typer.Option(
        help="see it as this seat, counting from 1 (default: a spectator)")] = None,
    step: Annotated[bool | None, typer.Option(
        help="a screen per decision with its board: Enter or n next, p back, a number to go "
             "to that step, q quit (default: when the input is a terminal)")] = None,
    cards: CardsOption = None,
    board: BoardOption = None,
) -> None:
    """Step through a saved game, the board drawn at each step (with the card files it was
    played with: the record names them, --cards or --board says where one is now)."""
    from .core.record import with_files_at
    from .terminal import replay_file

    try:
        record = with_files_at(load_record(file), card_files(cards, board))
        players = record.get("players")
        if seat is not None and not (isinstance(players, int) and 1 <= seat <= players):
            fail(f"no seat {seat}: this game's seats are 1 to {players}")
        shown = None if seat is None else seat - 1
        replay_file(record, console, shown, sys.stdin.isatty() if step is None else step)
    except RatkingError as exc:
        fail(str(exc))
    except (KeyboardInterrupt, EOFError):
        console.print("\nStopped.")


@contextmanager
def stoppable() -> Iterator[None]:
    """A lab command's body: Ctrl-C where the command does not handle it itself says so in
    one line and exits 130, never with a traceback."""
    from .sim.lab import STOPPED

    try:
        yield
    except KeyboardInterrupt:
        console.print("\nStopped.")
        raise typer.Exit(STOPPED) from None
@app.command()
def review(
    file: Annotated[Path, typer.Argument(help="a finished game's record (`play --save`)")],
    seat: Annotated[int | None, typer.Option(
        help="judge only this seat's moves and draw its chance, counting from 1")] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="also write the review as JSON")
                        ] = None,
    seed: Annotated[int, typer.Option(help="the search's seed: the same seed, the same review")
                    ] = 0,
    iters: Annotated[int | None, typer.Option(
        min=1, help="search iterations per decision (default: the game's expert level)")] = None,
) -> None:
    """Review a finished game: chances over the game, turning points, better moves."""
    from .review.command import run

    try:
        run(file, console, seat, json_out, seed, iters)
    except RatkingError as exc:
        fail(str(exc))


@app.command()
def check(
    game: Annotated[str, typer.Argument(help="game id")],
    games_: Annotated[int, typer.Option("--games", "-n", min=1,
                                        help="random games each check plays")] = 6,
    seed: Annotated[int, typer.Option(help="the first game's seed")] = 0,
    only: Annotated[list[str] | None, typer.Option(
        "--only", help="run only this check (repeatable)")] = None,
) -> None:
    """Hold a game to the kernel contract: one line per check; exit 1 if any fails."""
    from .testing import check as run

    try:
        outcomes = run(game, games_, seed, only)
    except (RatkingError, ValueError) as exc:
        fail(str(exc))
    for outcome in outcomes:
        mark = "[green]pass[/]" if outcome.passed else "[bold red]FAIL[/]"
        line = Text.from_markup(f"{mark}  {outcome.name}")
        if outcome.why:
            line.append(": " + " ".join(outcome.why.split()))
        console.print(line, soft_wrap=True)
    failed = [o.name for o in outcomes if not o.passed]
    if failed:
        raise typer.Exit(1)


# options shared by simulate, sweep and tune
GamesOption = Annotated[int, typer.Option("--games", "-n", help="how many games")]
PlayersOption = Annotated[int | None, typer.Option(
    "--players", "-p", help="seats (default 3, or the nearest count the game takes)")]
BotsOption = Annotated[str, typer.Option(
    help="a bot spec per seat (comma-separated), or one for every seat: random, heuristic...")]
SeedOption = Annotated[int, typer.Option(help="batch seed: the same seed, the same numbers")]
WorkersOption = Annotated[int, typer.Option(
    "--workers", "-w", help="processes (with --backend ray: the local Ray instance's CPUs)")]
ReportOption = Annotated[Path | None, typer.Option(
    help="write DIR/index.html (a page with plots, opens offline) and DIR/games.csv")]
BackendOption = Annotated[str, typer.Option(
    help="where games run: local (processes on this machine) or ray")]
RayAddressOption = Annotated[str | None, typer.Option(
    "--ray-address", help="a Ray cluster to run on (default: a local Ray instance)")]
FirstSeatOption = Annotated[str, typer.Option(
    "--first-seat", help="who starts: rules (the rule first_seat, seat 1 by default) or rotate "
    "(game i starts at seat i mod players, where the game's rules let the players choose): "
    "the report then measures the first player's win share")]
LabCoreOption = Annotated[str, typer.Option(
    "--core", help="auto (the compiled core where the game has one and every bot is random "
    "or the heuristic), native or python: the same games on either")]


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="game id")],
    games_: GamesOption = 1000,
    players: PlayersOption = None,
    bots: BotsOption = "heuristic",
    seed: SeedOption = 0,
    workers: WorkersOption = 1,
    json_out: Annotated[Path | None, typer.Option("--json", help="write results as JSON")]
    = None,
    report: ReportOption = None,
    backend: BackendOption = "local",
    ray_address: RayAddressOption = None,
    rule: RuleOption = None,
    resume: Annotated[bool, typer.Option(
        help="play only the games not yet in the --json file (after a stop)")] = False,
    trajectories: Annotated[Path | None, typer.Option(
        help="write every decision (seat, observation, action mask, action, reward) and "
             "each game's record to DIR as Parquet (docs/research.md)")] = None,
    cards: CardsOption = None,
    board: BoardOption = None,
    card: CardOption = None,
    drama_games: Annotated[int, typer.Option(
        min=0, help="the first games played again for the drama measures (0: none)")] = 100,
    skill_games: Annotated[int, typer.Option(
        min=0, help="deals played heuristic against random for skill or luck (0: none)")]
    = 30,
    core: LabCoreOption = "auto",
    first_seat: FirstSeatOption = "rules",
) -> None:
    """Play many bot games and report win rates, scores and game length."""
    from .sim import lab
    from .sim import trajectories as dataset

    with stoppable():
        try:
            if resume and json_out is None:
                raise RatkingError("--resume needs --json FILE (the run to go on with)")
            if trajectories is not None:
                dataset.check_folder(trajectories)
            players = players_or_default(game, players)
            plan = lab.prepare_run(game, players, bots, games_, seed, parse_rules(rule),
                                   workers, backend, ray_address, report, json_out,
                                   card_files(cards, board, card, game), core, first_seat)
            done = lab.resume_games(json_out, plan) if resume and json_out else []
            run = lab.play(plan, console, backend, workers, ray_address, done)
        except (RatkingError, ValueError) as exc:
            fail(str(exc))
        lab.finish_simulate(console, plan, run, json_out, report, backend, workers,
                            drama_games, skill_games)
        if trajectories is not None and run.results:
            try:
                lab.write_trajectories(console, trajectories, plan, run.results)
            except (RatkingError, OSError) as exc:
                fail(str(exc))
    if run.stopped:
        raise typer.Exit(lab.STOPPED)


@app.command()
def sweep(
    game: Annotated[str, typer.Argument(help="game id")],
    rule: Annotated[list[str] | None, typer.Option(
        "--rule", "-r", help="NAME=V1,V2,... or NAME=LOW..HIGH to sweep, NAME=V to fix "
        "(repeatable: the grid is every combination)")] = None,
    games_: Annotated[int, typer.Option("--games", "-n", help="games per cell")] = 500,
    players: PlayersOption = None,
    bots: BotsOption = "heuristic",
    seed: SeedOption = 0,
    workers: WorkersOption = 1,
    report: ReportOption = None,
    backend: BackendOption = "local",
    ray_address: RayAddressOption = None,
    json_out: Annotated[Path | None, typer.Option(
        "--json", help="keep every cell's games as JSON (after each cell, and at a stop)")]
    = None,
    resume: Annotated[bool, typer.Option(
        help="play only the games not yet in the --json file (after a stop)")] = False,
    cards: CardsOption = None,
    board: BoardOption = None,
    card: Annotated[list[str] | None, typer.Option(
        "--card", help="a number of the card file by its dotted path, PATH=V1,V2,... or "
        "PATH=LOW..HIGH to sweep, PATH=V to fix (e.g. thief.amount=200,300,400)")] = None,
    core: LabCoreOption = "auto",
    first_seat: FirstSeatOption = "rules",
) -> None:
    """Simulate a grid of rule values: win shares and game length against each value."""
    from .sim import lab

    with stoppable():
        try:
            if resume and json_out is None:
                raise RatkingError("--resume needs --json FILE (the sweep to go on with)")
            players = players_or_default(game, players)
            plan, axes = lab.prepare_sweep(game, rule, players, bots, games_, seed, workers,
                                           backend, ray_address, report, json_out,
                                           card_files(cards, board), card, core,
                                           first_seat)
            cells, seconds, stopped = lab.sweep(plan, axes, console, backend, workers,
                                                ray_address, json_out, resume)
        except (RatkingError, ValueError) as exc:
            fail(str(exc))
        lab.finish_sweep(console, plan, axes, cells, report, backend, workers, seconds,
                         stopped, json_out)
    if stopped:
        raise typer.Exit(lab.STOPPED)


@app.command()
def tune(
    game: Annotated[str, typer.Argument(help="game id")],
    param: Annotated[list[str] | None, typer.Option(
        help="a rule to tune: NAME=LOW..HIGH (whole numbers) or NAME=A,B,...; or every "
        "seat's bot setting: bot:iters=100..800, bot:eps=0.0..0.4 (repeatable)")] = None,
    objective: Annotated[str, typer.Option(
        help="fair (sides' win shares closest to even), length=R (mean rounds closest to R), "
        "length:LOW..HIGH (mean rounds inside), or several comma-separated: "
        "fair,length:12..20")] = "fair",
    trials: Annotated[int, typer.Option(help="finished trials the study should have")] = 30,
    games_: Annotated[int, typer.Option("--games", "-n", help="games per trial")] = 300,
    check_games: Annotated[int, typer.Option(
        help="fresh games each leading trial is played again on (at least 2,000)")] = 2000,
    leaders: Annotated[int, typer.Option(
        help="best trials played again on fresh games before the best is named (one "
        "objective; with several, the Pareto front, at most 5)")] = 3,
    pick: Annotated[str, typer.Option(
        help="with several objectives, how the best of the fresh front is named: order "
        "(the objectives' order; a later one decides among trials the earlier ones do not "
        "tell apart at 95%), order=length,fair, or weights=W1,W2 (points of unfairness, "
        "rounds)")] = "order",
    storage: Annotated[Path | None, typer.Option(
        help="the study's SQLite file (default: tune-GAME.sqlite3); the same command "
        "resumes the study")] = None,
    players: PlayersOption = None,
    bots: BotsOption = "heuristic",
    seed: SeedOption = 0,
    workers: WorkersOption = 1,
    report: ReportOption = None,
    backend: BackendOption = "local",
    ray_address: RayAddressOption = None,
    rule: RuleOption = None,
    cards: CardsOption = None,
    board: BoardOption = None,
    card: Annotated[list[str] | None, typer.Option(
        "--card", help="a number of the card file to tune, by its dotted path: "
        "PATH=LOW..HIGH or PATH=A,B,... (e.g. thief.amount=100..500)")] = None,
    first_seat: FirstSeatOption = "rules",
) -> None:
    """Search rule values and bot settings with Optuna for fairness, a game length or both,
    then play the leading trials again on fresh games and name the best."""
    from .sim import lab

    with stoppable():
        try:
            players = players_or_default(game, players)
            setup = lab.prepare_tune(game, param, objective, trials, games_, check_games,
                                     storage, players, bots, seed, parse_rules(rule), workers,
                                     backend, ray_address, report, leaders, pick,
                                     card_files(cards, board), card, first_seat)
            try:
                outcome = lab.tune(setup, console, backend, workers, ray_address)
            except KeyboardInterrupt:
                lab.tune_stopped(console, setup)
                raise typer.Exit(lab.STOPPED) from None
        except (RatkingError, ValueError) as exc:
            fail(str(exc))
        lab.print_tune(console, setup, outcome)
        if report is not None:
            with console.status("Drawing the report..."):
                page = lab.tune_report(report, setup, outcome, backend, workers)
            console.print(f"Wrote {page} and {page.with_name('games.csv')}")


@app.command()
def arena(
    game: Annotated[str, typer.Argument(help="game id")],
    bots: Annotated[str, typer.Option(
        help="bot specs, comma-separated: random, heuristic, easy, hard, expert, "
             "ismcts:iters=500 ...")],
    games_: Annotated[int, typer.Option(
        "--games", "-n", help="how many games (a multiple of the seatings)")] = 100,
    players: PlayersOption = 2,
    seed: SeedOption = 0,
    workers: WorkersOption = 1,
    json_out: Annotated[Path | None, typer.Option("--json", help="write results as JSON")]
    = None,
    backend: BackendOption = "local",
    ray_address: RayAddressOption = None,
    rule: RuleOption = None,
    report: Annotated[Path | None, typer.Option(
        help="write DIR/index.html (a page with plots, opens offline) and DIR/games.csv")]
    = None,
    cards: CardsOption = None,
    board: BoardOption = None,
) -> None:
    """Bots against each other, every bot on every side equally often (a team is one bot):
    win shares with 95% intervals, per side, pairwise, and OpenSkill ratings."""
    from .sim import lab

    with stoppable():
        try:
            setup = lab.prepare_arena(game, bots, games_, players, seed, parse_rules(rule),
                                      workers, backend, ray_address, json_out, report,
                                      card_files(cards, board))
            result, stopped = lab.arena(setup, console)
        except (RatkingError, ValueError) as exc:
            fail(str(exc))
        lab.finish_arena(console, setup, result, stopped)
    if stopped:
        raise typer.Exit(lab.STOPPED)


@app.command()
def compare(
    game: Annotated[str, typer.Argument(help="game id")],
    a: Annotated[str, typer.Option(
        "--a", help="version A: rule values, card values and a card file, comma-separated "
        "(e.g. unrest_to_win=18,cards=my.toml,thief.amount=400; empty: as printed)")] = "",
    b: Annotated[str, typer.Option("--b", help="version B, written as --a")] = "",
    games_: Annotated[int, typer.Option("--games", "-n", help="games of each version")] = 500,
    players: PlayersOption = None,
    bots: BotsOption = "heuristic",
    seed: SeedOption = 0,
    workers: WorkersOption = 1,
    report: ReportOption = None,
    json_out: Annotated[Path | None, typer.Option(
        "--json", help="write {a, b, differences} as JSON")] = None,
    drama_games: Annotated[int, typer.Option(
        help="each version's first games played again for the drama measures (0: none)")]
    = 100,
    skill_games: Annotated[int, typer.Option(
        help="deals of each version played strong against weak (--skill; 0: none)")] = 50,
    skill: Annotated[str, typer.Option(
        help="STRONG,WEAK: the bots of the skill-or-luck measure")] = "heuristic,random",
    first_seat: FirstSeatOption = "rules",
) -> None:
    """Two versions of a game on the same seeds: every measure side by side, each difference
    with its 95% interval and test, and a verdict in words."""
    from .sim import lab

    with stoppable():
        try:
            players = players_or_default(game, players)
            setup = lab.prepare_compare(game, a, b, players, bots, games_, seed, workers,
                                        json_out, report, drama_games,
                                        min(skill_games, games_), skill, first_seat)
            result = lab.compare(setup, console)
        except (RatkingError, ValueError) as exc:
            fail(str(exc))
        lab.finish_compare(console, setup, result)


@app.command()
def exploit(
    game: Annotated[str, typer.Argument(help="game id")],
    against: Annotated[str, typer.Option(
        help="the bot to exploit: random, heuristic, easy, hard, expert or neural")],
    games_: Annotated[int, typer.Option(
        "--games", "-n", help="deals, each played twice (a multiple of the players)")] = 100,
    players: Annotated[int, typer.Option("--players", "-p", help="seats")] = 2,
    iters: Annotated[int, typer.Option(help="the response's search iterations a decision")]
    = 200,
    depth: Annotated[int | None, typer.Option(
        help="rollout decisions before the evaluation scores (default 10; 0: play out)")] = 10,
    method: Annotated[str, typer.Option(
        help="search (a searched best response) or lbr (local best response)")] = "search",
    particles: Annotated[int, typer.Option(
        help="with --method lbr: the belief's determinizations, each rolled out once for "
             "every legal action")] = 16,
    seed: SeedOption = 0,
    workers: WorkersOption = 1,
    backend: BackendOption = "local",
    ray_address: RayAddressOption = None,
    rule: RuleOption = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="write the result as JSON")]
    = None,
) -> None:
    """How exploitable a bot is: a best response against it (searched, or local best response
    with --method lbr) takes each seat in turn, and its win share is compared, deal by deal,
    with the bot's own in the same seats."""
    from .sim.backends import open_backend
    from .sim.exploit import check_exploit, run_exploit
    from .sim.progress import progress_bar
    from .sim.stats import percent, span

    cut = None if depth == 0 else depth
    try:
        rules_ = parse_rules(rule)
        check_exploit(game, against, players, games_, iters, cut, rules_, method, particles)
        if json_out is not None:
            check_writable(json_out, "--json")
        title = make(game, **rules_).info().title
        with stoppable(), open_backend(backend, workers, ray_address) as engine, \
                progress_bar(console, f"{game}: exploiting {against}", games_, "deals") as bar:
            result = run_exploit(game, against, players, games_, seed, iters, cut, rules_,
                                 progress=bar.advance, backend=engine, method=method,
                                 particles=particles)
    except (RatkingError, ValueError) as exc:
        fail(str(exc))
    cut_words = "played out" if cut is None else f"cut at {cut} decisions"
    lbr = method == "lbr"
    who, budget = (("local best response against", f"{particles} particles, one rollout each "
                    "for every legal action") if lbr else
                   ("a best response searched against", f"{iters:,} iterations a decision"))
    console.print(f"{title}, {players} players: {who} {against} ({budget}, rollouts "
                  f"{cut_words}), {result.games:,} deals each played twice")
    def share(value: float | None, interval: tuple[float, float]) -> str:
        if value is None:
            return "no game (every one reached the round cap undecided)"
        return f"{percent(value)} (95% interval {span(*interval)})"

    console.print(f"  the response wins {share(result.response_share, result.response_interval)}")
    console.print(f"  {against} in the same seats wins "
                  f"{share(result.bot_share, result.bot_interval)}")
    left_out = (f" ({result.undecided} deals left out: a round-cap draw)"
                if result.undecided else "")
    if result.gain is None:
        console.print(f"  gain: not measured, no deal was decided in both games{left_out}")
    else:
        low, high = result.gain_interval
        console.print(f"  gain: {result.gain * 100:+.1f} points, 95% interval "
                      f"{low * 100:+.1f} to {high * 100:+.1f}{left_out}")
    resets = (f"; the belief was dealt afresh {result.resets:,} times (no particle left "
              "consistent)") if lbr else ""
    console.print(f"  budget: {result.iterations:,} {'rollouts' if lbr else 'iterations'} in "
                  f"{result.decisions:,} decisions, {result.cpu_s:,.0f} CPU-s{resets}")
    if json_out is not None:
        json_out.write_text(json.dumps(result.to_dict(), indent=2) + "\n")
        console.print(f"Wrote {json_out}")


@app.command()
def bench(
    game: Annotated[str, typer.Argument(help="game id")],
    players: Annotated[int | None, typer.Option("--players", "-p",
                                                help="seats (default: every count)")] = None,
    seconds: Annotated[float, typer.Option(help="time per player count")] = 5.0,
    seed: Annotated[int, typer.Option()] = 0,
    rule: RuleOption = None,
    paths: Annotated[bool, typer.Option(
        "--paths", help="also time clone and determinize after 10 and 1,000 decisions")] = False,
    core: Annotated[str | None, typer.Option(
        "--core", help="python or native: one figure for this core (default players: the "
        "fewest the game takes)")] = None,
    loop: Annotated[str | None, typer.Option(
        "--loop", help="random, heuristic or ismcts (the game's hard bot, searching on the "
        "core named) in every seat; with --core")] = None,
    json_out: Annotated[Path | None, typer.Option(
        "--json", help="with --core: write {core, loop, decisions_per_s} here (and "
        "iterations_per_s with --loop ismcts)")] = None,
) -> None:
    """Random play for a fixed time: decisions and games per second, on one core.

    A game with no round cap is played with max_rounds=100 (random play might never end).
    With --core (or --loop, --json), one figure for the Python engine or the compiled core.
    """
    from .sim import bench as run_bench
    from .sim import path_costs
    from .sim.progress import progress_bar

    if not seconds > 0:
        fail("--seconds must be more than 0")
    if core is not None or loop is not None or json_out is not None:
        bench_one_core(game, core or "python", loop or "random", players, seconds, seed, rule,
                       json_out)
        return
    try:
        rules_ = parse_rules(rule)
        chosen = make(game, **rules_)
        info = chosen.info()
        counts = [players] if players else list(chosen.player_counts())
        table = Table(title=f"{info.title}: random play, one core")
        table.add_column("players", justify="right")
        table.add_column("decisions/s", justify="right")
        table.add_column("games/s", justify="right")
        table.add_column("decisions/game", justify="right")
        with progress_bar(console, info.id, len(counts), "player counts") as bar:
            for count in counts:
                bar.describe(f"{info.id}, {count} players")
                result = run_bench(game, count, seconds, seed, rules_)
                table.add_row(str(count), f"{result.decisions_per_second:,.0f}",
                              f"{result.games_per_second:,.0f}",
                              f"{result.decisions_per_game:.1f}")
                bar.advance()
        costs = []
        if paths:
            with console.status("clone and determinize..."):
                costs = [c for count in counts for c in path_costs(game, count, seed=seed + 1,
                                                                   rules=rules_)]
    except RatkingError as exc:
        fail(str(exc))
    console.print(table)
    if paths:
        times = Table(title=f"{info.title}: clone and determinize, µs each")
        for name in ("players", "after decisions", "clone", "determinize"):
            times.add_column(name, justify="right")
        for c in costs:
            times.add_row(str(c.players), f"{c.at:,}", f"{c.clone_us:.2f}",
                          f"{c.determinize_us:.2f}")
        console.print(times)


def bench_one_core(game: str, core: str, loop: str, players: int | None, seconds: float,
                   seed: int, rule: list[str] | None, json_out: Path | None) -> None:
    """`ratking bench --core`: one loop on one core, said which, and its figures as JSON."""
    from .sim.cores import bench_core

    try:
        rules_ = parse_rules(rule)
        chosen = make(game, **rules_)
        count = players or chosen.min_players
        with console.status(f"{chosen.info().id}: {loop} play on the {core} core..."):
            result = bench_core(game, core, loop, count, seconds, seed, rules_)
    except RatkingError as exc:
        fail(str(exc))
    line = (f"{chosen.info().title}, {count} players, {loop} loop on the {core} core: "
            f"{result['decisions_per_s']:,.0f} decisions/s")
    if "iterations_per_s" in result:
        line += f", {result['iterations_per_s']:,.0f} search iterations/s"
    console.print(line)
    if json_out is not None:
        try:
            json_out.write_text(json.dumps(result, indent=2) + "\n")
        except OSError as exc:
            fail(f"cannot write {json_out}: {exc.strerror}")


@app.command()
def train(
    game: Annotated[str, typer.Argument(help="game id")],
    players: Annotated[int, typer.Option("--players", "-p", help="number of players")] = 2,
    minutes: Annotated[float, typer.Option("--minutes", "-m", help="CPU minutes to train")]
    = 4.0,
    out: Annotated[Path | None, typer.Option(
        "--out", help="the run's directory (default runs/GAME-Np); an existing run resumes")]
    = None,
    seed: Annotated[int, typer.Option("--seed", help="random seed")] = 0,
    eval_games: Annotated[int, typer.Option(
        "--eval-games", help="games per win-share check in the log", min=1)] = 100,
    imitate: Annotated[int, typer.Option(
        "--imitate", help="games of the heuristic to copy before self-play (a fresh run)",
        min=0)] = 0,
    dagger: Annotated[int, typer.Option(
        "--dagger", help="rounds after the copy in which it plays half as many games again, "
        "the heuristic naming each move, and is fitted to all (DAgger)", min=0)] = 0,
    hidden: Annotated[str, typer.Option(
        "--hidden", help="a fresh run's hidden layer widths, comma-separated")] = "64,64",
) -> None:
    """Train a neural policy by masked PPO self-play (needs the learn extra)."""
    from .learn.train import Stopped
    from .learn.train import train as run

    try:
        widths = tuple(int(w) for w in hidden.split(","))
    except ValueError:
        fail(f"--hidden takes layer widths such as 128,128, not {hidden!r}")
    try:
        run(game, players, minutes, out, seed, eval_games, console=console, imitate=imitate,
            hidden=widths, dagger=dagger)
    except (RatkingError, ValueError, OSError) as exc:
        fail(str(exc))
    except Stopped as stop:
        print(stop, file=sys.stderr)
        raise typer.Exit(130) from None  # as a shell reports a program stopped by Ctrl-C


def main() -> None:
    try:
        app()
    except (RatkingError, OSError) as exc:  # a last guard: a reason, never a traceback
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        where = f" ({exc.filename})" if isinstance(exc, OSError) and exc.filename else ""
        try:
            fail(f"{reason}{where}")
        except typer.Exit as stop:
            sys.exit(stop.exit_code)


if __name__ == "__main__":
    main()
