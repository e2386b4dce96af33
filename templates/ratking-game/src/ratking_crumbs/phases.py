"""The decision points of a Crumbs turn, named for views and tensors. Kept apart from the
state and the rules so that both import them without importing each other."""

CHOOSE, TAKE = range(2)  # take or swap; after a swap, take
PHASE_NAMES = ("choose", "take")
