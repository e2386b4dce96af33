"""Quick match ("Play now"): a person asks for a game and a player count (or any) and is
seated at the oldest open quick-match table that fits, or a new one is opened (and listed).
Such a table is rated (it counts when every person at it has an account), starts when no
seat is open, and, if its creator chose so, its open seats go to bots of a chosen level
after a wait, which makes it unrated (rated games are between people).

The choice is made in the database, in one transaction under an advisory lock on PostgreSQL
(SQLite has one server process, whose storage calls run one at a time), so two people
pressing at once, on any processes, sit at one table. A person pressing again while they wait
is given their seat again, never a second seat against themself: an account is known by its
session, a guest by a cookie of its own (`ratking_guest`, set at its first press).

A guest pressing with no such cookie (its first press, or a client that keeps no cookies) is
known by nothing but its address and what it asks. Two such presses from one address, for the
same game, player count and name, within `TWINS` seconds are taken as one client's (a double
click, a retry, two tabs opened at once): the second is given the first's seat, never the seat
against it. Past that, or asking differently, they are taken as two people behind one address
(a home, an office), who may play each other."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response
from pydantic import BaseModel, Field
from sqlalchemy import String, cast, select, update
from sqlalchemy.orm import Session

from ...bots import BOT_NAMES
from ...core import RatkingError, game_class, make
from ..names import check_name
from ..people.clients import client_of, quota_key
from ..people.ratings import WITH_BOTS
from ..rooms import Creator, Refused, Rooms, seat_names, token_hash
from ..rooms.turns import seat_kinds
from ..storage.tables import Limits, Storage, TableRow, now, seat_accounts
from .accounts import rooms_of, session_hash, signed_in
from .guest_names import LooksTaken, check_guest_name, like_someone_at, people_at

router = APIRouter()
CANDIDATES = 20  # open tables looked at, oldest first
GUEST = "ratking_guest"  # the cookie a guest is known by when it presses again
GUEST_DAYS = 365
TWINS = 10.0  # seconds: cookie-less presses from one address this close are one client's


class PlayNow(BaseModel):
    game: str = Field(max_length=40)
    players: int | None = Field(default=None, ge=1, le=12)  # None: any count
    bots_after: float | None = Field(default=None, ge=5, le=3600, allow_inf_nan=False)
    bot_level: str = Field(default="heuristic", max_length=40)
    name: str | None = Field(default=None, max_length=200)  # a guest's name


@dataclass(frozen=True)
class Seated:
    table_id: str
    seat: int
    created: bool
    again: bool = False  # the person held the seat already (an account's token is not
    # stored; a guest's seat gets the new token)


def _open_seat(row: TableRow) -> int | None:
    return next((i for i, s in enumerate(row.seats)
                 if s["kind"] == "human" and not s.get("claimed")), None)


def _held(row: TableRow, person: dict[str, Any]) -> int | None:
    """The seat `person` (their account, or a guest's cookie) holds at `row`, if any; for a
    guest with no cookie (`lone`: its address and ask), the seat another cookie-less press
    asking the same from that address took in the last TWINS seconds."""
    for key in ("account", "guest"):
        if person.get(key) is not None:
            mine = next((i for i, s in enumerate(row.seats) if s.get(key) == person[key]),
                        None)
            if mine is not None:
                return mine
    if person.get("lone") is not None:
        return next((i for i, s in enumerate(row.seats) if s.get("lone") == person["lone"]
                     and person["at"] - s.get("at", 0) < TWINS), None)
    return None


def _twins(session: Session, game: str, person: dict[str, Any], seen: set[str]
           ) -> list[TableRow]:
    """For a guest with no cookie: the running quick tables of `game` (not in `seen`) where a
    cookie-less press from its address, asking as it does, took a seat, full ones too (the
    other press may have been paired meanwhile)."""
    if person.get("lone") is None:
        return []
    query = select(TableRow).where(TableRow.quick.is_(True), TableRow.game == game,
                                   TableRow.status == "playing",
                                   cast(TableRow.seats, String).contains(person["lone"]))
    return [row for row in session.scalars(query) if row.id not in seen]


def _like_someone(row: TableRow, person: dict[str, Any]) -> bool:
    """True if `person` is a guest whose name looks like that of someone seated at `row`."""
    return person.get("account") is None and person.get("name") is not None and \
        like_someone_at(person["name"], people_at(row)) is not None


def seat_or_open(storage: Storage, game: str, players: int | None, person: dict[str, Any],
                 new: TableRow, limits: Limits) -> Seated:
    """Seat a person (`person`: the seat's token hash, and their name and account) at the
    oldest open quick table of `game` for `players` (None: any) that fits, or store `new`
    (its first seat theirs) within `limits`. One transaction, one at a time per schema. A
    person already waiting at such a table (by account, or a guest by cookie) is given their
    seat there again; a guest's with the new token."""
    with Session(storage.engine, expire_on_commit=False) as session, session.begin():
        conn = session.connection()
        storage._lock(conn, "quickmatch")
        query = (select(TableRow).where(TableRow.quick.is_(True), TableRow.game == game,
                                        TableRow.status == "playing", TableRow.open_seats > 0)
                 .order_by(TableRow.created_at, TableRow.id).limit(CANDIDATES))
        if players is not None:
            query = query.where(TableRow.players == players)
        rows = list(session.scalars(query))
        for row in rows + _twins(session, game, person, {row.id for row in rows}):
            mine = _held(row, person)
            if mine is not None:
                if person.get("account") is None:  # a guest: its new token (and cookie)
                    seats = [dict(s, token=person["token"], guest=person["guest"])
                             if i == mine else s for i, s in enumerate(row.seats)]
                    session.execute(update(TableRow).where(TableRow.id == row.id)
                                    .values(seats=seats))
                    storage.notify(conn, f"t {row.id}")
                return Seated(row.id, mine, False, again=True)
        for row in rows:
            seat = _open_seat(row)
            if seat is None or _like_someone(row, person):
                continue
            before = list(row.seats)  # the update below refreshes `row` in the session
            seats = [dict(s, claimed=True, **person) if i == seat else s
                     for i, s in enumerate(before)]
            session.execute(update(TableRow).where(TableRow.id == row.id)
                            .values(seats=seats, open_seats=row.open_seats - 1))
            seat_accounts(conn, row.id, before, seats)
            storage.notify(conn, f"t {row.id}")
            return Seated(row.id, seat, False)
        storage._within(session, limits)  # LimitReached: nothing stored
        new.seats = [dict(s, claimed=True, **person) if i == 0 else s
                     for i, s in enumerate(new.seats)]
        new.open_seats = len(new.seats) - 1
        session.add(new)
        session.flush()
        seat_accounts(conn, new.id, None, new.seats)
        return Seated(new.id, 0, True)


def fill_due(storage: Storage) -> list[str]:
    """Give the open seats of the quick tables whose wait is over to bots of their level
    (once, whichever process sweeps first); the tables changed."""
    changed = []
    clock = now()
    with Session(storage.engine, expire_on_commit=False) as session, session.begin():
        rows = session.scalars(
            select(TableRow).where(TableRow.quick.is_(True), TableRow.status == "playing",
                                   TableRow.open_seats > 0, TableRow.fill_after.is_not(None))
            .order_by(TableRow.created_at).limit(50).with_for_update(skip_locked=True))
        for row in rows:
            created = row.created_at if row.created_at.tzinfo else \
                row.created_at.replace(tzinfo=clock.tzinfo)
            if clock - created < timedelta(seconds=row.fill_after):
                continue
            names = iter(n for n in BOT_NAMES if n not in seat_names(row))
            seats = [{"kind": row.fill_level or "heuristic", "token": None, "claimed": True,
                      "name": next(names, "Bot")}
                     if s["kind"] == "human" and not s.get("claimed") else s
                     for s in row.seats]
            session.execute(update(TableRow).where(TableRow.id == row.id)  # bots: unrated
                            .values(seats=seats, open_seats=0, drivable=True, rated=False))
            storage.notify(session.connection(), f"t {row.id}")
            changed.append(row.id)
    return changed


async def fill(rooms: Rooms) -> None:
    """The sweep's part: fill the tables whose wait is over, and start the ones held here."""
    for table_id in await rooms.run(fill_due, rooms.storage):
        room = rooms.rooms.get(table_id)
        if room is not None:
            await room.heard_seats()


def _has_guest_cookie(request: Request) -> bool:
    value = request.cookies.get(GUEST)
    return bool(value) and len(value) <= 100


def _guest_cookie(request: Request, response: Response) -> str:
    """The cookie a guest is known by, set on its first press."""
    value = request.cookies.get(GUEST)
    if not _has_guest_cookie(request):
        value = secrets.token_urlsafe(24)
        response.set_cookie(GUEST, value, max_age=GUEST_DAYS * 86400, path="/", httponly=True,
                            samesite="lax", secure=request.url.scheme == "https")
    return value


@router.post("/api/quickmatch")
async def play_now(request: Request, response: Response, body: PlayNow) -> dict[str, Any]:
    """Seat the person at an open quick table or open one: its id, url, the seat and its
    token (the invite link works for a guest as for anyone), whether it is new, and whether
    it is `rated` (a quick table is, unless bots take its open seats after `bots_after`:
    `unrated_because` says so)."""
    rooms = rooms_of(request)
    account = await signed_in(request)
    who = quota_key(request, account.id if account else None)
    try:
        name = check_name(body.name) if body.name is not None and account is None else None
        if name is not None:
            await check_guest_name(rooms, name)  # and no table where one looks like it
        count = body.players or max(2, game_class(body.game).min_players)
        row, _tokens, _owner = rooms.build(body.game, count, ["human"] * count, {}, None,
                                           None, None, who, rated=True)
        seat_kinds([body.bot_level], make(body.game))  # as /api/tables: 422 over budget
    except LooksTaken as exc:
        raise HTTPException(409, str(exc)) from None
    except (RatkingError, ValueError) as exc:  # BadName is a ValueError
        raise HTTPException(400, str(exc)) from None
    except Refused as exc:
        raise HTTPException(exc.status, f"bot_level: {exc}") from None
    creator = Creator(account.name if account else name, account.id if account else None)
    row.quick, row.fill_after = True, body.bots_after
    row.fill_level = body.bot_level if body.bots_after is not None else None
    token = secrets.token_urlsafe(18)
    person = {"token": token_hash(token), **creator.seat()}
    if account is None:
        if not _has_guest_cookie(request):  # known by its address and its ask, for a while
            asked = f"{client_of(request)}|{body.players}|{name}"
            person.update(lone=session_hash(asked)[:32], at=now().timestamp())
        person["guest"] = session_hash(_guest_cookie(request, response))[:32]
    seated = await rooms.store_new(seat_or_open, rooms.storage, body.game, body.players,
                                   person, row, rooms.limits(who))
    if seated.created:
        room = await rooms.go_live(row)
    else:
        room = await rooms.get(seated.table_id)
        if room is not None:
            await room.heard_seats()
    summary = room.summary() if room is not None else None
    answer = {"id": seated.table_id, "url": f"/t/{seated.table_id}", "seat": seated.seat,
              "token": None if seated.again and account else token, "created": seated.created,
              "table": summary, "rated": bool(summary and summary["rated"])}
    if summary is not None and not summary["rated"]:
        answer["unrated_because"] = WITH_BOTS
    elif body.bots_after is not None:
        answer["unrated_because"] = (f"if bots take the open seats after {body.bots_after:g} "
                                     "s, the game is not rated (" + WITH_BOTS + ")")
    return answer
