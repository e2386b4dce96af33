"""One package per game. Importing this registers every game with the kernel."""

from . import rat_a_tat_roll, rat_and_duck, target_rats, you_dirty_rat  # noqa: F401
