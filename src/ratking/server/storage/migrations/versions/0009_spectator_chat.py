"""Spectators' chat: a chat line may be a spectator's (no seat), stored with the name it was
written under; players read these lines only once the game is over.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-07
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("chat") as batch:
        # the spectator's name (their account's, the name they gave, or "a guest");
        # NULL for a player's line, named by its seat
        batch.add_column(sa.Column("name", sa.String(64), nullable=True))


def downgrade() -> None:
    op.execute("DELETE FROM chat WHERE name IS NOT NULL")
    with op.batch_alter_table("chat") as batch:
        batch.drop_column("name")
