"""Target: Rats' actions: every decision as a short id, built once per game (labels too).

Ids (spaces as on the board: S0..S23, U0..U11, RC, H0..H3; cards by their cards.toml id):
  reinforce / play-on         one rat left: spawn two at home and skip the turn, or play on
  group:<sp>                  start moving a group from that space
  take:<fed>:<unfed>          how many fed and unfed rats of the space go in the group
  step:<sp> / stop            one step of the group / end its move here
  end-moves                   end the movement phase
  fight:<sp> scavenge:<sp> feed:<sp> breed:<sp> nest:<sp> claim:RC rest:<home>
                              the one action of the rats on a space that a group moved to
                              (rest only where no other action is open)
  pairs:<n>                   with several fed pairs there: how many of them breed
  spawn:<nest>                where new rats appear
  keep:<card>                 Da Big Cheese keeps one of the cards drawn
  item:<card>                 which item to hold
  token:keep / token:new      a space already holds a token: keep it or put the new one
  relocate:<sp>               no token of that kind left: take the one from that space
  push:<sp>                   where the losers of a fight (or scattered rats) go
  retreat:<nest>              where the group goes after failing to claim the throne
  ext:<sp>                    where the Exterminator goes
  use:<card> / pass           use a held item now, or not
"""

from __future__ import annotations

from ....core import plural
from ..board import HOME, SURFACE, Board
from .cards import CardSet

(REINFORCE, PLAY_ON, GROUP, TAKE, STEP, STOP, END_MOVES, FIGHT, SCAVENGE, FEED, BREED, NEST,
 CLAIM, REST, SPAWN, KEEP, ITEM, TOKEN_KEEP, TOKEN_NEW, RELOCATE, PUSH, RETREAT, EXT, USE,
 PASS, PAIRS) = range(26)
ACT_KINDS = (FIGHT, SCAVENGE, FEED, BREED, NEST, CLAIM, REST)


class Catalogue:
    def __init__(self, intern, b: Board, c: CardSet, max_take: int) -> None:
        ids, names, size = b.ids, b.names, b.size
        rng = range(size)

        def per_space(kind: int, verb: str, label: str, ok) -> list:
            return [intern(f"{verb}:{ids[x]}", label.format(names[x]), (kind, x)) if ok(x)
                    else None for x in rng]

        self.reinforce = intern("reinforce", "Spawn two rats on your home nest and skip the "
                                "rest of the turn", (REINFORCE,))
        self.play_on = intern("play-on", "Play the turn with your one rat", (PLAY_ON,))
        self.group = per_space(GROUP, "group", "Move a group from {}", lambda x: True)
        self.take = [[intern(f"take:{fed}:{unfed}",
                             _take_label(fed, unfed),
                             (TAKE, fed, unfed)) for unfed in range(max_take + 1)]
                     for fed in range(max_take + 1)]
        self.step = per_space(STEP, "step", "Step to {}", lambda x: True)
        self.stop = intern("stop", "Stop this group here", (STOP,))
        self.end_moves = intern("end-moves", "End movement and take the actions", (END_MOVES,))
        self.fight = per_space(FIGHT, "fight", "Fight on {}", lambda x: b.kind[x] != HOME)
        self.scavenge = per_space(SCAVENGE, "scavenge", "Scavenge on {}",
                                  lambda x: b.kind[x] != HOME)
        self.feed = per_space(FEED, "feed", "Feed at the food source on {}",
                              lambda x: b.token_slot[x])
        self.breed = per_space(BREED, "breed", "Breed the fed pairs on {}", lambda x: True)
        # how many pairs breed: index n for n pairs (0 unused); a faction has at most
        # max_rats rats, so at most max_rats // 2 fed pairs
        self.pairs = [None] + [intern(f"pairs:{n}", f"Breed {plural(n, 'pair')}", (PAIRS, n))
                               for n in range(1, max_take // 2 + 1)]
        self.nest = per_space(NEST, "nest", "Build a nest on {}", lambda x: b.token_slot[x])
        self.claim = intern("claim:RC", "Try to claim the throne of Rat City", (CLAIM, b.city))
        # only a home nest ever leaves a group no action (seed 000, ACTIONS: engine.py)
        self.rest = per_space(REST, "rest", "Rest on {} (no action)",
                              lambda x: b.kind[x] == HOME)
        self.spawn = per_space(SPAWN, "spawn", "New rats appear on {}",
                               lambda x: b.kind[x] == HOME or b.token_slot[x])
        self.keep = [intern(f"keep:{t.id}", f"Keep {t.name}", (KEEP, i))
                     for i, t in enumerate(c.types)]
        self.item = [intern(f"item:{t.id}", f"Hold {t.name}", (ITEM, i)) if t.power >= 0
                     else None for i, t in enumerate(c.types)]
        self.use = [intern(f"use:{t.id}", f"Use {t.name}", (USE, i)) if t.power >= 0
                    else None for i, t in enumerate(c.types)]
        self.pass_ = intern("pass", "Do not use the item now", (PASS,))
        self.token_keep = intern("token:keep", "Keep the token that is there", (TOKEN_KEEP,))
        self.token_new = intern("token:new", "Replace it with the new token", (TOKEN_NEW,))
        self.relocate = per_space(RELOCATE, "relocate", "Take the token from {}",
                                  lambda x: b.token_slot[x])
        self.push = per_space(PUSH, "push", "Send them to {}", lambda x: b.kind[x] != HOME)
        self.retreat = per_space(RETREAT, "retreat", "Retreat to the nest on {}",
                                 lambda x: b.kind[x] == HOME or b.token_slot[x])
        self.ext = per_space(EXT, "ext", "Send the Exterminator to {}",
                             lambda x: b.kind[x] == SURFACE)


def _take_label(fed: int, unfed: int) -> str:
    """"Take 2 fed rats and 1 unfed rat" (either part left out when it is none)."""
    parts = [plural(n, f"{kind} rat")
             for n, kind in ((fed, "fed"), (unfed, "unfed")) if n]
    return "Take " + (" and ".join(parts) or "no rats")
