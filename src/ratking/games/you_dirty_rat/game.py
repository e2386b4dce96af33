"""You Dirty Rat (Jacksmack): Crime Lords recruit Specialists to steal cash and pull Heists."""

from __future__ import annotations

from functools import lru_cache, partial
from pathlib import Path
from typing import ClassVar

from ...core import Game
from ...core.cardfile import CardFile
from . import evaluate, heuristic, metrics, observation, standing, svg, text, views
from .actions import Catalogue
from .components import COMPONENTS_FILE, Deck, load_deck
from .params import RULE_SPECS
from .state import RatState

RULES_PAGE = Path(__file__).with_name("rules.md")


@lru_cache(maxsize=16)
def _deck(source: CardFile | None = None) -> Deck:
    """The deck of a card file (None: the built-in one); the same file, the same Deck."""
    return load_deck(source or COMPONENTS_FILE)


class YouDirtyRat(Game, hooks=(evaluate, heuristic, metrics, observation, standing, svg, text,
                               views)):
    """Rule options: see params.py. Components: components.toml."""

    id = "you-dirty-rat"
    title = "You Dirty Rat"
    summary = "Play Specialists through your three-Night Hideout, steal cash and commit Heists."
    min_players = 2
    max_players = 4
    rule_specs = RULE_SPECS
    state_class = RatState
    rules_page = RULES_PAGE
    scores_at_cap = True  # at the round limit the game's own scoring decides
    offers_undo = False  # each decision plays, draws or names a card, or ends the turn

    component_files: ClassVar[dict[str, Path]] = {"cards": COMPONENTS_FILE}

    def __init__(self, **rules) -> None:
        super().__init__(**rules)
        self.deck = _deck(self.files["cards"])
        self.catalogue = Catalogue(self.intern, self.deck)
        if self.file_overrides():  # the board's card texts, from this game's own card file
            self.render_svg = partial(svg.render, cards=svg.card_data(self.deck))

    browser_board = True  # server/static/boards/you-dirty-rat.js

    def table_board_data(self) -> dict:
        return svg.card_data(self.deck) if self.file_overrides() else {}
