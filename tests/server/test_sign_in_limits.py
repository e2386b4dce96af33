"""Sign-in limits, on SQLite and PostgreSQL: parallel guesses are counted before they are
checked (at most 5 at one account, 20 from one address), guessers wait growing delays while
the owner, from a client that has not failed, gets in, and password hashing is bounded
(refused with 503 past its queue, never stalling the event loop)."""

import asyncio
import os
import signal
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import update
from starlette.testclient import TestClient

from ratking.server.people import passwords
from ratking.server.rooms import Refused
from ratking.server.storage import throttle
from ratking.server.storage.people import FailureRow
from ratking.server.web.app import create_app

from .conftest import sign_up


@pytest.fixture
def proxied(db_url):
    """The app with the test client as a trusted proxy, so `X-Forwarded-For` names each
    request's address, and a hashing queue long enough to leave the counting to the limits."""
    app = create_app(db_url, bot_delay=0, forwarded_allow_ips="testclient", hash_queue=500)
    with TestClient(app) as client:
        yield client


@pytest.fixture
def checks(monkeypatch):
    """The passwords sent to argon2's processes to check, counted."""
    counted = []
    real = passwords.Hashing.verify

    async def counting(self, stored, password):
        counted.append(password)
        return await real(self, stored, password)

    monkeypatch.setattr(passwords.Hashing, "verify", counting)
    return counted


def sign_in(client, name, password, address="10.0.0.1"):
    return client.post("/api/session", json={"name": name, "password": password},
                       headers={"x-forwarded-for": address})


def parallel(count, call):
    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(call, range(count)))


def test_sixty_parallel_guesses_at_one_account_check_at_most_five(proxied, checks):
    sign_up(proxied, "Ann")
    checks.clear()
    answers = parallel(60, lambda _i: sign_in(proxied, "Ann", "guess guess"))
    codes = [a.status_code for a in answers]
    assert set(codes) <= {401, 429} and codes.count(401) == len(checks)
    assert 1 <= len(checks) <= throttle.PER_ACCOUNT, codes
    refused = [a for a in answers if a.status_code == 429]
    assert refused and all(int(a.headers["retry-after"]) >= 1 for a in refused)


def test_a_hundred_parallel_guesses_from_one_address_check_at_most_twenty(proxied, checks):
    answers = parallel(100, lambda i: sign_in(proxied, f"nobody{i}", "guess guess"))
    codes = [a.status_code for a in answers]
    assert set(codes) <= {401, 429} and codes.count(401) == len(checks)
    assert throttle.PER_ACCOUNT < len(checks) <= throttle.PER_CLIENT, codes


def later(client, seconds):
    """Move every failure noted `seconds` into the past, as if that long went by."""
    storage = client.app.state.rooms.storage
    with storage.engine.begin() as conn:
        conn.execute(update(FailureRow).values(at=FailureRow.at - seconds))


def test_guessers_wait_growing_delays_and_the_owner_still_gets_in(proxied):
    sign_up(proxied, "Ann")
    guesser = "10.0.0.66"
    for _ in range(throttle.PER_ACCOUNT):
        assert sign_in(proxied, "Ann", "guess guess", guesser).status_code == 401
    waited = sign_in(proxied, "Ann", "correct horse", guesser)
    assert waited.status_code == 429
    assert 1 <= int(waited.headers["retry-after"]) <= throttle.FIRST_DELAY
    # the owner, from an address that has not failed, is let in with the right password
    assert sign_in(proxied, "Ann", "correct horse", "10.0.0.2").status_code == 200
    # the guesser waits the first delay, then twice as long after the next failure
    later(proxied, throttle.FIRST_DELAY + 1)
    assert sign_in(proxied, "Ann", "guess guess", guesser).status_code == 401
    second = sign_in(proxied, "Ann", "guess guess", guesser)
    assert second.status_code == 429
    assert throttle.FIRST_DELAY < int(second.headers["retry-after"]) <= 2 * throttle.FIRST_DELAY
    # once the delay is over the right password works from the guesser's address too, and
    # it forgets that address's failures at the account (its own address's stay)
    later(proxied, 2 * throttle.FIRST_DELAY + 1)
    assert sign_in(proxied, "Ann", "correct horse", guesser).status_code == 200


