"""Seeded generators. All of a game's chance comes from its state's own generator."""

from __future__ import annotations

import random
import secrets
from typing import Any

from .errors import RecordError


def new_seed() -> int:
    """A fresh seed from the operating system, for games started without one."""
    return secrets.randbits(63)


def new_rng(seed: int | None) -> random.Random:
    """A Mersenne Twister generator: reproducible for a given int seed on every platform."""
    return random.Random(new_seed() if seed is None else seed)


def shuffle(rng: random.Random, items: list) -> None:
    """Shuffle `items` in place, uniformly, from `rng` (faster than random.shuffle).

    Sorts by one random key per item: a uniform permutation whenever the keys differ, and
    a tie between 53-bit floats is vanishingly rare (and still reproducible).
    """
    rand = rng.random
    keys = [rand() for _ in items]
    order = sorted(range(len(items)), key=keys.__getitem__)
    items[:] = [items[i] for i in order]


def dump_rng(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def load_rng(data: Any) -> random.Random:
    try:
        version, internal, gauss = data
        rng = random.Random()
        rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError) as exc:
        raise RecordError(f"state 'rng' is not a saved generator state ({exc})") from None
    return rng


def derive_seed(seed: int, index: int) -> int:
    """The seed of the index-th game of a batch started from `seed` (independent streams)."""
    return random.Random(f"ratking:{seed}:{index}").getrandbits(63)
