"""How long a guesser waits: the growing delays between failed sign-ins.

Failures are counted per account, per client address, and per account and client together,
for `WINDOW` seconds. Past its free failures (`PER_ACCOUNT` for an account, `PER_CLIENT` for a
client), each try waits `FIRST_DELAY` seconds after the last failure, twice as long after
each further failure, up to `MAX_DELAY`. An account's delays hold only for a client that has
failed at that account: the owner, signing in from a client that has not, is let in with the
right password however much others guessed (their own address's delays still hold for them).

A try counts as a failure from before its password is checked (it is reserved in the
database, `People.reserve_sign_in`) and is forgotten if the password was right, so parallel
guesses cannot all be checked before the first failure is written."""

from __future__ import annotations

WINDOW = 3600.0  # seconds a failure is remembered
PER_ACCOUNT = 5  # failures at one account before its delays begin
PER_CLIENT = 20  # failures from one client (at any accounts) before its delays begin
FIRST_DELAY = 15.0  # seconds after the last failure, once past the free ones
MAX_DELAY = 900.0


def wait(failures: int, last: float | None, free: int, clock: float) -> float:
    """Seconds to wait from `clock` after `failures` failures, the last at `last`; 0: none."""
    if failures < free or last is None:
        return 0.0
    delay = min(MAX_DELAY, FIRST_DELAY * 2.0 ** min(failures - free, 30))
    return min(delay, max(0.0, last + delay - clock))  # a clock behind waits no longer
