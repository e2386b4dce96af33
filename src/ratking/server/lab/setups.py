"""A lab job as asked for (`LabRun`, the form's JSON), checked whole before anything runs:
the rules, the card file and the bots as the command line checks them, with its one-line
reasons (RatkingError), and the job's games within the setting `lab_games`.

Rule values and card values go in one list of NAME=VALUE lines; a name with a dot is a card
value (`thief.amount=400`, as `--card`), any other a rule (as `--rule`). A sweep gives the
names it sweeps several values (`unrest_to_win=12,18,24`, or a range `12..24`); a
comparison's versions are SPECs as `ratking compare` takes them, their `cards=` and `board=`
naming card files uploaded to the lab.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, Field

from ...core import RatkingError, make
from ...core.cardfile import CardFile
from ...sim import lab
from ...sim.cardvalues import card_axes, is_card_path
from ...sim.compare import DRAMA_GAMES, SKILL_GAMES, prepare_version
from ...sim.grid import cells
from ...sim.plan import Plan, parse_rules
from . import work

KINDS = ("simulate", "sweep", "compare")
SKILL = ("heuristic", "random")  # the compare's skill-or-luck bots, as the command line's


class LabRun(BaseModel):
    kind: Literal["simulate", "sweep", "compare"]
    game: str = Field(max_length=40)
    players: int | None = Field(default=None, ge=1, le=12)  # None: 3, or the nearest count
    bots: str = Field(default="heuristic", max_length=300)  # one spec, or one per seat
    games: int = Field(ge=1, le=10_000_000)  # of each cell, of each version
    seed: int = Field(default=0, ge=0, le=2**62)
    values: list[str] = Field(default=[], max_length=40)  # NAME=VALUE(S) lines
    cards: str | None = Field(default=None, max_length=100)  # an uploaded file's name
    board: str | None = Field(default=None, max_length=100)
    a: str = Field(default="", max_length=1000)  # a compare's versions (SPECs)
    b: str = Field(default="", max_length=1000)


@dataclass(frozen=True)
class Work:
    """A checked job: the batches it plays, in order (each a Plan, with the words the
    progress shows), and the report it writes (`work.py`: report(folder, results per batch,
    seconds, *args) -> lines to show)."""

    kind: str
    title: str
    plans: tuple[Plan, ...]
    labels: tuple[str, ...]
    report: Callable[..., list[str]]
    args: tuple[Any, ...]

    @property
    def total(self) -> int:
        return sum(p.games for p in self.plans)


def default_players(game: str) -> int:
    """As the command line's: 3, or the first count above it the game takes."""
    counts = make(game).player_counts()
    return next((n for n in counts if n >= 3), counts[-1])


def split_values(lines: list[str]) -> tuple[list[str], list[str]]:
    """NAME=VALUE lines -> (the rules', the card values'), blank lines left out."""
    rules, cards = [], []
    for line in filter(None, (t.strip() for t in lines)):
        (cards if is_card_path(line.partition("=")[0].strip()) else rules).append(line)
    return rules, cards


def prepare(run: LabRun, most: int, open_file: Callable[[str], CardFile]) -> Work:
    """The job checked (RatkingError: why, in one line); `most`: the games it may play in
    all; `open_file(name)`: an uploaded card file."""
    lab.need_lab("the lab")
    players = run.players or default_players(run.game)
    files = {kind: open_file(name) for kind, name in (("cards", run.cards),
                                                       ("board", run.board)) if name}
    rules, card_values = split_values(run.values)
    if run.kind == "compare":
        if run.values or files:
            raise RatkingError("a comparison takes its rules and files in its versions' "
                               "SPECs (A and B)")
        got = _compare(run, players, open_file)
    elif run.kind == "sweep":
        got = _sweep(run, players, rules, card_values, files)
    else:
        got = _simulate(run, players, rules, card_values, files)
    if got.total > most:
        raise RatkingError(f"a lab job plays at most {most:,} games in all; this one would "
                           f"play {got.total:,} (fewer games, cells or versions)")
    return got


def _simulate(run: LabRun, players: int, rules: list[str], card_values: list[str],
              files: dict[str, CardFile]) -> Work:
    plan = lab.prepare_run(run.game, players, run.bots, run.games, run.seed,
                           parse_rules(rules), 1, "local", None, None, None, files)
    fixed, axes = card_axes(run.game, plan.files, card_values)
    if axes:
        raise RatkingError(f"{axes[0].name} takes one value in a simulation (a sweep tries "
                           "several)")
    plan = plan.with_rules(fixed)
    return Work("simulate", f"{plan.title}: {plan.games:,} games", (plan,), ("games",),
                work.simulate_report, (plan,))


def _sweep(run: LabRun, players: int, rules: list[str], card_values: list[str],
           files: dict[str, CardFile]) -> Work:
    plan, axes = lab.prepare_sweep(run.game, rules, players, run.bots, run.games, run.seed, 1,
                                   "local", None, None, None, files, card_values)
    grid = cells(axes)
    plans = tuple(plan.with_rules(values) for values in grid)
    labels = tuple(f"cell {k} of {len(grid)}: " + ", ".join(f"{n}={v}" for n, v in
                                                           values.items())
                   for k, values in enumerate(grid, 1))
    return Work("sweep", f"{plan.title}: {len(grid)} cells of {plan.games:,} games", plans,
                labels, work.sweep_report, (plan, axes))


def _compare(run: LabRun, players: int, open_file: Callable[[str], CardFile]) -> Work:
    if run.games < 2:
        raise RatkingError(f"games must be at least 2 to compare, not {run.games}")
    a = prepare_version("A", run.game, run.a, players, run.bots, run.games, run.seed,
                        open_file=open_file)
    b = prepare_version("B", run.game, run.b, players, run.bots, run.games, run.seed,
                        open_file=open_file)
    return Work("compare", f"{a.plan.title}: {run.games:,} games of each version",
                (a.plan, b.plan), ("version A", "version B"), work.compare_report,
                (a, b, min(DRAMA_GAMES, run.games), min(SKILL_GAMES, run.games), SKILL))
