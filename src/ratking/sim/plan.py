"""What a batch will play, checked in full before any game starts.

`prepare` turns command-line text (bots, rules) into a Plan or raises RatkingError with a
one-line reason; simulate, sweep and tune all start from one.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..bots import make_bot
from ..core import RatkingError, make
from ..core.cardfile import CardFile
from .batch import GameResult, added_cap, batch_rules, check_rotation
from .grid import show
from .native_batch import batch_core
from .sections import ReportGames

FIRSTS = ("rules", "rotate")  # who starts a batch's games (--first-seat)


@dataclass(frozen=True)
class Plan:
    """A batch: the game, seats, bots, how many games, the seed and the rules played."""

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    rules: dict[str, Any]  # every rule value, typed, as played (the round cap included)
    overrides: dict[str, Any]  # the rules the user set, typed
    cap_added: int | None  # the simulator's round cap, when the game would have none
    # the component files played that are not the game's own, by kind ("cards", "board")
    files: dict[str, CardFile] = field(default_factory=dict)
    core: str = "auto"  # the engine asked for: auto, native or python (see `ran_on`)
    rotate: bool = False  # game i starts at seat i mod players (--first-seat rotate)

    @property
    def title(self) -> str:
        return make(self.game).title

    @property
    def play_rules(self) -> dict[str, Any]:
        """What a batch of this plan is made with: the rules set, and the component files."""
        return with_files(self.overrides, self.files)

    @property
    def full_rules(self) -> dict[str, Any]:
        """Every rule value played, and the component files: make(game, **full_rules) is the
        game played."""
        return with_files(self.rules, self.files)

    def files_json(self) -> dict[str, dict[str, str] | None]:
        """{"cards": {"name", "sha256"}, ...}: the files played, the game's own included."""
        return files_json(self.game, self.files)

    def with_files(self, files: dict[str, CardFile]) -> Plan:
        """The same batch with these component files (added to this plan's own)."""
        return replace(self, files={**self.files, **files})

    @property
    def cap(self) -> int | None:
        return self.rules.get("max_rounds")

    def with_rules(self, overrides: dict[str, Any]) -> Plan:
        """The same batch under other rule overrides (added to this plan's own). A name with
        a dot is a number of the card file (`thief.amount`): the batch plays a copy of the
        plan's card file with those numbers changed."""
        cards = {k: v for k, v in overrides.items() if "." in k}
        merged = {**self.overrides, **{k: v for k, v in overrides.items() if "." not in k}}
        plan = replace(self, rules=batch_rules(self.game, merged),
                       overrides=_typed(self.game, merged),
                       cap_added=added_cap(self.game, merged))
        if not cards:
            return plan
        base = self.files.get("cards") or make(self.game).files["cards"]
        return plan.with_files({"cards": base.changed(cards)})

    def with_bots(self, bots: tuple[str, ...]) -> Plan:
        """The same batch played by other bots (one spec per seat)."""
        return replace(self, bots=tuple(bots))

    def with_games(self, games: int, seed: int) -> Plan:
        return replace(self, games=games, seed=seed)

    @property
    def ran_on(self) -> str:
        """The core that plays this batch: "native" (the compiled core) or "python"."""
        return batch_core(self.core, self.game, self.bots)

    def report_games(self, results: Sequence[GameResult]) -> ReportGames:
        """The games of this batch with each one's rules as played, to report or replay."""
        return ReportGames.of(self.game, self.players, results, self.bots, self.full_rules,
                              self.rotate)

    def first_json(self) -> str | int | None:
        """Who starts, as the JSON says it: "rotate", or the first_seat rule's value (None
        where the game's rules fix who starts)."""
        return "rotate" if self.rotate else self.rules.get("first_seat")

    def describe_first(self) -> str:
        """Who starts, as the set-up says it."""
        if self.rotate:
            return (f"rotated: game i starts at seat i mod {self.players} (every seat starts "
                    "equally often)")
        first = self.rules.get("first_seat")
        if first is None:
            return "as the game's rules fix it"
        return f"seat {first + 1} (first_seat={first})"

    def describe_cap(self) -> str:
        if self.cap is None:
            return "none"
        if self.cap_added is not None:
            return f"{self.cap} rounds (added by the simulator: the game has none)"
        return f"{self.cap} rounds (the game's own limit)"

    def bots_text(self) -> str:
        return self.bots[0] if len(set(self.bots)) == 1 else ",".join(self.bots)

    def command(self, verb: str = "simulate") -> str:
        """The `ratking` command line that plays this batch."""
        args = ["ratking", verb, self.game, "--games", str(self.games), "--players",
                str(self.players), "--bots", self.bots_text(), "--seed", str(self.seed)]
        for name, value in self.overrides.items():
            args += ["--rule", f"{name}={show(value)}"]
        for kind, made in self.files.items():
            args += file_options(kind, made)
        if self.core != "auto":
            args += ["--core", self.core]
        if self.rotate:
            args += ["--first-seat", "rotate"]
        return shlex.join(args)


