"""The lobby's side of the tables: which are listed, bot levels, taking an open seat, seats a
person has taken, and rematches (same seats, rules and bots, a new seed)."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from pydantic import BaseModel, Field

from ...bots import make_bot
from ...core import RatkingError
from ...core.rng import new_seed
from ..names import BadName, check_name
from ..people import quotas
from ..people.clients import client_of, quota_key
from ..rooms import HUMAN, Connection, Refused, Room, Rooms, stored_summary, token_hash
from ..storage.tables import TableRow, now
from .accounts import Account, rooms_of, signed_in
from .guest_names import LooksTaken, check_guest_name, people_at

router = APIRouter()

# the levels a bot seat offers in the lobby, weakest first: (level, bot spec, what it is)
LEVELS = (
    ("random", "random", "Random: any legal move"),
    ("easy", "easy", "Easy"),
    ("normal", "heuristic", "Normal: plays by rules of thumb"),
    ("hard", "hard", "Hard: searches ahead"),
    ("expert", "expert", "Expert: searches longer"),
    ("neural", "neural", "Neural: a learned policy"),
)
FINISHED_LISTED = 12


def levels() -> list[dict[str, str]]:
    """The levels this server's bots offer (a level whose bot is not built yet is left out)."""
    out = []
    for level, spec, label in LEVELS:
        try:
            make_bot(spec, 0)
        except RatkingError:
            continue
        out.append({"level": level, "spec": spec, "label": label})
    return out


async def room_or_404(request: Request, table_id: str) -> Room:
    room = await rooms_of(request).get(table_id)
    if room is None:
        raise HTTPException(404, f"no table {table_id!r}")
    return room


async def listing(rooms: Rooms) -> dict[str, Any]:
    """Live tables (public, being played, not abandoned), and the public tables that ended
    last (their replays). A table in memory tells of itself; the others are told from their
    stored rows, without loading their games."""

    def told(row: TableRow) -> dict[str, Any] | None:
        room = rooms.rooms.get(row.id)
        try:
            return room.summary() if room is not None else stored_summary(row)
        except RatkingError:  # a game this server no longer has
            return None

    live = [t for t in map(told, await rooms.run(rooms.storage.listed, "playing"))
            if t is not None and t["status"] == "playing" and not t["abandoned"]]
    ended = [t for t in map(told, await rooms.run(rooms.storage.listed, "over",
                                                  FINISHED_LISTED)) if t is not None]
    return {"tables": live, "finished": ended}


def person(conn: Connection | None, account: Account | None, name: str | None,
           seat: dict[str, Any]) -> dict[str, Any]:
    """What a seat taken (or reopened) by a person records of them: their account and its
    name if they are signed in and the seat has no account yet, else the name a guest gives
    as they first take it, or later if the seat has none yet (an invitee named at the
    table)."""
    if account is not None and seat.get("account") is None:
        return {"account": account.id, "name": account.name}
    if account is None and name is not None and (not seat.get("claimed") or "name" not in seat):
        return {"name": name}
    return {}


def conn_account(conn: Connection) -> Account | None:
    if conn.account_id is None:
        return None
    return Account(conn.account_id, conn.account_name or "")


async def claim(room: Room, conn: Connection) -> None:
    """A person has come to the table with tokens (`conn.tokens`) or signed in: the seats
    they open are taken (the creator's invite panel stops offering them, the lobby stops
    listing them as open), with their name, and their account if they are signed in (which
    then reopens the seat on any device). Decided on the stored seats, row locked, so a seat
    another process has just given to someone else (a new token) is not taken, and the
    connection loses it."""
    account = conn_account(conn)
    if not any(person(conn, account, conn.name, room.row.seats[i])
               or not room.row.seats[i].get("claimed") for i in conn.seats):
        return  # nothing to record: nothing to ask the database

    def take(seats: list[dict[str, Any]], _status: str) -> list[dict[str, Any]] | None:
        mine = [s["kind"] == HUMAN and (s.get("token") in conn.tokens or (
                    account is not None and s.get("account") == account.id)) for s in seats]
        out = [dict(s, claimed=True, **person(conn, account, conn.name, s)) if held else s
               for s, held in zip(seats, mine, strict=True)]
        return out if out != seats else None

    async with room.lock:
        stored = await room.rooms.run(room.rooms.storage.update_seats, room.id, take)
        if stored is not None:
            room.set_seats(stored[0])
        if room.ratings_due:  # an account took a seat: its rating shows beside its name
            await room.refresh_ratings()


class Join(BaseModel):
    seat: int = Field(ge=0, le=11)
    name: str | None = Field(default=None, max_length=200)  # a guest's name


@router.get("/api/bots")
async def bots() -> dict[str, Any]:
    return {"levels": levels()}


