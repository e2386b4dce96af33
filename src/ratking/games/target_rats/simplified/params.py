"""Target: Rats Simplified's rule options: every number of the rulebook, with its default."""

from ....core import MAX_ROUNDS, RuleSpec, first_seat

RULE_SPECS = (
    RuleSpec("start_rats", 4, int, "unfed rats each player starts with on their home nest",
             minimum=1, maximum=12, label="Rats at the start"),
    RuleSpec("max_rats", 12, int, "most rats a faction may have on the board (also the number "
             "needed to win)", minimum=2, maximum=40, label="Rats needed to win"),
    RuleSpec("space_limit", 4, int, "most rats on one space (home nests and Rat City: any)",
             minimum=1, maximum=40, label="Most rats on a space"),
    RuleSpec("dice", 2, int, "dice rolled for movement each turn", minimum=1, maximum=6,
             label="Movement dice"),
    RuleSpec("cheese_dice", 1, int, "extra dice Da Big Cheese rolls", minimum=0, maximum=4,
             label="Extra dice for Da Big Cheese"),
    RuleSpec("topup_at", 1, int, "a player with this many rats or fewer may place new ones "
             "before rolling", minimum=0, maximum=12, label="Top up at this many rats"),
    RuleSpec("topup_rats", 2, int, "rats placed by that top-up", minimum=1, maximum=12,
             label="Rats added by a top-up"),
    RuleSpec("breed_rats", 2, int, "new rats two fed rats spawn", minimum=1, maximum=12,
             label="New rats per fed pair"),
    RuleSpec("target_face", 1, int, "the die face that shows the Target symbol", minimum=1,
             maximum=6, label="Target symbol on die face"),
    MAX_ROUNDS,
    # seed 001 leaves the rest to the full rulebook: seed 000, SETUP 5, the players choose
    first_seat(4),
)
