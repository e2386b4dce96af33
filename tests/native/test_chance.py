"""The compiled core's chance against core/rng.py: the same streams, number for number."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratking.core.rng import KeyedRng, Rng, dump_rng, shuffle
from ratking.native import load
from ratking.native.chance import dump, to_native

core = load()
pytestmark = pytest.mark.skipif(core is None, reason="the compiled core is not built")

# seeds of every size CPython seeds from (several 32-bit words) and of either sign; positions
# inside the first block, across block edges and far into the stream
SEEDS = st.one_of(st.integers(0, 2**63 - 1), st.integers(-(2**200), 2**200))
POSITIONS = st.one_of(st.integers(0, 70), st.integers(0, 5_000))
KINDS = st.sampled_from([Rng, KeyedRng])


def pair(kind: type, seed: int, pos: int):
    made = kind(seed, pos)
    return made, to_native(core, kind(seed, pos))


@settings(max_examples=60, deadline=None)
@given(KINDS, SEEDS, POSITIONS, st.lists(st.integers(1, 2**40), min_size=1, max_size=40))
def test_streams_match(kind, seed, pos, sizes):
    py, nat = pair(kind, seed, pos)
    for n in sizes:
        assert nat.random() == py.random()
        assert nat.randrange(n) == py.randrange(n)
        items = list(range(n % 50 + 1))
        assert nat.choice(items) == py.choice(items)
    assert nat.pos == py.pos


@settings(max_examples=60, deadline=None)
@given(KINDS, SEEDS, POSITIONS, st.lists(st.integers(0, 9), min_size=1, max_size=60),
       st.integers(0, 60))
def test_shuffle_and_deal_match(kind, seed, pos, items, k):
    py, nat = pair(kind, seed, pos)
    mine = items[:]
    shuffle(py, mine)  # many equal items: ties keep their order, as Python's stable sort does
    assert nat.shuffle(items) == mine
    k = min(k, len(items))
    pool = list(range(len(items)))
    taken, rest = nat.deal(pool, k)
    assert taken == py.deal(pool, k) and rest == pool
    assert nat.pos == py.pos


def test_the_first_numbers_are_random_random():
    # a fixed point of reference beside the properties: random.Random(0).random()
    nat = to_native(core, Rng(0))
    assert nat.random() == 0.8444218515250481


def test_a_bad_deal_is_refused():
    nat = to_native(core, Rng(1))
    with pytest.raises(ValueError, match="more items"):
        nat.deal([1, 2], 3)
    assert nat.pos == 0


def test_seeds_longer_than_the_twister_match():
    # CPython seeds from every 32-bit word of the seed, even more words than its 624 of state
    seed = 3**14_000 - 1
    py, nat = pair(Rng, seed, 0)
    assert [nat.random() for _ in range(200)] == [py.random() for _ in range(200)]
    assert dump(nat) == dump_rng(py)
