"""The tables' HTTP API: the games on offer, a new table, the tables listed, one table's
summary, closing it (its creator), its record and replay once finished, a moment of it as a
seat saw it, and the spectators' chat once the game is over; and the server's health."""

from __future__ import annotations

import asyncio
import os
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from ...core import RatkingError, RulesError, list_games, replay, shared
from ...tutorial import has_tutorial
from ..lobby import accounts
from ..lobby import tables as lobby
from ..lobby.guest_names import LooksTaken, check_guest_name
from ..lobby.tables import room_or_404, rooms_of
from ..names import BadName, check_name
from ..people.clients import quota_key
from ..people.ratings import WITH_BOTS
from ..play import explain
from ..play.messages import LOG_LINES, board_message, log_entries
from ..rooms import Creator, MoveRefused, Room, chat

router = APIRouter()


class NewTable(BaseModel):
    game: str = Field(max_length=40)
    players: int = Field(ge=1, le=12)
    seats: list[str] = Field(max_length=12)
    rules: dict[str, Any] = Field(default={}, max_length=40)
    # card files from the server's cards folder, by kind: {"cards": "thief400.toml"}
    card_files: dict[str, str] | None = Field(default=None, max_length=2)
    names: list[str] | None = Field(default=None, max_length=12)
    turn_timer: float | None = Field(default=None, ge=5, le=3600, allow_inf_nan=False)
    bot_delay: float | None = Field(default=None, ge=0, le=10, allow_inf_nan=False)
    private: bool = False  # not listed in the lobby
    joinable: bool = False  # anyone may take an open person's seat from the lobby
    rated: bool = False  # rated at its end if every person's seat is held by an account
    # turn-based: seconds each person has for a turn (1 hour to 7 days), then the stand-in
    turn_bank: float | None = Field(default=None, ge=3600, le=7 * 86400, allow_inf_nan=False)
    name: str | None = Field(default=None, max_length=200)  # the creator's name (a guest's)


@router.get("/healthz")
async def healthz(request: Request) -> dict[str, Any]:
    # the pid tells apart the processes of `ratking serve --workers N` behind one port
    return {"ok": True, "live_tables": len(rooms_of(request).rooms), "pid": os.getpid()}

@router.get("/api/games")
async def games() -> list[dict[str, Any]]:
    return [{"id": g.id, "title": g.title, "summary": g.summary,
             "min_players": g.min_players, "max_players": g.max_players,
             "player_counts": list(shared(g.id).player_counts()),  # with the default rules
             "rules": list(g.rules), "tutorial": has_tutorial(g.id)}
            for g in list_games()]

@router.post("/api/tables", status_code=201)
async def create_table(request: Request, spec: NewTable) -> dict[str, Any]:
    """A new table: its id, url, seats (each person's with its token and invite link),
    the creator's `owner_token`, and whether it is `rated`. A table asked to be rated
    with a bot at a seat is not (rated games are between people): `unrated_because`
    says so."""
    account = await accounts.signed_in(request)
    client = quota_key(request, account.id if account else None)
    creator = Creator(account.name, account.id) if account else Creator(spec.name)
    if account is None and spec.name is not None:
        try:
            await check_guest_name(rooms_of(request), check_name(spec.name))
        except BadName as exc:
            raise HTTPException(400, str(exc)) from None
        except LooksTaken as exc:
            raise HTTPException(409, str(exc)) from None
    try:
        room, tokens, owner = await rooms_of(request).create(
            spec.game, spec.players, spec.seats, spec.rules, spec.names, spec.turn_timer,
            spec.bot_delay, client, private=spec.private, joinable=spec.joinable,
            rated=spec.rated, creator=creator, turn_bank=spec.turn_bank,
            card_files=spec.card_files)
    except RulesError as exc:  # well formed, but against the game's rules (e.g. the count)
        raise HTTPException(422, str(exc)) from None
    except (RatkingError, ValueError, TypeError) as exc:
        raise HTTPException(400, str(exc)) from None
    seats = [{"seat": i, "name": room.state.names[i], "kind": room.kinds[i],
              "token": token,
              "invite": f"/t/{room.id}#seat={i}&token={token}" if token else None}
             for i, token in enumerate(tokens)]
    answer = {"id": room.id, "url": f"/t/{room.id}", "seats": seats, "owner_token": owner,
              "rated": room.row.rated}
    if spec.rated and not room.row.rated:
        answer["unrated_because"] = WITH_BOTS
    return answer

@router.get("/api/tables")
async def tables(request: Request) -> dict[str, Any]:
    return await lobby.listing(rooms_of(request))

@router.get("/api/tables/{table_id}")
async def table(request: Request, table_id: str) -> dict[str, Any]:
    return (await room_or_404(request, table_id)).summary()

