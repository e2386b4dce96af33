"""Mail telling a person it is their turn at a turn-based table: sent when the turn passes to
a seat held by an account with an address, if the server has SMTP settings (RATKING_SMTP_*,
off by default). At most one mail a turn, whichever process sees it (a row per turn, see
people_storage.turn_mail); each mail has a link to the table and one to stop the mails.
Sent with smtplib in a thread, never on the event loop."""

from __future__ import annotations

import asyncio
import logging
import smtplib
from email.message import EmailMessage
from typing import TYPE_CHECKING

from .settings import Settings

if TYPE_CHECKING:
    from .rooms import Room

log = logging.getLogger("ratking.server")
DEFAULT_URL = "http://localhost:8000"


def turn_message(settings: Settings, to: str, title: str, table_id: str, key: str
                 ) -> EmailMessage:
    base = (settings.public_url or DEFAULT_URL).rstrip("/")
    stop = f"{base}/unsubscribe/{key}"
    message = EmailMessage()
    message["Subject"] = f"Your turn at {title}"
    message["From"] = settings.smtp_from
    message["To"] = to
    message["List-Unsubscribe"] = f"<{stop}>"
    message.set_content(f"It is your turn at a table of {title}:\n\n  {base}/t/{table_id}\n\n"
                        f"To get no more of these mails: {stop}\n")
    return message


def send(settings: Settings, message: EmailMessage) -> None:
    """Send one mail through the configured SMTP server (blocking: run it in a thread)."""
    with smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=30) as smtp:
        if settings.smtp_starttls:
            smtp.starttls()
        if settings.smtp_user:
            smtp.login(settings.smtp_user, settings.smtp_password or "")
        smtp.send_message(message)


async def turn_started(room: Room, seat: int, version: int) -> None:
    """The turn passed to `seat` at move `version`: mail its account, once, if it can."""
    rooms = room.rooms
    settings = rooms.settings
    account = room.row.seats[seat].get("account")
    if not settings.smtp_host or account is None:
        return
    people = rooms.storage.people
    try:
        row = (await rooms.run(people.accounts, [account])).get(account)
        if row is None or not row.email or not row.unsubscribe:
            return
        if not await rooms.run(people.turn_mail, room.id, version):
            return  # told already (here or by another process)
        message = turn_message(settings, row.email, room.game.title, room.id, row.unsubscribe)
        await asyncio.to_thread(send, settings, message)
    except Exception:
        log.exception("the turn mail for table %s could not be sent", room.id)
