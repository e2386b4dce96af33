"""One package per game. The kernel finds each game through its `ratking.games` entry point
(pyproject.toml), so importing this package imports no game."""
