"""The decision points of a Target: Rats Simplified turn."""

TOPUP, PICK, MOVING, DICE = range(4)
PHASE_NAMES = ("top-up", "pick", "moving", "dice")
