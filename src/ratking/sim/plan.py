"""What a batch will play, checked in full before any game starts.

`prepare` turns command-line text (bots, rules) into a Plan or raises RatkingError with a
one-line reason; simulate, sweep and tune all start from one.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, replace
from typing import Any

from ..bots import make_bot
from ..core import RatkingError, make
from .batch import added_cap, batch_rules
from .grid import show
from .native_batch import batch_core


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
    core: str = "auto"  # the engine asked for: auto, native or python (see `ran_on`)

    @property
    def title(self) -> str:
        return make(self.game).title

    @property
    def cap(self) -> int | None:
        return self.rules.get("max_rounds")

    def with_rules(self, overrides: dict[str, Any]) -> Plan:
        """The same batch under other rule overrides (added to this plan's own)."""
        merged = {**self.overrides, **overrides}
        return replace(self, rules=batch_rules(self.game, merged),
                       overrides=_typed(self.game, merged),
                       cap_added=added_cap(self.game, merged))

    def with_bots(self, bots: tuple[str, ...]) -> Plan:
        """The same batch played by other bots (one spec per seat)."""
        return replace(self, bots=tuple(bots))

    def with_games(self, games: int, seed: int) -> Plan:
        return replace(self, games=games, seed=seed)

    @property
    def ran_on(self) -> str:
        """The core that plays this batch: "native" (the compiled core) or "python"."""
        return batch_core(self.core, self.game, self.bots)

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
        if self.core != "auto":
            args += ["--core", self.core]
        return shlex.join(args)


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
            rules: dict[str, Any] | None = None, core: str = "auto") -> Plan:
    """A checked Plan; bad input raises RatkingError (or its RulesError, UnknownGame)."""
    if games.__class__ is not int or games < 1:
        raise RatkingError(f"--games must be at least 1, not {games}")
    if seed.__class__ is not int or seed < 0:
        raise RatkingError(f"--seed must be a whole number 0 or more, not {seed}")
    rules = dict(rules or {})
    chosen = make(game, **rules)
    chosen.check_players(players)
    plan = Plan(game, players, parse_bots(bots, players), games, seed,
                batch_rules(game, rules), _typed(game, rules), added_cap(game, rules), core)
    plan.ran_on  # noqa: B018 (a core that cannot run fails here, in one line)
    return plan


def check_workers(workers: int) -> None:
    if workers.__class__ is not int or workers < 1:
        raise RatkingError(f"--workers must be at least 1, not {workers}")
