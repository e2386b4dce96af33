"""Private and open tables, rematches, table chat.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        # not listed in the lobby (reached by its link only)
        batch.add_column(sa.Column("private", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        # anyone may take a person's seat nobody has taken yet, from the lobby
        batch.add_column(sa.Column("joinable", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        # the table started as this one's rematch
        batch.add_column(sa.Column("rematch", sa.String(24), nullable=True))
    op.create_table(
        "chat",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("index", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("text", sa.String(400), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rematch")
        batch.drop_column("joinable")
        batch.drop_column("private")
