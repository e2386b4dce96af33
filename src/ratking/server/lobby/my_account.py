"""What a person can do with their own account: change its password (which signs out every
other session), see its sessions and sign out everywhere, and delete it. Ending a session
closes the sockets opened with it, on every process (people/sessions.py). A deleted account's games
stay: its seats are named "former player" and no longer point to anyone."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response
from pydantic import BaseModel, Field

from ..names import FORMER_PLAYER
from ..people.passwords import MAX_PASSWORD, BadPassword, check_password
from .accounts import COOKIE, Account, checked, hashing_of, require, rooms_of

router = APIRouter()


class NewPassword(BaseModel):
    password: str = Field(max_length=MAX_PASSWORD * 4)  # the one in use
    new_password: str = Field(max_length=MAX_PASSWORD * 4)


class Password(BaseModel):
    password: str = Field(max_length=MAX_PASSWORD * 4)


async def _confirmed(request: Request, account: Account, password: str) -> None:
    """401 unless `password` is the account's (a failure counts as a sign-in's does)."""
    if await checked(request, account.name, password) is None:
        raise HTTPException(401, "wrong password")


async def _close(request: Request, hashes: list[str]) -> None:
    await request.app.state.sessions.close(hashes)  # the other processes close theirs too


def _signed_out(response: Response) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")


@router.put("/api/me/password")
async def change_password(request: Request, body: NewPassword) -> dict[str, Any]:
    """A new password, given the one in use (401 if wrong, 422 if the new one will not do):
    every other session ends, this one goes on."""
    account = await require(request)
    try:
        new = check_password(body.new_password)
    except BadPassword as exc:
        raise HTTPException(422, f"new_password: {exc}") from None
    await _confirmed(request, account, body.password)
    hashed = await hashing_of(request).hash(new)
    rooms = rooms_of(request)
    ended = await rooms.run(rooms.storage.people.end_sessions, account.id, account.session,
                            hashed)
    await _close(request, ended)
    return {"changed": True, "sessions_ended": len(ended)}


@router.get("/api/me/sessions")
async def sessions(request: Request) -> dict[str, Any]:
    """The account's live sessions, newest first: when each began and ends, and which is
    this one (`id` is a short tag of the session, never its cookie)."""
    account = await require(request)
    rooms = rooms_of(request)
    rows = await rooms.run(rooms.storage.people.sessions_of, account.id)
    return {"sessions": [{"id": row.id[:12], "created": row.created_at.isoformat(),
                          "expires": row.expires_at.isoformat(),
                          "current": row.id == account.session} for row in rows]}


@router.delete("/api/me/sessions")
async def sign_out_everywhere(request: Request, response: Response) -> dict[str, Any]:
    """End every session of the account, this one too, and close their sockets."""
    account = await require(request)
    rooms = rooms_of(request)
    ended = await rooms.run(rooms.storage.people.end_sessions, account.id)
    await _close(request, ended)
    _signed_out(response)
    return {"signed_in": False, "sessions_ended": len(ended)}


@router.delete("/api/me")
async def delete_account(request: Request, response: Response, body: Password
                         ) -> dict[str, Any]:
    """Delete the account, given its password (401 if wrong): its sessions end, its
    ratings go, and its seats at every table are named "former player"."""
    account = await require(request)
    await _confirmed(request, account, body.password)
    rooms = rooms_of(request)
    ended, tables = await rooms.run(rooms.storage.people.delete_account, account.id,
                                    FORMER_PLAYER)
    await _close(request, ended)
    for table_id in tables:  # a room in this process's memory takes its new seats
        room = rooms.rooms.get(table_id)
        if room is not None:
            await room.heard_seats()
    _signed_out(response)
    return {"deleted": True}

