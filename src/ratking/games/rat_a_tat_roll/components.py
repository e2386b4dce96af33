"""The board and the Wild die, read from components.toml and checked; the number deck."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...core.cardfile import CardFile
from ...core.components import ComponentFile

COMPONENTS_FILE = Path(__file__).with_name("components.toml")

# Space kinds, as small ints for the hot path.
WILD, CARD_OR_PILE, REROLL, PEEK = 0, 1, 2, 3
SPACE_NAMES = {"card-or-pile": CARD_OR_PILE, "reroll": REROLL, "peek": PEEK}
KIND_NAMES = {WILD: "wild", CARD_OR_PILE: "card-or-pile", REROLL: "reroll", PEEK: "peek"}

# Wild die faces.
LOWEST, HIGHEST, SWAP = 0, 1, 2
FACE_NAMES = ("lowest", "highest", "swap")


@dataclass(frozen=True)
class Board:
    """The ring: per space its kind and region (-1 on Wild spaces)."""

    colours: tuple[str, ...]
    kinds: tuple[int, ...]
    regions: tuple[int, ...]
    start: int
    wild_faces: tuple[int, ...]
    size: int


def load_board(path: Path | CardFile = COMPONENTS_FILE) -> Board:
    """Read and check the board file; a bad entry raises ComponentError naming it."""
    data = ComponentFile(path)
    need = data.need

    colours = need("board", "regions", list)
    if len(colours) < 1 or not all(isinstance(c, str) and c for c in colours) \
            or len(set(colours)) != len(colours):
        data.fail("[board] regions must be distinct colour names")
    spaces = need("board", "region_spaces", list)
    unknown = [s for s in spaces if s not in SPACE_NAMES]
    if unknown or not spaces:
        data.fail(f"[board] region_spaces has unknown space kinds {unknown}; "
                             f"known: {', '.join(SPACE_NAMES)}")
    kinds: list[int] = []
    regions: list[int] = []
    for r in range(len(colours)):
        kinds.append(WILD)
        regions.append(-1)
        for s in spaces:
            kinds.append(SPACE_NAMES[s])
            regions.append(r)
    start = need("board", "start_space", int)
    if not 0 <= start < len(kinds):
        data.fail(f"[board] start_space must be 0 to {len(kinds) - 1}")
    faces = need("wild_die", "faces", list)
    if not faces or any(f not in FACE_NAMES for f in faces):
        data.fail(f"[wild_die] faces must each be one of "
                             f"{', '.join(FACE_NAMES)}")
    return Board(tuple(colours), tuple(kinds), tuple(regions), start,
                 tuple(FACE_NAMES.index(f) for f in faces), len(kinds))


def card_values(copies_per_value: int, nines: int) -> tuple[int, ...]:
    """The value of each card id: `copies_per_value` each of 0 to 8, then `nines` 9s."""
    return tuple(v for v in range(9) for _ in range(copies_per_value)) + (9,) * nines
