"""The tasks of a Target: Rats turn, kept as a stack of small int tuples (`s.tasks`).

The top task is either a decision (codes below AUTO: the seat it names decides) or an automatic
step that the engine runs at once. Every task is a tuple whose first item is its code; the
other items are ints (seats, spaces, card indices, counts), so the stack clones and saves
cheaply.
"""

# decisions: (code, seat, ...)
ONE_RAT = 0      # (code, seat)                       reinforce | play-on
MOVE = 1         # (code, seat)                       group:<sp> | use:<item> | end-moves
TAKE = 2         # (code, seat, space)                take:<fed>:<unfed>
STEP = 3         # (code, seat)                       step:<sp> | use:<item> | stop
ACT = 4          # (code, seat)                       fight/scavenge/feed/breed/nest/claim/rest
SPAWN = 5        # (code, seat, rats left)            spawn:<nest>
KEEP = 6         # (code, seat, space, card, card..)  keep:<card-id>
ITEM = 7         # (code, seat, new card)             item:<card-id>
TOKEN = 8        # (code, seat, space, token)         token:keep | token:new
RELOCATE = 9     # (code, seat, space, token)         relocate:<sp>
PUSH = 10        # (code, chooser, side, space, dist) push:<sp>
RETREAT = 11     # (code, seat, space)                retreat:<nest>
EXT = 12         # (code, seat, space, space, ...)    ext:<sp>
USE = 13         # (code, seat, window)               use:<item> | pass
PAIRS = 14       # (code, seat, space, most)          pairs:<n>, 1 <= n <= most
AUTO = 20
# automatic steps
FIGHT = 20       # (code, space, attacker)            item windows, then ROLL
ROLL = 21        # (code, space, attacker)
CARD = 22        # (code, seat, card, space)
EXT_PHASE = 23   # (code,)                            item windows, then EXT_MOVE
EXT_MOVE = 24    # (code,)
VICTORY = 25     # (code,)
END_TURN = 26    # (code,)

TASK_NAMES = {ONE_RAT: "one-rat", MOVE: "move", TAKE: "take", STEP: "step", ACT: "actions",
              SPAWN: "spawn", KEEP: "keep", ITEM: "item", TOKEN: "token",
              RELOCATE: "relocate", PUSH: "push", RETREAT: "retreat", EXT: "ext", USE: "use",
              PAIRS: "breed",
              FIGHT: "fight", ROLL: "roll", CARD: "card",
              EXT_PHASE: "exterminator", EXT_MOVE: "exterminator-move",
              VICTORY: "victory", END_TURN: "end-turn"}
# how many ints follow the code (None: any number, at least the seat)
TASK_SIZES = {ONE_RAT: 1, MOVE: 1, TAKE: 2, STEP: 1, ACT: 1, SPAWN: 2, KEEP: None, ITEM: 2,
              TOKEN: 3, RELOCATE: 3, PUSH: 4, RETREAT: 2, EXT: None, USE: 2, PAIRS: 3, FIGHT: 2,
              ROLL: 2, CARD: 3, EXT_PHASE: 0, EXT_MOVE: 0, VICTORY: 0,
              END_TURN: 0}

# item windows (USE tasks)
W_FIGHT, W_EXT, W_SCAVENGE = range(3)

# tokens on a space: 0 none, 1 food source, 2 sewer entrance, 3 + seat that seat's nest
NO_TOKEN, FOOD, SEWER, NEST0 = range(4)
