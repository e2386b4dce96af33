"""Target: Rats Simplified's actions: every decision as a short id, built once per game.

Ids (spaces as on the board: S0..S23 surface, U0..U11 underground, RC Rat City, H0..H3 nests):
  topup / no-topup        place (or not) two unfed rats on the home nest before rolling
  roll:<n>                Da Big Cheese: roll the usual dice, or one more (seed 001, MOVEMENT)
  rat:<space>:fed|unfed   pick a rat there that has not moved this turn, to move it
  step:<space>            move the picked rat one space on (two from the home nest when it
                          passes under a blocked sewer cover)
  stop                    end this rat's move here
  breed                   the moving rat and a fed rat of its faction here breed
  ext:<space>             spend the Target die to put the Exterminator on that surface space
  end                     end the turn (only when no rat can move any more)
"""

from __future__ import annotations

from ..board import HOME, SURFACE, Board

TOPUP, NO_TOPUP, PICK, STEP, STOP, BREED, EXT, END, ROLL = range(9)


class Catalogue:
    def __init__(self, intern, b: Board, dice: int, extra: int) -> None:
        self.topup = intern("topup", "Place two unfed rats on your home nest", (TOPUP,))
        self.no_topup = intern("no-topup", "Do not place new rats", (NO_TOPUP,))
        # Da Big Cheese's choice: the usual dice, or the extra ones too
        self.roll = intern(f"roll:{dice}", f"Roll {_dice(dice)}", (ROLL, dice))
        self.roll_extra = intern(f"roll:{dice + extra}",
                                 f"Roll {_dice(dice + extra)} (Da Big Cheese's extra)",
                                 (ROLL, dice + extra))
        self.pick = [[intern(f"rat:{b.ids[sp]}:{'fed' if fed else 'unfed'}",
                             f"Move a{' fed' if fed else 'n unfed'} rat from {b.names[sp]}",
                             (PICK, sp, fed)) for fed in (0, 1)] for sp in range(b.size)]
        self.step = [intern(f"step:{b.ids[sp]}", f"Step to {b.names[sp]}", (STEP, sp))
                     if b.kind[sp] != HOME else None for sp in range(b.size)]
        self.stop = intern("stop", "Stop this rat here", (STOP,))
        self.breed = intern("breed", "Breed: two fed rats here spawn two new rats", (BREED,))
        self.ext = [intern(f"ext:{b.ids[sp]}", f"Use the Target: the Exterminator to "
                           f"{b.names[sp]}", (EXT, sp)) if b.kind[sp] == SURFACE else None
                    for sp in range(b.size)]
        self.end = intern("end", "End the turn", (END,))


def _dice(n: int) -> str:
    return "1 die" if n == 1 else f"{n} dice"
