"""Accounts (optional): sign up, sign in and out with a name and a password, the session
cookie, and who is signed in on a request or a websocket.

Passwords are hashed with argon2 off the event loop, on a bounded queue (`people/passwords.py`). A
session is a random value in an HttpOnly, SameSite=Lax cookie; the database keeps only its
SHA-256. A sign-in try is counted as a failure in the database before its password is
checked, per account, per client and per both, and guessers wait growing delays
(`storage/throttle.py`), whichever server process they reach."""

from __future__ import annotations

import hashlib
import math
import secrets
import time
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response
from pydantic import BaseModel, Field
from starlette.requests import HTTPConnection

from ..names import FORMER_PLAYER, BadName, check_name, look_alike
from ..people import quotas
from ..people.clients import client_of
from ..people.passwords import MAX_PASSWORD, BadPassword, Hashing, check_password, normal
from ..rooms import Refused, Rooms
from ..storage.people import AccountRow, NameTaken
from ..storage.tables import now
from .origin import same_origin

router = APIRouter()

COOKIE = "ratking_session"
SESSION_DAYS = 30


@dataclass(frozen=True)
class Account:
    """A signed-in person."""

    id: int
    name: str
    session: str = ""  # the hash of the session it was seen with


class Credentials(BaseModel):
    name: str = Field(max_length=200)
    password: str = Field(max_length=MAX_PASSWORD * 4)  # NFC may shorten it


def name_key(name: str) -> str:
    """What makes two names the same account's: case and width aside."""
    return name.casefold()


def session_hash(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def rooms_of(conn: HTTPConnection) -> Rooms:
    return conn.app.state.rooms


def hashing_of(conn: HTTPConnection) -> Hashing:
    return conn.app.state.hashing


async def signed_in(conn: HTTPConnection) -> Account | None:
    """The account whose session cookie `conn` (a request or a websocket upgrade) carries,
    if the session is live. A websocket from another site's page counts as a guest."""
    value = conn.cookies.get(COOKIE)
    if not value or len(value) > 100:
        return None
    if conn.scope["type"] == "websocket" and not same_origin(conn.headers, conn.url):
        return None
    rooms = rooms_of(conn)
    row = await rooms.run(rooms.storage.people.session_account, session_hash(value))
    return Account(row.id, row.name, session_hash(value)) if row is not None else None


async def require(request: Request) -> Account:
    account = await signed_in(request)
    if account is None:
        raise HTTPException(401, "not signed in")
    return account


async def _start_session(request: Request, response: Response, row: AccountRow) -> None:
    value = secrets.token_urlsafe(32)
    rooms = rooms_of(request)
    await rooms.run(rooms.storage.people.add_session, session_hash(value), row.id,
                    now() + timedelta(days=SESSION_DAYS))
    response.set_cookie(COOKIE, value, max_age=SESSION_DAYS * 86400, path="/", httponly=True,
                        samesite="lax", secure=request.url.scheme == "https")


@router.post("/api/accounts", status_code=201)
async def sign_up(request: Request, response: Response, body: Credentials) -> dict[str, Any]:
    """A new account, signed in at once (201 and the cookie), and whether it is `rated`
    (only the first account made from an address within `rated_account_window` is); 409 if
    the name is taken."""
    try:
        name = check_name(body.name)
        password = check_password(body.password)
    except BadName as exc:
        raise HTTPException(422, f"name: {exc}") from None
    except BadPassword as exc:
        raise HTTPException(422, f"password: {exc}") from None
    if look_alike(name) == look_alike(FORMER_PLAYER):
        raise HTTPException(409, f"the name {name!r} is kept for deleted accounts' seats")
    rooms = rooms_of(request)
    hashing = hashing_of(request)
    hashing.ready()  # refused if busy, before the quota is spent
    limit, window = quotas.SIGN_UPS
    if not await quotas.spend(rooms, "sign-up", None, client_of(request), limit, window):
        raise Refused(429, "too many new accounts from this client: try in an hour",
                      retry_after=int(window))
    people = rooms.storage.people
    try:
        if await rooms.run(people.name_taken, name_key(name), look_alike(name)):
            raise NameTaken(name)  # no password hashed for nothing
        hashed = await hashing.hash(password)
        row = await rooms.run(people.create_account, name, name_key(name), look_alike(name),
                              hashed, client_of(request),  # which looks again, under a lock
                              rooms.settings.rated_account_window)
    except NameTaken:
        raise HTTPException(409, f"the name {name!r} is taken, or one that looks like "
                                 "it") from None
    await _start_session(request, response, row)
    answer: dict[str, Any] = {"id": row.id, "name": row.name, "rated": row.counts}
    if not row.counts:
        hours = rooms.settings.rated_account_window / 3600
        answer["unrated_because"] = ("another account was made from this address in the "
                                     f"last {hours:g} hours: only the first one is rated")
    return answer


def _throttle_keys(name: str, client: str | None) -> tuple[str, str, str]:
    """The keys a sign-in try at `name` from `client` is counted under: the account's, the
    client's, and the two together's."""
    account = session_hash(name)[:40]
    return (f"account:{account}", f"client:{client}",
            f"pair:{session_hash(f'{account} {client}')[:40]}")


async def checked(request: Request, name: str, password: str) -> AccountRow | None:
    """The account called `name` if `password` is its own, else None (the failure counted
    against the account and the client); Refused 429 (with Retry-After) while this client
    must wait after failing, 503 while the server is busy checking passwords."""
    rooms = rooms_of(request)
    hashing = hashing_of(request)
    people = rooms.storage.people
    key = name_key(" ".join(normal(name).split()))
    by_account, by_client, pair = _throttle_keys(key, client_of(request))
    hashing.ready()  # refused if busy, before the try is counted
    reserved, pause = await rooms.run(people.reserve_sign_in, by_account, by_client, pair,
                                      time.time())
    if not reserved:
        raise Refused(429, "too many failed sign-ins: wait before trying again",
                      retry_after=max(1, math.ceil(pause)))
    try:
        row = await rooms.run(people.account_by_key, key)
        good = await hashing.verify(row.password if row else None, normal(password))
    except BaseException:
        await rooms.run(people.release_sign_in, reserved)  # never checked: not a failure
        raise
    if not good or row is None:
        return None
    await rooms.run(people.release_sign_in, reserved, pair)
    rehashed = await hashing.rehashed(row.password, normal(password))
    if rehashed is not None:
        await rooms.run(people.set_password, row.id, rehashed)
    return row


@router.post("/api/session")
async def sign_in(request: Request, response: Response, body: Credentials) -> dict[str, Any]:
    """Sign in (200 and the cookie); 401 for a wrong name or password, 429 (with
    Retry-After) while this client must wait after failing, 503 while the server is busy
    checking passwords."""
    row = await checked(request, body.name, body.password)
    if row is None:
        raise HTTPException(401, "wrong name or password")
    await _start_session(request, response, row)
    return {"id": row.id, "name": row.name}


@router.delete("/api/session")
async def sign_out(request: Request, response: Response) -> dict[str, Any]:
    """Sign out: the session ends on the server and the cookie is cleared."""
    value = request.cookies.get(COOKIE)
    if value:
        rooms = rooms_of(request)
        await rooms.run(rooms.storage.people.drop_session, session_hash(value))
        await request.app.state.sessions.close([session_hash(value)])  # the other processes
        # close theirs as they hear of it
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
    return {"signed_in": False}
