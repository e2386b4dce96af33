"""What people hold open, counted in the database (holds.py): each open socket and each
review being computed is a row per key it counts under (the person, the address), named by
its holder and by the server process that renews it, so the limits on them hold over every
process and the rows of a process that died expire.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-07
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "holds",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(120), nullable=False),  # "<what>:<person or address>"
        sa.Column("holder", sa.String(32), nullable=False),  # the socket's or review's id
        sa.Column("process", sa.String(64), nullable=False),  # the server process renewing it
        sa.Column("expires", sa.Float(), nullable=False),  # seconds since 1970
    )
    for column in ("key", "holder", "process", "expires"):
        op.create_index(f"ix_holds_{column}", "holds", [column])


def downgrade() -> None:
    op.drop_table("holds")
