"""The decision points of a Rat-a-Tat Roll turn."""

CHOOSE, REROLL, WILD_REROLL, CARD_OR_PILE, PEEK, TIE, SWAP, SWAP_WITH, DISCARD = range(9)
PHASE_NAMES = ("choose", "reroll", "wild-reroll", "card-or-pile", "peek", "tie", "swap",
               "swap-with", "discard")
