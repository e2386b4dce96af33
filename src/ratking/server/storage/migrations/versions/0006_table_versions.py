"""A table's version, which only grows (every move and every undo adds one), so that a move
or an undo made at one position can never be written at another; and a turn-based table's
stored turn start, so that reloading it (after an undo, or a restart) keeps the deadline.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-07
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("version", sa.Integer(), nullable=False,
                                   server_default="0"))
        batch.add_column(sa.Column("turn_since", sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE tables SET version = moves")


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("turn_since")
        batch.drop_column("version")
