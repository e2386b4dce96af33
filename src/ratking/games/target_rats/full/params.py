"""Target: Rats' rule options: every number of the rulebook (seed 000), with its default."""

from ....core import MAX_ROUNDS, RuleSpec, first_seat

RULE_SPECS = (
    RuleSpec("start_rats", 4, int, "unfed rats each player starts with on their home nest",
             minimum=1, maximum=12, label="Rats at the start"),
    RuleSpec("max_rats", 12, int, "most rats a faction may have on the board", minimum=2,
             maximum=40, label="Most rats per family"),
    RuleSpec("space_limit", 4, int, "most rats on one space (home nests: any number)",
             minimum=1, maximum=40, label="Most rats on a space"),
    RuleSpec("city_limit", 8, int, "most rats of one faction in Rat City", minimum=1,
             maximum=40, label="Most rats of one family in Rat City"),
    RuleSpec("base_groups", 2, int, "groups moved each turn before counting nest tokens",
             minimum=1, maximum=12, label="Groups moved per turn"),
    RuleSpec("move_range", 4, int, "spaces each group may move", minimum=1, maximum=12,
             label="Spaces a group may move"),
    RuleSpec("max_nests", 4, int, "nest tokens a faction may have on the board", minimum=1,
             maximum=12, label="Nest tokens per family"),
    RuleSpec("food_tokens", 8, int, "food source tokens in the box", minimum=1, maximum=40,
             label="Food source tokens"),
    RuleSpec("sewer_tokens", 4, int, "sewer entrance tokens in the box", minimum=1,
             maximum=40, label="Sewer entrance tokens"),
    RuleSpec("infestation", 8, int, "rats in one quadrant that call the Exterminator",
             minimum=2, maximum=60, label="Rats that call the Exterminator"),
    RuleSpec("target_face", 1, int, "the die face that shows the Target symbol", minimum=1,
             maximum=6, label="Target symbol on die face"),
    RuleSpec("push_distance", 2, int, "spaces the losers of a fight are pushed", minimum=1,
             maximum=6, label="Spaces the losers are pushed"),
    RuleSpec("reentry_rats", 2, int, "rats a wiped-out faction re-enters with", minimum=1,
             maximum=12, label="Rats a wiped-out family returns with"),
    RuleSpec("breed_rats", 2, int, "new rats each pair of fed rats spawns", minimum=1,
             maximum=12, label="New rats per fed pair"),
    RuleSpec("cheese_fight_dice", 1, int, "extra dice Da Big Cheese rolls fighting in Rat "
             "City", minimum=0, maximum=6,
             label="Extra dice for Da Big Cheese in a Rat City fight"),
    RuleSpec("cheese_draws", 2, int, "cards Da Big Cheese draws on the first scavenge of a "
             "turn (keeps one)", minimum=1, maximum=4,
             label="Cards Da Big Cheese draws when scavenging"),
    RuleSpec("nests_to_win", 3, int, "nest tokens needed, with Da Big Cheese, to win",
             minimum=1, maximum=12, label="Nest tokens to win"),
    RuleSpec("one_rat_skip", True, bool, "a player with one rat may spawn two on the home "
             "nest and skip the turn", label="A lone rat may skip to breed"),
    MAX_ROUNDS,
    first_seat(4),  # seed 000, SETUP 5: "Whoever most recently ate pizza will be the first"
)
