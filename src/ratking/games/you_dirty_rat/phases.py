"""The decision points of a You Dirty Rat turn."""

MAIN, KEEP, TARGET, CARD, TEAM, PARTNER, ARCH, COPY, EXTRA = range(9)
PHASE_NAMES = ("main", "keep", "target", "card", "team", "partner", "archetype", "copy",
               "extra")
