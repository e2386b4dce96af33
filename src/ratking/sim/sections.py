"""Extra report sections: a place for measures other modules compute from a run's games.

A section renderer is a function `render(page, games)` that adds headings, text, tables and
figures to a report page. Every report (simulate, sweep's cells are not, tune's check, arena)
calls the registered renderers in order, after its own sections and before its "Files"
section. A renderer that has nothing to say for a game adds nothing.

`ReportGames` gives a renderer everything needed to play any game of the run again exactly
(game, rules, each seat's bot spec, the game's seed), so measures that need a game's whole
history (lead changes, a decisive moment, comebacks) can replay the games they look at.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .batch import GameResult, rotated
from .page import Page


@dataclass(frozen=True)
class ReportGames:
    """A run's finished games and how to play each of them again."""

    game: str
    players: int
    results: Sequence[GameResult]
    seats: Sequence[tuple[str, ...]]  # per game, each seat's bot spec
    rules: Sequence[dict[str, Any]]  # per game, every rule value as played (and card_files)

    @classmethod
    def of(cls, game: str, players: int, results: Sequence[GameResult],
           bots: Sequence[str], rules: dict[str, Any], rotate: bool = False) -> ReportGames:
        """Games all played by the same bots under the same rules (with `rotate`, each game
        starting at seat index mod players, as run_batch plays them)."""
        if rotate:
            starts = [rotated(rules, players, k) for k in range(players)]
            per = [starts[r.index % players] for r in results]
        else:
            per = [rules] * len(results)
        return cls(game, players, results, [tuple(bots)] * len(results), per)

    def replay(self, k: int):
        """The k-th game played again to its end: its final State (the same game, decision
        for decision, as the run played it)."""
        from ..core import make
        from .batch import play_out

        return play_out(make(self.game, **self.rules[k]), self.players, self.seats[k],
                        self.results[k].seed)

    def command(self, k: int) -> str:
        """The `ratking play` command that plays the k-th game again, move for move (the
        rules that differ from the rulebook's given with --rule)."""
        from ..core import make
        from .grid import show
        from .plan import file_options

        printed = make(self.game).rules.as_dict()
        args = ["ratking", "play", self.game, "--players", str(self.players), "--seats",
                ",".join(self.seats[k]), "--seed", str(self.results[k].seed)]
        for name, value in self.rules[k].items():
            if name != "card_files" and printed.get(name) != value:
                args += ["--rule", f"{name}={show(value)}"]
        for kind, made in self.rules[k].get("card_files", {}).items():
            args += file_options(kind, made)
        return shlex.join(args)

    def files(self, k: int) -> dict[str, dict[str, str] | None]:
        """The component files the k-th game was played with: {"cards": {"name", "sha256"}}
        (and "board" where the game has one)."""
        from ..core import make

        rules = self.rules[k]
        return make(self.game, card_files=rules.get("card_files", {})).describe_files()


SectionRenderer = Callable[[Page, ReportGames], None]


def drama(page: Page, games: ReportGames) -> None:
    """The review's drama measures (ratking.review.lab_section), imported when drawn."""
    from ..review.lab_section import drama_section

    drama_section(page, games)


def skill(page: Page, games: ReportGames) -> None:
    """Skill or luck under the run's rules (ratking.review.lab_section), imported when drawn."""
    from ..review.lab_section import skill_section

    skill_section(page, games)


EXTRA_SECTIONS: list[SectionRenderer] = [drama, skill]


def drama_by_cell(page: Page, cells: list[tuple[str, ReportGames]]) -> None:
    """A sweep's drama measures, a row per cell (ratking.review.lab_section)."""
    from ..review.lab_section import drama_by_cell as draw

    draw(page, cells)


def register_section(render: SectionRenderer) -> SectionRenderer:
    """Add a renderer to every report (usable as a decorator); added once."""
    if render not in EXTRA_SECTIONS:
        EXTRA_SECTIONS.append(render)
    return render


def extra_sections(page: Page, games: ReportGames) -> None:
    """Draw every registered section."""
    for render in EXTRA_SECTIONS:
        render(page, games)
