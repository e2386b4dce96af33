"""Target: Rats (seed 000): feed, breed, nest, and rule Rat City as Da Big Cheese."""

from __future__ import annotations

from pathlib import Path

from ....core import Action, Game, RulesError, register
from ..board import Board, board
from . import heuristic, svg, text
from .actions import Catalogue
from .cards import CardSet, cards
from .params import RULE_SPECS
from .rats import limits
from .state import FullState

RULES_PAGE = Path(__file__).with_name("rules.md")


@register
class TargetRats(Game):
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

    def __init__(self, **rules) -> None:
        super().__init__(**rules)
        self.board: Board = board()
        self.cards: CardSet = cards()
        self.limits = limits(self)
        self.catalogue = Catalogue(self._intern, self.board, self.cards, self.rules.max_rats)

    def _check_rules(self) -> None:
        r = self.rules
        if r.start_rats > r.max_rats:
            raise RulesError("rule 'start_rats' may not exceed 'max_rats'")
        if r.nests_to_win > r.max_nests:
            raise RulesError("rule 'nests_to_win' may not exceed 'max_nests' (no one could win)")

    @staticmethod
    def render_text(view: dict) -> object:
        """A Rich renderable of a view, for the terminal."""
        return text.render(view)

    @staticmethod
    def render_svg(view: dict, actions: list[dict[str, str]]) -> str:
        """The board as one <svg> element drawn from a view, for the web app."""
        return svg.render(view, actions)

    @staticmethod
    def heuristic(state: FullState, rng) -> Action:
        return heuristic.choose(state, rng)
