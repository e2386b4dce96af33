"""Seeded generators. All of a game's chance comes from its state's own generator."""

from __future__ import annotations

import random
import secrets
import sys
from array import array
from collections.abc import Sequence
from hashlib import blake2b
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

    def deal(self, pool: list, k: int) -> list:
        """Take k items from `pool` uniformly at random, without replacement, and return them
        in the order taken; `pool` keeps the others, in their order. Every k-permutation of
        the pool comes with equal chance, as if the whole pool were shuffled and its first k
        taken, for k numbers instead of one per item and no sort."""
        n = len(pool)
        return [pool.pop(int(x * m))
                for x, m in zip(self.randoms(k), range(n, n - k, -1), strict=True)]

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

UNIT = 2.0 ** -53  # a word's top 53 bits times this: a double in [0, 1)


class KeyedRng(Rng):
    """A stream of numbers that is a pure function of its seed, cheap to start.

    Determinization needs a fresh, reproducible stream for every call (same seed, same
    stream), independent of the game's own; seeding a Mersenne Twister costs more than the
    rest of a determinization. Here the stream is BLAKE2b (hashlib) in counter mode: block i
    is the hash of the seed and i, read as eight little-endian 64-bit words. A block is made
    when a number in it is first read (a determinization that deals a few cards makes one,
    at the cost of a few Python calls, and one that deals none makes none), and made the
    same however the stream is read. The words stay raw (an `array`): `random()` turns one
    into a double from its top 53 bits, `randrange(n)` and `deal` into `word % n` (biased by
    at most n / 2**64), and `keys()` (what `shuffle` sorts by) gives the words themselves.
    Copies share the words made (from the first number read on) and keep their own
    position, as with Rng.
    """

    __slots__ = ("_words",)

    def __init__(self, seed: int, pos: int = 0) -> None:
        self.seed = seed
        self.pos = pos
        self._words: Sequence[int] = ()  # an array("Q") once the first number is read

    # Reads check the length rather than catch IndexError: growing is frequent here (every
    # eighth number), and a caught exception costs several times a length check.
    def random(self) -> float:
        pos = self.pos
        self.pos = pos + 1
        words = self._words
        return ((words[pos] if pos < len(words) else self._grow(pos)) >> 11) * UNIT

    def randrange(self, n: int) -> int:
        """A whole number in [0, n), from one word (modulo n: for n far below 2**64)."""
        pos = self.pos
        self.pos = pos + 1
        words = self._words
        return (words[pos] if pos < len(words) else self._grow(pos)) % n

    def keys(self, n: int) -> list[int]:
        """The next n words: sort keys in the stream's order."""
        pos = self.pos
        end = self.pos = pos + n
        if end > len(self._words):
            self._grow(end - 1)
        return self._words[pos:end].tolist()

    def randoms(self, n: int) -> list[float]:
        return [(w >> 11) * UNIT for w in self.keys(n)]

    def deal(self, pool: list, k: int) -> list:
        pos = self.pos
        end = self.pos = pos + k
        words = self._words
        if end > len(words):
            self._grow(end - 1)
            words = self._words
        n = len(pool) + pos  # pool's size before the draw at `at` is n - at
        out = []
        for at in range(pos, end):  # a plain loop: k is small, and a comprehension costs a call
            out.append(pool.pop(words[at] % (n - at)))
        return out

    def _grow(self, pos: int) -> int:
        words = self._words
        have = len(words)
        seed = self.seed
        block, last = have >> 3, pos >> 3  # eight words a block
        raw = blake2b(b"ratking determinize %d:%d" % (seed, block)).digest()
        while block < last:
            block += 1
            raw += blake2b(b"ratking determinize %d:%d" % (seed, block)).digest()
        more = array("Q", raw)
        if BIG_ENDIAN:
            more.byteswap()
        if have:
            words.extend(more)  # in place: every copy made since sees the words made
        else:
            words = self._words = more
        return words[pos]

    def copy(self) -> KeyedRng:
        new = KeyedRng.__new__(KeyedRng)
        new.seed = self.seed
        new.pos = self.pos
        new._words = self._words
        return new


BIG_ENDIAN = sys.byteorder == "big"


def new_rng(seed: int | None) -> Rng:
    """A game generator: the same seed gives the same numbers on every platform."""
    return Rng(new_seed() if seed is None else seed)


def shuffle(rng: Rng | random.Random, items: list, *more: list) -> None:
    """Shuffle `items` in place, uniformly, from `rng` (faster than random.shuffle); and
    each list in `more` after it, independently, as if by one call each.

    Sorts by one random key per item (`rng.keys`, drawn for all the lists at once): a
    uniform permutation whenever the keys differ, and a tie between random 53-bit floats
    (an Rng) or 64-bit words (a KeyedRng) is vanishingly rare (and still reproducible).
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
