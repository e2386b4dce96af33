"""Accounts in SQL: the accounts, their sessions, failed sign-ins, the tables an account plays
at, and the ratings (`Storage.people`). The rows share `storage.Base`; the schema is made by
the Alembic revisions in migrations/."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    cast,
    delete,
    func,
    insert,
    literal,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from . import throttle
from .tables import Base, Storage, TablePlayerRow, TableRow, now


class AccountRow(Base):
    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(24))
    key: Mapped[str] = mapped_column(String(96), unique=True)  # the name case-folded
    look: Mapped[str | None] = mapped_column(String(64), nullable=True)  # names.look_alike
    password: Mapped[str] = mapped_column(String(200))  # an argon2 hash
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)  # confirmed
    email_pending: Mapped[str | None] = mapped_column(String(254), nullable=True)
    confirm: Mapped[str | None] = mapped_column(String(32), nullable=True)  # its link's key
    unsubscribe: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    address: Mapped[str | None] = mapped_column(String(32), nullable=True)  # its maker's client
    # rated: the first account made from its address within the rated_account_window
    counts: Mapped[bool] = mapped_column(Boolean, default=True)


class SessionRow(Base):
    __tablename__ = "sessions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)  # sha256 of the cookie
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class FailureRow(Base):
    __tablename__ = "sign_in_failures"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(64))
    at: Mapped[float] = mapped_column(Float)


class QuotaUseRow(Base):
    __tablename__ = "quota_uses"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(120))  # "<what>:<person or address>"
    at: Mapped[float] = mapped_column(Float)


class RatingRow(Base):
    __tablename__ = "ratings"

    player: Mapped[str] = mapped_column(String(80), primary_key=True)  # account:<id>, bot:<spec>
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    won: Mapped[int] = mapped_column(Integer)


class RatedTableRow(Base):
    __tablename__ = "rated_tables"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # per player: {"before", "after"} (OpenSkill ordinals) and "games" rated after it
    changes: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class TurnMailRow(Base):
    __tablename__ = "turn_mails"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


QUOTA_KEPT = 3600.0  # seconds a quota's use is kept: no quota's window is longer


class NameTaken(Exception):
    """An account with that name (case aside) exists already."""


# the new ratings from the old: {player: (mu, sigma), or None for a newcomer} ->
# {player: (mu, sigma, won)}
Rater = Callable[[dict[str, tuple[float, float] | None]], dict[str, tuple[float, float, bool]]]


def account_player(account_id: int) -> str:
    """An account as the ratings name it."""
    return f"account:{account_id}"


def ordinal(mu: float, sigma: float) -> float:
    """A rating as one number: OpenSkill's ordinal, mu less three sigma (the conservative
    estimate the leaderboard orders by; 0 for a newcomer)."""
    return mu - 3 * sigma


DEFAULT = (25.0, 25.0 / 3)  # OpenSkill's rating for a newcomer (mu, sigma)


class People:
    """The accounts' reads and writes, on a `Storage`'s engine. Each call is one short
    transaction."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.engine = storage.engine

    # --- accounts and sessions ----------------------------------------------------------------

    def create_account(self, name: str, key: str, look: str, password_hash: str,
                       address: str | None = None, window: float = 0) -> AccountRow:
        """A new account; NameTaken if its key is in use or an account's name looks like it
        (the same `look`, names.look_alike). It is rated (`counts`) unless another account
        was made from `address` in the last `window` seconds (0: every account is). The
        look-ups and the insert hold one lock."""
        stamp = now()
        row = AccountRow(name=name, key=key, look=look, password=password_hash,
                         created_at=stamp, address=address, counts=True)
        try:
            with Session(self.engine, expire_on_commit=False) as session, session.begin():
                self.storage._lock(session.connection(), "sign-up")
                if session.scalar(select(AccountRow.id).where(AccountRow.look == look)
                                  .limit(1)) is not None:
                    raise NameTaken(name)
                if address is not None and window > 0:
                    row.counts = session.scalar(select(AccountRow.id).where(
                        AccountRow.address == address,
                        AccountRow.created_at >= stamp - timedelta(seconds=window))
                        .limit(1)) is None
                session.add(row)
        except IntegrityError:
            raise NameTaken(name) from None
        return row

    def name_taken(self, key: str, look: str) -> bool:
        """True if an account has that name (`key`) or one that looks like it (`look`)."""
        query = select(AccountRow.id).where((AccountRow.key == key) | (AccountRow.look == look))
        with self.engine.connect() as conn:
            return conn.execute(query.limit(1)).first() is not None

    def account_by_key(self, key: str) -> AccountRow | None:
        with Session(self.engine, expire_on_commit=False) as session:
            return session.scalar(select(AccountRow).where(AccountRow.key == key))

    def accounts(self, ids: list[int]) -> dict[int, AccountRow]:
        with Session(self.engine, expire_on_commit=False) as session:
            rows = session.scalars(select(AccountRow).where(AccountRow.id.in_(ids))).all()
            return {row.id: row for row in rows}

    def set_password(self, account_id: int, password_hash: str) -> None:
        """Store a hash made again with newer parameters (argon2's check_needs_rehash)."""
        with Session(self.engine) as session, session.begin():
            session.get(AccountRow, account_id).password = password_hash

    def add_session(self, session_hash: str, account_id: int, expires: datetime) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(SessionRow), {"id": session_hash, "account_id": account_id,
                                              "created_at": now(), "expires_at": expires})

    def session_account(self, session_hash: str) -> AccountRow | None:
        """The account a session cookie belongs to, if the session is live."""
        query = (select(AccountRow).join(SessionRow, SessionRow.account_id == AccountRow.id)
                 .where(SessionRow.id == session_hash, SessionRow.expires_at > now()))
        with Session(self.engine, expire_on_commit=False) as session:
            return session.scalar(query)

    def drop_session(self, session_hash: str) -> None:
        """End a session, and tell every process to close its sockets (people/sessions.py)."""
        with self.engine.begin() as conn:
            conn.execute(delete(SessionRow).where(SessionRow.id == session_hash))
            self._ended(conn, [session_hash])

    def _ended(self, conn, hashes: list[str]) -> None:
        """Tell every process the sessions `hashes` ended (NOTIFY 'o <hash>...', sent as the
        transaction commits; a few dozen to a notice, which holds 8,000 bytes)."""
        for start in range(0, len(hashes), 50):
            self.storage.notify(conn, "o " + " ".join(hashes[start:start + 50]))

    def sessions_of(self, account_id: int) -> list[SessionRow]:
        """An account's live sessions, newest first."""
        with Session(self.engine, expire_on_commit=False) as session:
            return list(session.scalars(
                select(SessionRow).where(SessionRow.account_id == account_id,
                                         SessionRow.expires_at > now())
                .order_by(SessionRow.created_at.desc())))

    def end_sessions(self, account_id: int, keep: str | None = None,
                     password_hash: str | None = None) -> list[str]:
        """End every session of an account but `keep` (and, with `password_hash`, set its
        new password in the same transaction); the sessions ended."""
        with self.engine.begin() as conn:
            if password_hash is not None:
                conn.execute(update(AccountRow).where(AccountRow.id == account_id)
                             .values(password=password_hash))
            hashes = list(conn.scalars(delete(SessionRow).where(
                SessionRow.account_id == account_id, SessionRow.id != (keep or ""))
                .returning(SessionRow.id)))
            self._ended(conn, hashes)
        return hashes

    def delete_account(self, account_id: int, former: str) -> tuple[list[str], list[str]]:
        """Delete an account, its sessions and ratings. Its tables stay: its seats there are
        named `former` and no longer say whose they were. The sessions ended, and the tables
        whose seats changed (announced to every process, 't <table>')."""
        player = account_player(account_id)
        with Session(self.engine) as session, session.begin():
            conn = session.connection()
            tables = list(session.scalars(
                select(TablePlayerRow.table_id).where(TablePlayerRow.account_id == account_id)
                .distinct()))
            for row in session.scalars(select(TableRow).where(TableRow.id.in_(tables))
                                       .with_for_update()):
                row.seats = [{k: v for k, v in seat.items() if k != "account"}
                             | {"name": former} if seat.get("account") == account_id
                             else seat for seat in row.seats]
            session.flush()
            conn.execute(delete(TablePlayerRow).where(TablePlayerRow.account_id == account_id))
            conn.execute(delete(RatingRow).where(RatingRow.player == player))
            hashes = list(conn.scalars(delete(SessionRow).where(
                SessionRow.account_id == account_id).returning(SessionRow.id)))
            conn.execute(delete(AccountRow).where(AccountRow.id == account_id))
            self._ended(conn, hashes)
            for table_id in tables:
                self.storage.notify(conn, f"t {table_id}")
        return hashes, tables

    def set_email(self, account_id: int, email: str | None, key: str | None) -> None:
        """Ask for turn mails at `email`, once the link with `key` confirms it (the address
        confirmed before is kept until then); None: no address, none mailed."""
        with Session(self.engine) as session, session.begin():
            row = session.get(AccountRow, account_id)
            row.email_pending, row.confirm = email, key
            if email is None:
                row.email = None

    def confirm_email(self, key: str, unsubscribe: str) -> bool:
        """The link in the confirmation mail was opened: its address is the account's for
        turn mails, with a new unsubscribe key. False if no account waits for that link."""
        with Session(self.engine) as session, session.begin():
            row = session.scalar(select(AccountRow).where(AccountRow.confirm == key))
            if row is None:
                return False
            row.email, row.unsubscribe = row.email_pending, unsubscribe
            row.email_pending = row.confirm = None
        return True

    def unsubscribe(self, key: str) -> bool:
        """Forget the address whose mails carry `key`; False if no account has it."""
        with Session(self.engine) as session, session.begin():
            row = session.scalar(select(AccountRow).where(AccountRow.unsubscribe == key))
            if row is None:
                return False
            row.email = None
        return True

    def turn_mail(self, table_id: str, version: int) -> bool:
        """Claim the mail for the turn that began at move `version`: True once, whichever
        process asks first."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(TurnMailRow), {"table_id": table_id, "version": version,
                                                   "created_at": now()})
        except IntegrityError:
            return False
        return True

    # --- failed sign-ins ------------------------------------------------------------------------

    def reserve_sign_in(self, account: str, client: str, pair: str, clock: float
                        ) -> tuple[list[int], float]:
        """Count a sign-in try as a failure under the keys of its account, its client and the
        two together, before its password is checked, if the delays of `throttle` let it be
        tried now: the failures' ids (to forget if the password is right) and 0; else no ids
        and the seconds to wait. The count and the insert hold one lock (PostgreSQL; SQLite's
        calls run one at a time), so parallel tries are each counted before the next."""
        keys = [account, client, pair]
        with self.engine.begin() as conn:
            self.storage._lock(conn, "sign-in")
            conn.execute(delete(FailureRow).where(FailureRow.at < clock - throttle.WINDOW))
            found = {key: (count, last) for key, count, last in conn.execute(
                select(FailureRow.key, func.count(), func.max(FailureRow.at))
                .where(FailureRow.key.in_(keys)).group_by(FailureRow.key))}
            count, last = found.get(client, (0, None))
            pause = throttle.wait(count, last, throttle.PER_CLIENT, clock)
            if pair in found:  # the account's delays hold for a client that failed at it
                count, last = found.get(account, (0, None))
                pause = max(pause, throttle.wait(count, last, throttle.PER_ACCOUNT, clock))
            if pause > 0:
                return [], pause
            ids = conn.scalars(insert(FailureRow).returning(FailureRow.id),
                               [{"key": key, "at": clock} for key in keys]).all()
        return list(ids), 0.0

    def release_sign_in(self, ids: list[int], pair: str | None = None) -> None:
        """Forget the failures `ids` (a try that was right, or never checked), and, with
        `pair`, that client's earlier failures at the account."""
        with self.engine.begin() as conn:
            conn.execute(delete(FailureRow).where(FailureRow.id.in_(ids)))
            if pair is not None:
                conn.execute(delete(FailureRow).where(FailureRow.key == pair))

    # --- quotas ---------------------------------------------------------------------------

    def take_quota(self, limits: list[tuple[str, int]], window: float, clock: float) -> bool:
        """Note one use under each key if every key has had fewer than its limit in the last
        `window` seconds (at most QUOTA_KEPT), and True; else False and nothing noted. The
        count and the insert hold one lock (PostgreSQL; SQLite's calls run one at a time)."""
        keys = [key for key, _limit in limits]
        with self.engine.begin() as conn:
            self.storage._lock(conn, "quota")
            conn.execute(delete(QuotaUseRow).where(QuotaUseRow.at < clock - QUOTA_KEPT))
            counts = dict(conn.execute(
                select(QuotaUseRow.key, func.count())
                .where(QuotaUseRow.key.in_(keys), QuotaUseRow.at > clock - window)
                .group_by(QuotaUseRow.key)).all())
            if any(counts.get(key, 0) >= limit for key, limit in limits):
                return False
            conn.execute(insert(QuotaUseRow), [{"key": key, "at": clock} for key in keys])
        return True

    # --- the seats accounts hold ------------------------------------------------------------

    def tables_of(self, account_id: int, limit: int = 20,
                  statuses: tuple[str, ...] = ("playing", "over")) -> list[TableRow]:
        """The tables where an account holds a seat, newest first."""
        query = (select(TableRow).join(TablePlayerRow, TablePlayerRow.table_id == TableRow.id)
                 .where(TablePlayerRow.account_id == account_id,
                        TableRow.status.in_(statuses))
                 .group_by(TableRow.id).order_by(func.max(TableRow.created_at).desc())
                 .limit(limit))
        with Session(self.engine, expire_on_commit=False) as session:
            return list(session.scalars(query).all())

    # --- ratings --------------------------------------------------------------------------

    def rate_table(self, table_id: str, game: str, players: list[str], rate: Rater) -> bool:
        """Update the ratings for a table's end, once: a row per rated table is written in the
        same transaction as the ratings (its key refuses a second), and the ratings read are
        locked until then (FOR UPDATE), so processes ending tables at once each build on the
        other's; each player's change is kept with the row (`rating_changes`), and announced
        ('t <table>'). False if the table was rated already."""
        for _ in range(5):
            try:
                with Session(self.engine) as session, session.begin():
                    rated = RatedTableRow(table_id=table_id, created_at=now())
                    session.add(rated)
                    session.flush()  # a second rating of the table stops here
                    rated.changes = self._rate(session, game, players, rate)
                    self.storage.notify(session.connection(), f"t {table_id}")  # its changes
                return True
            except IntegrityError:
                # rated already, or a newcomer's first rating written meanwhile: look again
                with Session(self.engine) as session:
                    if session.get(RatedTableRow, table_id) is not None:
                        return False
        raise RuntimeError(f"table {table_id} could not be rated")

    @staticmethod
    def _rate(session: Session, game: str, players: list[str], rate: Rater
              ) -> dict[str, dict[str, float]]:
        """Update the players' ratings; each one's ordinal before and after, and games."""
        rows = {r.player: r for r in session.scalars(
            select(RatingRow).where(RatingRow.game == game, RatingRow.player.in_(players))
            .order_by(RatingRow.player).with_for_update())}
        new = rate({p: (rows[p].mu, rows[p].sigma) if p in rows else None for p in players})
        changes = {}
        for player, (mu, sigma, won) in new.items():
            row = rows.get(player)
            if row is None:
                row = RatingRow(player=player, game=game, games=0, won=0)
                session.add(row)
            before = ordinal(row.mu, row.sigma) if player in rows else ordinal(*DEFAULT)
            row.mu, row.sigma = mu, sigma
            row.games += 1
            row.won += int(won)
            changes[player] = {"before": round(before, 3), "after": round(ordinal(mu, sigma), 3),
                               "games": row.games}
        return changes

    def rating_changes(self, table_id: str) -> dict[str, dict[str, float]] | None:
        """A rated table's changes of rating per player (None: not rated)."""
        with Session(self.engine) as session:
            row = session.get(RatedTableRow, table_id)
            return None if row is None else (row.changes or {})

    def game_ratings(self, game: str, account_ids: list[int]
                     ) -> dict[int, tuple[RatingRow | None, bool]]:
        """Per account: its rating in `game` (None: never rated) and whether it counts."""
        if not account_ids:
            return {}
        players = [account_player(i) for i in account_ids]
        with Session(self.engine, expire_on_commit=False) as session:
            ratings = {r.player: r for r in session.scalars(
                select(RatingRow).where(RatingRow.game == game, RatingRow.player.in_(players)))}
            counts = dict(session.execute(select(AccountRow.id, AccountRow.counts)
                                          .where(AccountRow.id.in_(account_ids))).all())
        return {i: (ratings.get(account_player(i)), bool(counts.get(i, False)))
                for i in account_ids}

    def ratings_of(self, player: str) -> list[RatingRow]:
        with Session(self.engine, expire_on_commit=False) as session:
            return list(session.scalars(select(RatingRow).where(RatingRow.player == player)))

    def leaderboard(self, game: str, limit: int = 100) -> list[tuple[RatingRow, str]]:
        """The accounts rated in `game`, best first (mu less three sigma, the conservative
        estimate), with their names."""
        query = (select(RatingRow, AccountRow.name)
                 .join(AccountRow, RatingRow.player
                       == literal("account:") + cast(AccountRow.id, String))
                 .where(RatingRow.game == game)
                 .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc()).limit(limit))
        with Session(self.engine, expire_on_commit=False) as session:
            return [(rating, name) for rating, name in session.execute(query).all()]

    def bot_ratings(self, game: str) -> list[RatingRow]:
        query = (select(RatingRow).where(RatingRow.game == game,
                                         RatingRow.player.like("bot:%"))
                 .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc()))
        with Session(self.engine, expire_on_commit=False) as session:
            return list(session.scalars(query))
