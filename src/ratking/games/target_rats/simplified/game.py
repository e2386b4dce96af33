"""Target: Rats Simplified (seed 001): feed, breed and take the throne of Rat City."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from ....core import Game
from ..board import BOARD_FILE, Board, board_from
from . import evaluate, heuristic, metrics, observation, standing, svg, text
from .actions import Catalogue
from .params import RULE_SPECS
from .state import RatsState

RULES_PAGE = Path(__file__).with_name("rules.md")


class TargetRatsSimplified(Game, hooks=(evaluate, heuristic, metrics, observation, standing, svg,
                                        text)):
    """Rule options: see params.py. The board: ../board.toml (shared with the full game).

    Seat f plays faction f: with 4 players the nests H0..H3, with 3 H0..H2, with 2 the opposite
    nests H0 and H2.
    """

    id = "target-rats-simplified"
    title = "Target: Rats Simplified"
    summary = ("Rats race to feed at the dumpsters, breed, and take Rat City: Da Big Cheese "
               "with twelve rats out of the nest wins. No cards; 2 to 4 players.")
    min_players = 2
    max_players = 4
    rule_specs = RULE_SPECS
    state_class = RatsState
    rules_page = RULES_PAGE
    offers_undo = True  # a move of the turn touching no chance nor hidden card
    variants = ({}, {"cheese_dice": 2})

    component_files: ClassVar[dict[str, Path]] = {"board": BOARD_FILE}

    def __init__(self, **rules) -> None:
        super().__init__(**rules)
        self.board: Board = board_from(self.files["board"])
        self.catalogue = Catalogue(self.intern, self.board, self.rules.dice,
                                   self.rules.cheese_dice)

    browser_board = True  # server/static/boards/target-rats-simplified.js
