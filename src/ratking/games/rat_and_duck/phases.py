"""The turn states of one unit's turn (seed 003, 3): each is a decision point."""

PRE_MOVE, PRE_ACTION, AFTER_ACTION = range(3)
PHASE_NAMES = ("pre-move", "pre-action", "after-action")
