"""Accounts, their sessions and failed sign-ins, the seats an account holds, rated tables and
the ratings, quick-match tables, turn-based tables and the mails telling of a turn.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        # asked to be rated: rated at its end if every person's seat is held by an account
        batch.add_column(sa.Column("rated", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        # quick match: seats handed out by the server, bots after a wait if asked
        batch.add_column(sa.Column("quick", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("open_seats", sa.Integer(), nullable=False,
                                   server_default="0"))
        batch.add_column(sa.Column("fill_after", sa.Float(), nullable=True))
        batch.add_column(sa.Column("fill_level", sa.String(40), nullable=True))
        # turn-based: seconds a person has for each turn (the stand-in moves after)
        batch.add_column(sa.Column("turn_bank", sa.Float(), nullable=True))
    op.create_index("ix_tables_quick", "tables", ["quick", "game", "open_seats",
                                                  "created_at"])
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("key", sa.String(96), nullable=False, unique=True),  # the name case-folded
        sa.Column("password", sa.String(200), nullable=False),  # an argon2 hash
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("unsubscribe", sa.String(32), nullable=True),  # the mails' link's key
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(64), primary_key=True),  # sha256 of the cookie's value
        sa.Column("account_id", sa.Integer(),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "sign_in_failures",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(64), nullable=False),  # "account:<key>" or "client:<hash>"
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_sign_in_failures_key_at", "sign_in_failures", ["key", "at"])
    op.create_table(
        "table_players",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("account_id", sa.Integer(),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_table_players_account", "table_players", ["account_id", "created_at"])
    op.create_table(
        "ratings",
        # "account:<id>" for a person, "bot:<spec>" for a bot (rated apart)
        sa.Column("player", sa.String(80), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("won", sa.Integer(), nullable=False),
    )
    op.create_index("ix_ratings_game_mu", "ratings", ["game", "mu"])
    op.create_table(  # one row per turn told by mail: at most one mail a turn
        "turn_mails",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("version", sa.Integer(), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(  # one row per table rated: its ratings are updated once
        "rated_tables",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    for name in ("rated_tables", "turn_mails", "ratings", "table_players", "sign_in_failures",
                 "sessions", "accounts"):
        op.drop_table(name)
    op.drop_index("ix_tables_quick", "tables")
    with op.batch_alter_table("tables") as batch:
        for name in ("turn_bank", "fill_level", "fill_after", "open_seats", "quick", "rated"):
            batch.drop_column(name)
