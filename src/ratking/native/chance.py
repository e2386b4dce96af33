"""core/rng.py's generators as the compiled core holds them, and back."""

from __future__ import annotations

from typing import Any

from ..core.rng import KeyedRng, Rng


def seed_words(seed: int) -> list[int]:
    """The 32-bit words CPython seeds random.Random(seed) with: |seed|, lowest word first."""
    n = abs(seed)
    words = []
    while n:
        words.append(n & 0xFFFFFFFF)
        n >>= 32
    return words or [0]


def make(core: Any, seed: int, pos: int, keyed: bool) -> Any:
    """A compiled generator: Rng(seed, pos), or KeyedRng(seed, pos) if `keyed`. The keyed
    stream hashes the seed's decimal digits; the other keeps the seed in hex (any size)."""
    return core.Rng(seed_words(seed), str(seed) if keyed else hex(seed), pos, keyed)


def to_native(core: Any, rng: Rng) -> Any:
    """The compiled twin of `rng` (an Rng or a KeyedRng), at the same position."""
    return make(core, rng.seed, rng.pos, isinstance(rng, KeyedRng))


def dump(native: Any) -> list[Any]:
    """A compiled generator as core/rng.py's dump_rng writes it."""
    seed = int(native.seed_text, 0)
    return [seed, native.pos, "keyed"] if native.keyed else [seed, native.pos]


def mask_words(mask: int) -> list[int]:
    """A card bitmask as the compiled core's four 64-bit words."""
    if mask < 0 or mask >> 256:
        raise ValueError("a card mask must be a whole number below 2**256")
    return [(mask >> (64 * i)) & 0xFFFFFFFFFFFFFFFF for i in range(4)]


def words_mask(words: list[int]) -> int:
    return sum(w << (64 * i) for i, w in enumerate(words))
