"""The decision points of a Target: Rats Simplified turn."""

TOPUP, PICK, MOVING = range(3)
PHASE_NAMES = ("top-up", "pick", "moving")
