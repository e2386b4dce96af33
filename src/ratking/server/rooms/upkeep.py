"""The registry's background sweep: renew leases, adopt tables whose driver is gone, drop
idle tables from memory and archive stale ones."""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

from ..storage.tables import now

log = logging.getLogger("ratking.server")


class Upkeep:
    """The background sweep (mixed into `Rooms`; every `settings.maintenance_every`
    seconds)."""

    async def _maintain(self) -> None:
        settings = self.settings
        last_archive = 0.0
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(settings.maintenance_every)
            try:
                await self.renew()
                await self.run(self.holds.renew)  # the sockets and reviews held here
                await self.adopt_orphans()
                self.unload_idle()
                await self.free_idle_seats()
                for sweep in self.sweeps:
                    await sweep(self)
                if loop.time() - last_archive > 60:
                    last_archive = loop.time()
                    await self.archive()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table maintenance failed; trying again")

    def unload_idle(self) -> int:
        """Drop from memory the tables nobody has watched for a while and no bot is about to
        move: they come back from storage when someone opens them."""
        loop_time = asyncio.get_running_loop().time()
        idle = self.settings.idle_unload
        gone = 0
        for room in list(self.rooms.values()):
            if room.connections or loop_time - room.touched < idle or room.lock.locked():
                continue
            if room.row.turn_bank and room.playing and room.driving:
                continue  # its stand-in waits for the bank to run out, maybe for days
            bot_to_move = room.playing and room.state.current_player in room.bots
            if bot_to_move and room.driving:
                continue  # a table of bots plays on by itself (it has a round cap)
            if room.task is not None:
                room.task.cancel()
            if room.driving:
                room.driving = False
                self.spawn(self.run(self.storage.leases.release, room.id, self.me))
            del self.rooms[room.id]
            gone += 1
        return gone

    async def free_idle_seats(self) -> int:
        """Open again the seats taken from the lobby (`lobby.join`) that no socket has held
        for `seat_idle` seconds, so that a client cannot sit on open seats; how many."""
        loop_time = asyncio.get_running_loop().time()
        freed = 0
        for room in list(self.rooms.values()):
            if not room.playing:
                room.lobby_seats.clear()
            if not room.lobby_seats:
                continue
            held = {s for conn in room.connections for s in conn.seats}
            for seat, (since, hashed) in list(room.lobby_seats.items()):
                if seat in held:
                    room.lobby_seats[seat] = (loop_time, hashed)
                    continue
                if loop_time - since < self.settings.seat_idle:
                    continue
                del room.lobby_seats[seat]

                def reopen(seats, status, seat=seat, hashed=hashed):
                    if status != "playing" or seats[seat].get("token") != hashed:
                        return None  # taken again meanwhile, or over
                    return [dict(s, token=None, claimed=False) if i == seat else s
                            for i, s in enumerate(seats)]

                async with room.lock:
                    stored = await self.run(self.storage.update_seats, room.id, reopen)
                    changed = stored is not None and room.set_seats(stored[0])
                if changed:
                    freed += 1
                    await room.broadcast()
        return freed

    async def archive(self) -> list[str]:
        before = now() - timedelta(seconds=self.settings.archive_after)
        ids = await self.run(self.storage.archive_stale, before)
        for table_id in ids:
            room = self.rooms.get(table_id)
            if room is not None:
                await room.heard_status("archived")
        return ids
