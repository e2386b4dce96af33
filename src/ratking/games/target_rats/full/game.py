"""Target: Rats (seed 000): feed, breed, nest, and rule Rat City as Da Big Cheese."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from ....core import Game, RulesError
from ..board import BOARD_FILE, Board, board_from
from . import evaluate, heuristic, metrics, observation, standing, svg, text
from .actions import Catalogue
from .cards import CARDS_FILE, CardSet, cards_from
from .params import RULE_SPECS
from .rats import limits
from .state import FullState

RULES_PAGE = Path(__file__).with_name("rules.md")


class TargetRats(Game, hooks=(evaluate, heuristic, metrics, observation, standing, svg, text)):
    """Rule options: see params.py. The board: ../board.toml (shared with the Simplified
    game); the event decks: cards.toml.

    Seat f plays faction f: with 4 players the nests H0..H3, with 3 H0..H2, with 2 the opposite
    nests H0 and H2.
    """

    id = "target-rats"
    title = "Target: Rats"
    summary = ("Lead a family of Chicago rats: scavenge, feed, breed, build nests, dodge the "
               "Exterminator and rule Rat City as Da Big Cheese. 2 to 4 players.")
    min_players = 2
    max_players = 4
    rule_specs = RULE_SPECS
    state_class = FullState
    rules_page = RULES_PAGE
    offers_undo = True  # a move of the turn touching no chance nor hidden card
    variants = ({}, {"max_rats": 8})
    # seldom reached in play: told from these samples
    rare_events = (("decks-empty", 0, {"space": 5}), ("reshuffle", None, {"deck": 1}),
                   ("throne-lost", 0, {}), ("overflow", 1, {"from": 5, "to": [4, 6]}),
                   ("relocate", 0, {"token": 4, "from": 7, "space": 9}))

    component_files: ClassVar[dict[str, Path]] = {"cards": CARDS_FILE, "board": BOARD_FILE}

    def __init__(self, **rules) -> None:
        super().__init__(**rules)
        self.board: Board = board_from(self.files["board"])
        self.cards: CardSet = cards_from(self.files["cards"])
        self.limits = limits(self)
        self.catalogue = Catalogue(self.intern, self.board, self.cards, self.rules.max_rats)

    def _check_rules(self) -> None:
        r = self.rules
        if r.start_rats > r.max_rats:
            raise RulesError("rule 'start_rats' may not exceed 'max_rats'")
        if r.nests_to_win > r.max_nests:
            raise RulesError("rule 'nests_to_win' may not exceed 'max_nests' (no one could win)")

    browser_board = True  # server/static/boards/target-rats.js
