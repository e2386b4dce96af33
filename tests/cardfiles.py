"""Card files for the tests: a copy of You Dirty Rat's with the Thief stealing another amount."""

from __future__ import annotations

from pathlib import Path

import ratking


def thief_file(folder: Path, amount: int) -> Path:
    """folder/thief<amount>.toml: You Dirty Rat's card file with the Thief at $amount."""
    path = folder / f"thief{amount}.toml"
    base = ratking.make("you-dirty-rat").files["cards"]
    path.write_text(base.changed({"thief.amount": amount}).text, encoding="utf-8")
    return path
