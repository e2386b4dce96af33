"""One package per game. Importing this registers every game with the kernel."""

from . import rat_a_tat_roll  # noqa: F401
