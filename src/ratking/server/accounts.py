"""Accounts (optional): sign up, sign in and out with a name and a password, the session
cookie, and who is signed in on a request or a websocket.

Passwords are hashed with argon2 (`argon2-cffi`), in a thread (a hash takes tens of
milliseconds by design). A session is a random value in an HttpOnly, SameSite=Lax cookie;
the database keeps only its SHA-256. Failed sign-ins are counted in the database per account
and per client, so a guesser is refused (429) whichever server process it reaches."""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, HTTPException, Request, Response
from pydantic import BaseModel, Field
from starlette.requests import HTTPConnection

from .clients import client_of
from .names import BadName, check_name
from .origin import same_origin
from .people_storage import AccountRow, NameTaken
from .rooms import Refused, Rooms
from .storage import now

router = APIRouter()

COOKIE = "ratking_session"
SESSION_DAYS = 30
MIN_PASSWORD = 8
MAX_PASSWORD = 200
# failed sign-ins allowed in WINDOW seconds: per account, and per client
WINDOW = 15 * 60
PER_ACCOUNT = 5
PER_CLIENT = 20
hasher = PasswordHasher()
# checked against when the name is unknown, so that a wrong name takes as long as a wrong
# password
_DUMMY = hasher.hash(secrets.token_hex(16))


@dataclass(frozen=True)
class Account:
    """A signed-in person."""

    id: int
    name: str


class Credentials(BaseModel):
    name: str = Field(max_length=200)
    password: str = Field(min_length=MIN_PASSWORD, max_length=MAX_PASSWORD)


def name_key(name: str) -> str:
    """What makes two names the same account's: case and width aside."""
    return name.casefold()


def session_hash(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def rooms_of(conn: HTTPConnection) -> Rooms:
    return conn.app.state.rooms


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
    return Account(row.id, row.name) if row is not None else None


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
    """A new account, signed in at once (201 and the cookie); 409 if the name is taken."""
    try:
        name = check_name(body.name)
    except BadName as exc:
        raise HTTPException(422, f"name: {exc}") from None
    rooms = rooms_of(request)
    if not rooms.quotas.take("sign-up", client_of(request), 10, 3600):
        raise Refused(429, "too many new accounts from this client: try in an hour",
                      retry_after=3600)
    hashed = await asyncio.to_thread(hasher.hash, body.password)
    try:
        row = await rooms.run(rooms.storage.people.create_account, name, name_key(name),
                              hashed)
    except NameTaken:
        raise HTTPException(409, f"the name {name!r} is taken") from None
    await _start_session(request, response, row)
    return {"id": row.id, "name": row.name}


@router.post("/api/session")
async def sign_in(request: Request, response: Response, body: Credentials) -> dict[str, Any]:
    """Sign in (200 and the cookie); 401 for a wrong name or password, 429 after too many."""
    rooms = rooms_of(request)
    people = rooms.storage.people
    key = name_key(" ".join(body.name.split()))
    by_account, by_client = f"account:{session_hash(key)[:40]}", f"client:{client_of(request)}"
    clock = time.time()
    counts = await rooms.run(people.failures, [by_account, by_client], clock - WINDOW)
    if counts[by_account] >= PER_ACCOUNT or counts[by_client] >= PER_CLIENT:
        raise Refused(429, "too many failed sign-ins: try again later", retry_after=WINDOW)
    row = await rooms.run(people.account_by_key, key)
    try:
        await asyncio.to_thread(hasher.verify, row.password if row else _DUMMY, body.password)
        good = row is not None
    except (VerificationError, InvalidHashError):
        good = False
    if not good:
        await rooms.run(people.failed, [by_account, by_client], clock, clock - WINDOW)
        raise HTTPException(401, "wrong name or password")
    await rooms.run(people.forget_failures, by_account)
    if hasher.check_needs_rehash(row.password):
        await rooms.run(people.set_password, row.id,
                        await asyncio.to_thread(hasher.hash, body.password))
    await _start_session(request, response, row)
    return {"id": row.id, "name": row.name}


@router.delete("/api/session")
async def sign_out(request: Request, response: Response) -> dict[str, Any]:
    """Sign out: the session ends on the server and the cookie is cleared."""
    value = request.cookies.get(COOKIE)
    if value:
        rooms = rooms_of(request)
        await rooms.run(rooms.storage.people.drop_session, session_hash(value))
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
    return {"signed_in": False}
