"""Rat-a-Tat Roll's actions: every decision as a short id, built once per game and shared.

Ids (seats and card slots count from 0):
  roll:K             roll K number dice                    skip / wild   complete player's turn
  go                 move with the dice as they are        reroll:013    re-roll dice 0, 1 and 3
  keep               keep the Wild die                     reroll:w      re-roll the Wild die
  take:face          take the region's face-up card        take:pile     take the pile's top card
  take:red           take that region's face-up card (lowest/highest ties)
  peek:own           look at all your cards                peek:S.I      look at seat S's card I
  peek:none          look at nothing                       discard:I     your card I to the pile
  swap:M             offer your card M for a swap, then    with:S.I      take seat S's card I for it
  swap:none          swap nothing (at either step)
"""

from __future__ import annotations

from itertools import combinations

from ...core import Action

# Action kinds (key[0]).
ROLL, SKIP, WILD_ROLL, GO, REROLL, KEEP, REROLL_WILD = range(7)
TAKE_FACE, TAKE_PILE, TAKE_REGION, PEEK_OWN, PEEK, PEEK_NONE, SWAP_GIVE, SWAP, SWAP_NONE = range(
    7, 16
)
DISCARD = 16

MAX_SEATS = 5


def _ordinal(i: int) -> str:
    return f"card {i + 1}"


class Catalogue:
    """Every action of one game, indexed for the rules' fast look-ups."""

    def __init__(self, intern, number_dice: int, colours: tuple[str, ...], max_hand: int):
        def dice_word(k: int) -> str:
            return "1 die" if k == 1 else f"{k} dice"

        self.roll = [intern(f"roll:{k}", f"Roll {dice_word(k)}", (ROLL, k))
                     for k in range(1, number_dice + 1)]
        self.skip = intern("skip", "Skip your turn", (SKIP,))
        self.wild = intern("wild", "Roll the Wild die", (WILD_ROLL,))
        self.go = intern("go", "Move with this roll", (GO,))
        self.keep = intern("keep", "Keep the Wild die", (KEEP,))
        self.reroll_wild = intern("reroll:w", "Spend a token to re-roll the Wild die",
                                  (REROLL_WILD,))
        # rerolls[k]: "go" then every non-empty subset of k rolled dice
        self.rerolls: list[list[Action]] = [[]]
        for k in range(1, number_dice + 1):
            options = [self.go]
            for size in range(1, k + 1):
                for dice in combinations(range(k), size):
                    which = " and ".join(f"die {d + 1}" for d in dice)
                    options.append(intern("reroll:" + "".join(map(str, dice)),
                                          f"Spend a token to re-roll {which}", (REROLL, dice)))
            self.rerolls.append(options)
        self.wild_choice = [self.keep, self.reroll_wild]
        self.take_face = intern("take:face", "Take the face-up card", (TAKE_FACE,))
        self.take_pile = intern("take:pile", "Take the top card of the draw pile", (TAKE_PILE,))
        self.take_region = [intern(f"take:{c}", f"Take the {c} region's face-up card",
                                   (TAKE_REGION, r)) for r, c in enumerate(colours)]
        self.peek_own = intern("peek:own", "Look at all your cards", (PEEK_OWN,))
        self.peek_none = intern("peek:none", "Look at no card", (PEEK_NONE,))
        self.peek = [[intern(f"peek:{s}.{i}", f"Look at seat {s + 1}'s {_ordinal(i)}",
                             (PEEK, s, i)) for i in range(max_hand)] for s in range(MAX_SEATS)]
        self.swap_none = intern("swap:none", "Swap no cards", (SWAP_NONE,))
        self.swap_give = [intern(f"swap:{m}", f"Offer your {_ordinal(m)} for a swap",
                                 (SWAP_GIVE, m)) for m in range(max_hand)]
        self.swap_with = [[intern(f"with:{s}.{i}", f"Swap it for seat {s + 1}'s {_ordinal(i)}",
                                  (SWAP, s, i)) for i in range(max_hand)]
                          for s in range(MAX_SEATS)]
        self.discard = [intern(f"discard:{i}", f"Put your {_ordinal(i)} under the draw pile",
                               (DISCARD, i)) for i in range(max_hand)]
