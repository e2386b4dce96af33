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


def to_native(core: Any, rng: Rng) -> Any:
    """The compiled twin of `rng` (an Rng or a KeyedRng), at the same position."""
    return core.Rng(seed_words(rng.seed), str(rng.seed), rng.pos, isinstance(rng, KeyedRng))


def dump(native: Any) -> list[Any]:
    """A compiled generator as core/rng.py's dump_rng writes it."""
    seed = int(native.seed_text)
    return [seed, native.pos, "keyed"] if native.keyed else [seed, native.pos]


def mask_words(mask: int) -> list[int]:
    """A card bitmask as the compiled core's four 64-bit words."""
    if mask < 0 or mask >> 256:
        raise ValueError("a card mask must be a whole number below 2**256")
    return [(mask >> (64 * i)) & 0xFFFFFFFFFFFFFFFF for i in range(4)]


def words_mask(words: list[int]) -> int:
    return sum(w << (64 * i) for i, w in enumerate(words))