@router.delete("/api/tables/{table_id}")
async def close_table(request: Request, table_id: str) -> dict[str, Any]:
    """Close a table for good: its creator only (Authorization: Bearer <owner_token>).
    At a rated table this is an abort, allowed only before a second player has moved
    (no result, no rating change); after that it is refused with 409: resign, or
    propose to end the game, at the table."""
    room = await room_or_404(request, table_id)
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token:
        raise HTTPException(401, "closing a table needs its creator's token "
                                 "(Authorization: Bearer <owner_token>)",
                            headers={"WWW-Authenticate": "Bearer"})
    if not room.is_owner(token.strip()):
        raise HTTPException(403, "only the table's creator may close it")
    if room.row.rated and room.playing:  # only before it began: an abort
        try:
            await room.abort()
        except MoveRefused as exc:
            raise HTTPException(409, f"a rated table cannot be closed: {exc}") from None
        return room.summary()
    if not await room.close("closed"):
        raise HTTPException(409, f"the table is {room.summary()['status']}, not playing")
    return room.summary()

def finished(room: Room) -> None:
    if room.playing:
        raise HTTPException(409, "the record is available once the game is over (it "
                                 "holds the seed, which would reveal every hidden card)")

@router.get("/api/tables/{table_id}/record")
async def record(request: Request, table_id: str) -> JSONResponse:
    room = await room_or_404(request, table_id)
    finished(room)
    return JSONResponse(room.state.record(), headers={
        "Content-Disposition": f'attachment; filename="{room.game.id}-{room.id}.json"'})

@router.get("/api/tables/{table_id}/replay/{step}")
async def replay_step(request: Request, table_id: str, step: int) -> dict[str, Any]:
    room = await room_or_404(request, table_id)
    finished(room)
    total = room.steps
    if not 0 <= step <= total:
        raise HTTPException(400, f"step must be 0 to {total}")
    state = replay(room.state.record(), upto=step)
    # the record's own notes: an undo's line (a key between two moves) is no part of it
    notes = {i: n for i, n in room.notes.items() if i < step and i.__class__ is int}
    board = board_message(state, None, notes)
    standing = explain.standing(state, board["view"])  # as the table stood then
    opened = explain.open_view(state)  # every hand face up: the game is over
    if opened is not None:
        board["view"] = opened
    board["svg"] = state.game.render_svg(board["view"], [])
    return {"step": step, "total": total, **board, "hands": explain.open_hands(state),
            "standing": standing, "log_steps": log_steps(state, None, notes)}

def log_steps(state: Any, seat: int | None, notes: dict[int, str]) -> list[int]:
    """Per line of the log `seat` is told, the step that shows the board just after what
    the line tells."""
    told = log_entries(state.events_for(seat), notes)[-LOG_LINES:]
    return [move + 1 for _, move in told]

@router.get("/api/tables/{table_id}/moment/{step}")
async def moment(request: Request, table_id: str, step: int,
                 seat: int | None = None) -> dict[str, Any]:
    """The board after `step` moves, read-only, as `seat` saw it then (its view, its log,
    no actions): a seat the caller holds (its token in `X-Ratking-Tokens`, comma
    separated, or the account signed in), else a spectator's; live or finished. Nothing
    in it is more than that seat (or a spectator) was shown at the time."""
    room = await room_or_404(request, table_id)
    total = room.steps
    if not 0 <= step <= total:
        raise HTTPException(400, f"step must be 0 to {total}")
    if seat is not None:
        account = await accounts.signed_in(request)
        tokens = request.headers.get("x-ratking-tokens", "").split(",")
        if seat not in room.seats_for([t.strip() for t in tokens if t.strip()],
                                      account.id if account else None):
            raise HTTPException(403, f"seat {seat + 1} is not yours")
    record = room.state.record()
    notes = {i: n for i, n in room.notes.items() if i < step and i.__class__ is int}

    def then() -> dict[str, Any]:  # a replay: in a thread, off the event loop
        state = replay(record, upto=step)
        board = board_message(state, seat, notes, actions=[])
        board["svg"] = state.game.render_svg(board["view"], [])
        return {"step": step, "total": total, "seat": seat, **board,
                "standing": explain.standing(state, board["view"]),
                "log_steps": log_steps(state, seat, notes)}

    return await asyncio.to_thread(then)

@router.get("/api/tables/{table_id}/chat/spectators")
async def spectators_chat(request: Request, table_id: str) -> dict[str, Any]:
    """The spectators' chat (its recent lines), for anyone once the game is over; while
    it is played only the spectators read it, over the table's socket."""
    room = await room_or_404(request, table_id)
    if room.playing:
        raise HTTPException(409, "the spectators' chat is read by the players once the "
                                 "game is over")
    return {"lines": chat.spectator_lines(await chat.lines(room))}
