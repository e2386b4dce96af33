"""Narration: every kind of event a game can log has words for every reader."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from ..core import State
from .properties import need

# a call of the kernel's event helper with a literal kind, as games write it
EMITTED = re.compile(r'\b_?emit\(\s*"([a-z0-9-]+)"')


def kinds_in_source(game_cls: type) -> set[str]:
    """Every event kind the game's package logs (each literal `emit("kind", ...)`)."""
    module = sys.modules[game_cls.__module__]
    folder = Path(module.__file__).parent
    text = "".join(p.read_text(encoding="utf-8") for p in folder.rglob("*.py"))
    return set(EMITTED.findall(text))


def with_rare_events(state: State) -> State:
    """A clone whose log ends with a sample of each kind the game declares rare
    (`Game.rare_events`): kinds random play seldom reaches, to be told all the same."""
    extra = state.clone()
    for kind, actor, data in type(state.game).rare_events:
        extra.log.append((len(extra.history) - 1, kind, actor, data, None, 0))
    return extra


def tell(state: State) -> set[str]:
    """Tell every event to every seat and a spectator; return the kinds told. Each must
    have its own words: a predicate that is not the bare kind (`describe`'s default)."""
    kinds = set()
    for reader in [None, *range(state.players)]:
        for event in state.events_for(reader):
            where = f"event {event.kind!r} told to {reader}"
            need(event.predicate != event.kind, f"{where} has no words (describe returns "
                                                "the bare kind)")
            kinds.add(event.kind)
    return kinds