@router.post("/api/tables/{table_id}/join")
async def join(request: Request, table_id: str, body: Join) -> dict[str, Any]:
    """Take a person's seat nobody has taken, at a table whose creator opened its seats. The
    seat gets a new token (an invite link sent for it no longer works). One person (an
    account, or a guest's client) takes at most `join_per_minute` seats a minute; a seat taken
    and left unused (no socket holds it) for `seat_idle` seconds is opened again
    (`Upkeep.free_idle_seats`)."""
    room = await room_or_404(request, table_id)
    seat = body.seat
    account = await signed_in(request)
    try:
        name = check_name(body.name) if body.name is not None and account is None else None
        if name is not None:
            await check_guest_name(room.rooms, name, people_at(room.row, [seat]))
    except BadName as exc:
        raise HTTPException(422, f"name: {exc}") from None
    except LooksTaken as exc:
        raise HTTPException(409, str(exc)) from None
    limit = rooms_of(request).settings.join_per_minute
    joiner = f"account:{account.id}" if account is not None else None
    if not await quotas.spend(rooms_of(request), "join", joiner, client_of(request), limit,
                              60):
        raise Refused(429, f"too many seats taken: at most {limit} a minute from one person",
                      retry_after=60)
    async with room.lock:
        if not room.row.joinable:
            raise HTTPException(403, "this table's seats are by invitation only")
        if not room.playing:
            raise HTTPException(409, f"the table is {room.summary()['status']}")
        if seat >= room.state.players or room.kinds[seat] != HUMAN:
            raise HTTPException(400, f"seat {seat + 1} is not a person's seat")
        if room.row.seats[seat].get("claimed"):
            raise HTTPException(409, f"seat {seat + 1} is taken")
        token = secrets.token_urlsafe(18)
        hashed = token_hash(token)

        def take(seats: list[dict[str, Any]], status: str) -> list[dict[str, Any]] | None:
            if status != "playing" or seats[seat].get("claimed"):
                return None  # taken meanwhile, here or by another process
            return [dict(s, token=hashed, claimed=True, **person(None, account, name, s))
                    if i == seat else s for i, s in enumerate(seats)]

        stored = await room.rooms.run(room.rooms.storage.update_seats, room.id, take)
        if stored is None:
            raise HTTPException(404, f"no table {table_id!r}")
        seats, status = stored
        changed = room.set_seats(seats)
        if room.ratings_due:
            await room.refresh_ratings()
        if seats[seat].get("token") == hashed:  # reopened if its player never comes
            room.lobby_seats[seat] = (asyncio.get_running_loop().time(), hashed)
    if changed:
        await room.broadcast()
    if seats[seat].get("token") != hashed:
        raise HTTPException(409, f"seat {seat + 1} is taken" if status == "playing"
                            else f"the table is {status}")
    return {"id": room.id, "seat": seat, "token": token, "url": f"/t/{room.id}"}


class Rematch(BaseModel):
    tokens: list[str] = Field(max_length=12)


@router.post("/api/tables/{table_id}/rematch")
async def rematch(request: Request, table_id: str, body: Rematch) -> dict[str, Any]:
    """A new table with the same game, rules, seats, names and bots and a new seed, for a
    player of a finished one. Each person's seat keeps its token, so everyone who played
    follows with the link they hold, and its creator's token closes it too; asked twice, it
    gives the same rematch."""
    room = await room_or_404(request, table_id)
    rooms = rooms_of(request)
    if not room.state.is_over and room.row.status != "over":
        raise HTTPException(409, "a rematch starts once the game is over")
    account = await signed_in(request)
    if not room.seats_for(body.tokens, account.id if account else None):
        raise HTTPException(403, "only a player of this table can start its rematch")
    client = quota_key(request, account.id if account else None)
    async with room.lock:
        if room.row.rematch is None:
            old = room.row
            stamp = now()
            row = TableRow(
                id=rooms.new_id(), game=old.game, rules=dict(old.rules),
                players=old.players, seed=new_seed(), names=list(old.names),
                seats=[dict(s) for s in old.seats], bot_delay=old.bot_delay,
                turn_timer=old.turn_timer, status="playing", created_at=stamp,
                updated_at=stamp, owner=old.owner, client=client, moves=0,
                drivable=old.drivable, private=old.private, joinable=old.joinable,
                rated=old.rated)
            # stored only if no process made the rematch first (Refused: 429, 503 as for
            # any new table); whichever did, everyone is offered the same one
            made = await rooms.store_new(rooms.storage.create_rematch, room.id, row,
                                         rooms.limits(client))
            if made == row.id:
                await rooms.go_live(row)
            room.row.rematch = made
            room.rev += 1
    await room.broadcast()  # everyone at the old table is offered the new one
    return {"id": room.row.rematch, "url": f"/t/{room.row.rematch}"}
