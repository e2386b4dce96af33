"""Quotas counted in the database (chat lines, hints, seats taken, new accounts), per person
and per address, the same on every process; what each account's name looks like (names.py's
look_alike: no two accounts' names may look alike); an address for turn mails is used once
a mailed link confirms it (the addresses given before wait for that too).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-07
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from ratking.server.names import look_alike

    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("look", sa.String(64), nullable=True))
    op.create_index("ix_accounts_look", "accounts", ["look"])
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("email_pending", sa.String(254), nullable=True))
        batch.add_column(sa.Column("confirm", sa.String(32), nullable=True))
    op.execute("UPDATE accounts SET email_pending = email, email = NULL "
               "WHERE email IS NOT NULL")
    accounts = sa.table("accounts", sa.column("id", sa.Integer()),
                        sa.column("name", sa.String()), sa.column("look", sa.String()))
    conn = op.get_bind()
    for account_id, name in conn.execute(sa.select(accounts.c.id, accounts.c.name)).all():
        conn.execute(accounts.update().where(accounts.c.id == account_id)
                     .values(look=look_alike(name)))
    op.create_table(
        "quota_uses",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(120), nullable=False),  # "<what>:<person or address>"
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_quota_uses_key_at", "quota_uses", ["key", "at"])
    op.create_index("ix_quota_uses_at", "quota_uses", ["at"])  # old uses are deleted by it


def downgrade() -> None:
    op.drop_table("quota_uses")
    op.drop_index("ix_accounts_look", "accounts")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("look")
        batch.drop_column("email_pending")
        batch.drop_column("confirm")
