"""A game at the terminal: a person's decisions (numbered options in pages, keys to see the
board), bots that say when they are thinking, and the hot seat's hand-over."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..bots import make_bot
from ..bots.ismcts import SearchBot
from ..bots.specs import LevelBot
from ..core import Game, IllegalAction, State, narrate
from ..core.rng import derive_seed, new_seed
from ..core.undo import closes_undo
from . import undo
from .pages import OptionPages, lines_of
from .seats import seat_names

ERASE_SCROLLBACK = "\x1b[3J"  # xterm and most terminals: forget the lines scrolled off
QUIT = "quit"  # what a key returns to leave the game (None: ask again)
TAKEN_BACK = "taken back"  # what a key returns when it undid the person's last decision


@dataclass
class Decision:
    """One decision a person is asked: whose, the legal actions and their option pages."""

    seat: int
    legal: list[Any]
    pages: OptionPages


def discard_typeahead(stream: Any) -> None:
    """Forget what was typed before a prompt (keys pressed while a bot thought would else be
    taken as the answer): on a terminal, the input it holds unread is flushed."""
    try:
        import termios

        if stream.isatty():
            termios.tcflush(stream.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError, AttributeError):
        pass  # not a terminal (a pipe, a test's input), or no termios: nothing to discard


def searches(bot: Any, game: Game) -> bool:
    """Whether `bot` searches in `game` (so takes long enough to say it is thinking)."""
    inner = bot.bot_for(game) if isinstance(bot, LevelBot) else bot
    return isinstance(inner, SearchBot)


class TerminalGame:
    """One game at the terminal: humans choose from numbered lists, bots move on their own."""

    def __init__(self, game: Game, kinds: Sequence[str], seed: int | None,
                 console: Console | None = None, ask: Callable[[str], str] | None = None,
                 forced: bool = True):
        self.console = console or Console()
        self.forced = forced  # a person's only choice is made for them (as on the web)
        self.ask = ask or self._read
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
        self.printed = 0  # lines printed so far (prompts included)
        self.board_at: int | None = None  # `printed` when the board was last drawn

    def run(self) -> State:
        state = self.state
        self._say(Rule(f"[bold]{state.game.title}[/] · seed {self.seed}"))
        if not self.hotseat:
            self._news(self.viewer)
        while not state.is_over:
            state = self.state  # a new object after an undo (terminal/undo.py)
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
        self._say(state.game.render_compact(state.view(self.viewer)))
        self._scores()
        return state

    def _news(self, seat: int | None) -> None:
        events = self.state.events_for(seat, since=self.shown)
        self.shown = len(self.state.log)
        for line in narrate(events):
            self._say(f"  {line}")

    def _bot_move(self, seat: int):
        """The bot's move; one that searches says it is thinking meanwhile (a spinner on a
        terminal, a line elsewhere)."""
        bot, state = self.bots[seat], self.state
        if not searches(bot, state.game) or len(state.legal_actions()) < 2:
            return bot.choose(state)
        words = f"{state.names[seat]} is thinking..."
        if not self.console.is_terminal:
            self._say(f"[dim]{words}[/]")
            return bot.choose(state)
        with self.console.status(words):
            return bot.choose(state)

    def _hand_over(self, seat: int) -> None:
        """Hot seat: pass the screen to `seat` and tell them what they missed."""
        name = self.state.names[seat]
        self._say("")
        self._ask(f"Pass the screen to {name}, then press Enter ")
        self.holder = seat
        events = self.state.events_for(seat, since=self.seen[seat])
        if events:
            self._say(Rule(f"[bold]{name}: since your last turn[/]" if self.seen[seat]
                           else f"[bold]{name}: the game so far[/]"))
            for line in narrate(events):
                self._say(f"  {line}")
        self.seen[seat] = self.shown = len(self.state.log)

    def _human_turn(self, seat: int) -> bool | None:
        """One decision of a person: True if they were asked, False if their only choice was
        made for them, None if they quit."""
        state = self.state
        legal = state.legal_actions()
        # an only choice is made for them, unless it would end what `u` can take back
        forced = self.forced and len(legal) == 1 and not closes_undo(state)
        if forced and self.hotseat and self.holder != seat:
            state.apply(legal[0])  # they are told of it when the screen next comes to them
            return False
        if self.hotseat and self.holder != seat:
            self._hand_over(seat)
        if forced:
            self._say(f"  [dim]Your only choice, made for you:[/] "
                      f"{state.describe_action(legal[0])}")
            state.apply(legal[0])
            self._after_move(seat)
            return False
        decision = Decision(seat, legal, self._pages(seat, legal))
        if self.last_actor != seat:
            self._screen(decision)  # a new turn: the board, whatever is on the screen
        else:
            self._show(decision)
        keys = self.keys()
        while True:
            answer = self._ask(self._prompt(decision)).strip()
            key = keys.get(answer.lower())
            if key is not None:
                outcome = key(decision)
                if outcome == QUIT:
                    return None
                if outcome == TAKEN_BACK:
                    return True
                continue
            if not answer:
                continue
            choice: object = answer
            if answer.isdecimal():
                k = int(answer)
                if not 1 <= k <= len(legal):
                    self._say(f"[red]Choose a number from 1 to {len(legal)}.[/]")
                    continue
                choice = legal[k - 1]
            try:
                self._take(choice)
            except IllegalAction as exc:
                reason = exc.reason[:1].upper() + exc.reason[1:]
                self._say(f"[red]{reason}.[/] Try again.")
                continue
            break
        self._after_move(seat)
        return True

    def _take(self, choice: Any) -> None:
        """Play a person's choice (an Action or an id); IllegalAction says why it is not."""
        self.state.apply(choice)

    # --- what a person sees at a decision, and the keys that show it ----------------------------

    def keys(self) -> dict[str, Callable[[Decision], str | None]]:
        """The keys a person may type instead of a choice, each with what it does (it
        returns None to ask again, QUIT to leave the game). A new key is one more entry."""
        return {"b": self._key_board, "board": self._key_board,
                "f": self._key_full, "full": self._key_full,
                "n": self._key_next, "more": self._key_next, "p": self._key_back,
                "u": self._key_undo, "undo": self._key_undo,
                "q": self._key_quit, "quit": self._key_quit, "exit": self._key_quit}

    def _key_undo(self, decision: Decision) -> str | None:
        return TAKEN_BACK if undo.take_back(self) else None

    def _key_board(self, decision: Decision) -> None:
        self._screen(decision)

    def _key_full(self, decision: Decision) -> None:
        """The full board: every detail and the legend, a screen at a time (a page of the
        screen's height less the line that asks for the next), then the options."""
        state, console = self.state, self.console
        lines = console.render_lines(state.game.render_text(state.view(decision.seat)),
                                     console.options, pad=False)
        room = max(1, console.height - 1)
        pages = [lines[k:k + room] for k in range(0, len(lines), room)]
        options = sum(lines_of(console, line) for line in decision.pages.render())
        for k, page in enumerate(pages, 1):
            for line in page:
                self._say(Text.assemble(*((seg.text, seg.style) for seg in line)))
            last = k == len(pages)
            if last and len(page) + options + 1 <= console.height:
                break  # the options and the prompt fit under the last page
            answer = self._ask(f"Full board, page {k} of {len(pages)}: Enter for "
                               + ("your options" if last else "more, q for your options")
                               + " ").strip().lower()
            if answer in ("q", "quit"):
                break
        self._options(decision)

    def _key_next(self, decision: Decision) -> None:
        decision.pages.turn(1)
        self._show(decision)

    def _key_back(self, decision: Decision) -> None:
        decision.pages.turn(-1)
        self._show(decision)

    def _key_quit(self, decision: Decision) -> str:
        self._say("Game left unfinished.")
        return QUIT

    def _say(self, renderable: Any) -> None:
        """Print, counting the lines (to know whether the board is still on the screen)."""
        self.printed += lines_of(self.console, renderable)
        self.console.print(renderable)

    def _read(self, prompt: str) -> str:
        """A line the person types after `prompt`, nothing typed before it counted."""
        discard_typeahead(sys.stdin)
        return self.console.input(prompt)

    def _ask(self, prompt: str) -> str:
        self.printed += 1  # the prompt and what was typed after it
        return self.ask(prompt)

    def _board_in_view(self, decision: Decision) -> bool:
        """Whether the last board drawn stays on the screen with this decision's options
        and prompt printed under what came since."""
        if self.board_at is None:
            return False
        options = sum(lines_of(self.console, line) for line in decision.pages.render())
        return self.printed - self.board_at + options + 1 <= self.console.height

    def _title(self, seat: int) -> str:
        return f"{self.state.names[seat]}'s turn" if self.hotseat else "Your turn"

    def _board(self, seat: int) -> Any:
        state = self.state
        return state.game.render_compact(state.view(seat))

    def _pages(self, seat: int, legal: Sequence[Any]) -> OptionPages:
        """The options in pages that fit under the compact board, the title and the prompt
        on one screen (at least two lines of options on a screen too small for that)."""
        console, state = self.console, self.state
        room = console.height - 2 - lines_of(console, self._board(seat))
        return OptionPages([state.describe_action(a) for a in legal], console, max(2, room))

    def _screen(self, decision: Decision) -> None:
        """A decision's screen: the title, the compact board and the page of options."""
        self.board_at = self.printed
        self._say(Rule(f"[bold]{self._title(decision.seat)}[/]"))
        self._say(self._board(decision.seat))
        self._options(decision)

    def _show(self, decision: Decision) -> None:
        """The page of options, under the board if it is still on the screen, else with the
        board again."""
        if self._board_in_view(decision):
            self._options(decision)
        else:
            self._screen(decision)

    def _options(self, decision: Decision) -> None:
        for line in decision.pages.render():
            self._say(line)

    def _prompt(self, decision: Decision) -> str:
        count = len(decision.legal)
        pages = "n/p: pages, " if decision.pages.many else ""
        takes_back = "u: undo, " if self.state.undoable() and "u" in self.keys() else ""
        choices = f"1-{count}, "
        if self.forced and closes_undo(self.state):  # the only move, not made for them
            choices = "1: no undo after it; "
        return f"Your choice ({choices}{pages}b: board, f: full board, {takes_back}q: quit): "

    def _after_move(self, seat: int) -> None:
        """Hot seat: show the mover what their move did, and hide the screen before the next
        player (or a bot's turn) comes."""
        state = self.state
        if not self.hotseat:
            return
        self._news(seat)  # the result of the move, with what only this player may see
        self.seen[seat] = self.shown
        if not state.is_over and state.current_player != seat:
            self._ask("Press Enter to hide your cards ")
            self._wipe()
            self.holder = None

    def _wipe(self) -> None:
        """Clear the screen and the terminal's scrollback, so that the next player cannot
        scroll back to this one's cards."""
        console = self.console
        console.clear()
        self.board_at = None
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
        self._say(table)


