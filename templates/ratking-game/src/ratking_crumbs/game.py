"""The game: its id, players, rule options and actions, and the modules its hooks come from."""

from __future__ import annotations

from pathlib import Path

from ratking.core import MAX_ROUNDS, Game, RuleSpec

from . import evaluate, heuristic, metrics, observation, standing, svg, text, views
from .state import CrumbsState

SWAP = 0  # the key of the swap action; a take's key is how many crumbs it takes


# hooks=: each module gives the hooks its name stands for (ratking/core/hooks.py): text the
# terminal's boards, svg the web page's, standing the how-to-win panel and end screen...
class Crumbs(Game, hooks=(evaluate, heuristic, metrics, observation, standing, svg, text,
                          views)):
    """Players take crumbs from a pile; a secret card adds to each score."""

    id = "crumbs"
    title = "Crumbs"
    summary = "Take 1 to 3 crumbs a turn; crumbs plus your secret card make your score."
    min_players = 2
    max_players = 4
    # every number of the rules is an option with its default (a variant: make(..., pile=20))
    rule_specs = (
        RuleSpec("pile", 15, int, "crumbs in the pile at the start", minimum=3, maximum=99),
        RuleSpec("most", 3, int, "most crumbs a turn may take", minimum=1, maximum=9),
        RuleSpec("top_card", 4, int, "the highest secret card (two of each from 0)",
                 minimum=1, maximum=9),
        MAX_ROUNDS,
    )
    state_class = CrumbsState
    rules_page = Path(__file__).with_name("rules.md")
    # facts for `ratking check crumbs` and the generic tests: the variants worth playing, and
    # that every decision hands the turn on or draws a card (so nothing is ever undone)
    variants = ({}, {"most": 1, "top_card": 1})
    offers_undo = False
    # the board drawn in the browser by the package's own renderer (board.js), the same
    # drawing as svg.py's: the web table then sends views instead of drawings
    browser_board = True
    board_script = Path(__file__).with_name("board.js")

    def __init__(self, **rules) -> None:
        super().__init__(**rules)
        # every action is made once, here; hooks return these same objects
        self.takes = [self.intern(f"take:{k}", f"Take {k} crumb{'s' if k > 1 else ''}", k)
                      for k in range(1, self.rules.most + 1)]
        self.swap = self.intern("swap", "Swap your card for the top of the deck", SWAP)
        self.cards = sorted(list(range(self.rules.top_card + 1)) * 2)
