"""The game generator: reproducible, cheap to copy, copies independent."""

import random

import pytest

from ratking.core.errors import RecordError
from ratking.core.rng import BLOCK, KeyedRng, Rng, derive_seed, dump_rng, load_rng, shuffle


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


# --- KeyedRng: the determinization stream ------------------------------------------------


def test_a_keyed_stream_is_a_function_of_its_seed_however_it_is_read():
    one = draws(KeyedRng(42), 500)
    bulk = KeyedRng(42)
    mixed = bulk.randoms(3) + draws(bulk, 100) + bulk.randoms(397)  # across blocks
    assert one == mixed and all(0.0 <= x < 1.0 for x in one)
    words = KeyedRng(42).keys(500)  # the raw 64-bit words the numbers are made from
    assert [(w >> 11) * 2.0**-53 for w in words] == one and all(0 <= w < 2**64 for w in words)
    indexes = KeyedRng(42)
    assert [indexes.randrange(10) for _ in range(500)] == [w % 10 for w in words]
    assert draws(KeyedRng(43), 50) != one[:50] and draws(KeyedRng(-42), 50) != one[:50]


def test_a_keyed_stream_is_not_the_games_stream():
    assert draws(KeyedRng(7), 20) != draws(Rng(7), 20)


def test_keyed_copies_read_the_same_future_independently():
    rng = KeyedRng(5)
    draws(rng, 10)
    twin = rng.copy()
    ahead = draws(twin, 300)
    assert draws(rng, 300) == ahead and isinstance(twin, KeyedRng)


def test_keyed_streams_save_and_load_at_their_position():
    rng = KeyedRng(-9)
    draws(rng, 33)
    back = load_rng(dump_rng(rng))
    assert isinstance(back, KeyedRng) and draws(back, 40) == draws(rng, 40)
    assert type(load_rng(dump_rng(Rng(3)))) is Rng


@pytest.mark.parametrize("bad", [[1, -1, "keyed"], [1, 2, "other"], [-1, 2], [1.5, 2, "keyed"]])
def test_malformed_saved_generators_are_refused(bad):
    with pytest.raises(RecordError):
        load_rng(bad)


def test_keyed_numbers_look_uniform():
    xs = KeyedRng(1).randoms(60_000)
    counts = [0] * 10
    for x in xs:
        counts[int(x * 10)] += 1
    assert all(5_600 < c < 6_400 for c in counts)
    assert len(set(xs)) == len(xs)


@pytest.mark.parametrize("make", [Rng, KeyedRng])
def test_shuffling_several_lists_at_once_is_one_shuffle_each(make):
    a, b, c = list(range(30)), list(range(12)), list(range(5))
    shuffle(make(8), a, b, c)
    x, y, z = list(range(30)), list(range(12)), list(range(5))
    rng = make(8)
    shuffle(rng, x)
    shuffle(rng, y)
    shuffle(rng, z)
    assert (a, b, c) == (x, y, z) and a != list(range(30))


@pytest.mark.parametrize("make", [Rng, KeyedRng])
def test_the_random_methods_a_redeal_may_use(make):
    rng = make(4)
    items = list(range(20))
    rng.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    assert {rng.randrange(3) for _ in range(200)} == {0, 1, 2}
    assert {rng.choice("abc") for _ in range(200)} == set("abc")


# --- deal: k cards of a pool, as a shuffle would --------------------------------------------


@pytest.mark.parametrize("make", [Rng, KeyedRng])
def test_a_deal_takes_k_distinct_cards_and_leaves_the_rest_in_order(make):
    pool = list(range(40))
    dealt = make(3).deal(pool, 9)
    assert len(dealt) == 9 and len(set(dealt)) == 9
    assert sorted(dealt + pool) == list(range(40)) and pool == sorted(pool)
    again = list(range(40))
    assert make(3).deal(again, 9) == dealt and again == pool  # reproducible
    rng = make(3)
    rng.deal(list(range(40)), 9)
    assert rng.pos == 9  # one number a card


@pytest.mark.parametrize("make", [Rng, KeyedRng])
def test_a_deal_is_uniform_over_ordered_picks(make):
    # dealing 2 of 4 cards: each of the 12 ordered pairs about equally often, and the first
    # card dealt is each card about equally often whatever the position in the stream
    counts = {}
    rng = make(11)
    for _ in range(12_000):
        pair = tuple(rng.deal([0, 1, 2, 3], 2))
        counts[pair] = counts.get(pair, 0) + 1
    assert len(counts) == 12 and all(850 < c < 1150 for c in counts.values())
