"""Rat-a-Tat Roll (Gamewright): roll and move to collect the lowest hand of hidden cards."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from ...core import Game, RulesError
from . import evaluate, heuristic, metrics, observation, standing, svg, text, views
from .actions import Catalogue
from .components import Board, card_values, load_board
from .params import RULE_SPECS
from .state import RollState

RULES_PAGE = Path(__file__).with_name("rules.md")


@cache
def _board() -> Board:
    return load_board()


class RatATatRoll(Game):
    """Rule options: see params.py. Components: components.toml."""

    id = "rat-a-tat-roll"
    title = "Rat-a-Tat Roll"
    summary = "Roll 1 to 3 dice, move the pawn, collect the lowest hand of cards you must remember."
    min_players = 2
    max_players = 5
    rule_specs = RULE_SPECS
    state_class = RollState
    rules_page = RULES_PAGE

    def __init__(self, **rules) -> None:
        super().__init__(**rules)
        self.board = _board()
        self.values = card_values(self.rules.copies_per_value, self.rules.nines)
        self.icon = tuple(int(v >= self.rules.reroll_icon_from) for v in self.values)
        self.bits = tuple(1 << c for c in range(len(self.values)))  # each card's mask bit
        max_hand = max(self.rules.cards, self.rules.cards_two_players) + 1
        self.catalogue = Catalogue(self._intern, self.rules.number_dice, self.board.colours,
                                   max_hand)

    def _check_rules(self) -> None:
        r = self.rules
        if r.start_tokens * self.max_players > r.total_tokens:
            raise RulesError(f"rule 'total_tokens' ({r.total_tokens}) is too few for "
                             f"{self.max_players} players with {r.start_tokens} each")
        deck = r.copies_per_value * 9 + r.nines
        regions = len(_board().colours)
        need = max(2 * r.cards_two_players, self.max_players * r.cards)
        if deck < need + regions:
            raise RulesError(f"rules 'copies_per_value' and 'nines' make a deck of {deck} "
                             f"cards, too few for the hands ({need}) and the "
                             f"{regions} face-up cards")

    # the game's plug-ins (see Game): terminal view, web board, heuristic bot, evaluation
    render_text = staticmethod(text.render)
    render_compact = staticmethod(text.render_compact)
    render_svg = staticmethod(svg.render)
    heuristic = staticmethod(heuristic.choose)
    # for learning agents (see core/spaces.py)
    action_catalogue = observation.actions
    tensor_layout = observation.layout
    encode_view = observation.encode
    encode_state = observation.encode_state
    encode_recall = observation.encode_recall
    encode_public = observation.encode_public
    metrics = staticmethod(metrics.measure)
    levels = evaluate.LEVELS  # bound before the name `evaluate` means the hook below
    evaluate = staticmethod(evaluate.evaluate)
    # the web table's how-to-win panel, end screen and finished-game replay
    ending = staticmethod(standing.ending)
    open_hands = staticmethod(standing.open_hands)
    open_view = staticmethod(views.open_view)
    standing = staticmethod(standing.standing)  # last: it rebinds the name

    browser_board = True  # server/static/boards/rat-a-tat-roll.js

    @classmethod
    def board_data(cls) -> dict[str, Any]:
        """The browser's board (server/static/boards/rat-a-tat-roll.js) draws with svg's words,
        colours and tables."""
        return svg.board_data()

    def cards_needed(self, players: int) -> int:
        """Seed 004: 5 cards with two players, 4 with three to five."""
        return self.rules.cards_two_players if players == 2 else self.rules.cards
