"""Trail: the shared, append-only history and log. Forks behave like independent lists."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratking.core.trail import Trail

# A script of operations on a family of trails: ("append", which, value) or ("fork", which).
ops = st.lists(st.one_of(st.tuples(st.just("append"), st.integers(0, 50), st.integers()),
                         st.tuples(st.just("fork"), st.integers(0, 50))), max_size=120)


@settings(max_examples=300, deadline=None)
@given(start=st.lists(st.integers(), max_size=8), script=ops)
def test_forks_behave_like_copied_lists(start, script):
    trails, lists = [Trail(start)], [list(start)]
    for op in script:
        i = op[1] % len(trails)
        if op[0] == "append":
            trails[i].append(op[2])
            lists[i].append(op[2])
        else:
            trails.append(trails[i].fork())
            lists.append(lists[i][:])
    for trail, plain in zip(trails, lists, strict=True):
        assert len(trail) == len(plain)
        assert list(trail) == plain and trail == plain and trail.to_list() == plain
        for k in range(-len(plain), len(plain)):
            assert trail[k] == plain[k]
        for k in range(-3, len(plain) + 3):
            assert trail.since(k) == plain[max(0, len(plain) + k) if k < 0 else k:]
            assert trail[k:] == plain[k:]
        assert trail[1:-1] == plain[1:-1] and trail[::2] == plain[::2]


def test_fork_shares_the_past_and_keeps_the_futures_apart():
    a = Trail([1, 2])
    b = a.fork()
    a.append(3)
    b.append(4)
    c = b.fork()
    c.append(5)
    b.append(6)
    assert a == [1, 2, 3] and b == [1, 2, 4, 6] and c == [1, 2, 4, 5]
    assert a != b and Trail([1, 2, 3]) == a


def test_out_of_range_and_comparisons():
    t = Trail([1])
    with pytest.raises(IndexError):
        t[1]
    with pytest.raises(IndexError):
        t[-2]
    assert (t == (1,)) is False  # like a list: a tuple is not equal
    with pytest.raises(TypeError):
        hash(t)


def test_a_trail_pickles_flat():
    t = Trail([1])
    for i in range(2, 500):
        t = t.fork()
        t.append(i)
    back = pickle.loads(pickle.dumps(t))
    assert back == list(range(1, 500)) and back._frame is None
