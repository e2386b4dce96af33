"""Which module of a game provides which hook: the game names its modules once,
`class MyGame(Game, hooks=(text, svg, heuristic, ...))`, and each module's functions are bound
to the hooks by the module's name, as this table says. A module may leave out any of its
functions; a hook no module provides keeps the kernel's default (docs/new-game.md lists what
each hook does for which feature, and what happens without it).

Binding by name, once, where the class is made, means no game repeats the block of
assignments and no name is rebound (`evaluate = staticmethod(evaluate.evaluate)`)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

STATIC, METHOD, VALUE = "static", "method", "value"

# module name: {the module's name for it: (the Game hook, how it is bound)}. A "method" hook
# takes the game first (the learning agents' encoders, core/spaces.py); a "static" one does
# not; a "value" is data.
MODULES: dict[str, dict[str, tuple[str, str]]] = {
    "text": {"render": ("render_text", STATIC), "render_compact": ("render_compact", STATIC)},
    "svg": {"render": ("render_svg", STATIC), "board_data": ("board_data", STATIC)},
    "heuristic": {"choose": ("heuristic", STATIC)},
    "observation": {"actions": ("action_catalogue", METHOD), "layout": ("tensor_layout", METHOD),
                    "encode": ("encode_view", METHOD), "encode_state": ("encode_state", METHOD),
                    "encode_recall": ("encode_recall", METHOD),
                    "encode_update": ("encode_update", METHOD),
                    "encode_public": ("encode_public", METHOD)},
    "evaluate": {"evaluate": ("evaluate", STATIC), "LEVELS": ("levels", VALUE)},
    "metrics": {"measure": ("metrics", STATIC)},
    "standing": {"standing": ("standing", STATIC), "ending": ("ending", STATIC),
                 "open_hands": ("open_hands", STATIC)},
    "views": {"open_view": ("open_view", STATIC)},
}


def bind(cls: type, modules: tuple[ModuleType, ...]) -> None:
    """Set on `cls` every hook the `modules` provide (see MODULES); a module of another name,
    or one providing none of its hooks, is a TypeError naming it."""
    for module in modules:
        name = module.__name__.rpartition(".")[2]
        table = MODULES.get(name)
        if table is None:
            raise TypeError(f"{cls.__name__}: no hooks come from a module named {name!r}; "
                            f"hook modules are named {', '.join(MODULES)}")
        found = [(attr, hook) for attr, hook in table.items() if hasattr(module, attr)]
        if not found:
            raise TypeError(f"{cls.__name__}: module {module.__name__} defines none of "
                            f"{', '.join(table)}")
        for attr, (hook, how) in found:
            value: Any = getattr(module, attr)
            setattr(cls, hook, staticmethod(value) if how == STATIC else value)

