"""Mail telling a person it is their turn at a turn-based table: sent when the turn passes to
a seat held by an account with a confirmed address, and nobody holding that seat is at the
table (connected to the process that drives it), if the server has SMTP settings
(RATKING_SMTP_*, off by default). At most one mail a turn, whichever process sees it (a row per
turn, see storage/people.py, turn_mail); each mail has a link to the table and one to stop the
mails. An address is confirmed by the link in the mail `confirm_message` makes. Sent with
smtplib in a thread, never on the event loop."""

from __future__ import annotations

import asyncio
import logging
import smtplib
from email.message import EmailMessage
from typing import TYPE_CHECKING

from ..settings import Settings

if TYPE_CHECKING:
    from . import Room

log = logging.getLogger("ratking.server")
DEFAULT_URL = "http://localhost:8000"


def _base(settings: Settings) -> str:
    return (settings.public_url or DEFAULT_URL).rstrip("/")


def _message(settings: Settings, to: str, subject: str, text: str) -> EmailMessage:
    message = EmailMessage()
    message["Subject"] = subject
    message["From"] = settings.smtp_from
    message["To"] = to
    message.set_content(text)
    return message


def turn_message(settings: Settings, to: str, title: str, table_id: str, key: str
                 ) -> EmailMessage:
    base = _base(settings)
    stop = f"{base}/unsubscribe/{key}"
    message = _message(settings, to, f"Your turn at {title}",
                       f"It is your turn at a table of {title}:\n\n  {base}/t/{table_id}\n\n"
                       f"To get no more of these mails: {stop}\n")
    message["List-Unsubscribe"] = f"<{stop}>"
    return message


def confirm_message(settings: Settings, to: str, name: str, key: str) -> EmailMessage:
    """The mail asking to confirm an address before any turn mail goes to it."""
    return _message(settings, to, "Confirm your address for ratking",
                    f"The account {name} at ratking asked for turn mails at this address.\n"
                    f"To confirm it, open:\n\n  {_base(settings)}/confirm/{key}\n\n"
                    "If it was not you, ignore this mail: nothing will be sent.\n")


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
    if not settings.smtp_host or account is None or room.connected()[seat]:
        return  # no mail, no account, or the person is at the table
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
