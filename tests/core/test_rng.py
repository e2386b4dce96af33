"""The game generator: reproducible, cheap to copy, copies independent."""

import random

from ratking.core.rng import BLOCK, Rng, derive_seed, shuffle


def draws(rng, n):
    return [rng.random() for _ in range(n)]


def test_same_seed_same_stream_as_mersenne_twister():
    reference = random.Random(99)
    assert draws(Rng(99), 3 * BLOCK + 5) == [reference.random() for _ in range(3 * BLOCK + 5)]


def test_a_copy_reads_the_same_future_independently():
    rng = Rng(7)
    draws(rng, 10)
    twin = rng.copy()
    ahead = draws(twin, 2 * BLOCK)  # the copy runs past the drawn block
    assert draws(rng, 2 * BLOCK) == ahead  # the original still meets the same numbers
    assert rng.pos == twin.pos == 10 + 2 * BLOCK


def test_a_position_restores_the_stream():
    rng = Rng(5)
    draws(rng, 70)
    restored = Rng(rng.seed, rng.pos)
    assert draws(restored, 20) == draws(rng, 20)


def test_shuffle_is_a_reproducible_permutation():
    a, b = list(range(45)), list(range(45))
    shuffle(Rng(3), a)
    shuffle(Rng(3), b)
    assert a == b and sorted(a) == list(range(45)) and a != list(range(45))


def test_shuffle_is_uniform_enough():
    # each of the 6 orders of 3 items comes up about equally often
    counts = {}
    rng = Rng(1)
    for _ in range(6000):
        items = [0, 1, 2]
        shuffle(rng, items)
        counts[tuple(items)] = counts.get(tuple(items), 0) + 1
    assert len(counts) == 6 and all(850 < c < 1150 for c in counts.values())


def test_derived_seeds_differ_and_repeat():
    assert derive_seed(1, 0) == derive_seed(1, 0)
    assert len({derive_seed(1, i) for i in range(1000)}) == 1000
    assert derive_seed(1, 0) != derive_seed(2, 0)


def test_bulk_draws_continue_the_same_stream():
    one, bulk = Rng(11), Rng(11)
    assert draws(one, 3) == bulk.randoms(3)
    assert draws(one, BLOCK + 7) == bulk.randoms(BLOCK + 7)  # across a block edge
    assert one.pos == bulk.pos and one.random() == bulk.random()
