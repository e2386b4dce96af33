"""Rated play that means something: how a table ended when not by the game's own rules (a
resignation, a claimed win, an end agreed by vote, an abort) and the seats out of the game; a
proposal to end it waiting for votes; which address made an account and whether the account is
rated (the first one made from an address in a window); and each rated table's rating changes
(shown on its end screen).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-07
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("outcome", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("proposal", sa.JSON(), nullable=True))
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("address", sa.String(32), nullable=True))
        batch.add_column(sa.Column("counts", sa.Boolean(), nullable=False,
                                   server_default=sa.true()))
    op.create_index("ix_accounts_address", "accounts", ["address", "created_at"])
    with op.batch_alter_table("rated_tables") as batch:
        batch.add_column(sa.Column("changes", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("rated_tables") as batch:
        batch.drop_column("changes")
    op.drop_index("ix_accounts_address", "accounts")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("counts")
        batch.drop_column("address")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("proposal")
        batch.drop_column("outcome")
