"""Seeded generators. All of a game's chance comes from its state's own generator."""

from __future__ import annotations

import hashlib
import random
import secrets
import struct
from collections.abc import Sequence
from typing import Any, TypeVar

from .errors import RecordError

T = TypeVar("T")


def new_seed() -> int:
    """A fresh seed from the operating system, for games started without one."""
    return secrets.randbits(63)


BLOCK = 64


class Rng:
    """A game's chance: a reproducible stream of floats in [0, 1), cheap to copy.

    The numbers come from a Mersenne Twister seeded with `seed`, drawn in blocks into a list
    that every copy of this generator shares. A copy is just that list and a position: it costs
    O(1), and a copy and its original read the same stream, each from its own position (so a
    cloned state meets exactly the chance the original would have met).
    """

    __slots__ = ("_buf", "_draw", "pos", "seed")

    def __init__(self, seed: int, pos: int = 0) -> None:
        self.seed = seed
        self.pos = pos
        self._draw = random.Random(seed).random
        self._buf: list[float] = []

    def random(self) -> float:
        pos = self.pos
        self.pos = pos + 1
        try:
            return self._buf[pos]
        except IndexError:
            return self._grow(pos)

    def randoms(self, n: int) -> list[float]:
        """The next n numbers of the stream, at once."""
        pos = self.pos
        end = self.pos = pos + n
        buf = self._buf
        if end > len(buf):
            self._grow(end - 1)
        return buf[pos:end]

    keys = randoms  # what `shuffle` sorts by (a KeyedRng has a cheaper kind)

    # The few random.Random methods a game's re-deal may use, from this stream.
    def shuffle(self, items: list) -> None:
        shuffle(self, items)

    def randrange(self, n: int) -> int:
        """A whole number in [0, n)."""
        return int(self.random() * n)

    def choice(self, items: Sequence[T]) -> T:
        return items[int(self.random() * len(items))]

    def _grow(self, pos: int) -> float:
        buf, draw = self._buf, self._draw
        while len(buf) <= pos:
            buf.extend([draw() for _ in range(BLOCK)])
        return buf[pos]

    def copy(self) -> Rng:
        new = Rng.__new__(Rng)
        new.seed = self.seed
        new.pos = self.pos
        new._draw = self._draw
        new._buf = self._buf
        return new

    def __repr__(self) -> str:
        return f"{self.__class__.__name__}(seed={self.seed}, pos={self.pos})"


# --- keyed streams: fresh chance for determinizations, with no generator to seed -----------

RATE = 21  # 64-bit words in one round of SHAKE-128's sponge (168 bytes)
_MANTISSA = bytes(0xF0 | (v & 0x0F) for v in range(256))  # byte 6 of a double in [1, 2)


class KeyedRng(Rng):
    """A stream of floats in [0, 1) that is a pure function of its seed, cheap to start.

    Determinization needs a fresh, reproducible stream for every call (same seed, same
    stream), independent of the game's own; seeding a Mersenne Twister costs more than the
    rest of a determinization. Here the stream is the output of SHAKE-128 (an extendable-
    output hash, from hashlib) of the seed, read as 64-bit words: each word's low 52 bits
    become a double in [1, 2) by setting its sign and exponent bits, with no arithmetic per
    number. `random()` subtracts 1; `keys()`, what `shuffle` sorts by, keeps the doubles in
    [1, 2) (the same order, and floats sort fast).

    Numbers are made when first read, in whole rounds of the sponge; reading past them makes
    the output again, half as long again at least (a shorter output of an extendable-output
    hash is a prefix of a longer one), so the stream does not depend on how it is read.
    Copies share the numbers made and keep their own position, as with Rng.
    """

    __slots__ = ("_key",)

    def __init__(self, seed: int, pos: int = 0) -> None:
        self.seed = seed
        self.pos = pos
        self._key = b"ratking determinize %d" % seed
        self._draw = None
        self._buf = []  # the stream's numbers plus 1

    def random(self) -> float:
        pos = self.pos
        self.pos = pos + 1
        try:
            return self._buf[pos] - 1.0
        except IndexError:
            return self._grow(pos) - 1.0

    def randoms(self, n: int) -> list[float]:
        return [x - 1.0 for x in self.keys(n)]

    # The next n numbers, each plus 1: sort keys in the stream's order (the buffer's slice).
    keys = Rng.randoms

    def _grow(self, pos: int) -> float:
        buf = self._buf
        have = len(buf)
        size = -(-max(pos + 1, have + (have >> 1)) // RATE) * RATE
        new = size - have
        raw = bytearray(hashlib.shake_128(self._key).digest(size * 8)[have * 8:])
        raw[6::8] = raw[6::8].translate(_MANTISSA)
        raw[7::8] = b"\x3f" * new
        buf += struct.unpack(f"<{new}d", raw)
        return buf[pos]

    def copy(self) -> KeyedRng:
        new = KeyedRng.__new__(KeyedRng)
        new.seed = self.seed
        new.pos = self.pos
        new._key = self._key
        new._draw = None
        new._buf = self._buf
        return new


def new_rng(seed: int | None) -> Rng:
    """A game generator: the same seed gives the same numbers on every platform."""
    return Rng(new_seed() if seed is None else seed)


def shuffle(rng: Rng | random.Random, items: list, *more: list) -> None:
    """Shuffle `items` in place, uniformly, from `rng` (faster than random.shuffle); and
    each list in `more` after it, independently, as if by one call each.

    Sorts by one random key per item (`rng.keys`, drawn for all the lists at once): a
    uniform permutation whenever the keys differ, and a tie between random 52- or 53-bit
    floats is vanishingly rare (and still reproducible).
    """
    n = len(items)
    total = n + sum(map(len, more)) if more else n
    if isinstance(rng, Rng):
        keys = rng.keys(total)
    else:
        rand = rng.random
        keys = [rand() for _ in range(total)]
    if more:
        start = 0
        for lst in (items, *more):
            end = start + len(lst)
            part = keys[start:end]
            lst[:] = map(lst.__getitem__, sorted(range(end - start), key=part.__getitem__))
            start = end
    else:
        items[:] = map(items.__getitem__, sorted(range(n), key=keys.__getitem__))


KEYED = "keyed"  # the third item of a saved KeyedRng


def dump_rng(rng: Rng) -> list[Any]:
    """[seed, position] for a game's generator; [seed, position, "keyed"] for a KeyedRng."""
    return [rng.seed, rng.pos, KEYED] if isinstance(rng, KeyedRng) else [rng.seed, rng.pos]


def load_rng(data: Any) -> Rng:
    keyed = isinstance(data, list) and len(data) == 3 and data[2] == KEYED
    if keyed:
        data = data[:2]
    if (not isinstance(data, list) or len(data) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in data)
            or data[1] < 0 or (data[0] < 0 and not keyed)):
        raise RecordError("state 'rng' must be [seed, position], two whole numbers (and "
                          f"{KEYED!r} for a determinized state's generator)")
    return KeyedRng(data[0], data[1]) if keyed else Rng(data[0], data[1])


def derive_seed(seed: int, index: int) -> int:
    """The seed of the index-th game of a batch started from `seed` (independent streams)."""
    return random.Random(f"ratking:{seed}:{index}").getrandbits(63)
