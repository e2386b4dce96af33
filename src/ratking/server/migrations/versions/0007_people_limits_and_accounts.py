"""Quotas counted in the database (chat lines, hints, seats taken, new accounts), per person
and per address, the same on every process.

Revision ID: 0007
Revises: 0005
Create Date: 2026-12-07
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
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
