"""You Dirty Rat (Jacksmack): Crime Lords recruit Specialists to steal cash and pull Heists."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from ...core import Game
from . import evaluate, heuristic, metrics, observation, standing, svg, text, views
from .actions import Catalogue
from .components import Deck, load_deck
from .params import RULE_SPECS
from .state import RatState

RULES_PAGE = Path(__file__).with_name("rules.md")


@cache
def _deck() -> Deck:
    return load_deck()


class YouDirtyRat(Game):
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

    def __init__(self, **rules) -> None:
        super().__init__(**rules)
        self.deck = _deck()
        self.catalogue = Catalogue(self._intern, self.deck)

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
    encode_update = observation.encode_update
    metrics = staticmethod(metrics.measure)
    levels = evaluate.LEVELS  # bound before the name `evaluate` means the hook below
    evaluate = staticmethod(evaluate.evaluate)
    # the web table's how-to-win panel, end screen and finished-game replay
    ending = staticmethod(standing.ending)
    open_hands = staticmethod(standing.open_hands)
    open_view = staticmethod(views.open_view)
    standing = staticmethod(standing.standing)  # last: it rebinds the name

    browser_board = True  # server/static/boards/you-dirty-rat.js

    @classmethod
    def board_data(cls) -> dict[str, Any]:
        """The words, card texts and colours the browser's board draws with (see Game)."""
        return svg.board_data()
