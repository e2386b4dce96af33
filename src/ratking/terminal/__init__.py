"""Playing and replaying games in a terminal, with Rich.

`seats` reads the --seats list and names the seats; `pages` cuts a decision's options into
pages that fit the screen; `table` runs a game (a person's keys, bots, the hot seat);
`replay` saves a game and steps through a saved one.
"""

from ..bots import BOT_NAMES
from .pages import OptionPages
from .replay import replay_file, save
from .seats import SEAT_KINDS, parse_seats, seat_names
from .table import TerminalGame

__all__ = ["BOT_NAMES", "SEAT_KINDS", "OptionPages", "TerminalGame", "parse_seats",
           "replay_file", "save", "seat_names"]
