"""Everything the server keeps, in SQL (SQLite by default, PostgreSQL by URL): tables and their
moves (`tables`, the `Storage` class), people (`people`: accounts, sessions, sign-in failures,
ratings, quotas), the delays between failed sign-ins (`throttle`), moves announced between
processes (`fanout`), and the schema's Alembic revisions (`migrations/`)."""
