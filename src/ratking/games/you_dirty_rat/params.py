"""You Dirty Rat's rule options: every number of the rulebook, with its printed default."""

from ...core import MAX_ROUNDS, RuleSpec, first_seat

RULE_SPECS = (
    RuleSpec("stash_two", 50, int, "$100 tokens in the Town Stash with 2 players", minimum=1,
             maximum=500, label="Town Stash tokens (2 players)"),
    RuleSpec("stash_three", 65, int, "$100 tokens in the Town Stash with 3 players", minimum=1,
             maximum=500, label="Town Stash tokens (3 players)"),
    RuleSpec("stash_four", 75, int, "$100 tokens in the Town Stash with 4 players", minimum=1,
             maximum=500, label="Town Stash tokens (4 players)"),
    RuleSpec("start_money", 300, int, "cash each player takes from the Town Stash at set-up",
             minimum=0, maximum=5000, label="Starting cash"),
    RuleSpec("hand", 3, int, "Specialists dealt to each player at set-up", minimum=0,
             maximum=10, label="Starting hand"),
    RuleSpec("bonus_two", 200, int, "chain bonus for 2 Heists of one colour", minimum=0,
             maximum=10000, label="Bonus for 2 Heists of a colour"),
    RuleSpec("bonus_three", 400, int, "chain bonus for 3 Heists of one colour", minimum=0,
             maximum=10000, label="Bonus for 3 Heists of a colour"),
    RuleSpec("bonus_four", 700, int, "chain bonus for 4 Heists of one colour", minimum=0,
             maximum=10000, label="Bonus for 4 Heists of a colour"),
    MAX_ROUNDS,
    first_seat(4),  # seed 002, HOW TO PLAY: "Choose a starting Player, with your preferred method."
)
