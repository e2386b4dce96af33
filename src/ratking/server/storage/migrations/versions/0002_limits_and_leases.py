"""Limits and leases: who created a table (for rate limits and closing it), its move count,
whether it needs a driver (bots or a turn timer), and which process drives it until when.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("owner", sa.String(64), nullable=True))
        batch.add_column(sa.Column("client", sa.String(32), nullable=True))
        batch.add_column(sa.Column("moves", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("drivable", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("driver", sa.String(40), nullable=True))
        batch.add_column(sa.Column("driver_until", sa.Float(), nullable=True))
    op.create_index("ix_tables_client_created", "tables", ["client", "created_at"])
    # existing tables: count their moves, and mark the unfinished ones as held by nobody
    # alive (an expired lease), so the first server to start picks them up
    moves = sa.table("moves", sa.column("table_id"), sa.column("index"))
    tables = sa.table("tables", sa.column("id"), sa.column("moves"), sa.column("seats"),
                      sa.column("turn_timer"), sa.column("status"), sa.column("drivable"),
                      sa.column("driver"), sa.column("driver_until"))
    count = sa.select(sa.func.count()).where(moves.c.table_id == tables.c.id) \
        .scalar_subquery()
    op.execute(tables.update().values(moves=count))
    op.execute(tables.update().where(tables.c.status == "playing")
               .values(drivable=True, driver="", driver_until=0.0))


def downgrade() -> None:
    op.drop_index("ix_tables_client_created", "tables")
    with op.batch_alter_table("tables") as batch:
        for name in ("driver_until", "driver", "drivable", "moves", "client", "owner"):
            batch.drop_column(name)