def file_options(kind: str, made: CardFile) -> list[str]:
    """The command-line options that give this component file: --cards FILE (or --board),
    and for a changed copy its file and each --card PATH=VALUE."""
    if made.origin is None:
        return [f"--{kind}", made.name]
    return ([] if made.origin.builtin else [f"--{kind}", made.origin.name]) + [
        part for path, value in made.changes for part in ("--card", f"{path}={value}")]


def with_files(rules: dict[str, Any], files: dict[str, CardFile]) -> dict[str, Any]:
    """Rule values with the component files beside them, as make() takes them."""
    return {**rules, "card_files": dict(files)} if files else dict(rules)


def without_files(rules: dict[str, Any]) -> tuple[dict[str, Any], dict[str, CardFile]]:
    """The other way: (the rule values, the component files)."""
    rest = dict(rules)
    return rest, dict(rest.pop("card_files", None) or {})


def files_json(game: str, files: dict[str, CardFile]) -> dict[str, dict[str, str] | None]:
    """{"cards": {"name", "sha256"}, ...} of a game played with these files (the game's
    own for the kinds not given)."""
    return make(game, card_files=files).describe_files()


def file_rows(game: str, files: dict[str, CardFile]) -> list[tuple[str, str]]:
    """A set-up table's rows for the component files: each file's name and the start of its
    sha256 (the whole of it in the JSON and games.csv)."""
    return [(f"{kind} file", f"{said['name']}{'' if kind in files else ' (the game’s own)'}"
                             f", sha256 {said['sha256'][:16]}…")
            for kind, said in files_json(game, files).items() if said is not None]


def _typed(game: str, overrides: dict[str, Any]) -> dict[str, Any]:
    rules = make(game, **overrides).rules
    return {name: rules[name] for name in overrides}


def parse_bots(text: str, players: int) -> tuple[str, ...]:
    """'heuristic' (every seat) or one spec per seat, comma-separated; each checked by
    make_bot."""
    specs = [s.strip() for s in text.split(",")]
    if any(not s for s in specs):
        raise RatkingError(f"--bots has an empty bot spec in {text!r}")
    if len(specs) == 1:
        specs *= players
    if len(specs) != players:
        raise RatkingError(f"--bots names {len(specs)} bots for {players} players")
    for spec in set(specs):
        make_bot(spec, 0)
    return tuple(specs)


def parse_rules(pairs: list[str] | None) -> dict[str, str]:
    """['name=value', ...] -> {name: value} (text; the game converts and checks it)."""
    rules: dict[str, str] = {}
    for pair in pairs or []:
        name, eq, value = pair.partition("=")
        name = name.strip()
        if not eq or not name:
            raise RatkingError(f"--rule takes name=value, not {pair!r}")
        if name in rules:
            raise RatkingError(f"--rule {name} is given twice")
        rules[name] = value.strip()
    return rules


def prepare(game: str, players: int, bots: str, games: int, seed: int,
            rules: dict[str, Any] | None = None,
            files: dict[str, CardFile | str] | None = None, core: str = "auto",
            first: str = "rules") -> Plan:
    """A checked Plan; bad input raises RatkingError (or its RulesError, UnknownGame, or a
    CardFileError for a component file that cannot be read or used). `files` gives component
    files by kind ("cards", "board"), each a path or a CardFile; `core` the engine asked for
    (auto, native or python); `first` who starts: "rules" (the rule first_seat, or the game's
    own order) or "rotate" (game i at seat i mod players)."""
    if games.__class__ is not int or games < 1:
        raise RatkingError(f"--games must be at least 1, not {games}")
    if seed.__class__ is not int or seed < 0:
        raise RatkingError(f"--seed must be a whole number 0 or more, not {seed}")
    rules = dict(rules or {})
    chosen = make(game, card_files=dict(files or {}), **rules)
    chosen.check_players(players)
    if first not in FIRSTS:
        raise RatkingError(f"--first-seat must be one of {', '.join(FIRSTS)}, not {first!r}")
    if first == "rotate":
        check_rotation(chosen, rules)
    plan = Plan(game, players, parse_bots(bots, players), games, seed,
                batch_rules(game, rules), _typed(game, rules), added_cap(game, rules),
                chosen.file_overrides(), core, first == "rotate")
    plan.ran_on  # noqa: B018 (a core that cannot run fails here, in one line)
    return plan


def check_workers(workers: int) -> None:
    if workers.__class__ is not int or workers < 1:
        raise RatkingError(f"--workers must be at least 1, not {workers}")
