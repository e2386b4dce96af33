"""Playing and replaying games in a terminal, with Rich."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table

from . import terminal_undo as undo
from .bots import BOT_KINDS, BOT_NAMES, make_bot, parse_spec
from .bots.ismcts import SearchBot
from .bots.specs import LevelBot
from .core import Game, IllegalAction, RatkingError, State, narrate, replay, save_record
from .core.rng import derive_seed, new_seed

SEAT_KINDS = ("human", "bot", "heuristic", "random")  # the common ones; any bot spec works
ERASE_SCROLLBACK = "\x1b[3J"  # xterm and most terminals: forget the lines scrolled off


def parse_seats(seats: str | None, players: int) -> list[str]:
    """`human,bot,hard` -> a kind per seat: `human` or a bot spec (ratking.bots.make_bot);
    default: one human, heuristic bots for the rest."""
    kinds = ["human"] + ["bot"] * (players - 1) if not seats else \
        [k.strip().lower() for k in seats.split(",")]
    if len(kinds) != players:
        raise RatkingError(f"--seats names {len(kinds)} seats for {players} players")
    for kind in kinds:
        if kind.split(":")[0] not in ("human", *BOT_KINDS):
            raise RatkingError(f"unknown seat kind {kind!r}; choose from human, "
                               f"{', '.join(BOT_KINDS)} (bots may take options, e.g. "
                               "ismcts:iters=500)")
        if kind != "human":
            parse_spec(kind)  # a bad option raises, naming it
    return kinds


def seat_names(kinds: Sequence[str]) -> list[str]:
    """People are named by their seat ("Player 1"), never "You": the saved record names
    them, and a replay shown as another seat must read right; the screen says "you" itself
    (events are narrated to their reader)."""
    names, bots = [], iter(BOT_NAMES)
    for i, kind in enumerate(kinds):
        if kind == "human":
            names.append(f"Player {i + 1}")
        else:
            names.append(next(bots, f"Bot {i + 1}"))
    return names


class TerminalGame:
    """One game at the terminal: humans choose from numbered lists, bots move on their own."""

    def __init__(self, game: Game, kinds: Sequence[str], seed: int | None,
                 console: Console | None = None, ask: Callable[[str], str] | None = None,
                 forced: bool = True):
        self.console = console or Console()
        self.forced = forced  # a person's only choice is made for them (as on the web)
        self.ask = ask or (lambda prompt: self.console.input(prompt))
        self.kinds = list(kinds)
        self.seed = new_seed() if seed is None else seed
        self.state: State = game.new_game(len(kinds), seed=self.seed, names=seat_names(kinds))
        self.bots = {i: make_bot(k, derive_seed(self.seed, 1 + i))
                     for i, k in enumerate(kinds) if k != "human"}
        self.humans = [i for i, k in enumerate(kinds) if k == "human"]
        self.shown = 0  # log position already printed
        # one human: print everything as that seat sees it, as it happens. Hot seat (several
        # humans): the screen belongs to one human at a time; each is shown, when the screen is
        # passed to them, what happened since they last had it (their own secrets included)
        self.hotseat = len(self.humans) > 1
        self.viewer = None if self.hotseat else (self.humans[0] if self.humans else None)
        self.seen = dict.fromkeys(self.humans, 0)  # hot seat: log position each human has seen
        self.holder: int | None = None  # hot seat: the human who has the screen now
        self.last_actor: int | None = None  # who made the last decision

    def run(self) -> State:
        state = self.state
        self.console.rule(f"[bold]{state.game.title}[/] · seed {self.seed}")
        if not self.hotseat:
            self._news(self.viewer)
        while not state.is_over:
            state = self.state  # a new object after an undo (terminal_undo.py)
            seat = state.current_player
            if seat in self.humans:
                asked = self._human_turn(seat)
                if asked is None:
                    return state
                if asked:  # a move made for the person leaves the turn's board to come
                    self.last_actor = seat
            else:
                state.apply(self._bot_move(seat))
                self.last_actor = seat
            if not self.hotseat:
                self._news(self.viewer)
        if self.hotseat:
            self._news(None)  # what happened since the screen was last hidden
        self.console.print(state.game.render_text(state.view(self.viewer)))
        self._scores()
        return state

    def _news(self, seat: int | None) -> None:
        events = self.state.events_for(seat, since=self.shown)
        self.shown = len(self.state.log)
        for line in narrate(events):
            self.console.print(f"  {line}")

    def _bot_move(self, seat: int):
        """The bot's move; one that searches says it is thinking meanwhile (a spinner on a
        terminal, a line elsewhere)."""
        bot, state = self.bots[seat], self.state
        inner = bot.bot_for(state.game) if isinstance(bot, LevelBot) else bot
        if not isinstance(inner, SearchBot) or len(state.legal_actions()) < 2:
            return bot.choose(state)
        words = f"{state.names[seat]} is thinking..."
        if not self.console.is_terminal:
            self.console.print(f"[dim]{words}[/]")
            return bot.choose(state)
        with self.console.status(words):
            return bot.choose(state)

    def _hand_over(self, seat: int) -> None:
        """Hot seat: pass the screen to `seat` and tell them what they missed."""
        name = self.state.names[seat]
        self.console.print()
        self.ask(f"Pass the screen to {name}, then press Enter ")
        self.holder = seat
        events = self.state.events_for(seat, since=self.seen[seat])
        if events:
            self.console.rule(f"[bold]{name}: since your last turn[/]" if self.seen[seat]
                              else f"[bold]{name}: the game so far[/]")
            for line in narrate(events):
                self.console.print(f"  {line}")
        self.seen[seat] = self.shown = len(self.state.log)

    def _human_turn(self, seat: int) -> bool | None:
        """One decision of a person: True if they were asked, False if their only choice was
        made for them, None if they quit."""
        state = self.state
        legal = state.legal_actions()
        forced = self.forced and len(legal) == 1
        if forced and self.hotseat and self.holder != seat:
            state.apply(legal[0])  # they are told of it when the screen next comes to them
            return False
        if self.hotseat and self.holder != seat:
            self._hand_over(seat)
        if forced:
            self.console.print(f"  [dim]Your only choice, made for you:[/] "
                               f"{state.describe_action(legal[0])}")
            state.apply(legal[0])
            self._after_move(seat)
            return False
        if self.last_actor != seat:  # a new turn: the whole board; mid-turn the news suffices
            title = f"{state.names[seat]}'s turn" if self.hotseat else "Your turn"
            self.console.rule(f"[bold]{title}[/]")
            self.console.print(state.game.render_text(state.view(seat)))
        for i, action in enumerate(legal, 1):
            self.console.print(f"  [bold cyan]{i:>2}[/] {state.describe_action(action)}")
        while True:
            answer = self.ask("Your choice (number, action id, b: board, u: undo, "
                              "q: quit): ").strip()
            if answer.lower() in ("q", "quit", "exit"):
                self.console.print("Game left unfinished.")
                return None
            if answer.lower() in ("b", "board"):
                self.console.print(state.game.render_text(state.view(seat)))
                continue
            if answer.lower() in undo.KEYS:
                if undo.take_back(self):
                    return True
                continue
            if not answer:
                continue
            choice: object = answer
            if answer.isdecimal():
                k = int(answer)
                if not 1 <= k <= len(legal):
                    self.console.print(f"[red]Choose a number from 1 to {len(legal)}.[/]")
                    continue
                choice = legal[k - 1]
            try:
                state.apply(choice)
            except IllegalAction as exc:
                reason = exc.reason[:1].upper() + exc.reason[1:]
                self.console.print(f"[red]{reason}.[/] Try again.")
                continue
            break
        self._after_move(seat)
        return True

    def _after_move(self, seat: int) -> None:
        """Hot seat: show the mover what their move did, and hide the screen before the next
        player (or a bot's turn) comes."""
        state = self.state
        if not self.hotseat:
            return
        self._news(seat)  # the result of the move, with what only this player may see
        self.seen[seat] = self.shown
        if not state.is_over and state.current_player != seat:
            self.ask("Press Enter to hide your cards ")
            self._wipe()
            self.holder = None

    def _wipe(self) -> None:
        """Clear the screen and the terminal's scrollback, so that the next player cannot
        scroll back to this one's cards."""
        console = self.console
        console.clear()
        if console.is_terminal:
            console.file.write(ERASE_SCROLLBACK)
            console.file.flush()

    def _scores(self) -> None:
        state = self.state
        table = Table(title="Result")
        table.add_column("seat")
        table.add_column("player")
        table.add_column("score", justify="right")
        table.add_column("result")
        scores = state.scores()
        for i, share in enumerate(state.returns()):
            outcome = "draw" if state.end_reason == "round-cap" else \
                ("win" if share == 1 else "shared win" if share > 0 else "")
            you = " (you)" if self.kinds[i] == "human" and not self.hotseat else ""
            table.add_row(str(i + 1), state.names[i] + you,
                          "" if scores is None else f"{scores[i]:g}", outcome)
        self.console.print(table)


def replay_file(record: dict, console: Console, seat: int | None, step: bool,
                ask: Callable[[str], str] | None = None) -> State:
    """Show a saved game decision by decision, as `seat` (None: spectator) saw it."""
    ask = ask or (lambda prompt: console.input(prompt))
    final = replay(record)
    final.view(seat)  # a bad seat fails here, before anything is printed
    state = replay(record, upto=0)
    console.rule(f"[bold]{state.game.title}[/] · {final.players} players · seed {final.seed}")
    for line in narrate(state.events_for(seat)):  # the set-up, before the first decision
        console.print(f"  {line}")
    shown = len(state.log)
    for i, action_id in enumerate(record["actions"]):
        actor = state.current_player
        label = state.describe_action(state.game.action_by_id(action_id))
        state.apply(action_id)
        console.print(f"[dim]{i + 1:>4}.[/] [bold]{state.names[actor]}[/]: {label}")
        for line in narrate(state.events_for(seat, since=shown)):
            console.print(f"        {line}")
        shown = len(state.log)
        if step and ask("Enter: next, q: to the end ").strip().lower() == "q":
            step = False
    console.print(state.game.render_text(state.view(seat)))
    return state


def save(state: State, path: Path, console: Console) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    save_record(state, path)
    console.print(f"Saved the game record to {path} (replay it with: ratking replay {path})")