def test_an_address_that_failed_at_many_names_waits_for_all_of_them(proxied):
    sign_up(proxied, "Bea")
    guesser = "10.0.0.77"
    for i in range(throttle.PER_CLIENT):
        assert sign_in(proxied, f"guess{i}", "guess guess", guesser).status_code == 401
    assert sign_in(proxied, "Bea", "correct horse", guesser).status_code == 429
    assert sign_in(proxied, "Bea", "correct horse", "10.0.0.3").status_code == 200


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 200), st.integers(0, 30), st.floats(0, 10_000),
       st.floats(0, 10_000))
def test_the_delays_grow_and_are_bounded(failures, free, last, clock):
    pause = throttle.wait(failures, last, free, clock)
    assert 0 <= pause <= throttle.MAX_DELAY
    if failures < free:
        assert pause == 0
    assert pause <= throttle.wait(failures + 1, last, free, clock)
    assert throttle.wait(failures, last, free, clock + 1) <= pause


def test_hashing_past_its_queue_is_refused_at_once():
    async def burst():
        hashing = passwords.Hashing(workers=1, queue=2)
        stored = passwords.hasher.hash("correct horse")
        try:
            results = await asyncio.gather(
                *(hashing.verify(stored, "correct horse") for _ in range(5)),
                return_exceptions=True)
        finally:
            hashing.close()
        return results

    results = asyncio.run(burst())
    assert results[:2] == [True, True]
    for refused in results[2:]:
        assert isinstance(refused, Refused) and refused.status == 503
        assert refused.retry_after >= 1


def test_passwords_are_hashed_in_a_process_of_their_own_at_a_low_priority():
    async def look():
        hashing = passwords.Hashing(workers=1, queue=4, nice=7)
        try:
            pid = await hashing.worker_pid()
            hashed = await hashing.hash("correct horse")
            checks = [await hashing.verify(hashed, "correct horse"),
                      await hashing.verify(hashed, "wrong horse"),
                      await hashing.verify(None, "x" * 8)]
            return pid, os.getpriority(os.PRIO_PROCESS, pid), hashed, *checks
        finally:
            hashing.close()

    before = os.getpriority(os.PRIO_PROCESS, 0)
    pid, nice, hashed, right, wrong, nobody = asyncio.run(look())
    assert pid != os.getpid() and hashed.startswith("$argon2")
    assert (right, wrong, nobody) == (True, False, False)
    # the hasher stepped back (7 more, at most 19); the server's process kept its priority
    assert nice == min(19, before + 7) and os.getpriority(os.PRIO_PROCESS, 0) == before


def test_a_killed_hashing_process_is_replaced():
    async def kill_and_hash():
        hashing = passwords.Hashing(workers=1, queue=4)
        try:
            os.kill(await hashing.worker_pid(), signal.SIGKILL)
            await asyncio.sleep(0.5)
            return await hashing.hash("correct horse")
        finally:
            hashing.close()

    assert asyncio.run(kill_and_hash()).startswith("$argon2")


def test_a_busy_sign_in_gets_503_in_json_with_retry_after(db_url):
    app = create_app(db_url, bot_delay=0, hash_queue=1)
    with TestClient(app) as client:
        sign_up(client, "Ann")
        app.state.hashing.pending = 1  # as if a hash were running
        answer = sign_in(client, "Ann", "correct horse battery")
        app.state.hashing.pending = 0
    assert answer.status_code == 503 and answer.headers["retry-after"] == "2"
    assert answer.json() == {"error": "the server is busy checking passwords: try again in "
                                      "a moment"}


def test_guesses_spread_over_two_processes_are_counted_once(postgres, checks):
    # two apps on one PostgreSQL, as two server processes are: their tries share the counts
    apps = [create_app(postgres, bot_delay=0, forwarded_allow_ips="testclient", hash_queue=500)
            for _ in range(2)]
    with TestClient(apps[0]) as one, TestClient(apps[1]) as two:
        sign_up(one, "Ann")
        checks.clear()
        answers = parallel(40, lambda i: sign_in((one, two)[i % 2], "Ann", "guess guess"))
    codes = [a.status_code for a in answers]
    assert set(codes) <= {401, 429} and 1 <= len(checks) <= throttle.PER_ACCOUNT, codes
