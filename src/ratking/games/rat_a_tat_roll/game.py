"""Rat-a-Tat Roll (Gamewright): roll and move to collect the lowest hand of hidden cards."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import ClassVar

from ...core import Game, RulesError
from ...core.cardfile import CardFile
from . import evaluate, heuristic, metrics, observation, standing, svg, text, views
from .actions import Catalogue
from .components import COMPONENTS_FILE, Board, card_values, load_board
from .params import RULE_SPECS
from .state import RollState

RULES_PAGE = Path(__file__).with_name("rules.md")


@lru_cache(maxsize=16)
def _board(source: CardFile | None = None) -> Board:
    """The board of a component file (None: the built-in one); the same file, the same
    board."""
    return load_board(source or COMPONENTS_FILE)


class RatATatRoll(Game, hooks=(evaluate, heuristic, metrics, observation, standing, svg, text,
                               views)):
    """Rule options: see params.py. Components: components.toml."""

    id = "rat-a-tat-roll"
    title = "Rat-a-Tat Roll"
    summary = "Roll 1 to 3 dice, move the pawn, collect the lowest hand of cards you must remember."
    min_players = 2
    max_players = 5
    rule_specs = RULE_SPECS
    state_class = RollState
    rules_page = RULES_PAGE
    offers_undo = True  # a move of the turn touching no chance nor hidden card
    variants = ({}, {"memory_aid": True}, {"number_dice": 2, "cards": 3},
                {"total_tokens": 0, "start_tokens": 0})
    rare_events = (("nothing", 0, {}),)  # seldom reached in play: told from this sample

    component_files: ClassVar[dict[str, Path]] = {"cards": COMPONENTS_FILE}

    def __init__(self, **rules) -> None:
        super().__init__(**rules)
        self.board = _board(self.files["cards"])
        self.values = card_values(self.rules.copies_per_value, self.rules.nines)
        self.icon = tuple(int(v >= self.rules.reroll_icon_from) for v in self.values)
        self.bits = tuple(1 << c for c in range(len(self.values)))  # each card's mask bit
        max_hand = max(self.rules.cards, self.rules.cards_two_players) + 1
        self.catalogue = Catalogue(self.intern, self.rules.number_dice, self.board.colours,
                                   max_hand)

    def _check_rules(self) -> None:
        r = self.rules
        if r.start_tokens * self.max_players > r.total_tokens:
            raise RulesError(f"rule 'total_tokens' ({r.total_tokens}) is too few for "
                             f"{self.max_players} players with {r.start_tokens} each")
        deck = r.copies_per_value * 9 + r.nines
        regions = len(_board(self.files["cards"]).colours)
        need = max(2 * r.cards_two_players, self.max_players * r.cards)
        if deck < need + regions:
            raise RulesError(f"rules 'copies_per_value' and 'nines' make a deck of {deck} "
                             f"cards, too few for the hands ({need}) and the "
                             f"{regions} face-up cards")

    browser_board = True  # server/static/boards/rat-a-tat-roll.js

    def cards_needed(self, players: int) -> int:
        """Seed 004: 5 cards with two players, 4 with three to five."""
        return self.rules.cards_two_players if players == 2 else self.rules.cards
