"""Backends: the same seed gives the same games on the local pool (any number of workers) and
on Ray (a small local instance: two CPUs, no dashboard)."""

from __future__ import annotations

import pytest

from ratking.core import RatkingError
from ratking.sim import run_batch
from ratking.sim.backends import LocalBackend, make_backend, open_backend

GAME = "rat-a-tat-roll"
BOTS = ("heuristic", "random", "random")


def test_a_local_backend_can_be_reused_across_batches_and_matches_the_default():
    plain = run_batch(GAME, 3, BOTS, 20, seed=4)
    with open_backend("local", 2) as backend:
        first = run_batch(GAME, 3, BOTS, 20, seed=4, backend=backend)
        again = run_batch(GAME, 3, BOTS, 20, seed=4, backend=backend)
    assert first == again == plain
    assert backend._pool is None  # closed with the block


def test_run_batch_plays_every_game_through_the_backend_it_is_given():
    seen = []

    class Counting(LocalBackend):
        def run(self, fn, jobs, done):
            seen.extend(jobs)
            super().run(fn, jobs, done)

    results = run_batch(GAME, 3, BOTS, 13, seed=2, backend=Counting(1))
    assert sum(len(job[-1]) for job in seen) == 13
    assert [r.index for r in results] == list(range(13))


@pytest.mark.parametrize(("args", "phrase"), [
    (("cluster", 1, None), "no backend 'cluster'"),
    (("local", 0, None), "at least 1"),
    (("local", 1, "10.0.0.1:6379"), "--ray-address needs --backend ray"),
])
def test_bad_backends_are_refused(args, phrase):
    with pytest.raises(RatkingError, match=phrase):
        make_backend(*args)


def test_ray_gives_the_same_games_as_the_local_pool():
    pytest.importorskip("ray")
    local = run_batch(GAME, 3, BOTS, 12, seed=9, workers=2)
    with open_backend("ray", 2) as backend:
        import ray

        assert ray.is_initialized()
        assert ray.cluster_resources().get("CPU") == 2
        on_ray = run_batch(GAME, 3, BOTS, 12, seed=9, backend=backend)
        seen = []
        run_batch(GAME, 3, BOTS, 12, seed=9, backend=backend, progress=seen.append)
    assert on_ray == local
    assert sum(seen) == 12
    assert not ray.is_initialized()  # the instance this run started is stopped


def test_a_ray_address_where_nothing_answers_is_refused_at_once():
    pytest.importorskip("ray")
    import socket

    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(RatkingError, match=rf"--ray-address 127.0.0.1:{port}: nothing answers"):
        make_backend("ray", 1, f"127.0.0.1:{port}")


def test_a_ray_address_that_is_not_a_cluster_is_given_up_on(monkeypatch):
    # something listens but never speaks Ray: ray.init alone would wait for ever
    pytest.importorskip("ray")
    import socket

    from ratking.sim import backends

    monkeypatch.setattr(backends, "CONNECT_SECONDS", 3.0)
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        address = f"127.0.0.1:{silent.getsockname()[1]}"
        with pytest.raises(RatkingError, match="no Ray cluster answered within 3 s"):
            make_backend("ray", 1, address)
