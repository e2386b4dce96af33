"""The Target: Rats board, shared by the full game and the Simplified game.

Spaces are small ints: 0 .. 23 the surface ring S0..S23, 24 .. 35 the underground ring
U0..U11, 36 Rat City, 37 .. 40 the four home nests H0..H3. Geometry (RULINGS.md, Target: Rats)
is read from board.toml; everything the hot path needs (neighbours, distances, quadrants, the
space beneath each surface space) is computed once, and shared by every game and state.

Capacities (4 rats a space, 8 in Rat City in the full game...) are rule parameters of each
game, not board data; the board only says which spaces are unlimited by nature (`unlimited`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import TypeVar

from ...core.cardfile import CardFile
from ...core.components import ComponentFile
from ...core.graph import distances

BOARD_FILE = Path(__file__).with_name("board.toml")
T = TypeVar("T")

SURFACE, UNDERGROUND, CITY, HOME = range(4)
KIND_NAMES = ("surface", "underground", "rat-city", "home-nest")


@dataclass(frozen=True)
class Board:
    surface: int  # spaces on the surface ring
    underground: int  # spaces on the underground ring
    city: int  # Rat City's space number
    homes: tuple[int, ...]  # the home nest space of each nest (faction) 0..3
    corridor_surface: tuple[int, ...]  # per nest: its surface corridor space (sewer cover)
    corridor_under: tuple[int, ...]  # per nest: its underground corridor space
    ids: tuple[str, ...]  # "S3", "U4", "RC", "H0"
    names: tuple[str, ...]  # "surface 3", "Rat City", "White home nest"
    kind: tuple[int, ...]  # SURFACE, UNDERGROUND, CITY or HOME per space
    ring_index: tuple[int, ...]  # position on its ring (surface/underground), else -1
    adj: tuple[tuple[int, ...], ...]  # neighbours along rings and corridors (no home nests)
    home_exit: tuple[int, ...]  # per nest: the one space a rat leaving its home nest enters
    dist: tuple[tuple[int, ...], ...]  # fewest steps between two spaces (home nests included)
    quadrants: tuple[tuple[int, ...], ...]  # per space: the quadrants it is in (0, 1 or 2)
    beneath: tuple[int, ...]  # per surface space: the underground space below it, or -1
    unlimited: tuple[bool, ...]  # home nests and Rat City hold any number of rats
    corridor: tuple[bool, ...]  # access corridor spaces (no tokens may be placed there)
    token_slot: tuple[bool, ...]  # may hold one token (dumpster/food, nest, sewer entrance)
    exterminator_spaces: tuple[int, ...]  # where the Exterminator may stand: the surface
    faction_names: tuple[str, ...]
    faction_colours: tuple[str, ...]
    simplified_dumpsters: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.ids)

    def index(self, space_id: str) -> int:
        return self.ids.index(space_id)

    def sewer_link(self, space: int) -> int:
        """The underground space a Sewer Entrance token on surface `space` leads to (full game:
        one step); -1 for spaces that cannot hold one (corridor, underground...)."""
        return self.beneath[space] if self.kind[space] == SURFACE else -1


def _int_list(data: ComponentFile, table: str, key: str, length: int, low: int,
              high: int) -> list[int]:
    value = data.need(table, key, list)
    if len(value) != length or any(not isinstance(x, int) or isinstance(x, bool)
                                   or not low <= x <= high for x in value):
        data.fail(f"[{table}] {key} must list {length} whole numbers {low} to {high}")
    return value


def load_board(path: Path | CardFile = BOARD_FILE) -> Board:
    """Read and check board.toml; a bad entry raises ComponentError naming it."""
    data = ComponentFile(path)
    ns = data.need("rings", "surface", int)
    nu = data.need("rings", "underground", int)
    if ns < 8 or nu < 4 or ns % 4 or nu % 4:
        data.fail("[rings] surface and underground must be multiples of 4 (at least 8 and 4)")
    cs = _int_list(data, "corridors", "surface", 4, 0, ns - 1)
    cu = _int_list(data, "corridors", "underground", 4, 0, nu - 1)
    if cs != sorted(cs) or cu != sorted(cu) or len(set(cs)) < 4 or len(set(cu)) < 4:
        data.fail("[corridors] spaces must be distinct and in ring order")
    names_f = data.need("factions", "names", list)
    colours = data.need("factions", "colours", list)
    if len(names_f) != 4 or len(colours) != 4 or not all(isinstance(x, str) and x
                                                          for x in names_f + colours):
        data.fail("[factions] names and colours must list four strings")
    city = ns + nu
    homes = tuple(city + 1 + k for k in range(4))
    size = city + 5
    ids = [f"S{i}" for i in range(ns)] + [f"U{j}" for j in range(nu)] + ["RC"] + \
        [f"H{k}" for k in range(4)]
    names = [f"surface {i}" for i in range(ns)] + [f"underground {j}" for j in range(nu)] + \
        ["Rat City"] + [f"{names_f[k]} home nest" for k in range(4)]
    kind = [SURFACE] * ns + [UNDERGROUND] * nu + [CITY] + [HOME] * 4
    ring_index = list(range(ns)) + list(range(nu)) + [-1] * 5
    corr_s = tuple(cs)
    corr_u = tuple(ns + j for j in cu)
    adj: list[set[int]] = [set() for _ in range(size)]

    def link(a: int, b: int) -> None:
        adj[a].add(b)
        adj[b].add(a)

    for i in range(ns):
        link(i, (i + 1) % ns)
    for j in range(nu):
        link(ns + j, ns + (j + 1) % nu)
    for k in range(4):
        link(corr_s[k], corr_u[k])
        link(corr_u[k], city)
    # quadrants: the spaces strictly between corridor k and k+1, both corridors in both
    quads: list[list[int]] = [[] for _ in range(size)]
    beneath = [-1] * size
    offsets = data.need("quadrants", "beneath", list)
    for k in range(4):
        s_from, s_to = cs[k], cs[(k + 1) % 4] if k < 3 else cs[0] + ns
        u_from, u_to = cu[k], cu[(k + 1) % 4] if k < 3 else cu[0] + nu
        surf = [i % ns for i in range(s_from + 1, s_to)]
        under = [ns + j % nu for j in range(u_from + 1, u_to)]
        if len(offsets) != len(surf) or any(
                not isinstance(o, int) or isinstance(o, bool) or not 1 <= o <= len(under)
                for o in offsets):
            data.fail(f"[quadrants] beneath must give, for each of the {len(surf)} surface "
                      f"spaces of a quadrant, an underground space 1 to {len(under)}")
        for i, o in zip(surf, offsets, strict=True):
            beneath[i] = under[o - 1]
        for sp in [*surf, *under, corr_s[k], corr_s[(k + 1) % 4], corr_u[k],
                   corr_u[(k + 1) % 4]]:
            if k not in quads[sp]:
                quads[sp].append(k)
    dumps = _int_list(data, "simplified", "dumpsters", 4, 0, ns - 1)
    if any(d in cs for d in dumps):
        data.fail("[simplified] dumpsters cannot stand on corridor spaces")
    # distances: BFS over the rings and corridors, home nests joined to their exits
    full = [set(a) for a in adj]
    for k in range(4):
        full[homes[k]].add(corr_s[k])
        full[corr_s[k]].add(homes[k])
    dist = distances(full)
    unlimited = [False] * size
    unlimited[city] = True
    for h in homes:
        unlimited[h] = True
    corridor = [False] * size
    for sp in (*corr_s, *corr_u):
        corridor[sp] = True
    return Board(ns, nu, city, homes, corr_s, corr_u, tuple(ids), tuple(names), tuple(kind),
                 tuple(ring_index), tuple(tuple(sorted(a)) for a in adj), corr_s,
                 tuple(dist), tuple(tuple(sorted(q)) for q in quads), tuple(beneath),
                 tuple(unlimited), tuple(corridor),
                 tuple(kind[x] in (SURFACE, UNDERGROUND) and not corridor[x]
                       for x in range(size)),
                 tuple(range(ns)), tuple(names_f), tuple(colours),
                 tuple(dumps))


@cache
def board() -> Board:
    """The built-in board, read once and shared."""
    return load_board()


@lru_cache(maxsize=16)
def board_from(source: CardFile) -> Board:
    """The board of a component file (the same file: the same Board)."""
    return load_board(source)


def per_board(fn: Callable[[Board], T]) -> Callable[[Board], T]:
    """`fn(board)` computed once per Board object (a game's board is one object, so the hot
    path pays a dict look-up, never a hash of the board)."""
    made: dict[int, tuple[Board, T]] = {}

    def wrapped(b: Board) -> T:
        got = made.get(id(b))
        if got is None or got[0] is not b:
            got = made[id(b)] = (b, fn(b))
        return got[1]

    return wrapped
