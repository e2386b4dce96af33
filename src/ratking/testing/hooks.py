"""Each hook a game declares, tried the way its consumers use it (docs/new-game.md's table):
the terminal, the web table, the end screen and replay, the search and review, the lab."""

from __future__ import annotations

import io
import json
import random
import re
import xml.etree.ElementTree as ElementTree
from typing import Any

from ..core import Game, State
from .properties import Broken, finite, need, seats

ACTION_ATTR = re.compile(r'data-action="([^"]*)"')
ENDING_KEYS = ("winners", "team", "rule", "column", "scores", "teams")


def declared(game: Game) -> list[str]:
    """The optional hooks this game fills in (those left at the kernel's default are not)."""
    own = [k for k in type(game).__mro__ if k is not Game and issubclass(k, Game)]
    return [name for name in OPTIONAL
            if any(name in k.__dict__ for k in own) and getattr(game, name) is not None]


def rendered(renderable: Any) -> str:
    """A Rich renderable as the terminal prints it, 80 columns wide."""
    from rich.console import Console

    console = Console(file=io.StringIO(), width=80, color_system=None, record=True)
    console.print(renderable)
    return console.export_text()


def try_text(game: Game, state: State) -> None:
    for seat in seats(state):
        for name in ("render_text", "render_compact"):
            text = rendered(getattr(game, name)(state.view(seat)))
            need(text.strip(), f"{name}(view({seat})) prints nothing")


def try_svg(game: Game, state: State, view: dict[str, Any] | None = None) -> None:
    for seat in seats(state) if view is None else [None]:
        legal = state.legal_actions() if seat == state.current_player else []
        actions = [{"id": a.id, "label": state.describe_action(a)} for a in legal]
        svg = game.render_svg(state.view(seat) if view is None else view, actions)
        need(isinstance(svg, str) and svg.lstrip().startswith("<svg"),
             f"render_svg(view({seat})) is not one <svg> element")
        try:
            ElementTree.fromstring(svg)
        except ElementTree.ParseError as exc:
            raise Broken(f"render_svg(view({seat})) is not well-formed XML: {exc}") from None
        stray = set(ACTION_ATTR.findall(svg)) - {a.id for a in legal}
        need(not stray, f"render_svg(view({seat})) offers actions that are not legal: "
                        f"{sorted(stray)[:3]}")


def try_heuristic(game: Game, state: State) -> None:
    seed = state.seed + state.steps
    choice = game.heuristic(state, random.Random(seed))
    need(choice in state.legal_actions(), f"heuristic chose {choice!r}, not a legal action")
    twin = state.determinize(state.to_move, seed=seed)
    again = game.heuristic(twin, random.Random(seed))
    need(again.id == choice.id, "the heuristic's choice changes when what its seat cannot "
                                "know is re-dealt")


def try_standing(game: Game, state: State) -> None:
    for seat in seats(state):
        view = state.view(seat)
        panel = game.standing(view)
        json.dumps(panel)
        need(isinstance(panel.get("goal"), str) and isinstance(panel.get("rows"), list)
             and "note" in panel, "standing(view) must give {'goal', 'rows', 'note'}")
        stood = sorted(s for row in panel["rows"] for s in row["seats"])
        need(stood == list(range(state.players)), "standing: every seat stands in one row")
        for row in panel["rows"]:
            need(isinstance(row.get("name"), str) and isinstance(row.get("text"), str)
                 and (row.get("progress") is None or 0.0 <= row["progress"] <= 1.0),
                 f"standing row {row} needs a name, a text and a progress in [0, 1] or None")
        twin = state.determinize(seat, seed=1)
        need(game.standing(twin.view(seat)) == panel, "standing reads more than the view")


def try_ending(game: Game, state: State) -> None:
    end = game.ending(state)
    json.dumps(end)
    missing = [k for k in ENDING_KEYS if k not in end]
    need(not missing, f"ending(state) has no {', '.join(missing)}")
    returns = state.returns()
    if end["winners"]:
        best = max(returns)
        need(end["winners"] == [i for i, r in enumerate(returns) if r == best],
             f"ending names winners {end['winners']}, the returns are {returns}")
    else:
        need(len(set(returns)) == 1, "ending names no winner but the returns are no draw")
    need(len(end["scores"]) == state.players, "ending: one score per seat")


def try_open(game: Game, state: State) -> None:
    if game.open_hands is not None:
        hands = game.open_hands(state)
        json.dumps(hands)
        need(all(isinstance(h.get("who"), str) and isinstance(h.get("holds"), str)
                 for h in hands), "open_hands entries need 'who' and 'holds' texts")
    if game.open_view is not None:
        view = game.open_view(state)
        json.dumps(view)
        need(view.get("open") is True, "open_view(state) must say 'open': True")
        try_svg(game, state, view)


def try_evaluate(game: Game, state: State) -> None:
    chances = game.evaluate(state)
    need(len(chances) == state.players and all(finite(c) and 0.0 <= c <= 1.0
                                               for c in chances),
         f"evaluate gives {chances}, not a chance from 0 to 1 per seat")


def try_metrics(game: Game, state: State) -> None:
    counts = game.metrics(state)
    json.dumps(counts)
    bad = {k: v for k, v in counts.items() if not isinstance(k, str) or not finite(v)}
    need(not bad, f"metrics must be {{name: number}}, not {bad}")


def try_levels(game: Game, state: State) -> None:
    from ..bots.specs import make_bot

    for level, spec in game.levels.items():
        try:
            make_bot(spec, 1)
        except ValueError as exc:
            raise Broken(f"level {level!r}: {exc}") from None


def try_board_data(game: Game, state: State) -> None:
    data = game.board_data()
    need(isinstance(data, dict), "board_data() must be a dict")
    json.dumps(data)


def try_board_script(game: Game, state: State) -> None:
    script = game.board_script
    need(game.browser_board, "board_script is set but browser_board is not")
    need(script.is_file(), f"board_script {script} is not a file")


def try_teams(game: Game, state: State) -> None:
    teams = game.seat_teams(state.players)
    need(len(teams) == state.players and set(teams) == set(range(max(teams) + 1)),
         f"seat_teams({state.players}) = {teams}: one team number per seat, from 0")
    if game.team_names is not None:
        need(len(game.team_names) > max(teams), "team_names has too few names")


# hook: (what it is tried on: "live", "over" or "any", the check)
OPTIONAL = {
    "render_compact": ("any", try_text),
    "heuristic": ("live", try_heuristic),
    "standing": ("any", try_standing),
    "ending": ("over", try_ending),
    "open_hands": ("over", try_open),
    "open_view": ("over", try_open),
    "evaluate": ("live", try_evaluate),
    "metrics": ("over", try_metrics),
    "levels": ("any", try_levels),
    "board_data": ("any", try_board_data),
    "board_script": ("any", try_board_script),
    "team_names": ("any", try_teams),
}
REQUIRED = {"render_text": ("any", try_text), "render_svg": ("any", try_svg),
            "seat_teams": ("any", try_teams)}


def check_hooks(game: Game, state: State) -> None:
    """Try the required hooks and every optional hook the game declares on `state`."""
    for name, (when, attempt) in {**REQUIRED, **{h: OPTIONAL[h] for h in declared(game)}}.items():
        if when == "any" or (when == "over") == state.is_over:
            try:
                attempt(game, state)
            except Broken:
                raise
            except Exception as exc:  # a hook that raises breaks its consumer
                raise Broken(f"{name} raised {exc!r}") from None
