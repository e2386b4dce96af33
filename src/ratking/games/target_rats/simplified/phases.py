"""The decision points of a Target: Rats Simplified turn."""

TOPUP, PICK, MOVING, DICE = range(4)
PHASE_NAMES = ("top-up", "pick", "moving", "dice")
# what the seat to move decides, in words for the screen
PHASE_WORDS = {"top-up": "top up the home nest, or not", "pick": "pick a rat to move",
               "moving": "move the picked rat", "dice": "Da Big Cheese chooses how many dice"}
