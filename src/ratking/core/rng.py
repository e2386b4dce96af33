"""Seeded generators. All of a game's chance comes from its state's own generator."""

from __future__ import annotations

import random
import secrets
from typing import Any

from .errors import RecordError


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
        return f"Rng(seed={self.seed}, pos={self.pos})"


def new_rng(seed: int | None) -> Rng:
    """A game generator: the same seed gives the same numbers on every platform."""
    return Rng(new_seed() if seed is None else seed)


def shuffle(rng: Rng | random.Random, items: list) -> None:
    """Shuffle `items` in place, uniformly, from `rng` (faster than random.shuffle).

    Sorts by one random key per item: a uniform permutation whenever the keys differ, and
    a tie between 53-bit floats is vanishingly rare (and still reproducible).
    """
    if isinstance(rng, Rng):
        keys = rng.randoms(len(items))
    else:
        rand = rng.random
        keys = [rand() for _ in items]
    order = sorted(range(len(items)), key=keys.__getitem__)
    items[:] = [items[i] for i in order]


def dump_rng(rng: Rng) -> list[int]:
    return [rng.seed, rng.pos]


def load_rng(data: Any) -> Rng:
    if (not isinstance(data, list) or len(data) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in data)):
        raise RecordError("state 'rng' must be [seed, position], two whole numbers")
    return Rng(data[0], data[1])


def derive_seed(seed: int, index: int) -> int:
    """The seed of the index-th game of a batch started from `seed` (independent streams)."""
    return random.Random(f"ratking:{seed}:{index}").getrandbits(63)
