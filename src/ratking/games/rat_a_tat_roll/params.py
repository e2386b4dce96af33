"""Rat-a-Tat Roll's rule options: every number of the rulebook, with its printed default."""

from ...core import MAX_ROUNDS, RuleSpec, first_seat

RULE_SPECS = (
    RuleSpec("number_dice", 3, int, "most number dice a player may roll (they choose 1 to this)",
             minimum=1, maximum=6, label="Most dice per roll"),
    RuleSpec("dice_sides", 6, int, "sides on each number die", minimum=2, maximum=20,
             label="Sides per die"),
    RuleSpec("cards_two_players", 5, int, "cards each player collects in a two-player game",
             minimum=1, maximum=9, label="Cards to collect (2 players)"),
    RuleSpec("cards", 4, int, "cards each player collects with three to five players",
             minimum=1, maximum=9, label="Cards to collect (3-5 players)"),
    RuleSpec("start_tokens", 2, int, "re-roll tokens each player starts with", minimum=0,
             maximum=20, label="Re-roll tokens at the start"),
    RuleSpec("total_tokens", 25, int, "re-roll tokens in the box", minimum=0, maximum=200,
             label="Re-roll tokens in the box"),
    RuleSpec("copies_per_value", 4, int, "copies of each card from 0 to 8", minimum=0,
             maximum=20, label="Copies of each card 0-8"),
    RuleSpec("nines", 9, int, "copies of the 9 card", minimum=0, maximum=30,
             label="Copies of the 9"),
    RuleSpec("reroll_icon_from", 7, int, "cards of this value and higher carry the re-roll icon",
             minimum=0, maximum=10, label="Re-roll icon from card"),
    RuleSpec("reshuffle_above", 3, int,
             "more face-up cards with the re-roll icon than this reshuffles all five",
             minimum=0, maximum=5, label="Reshuffle when icons exceed"),
    RuleSpec("memory_aid", False, bool,
             "a view keeps every card value its player has seen (off: players must remember)",
             label="Memory aid"),
    MAX_ROUNDS,
    first_seat(5),  # seed 004: "Whoever most recently visited a famous monument goes first"
)
