"""The city map of Rat & Duck, read from components.toml and checked.

Places are small ints: 0 .. C-1 the civilian places (in the file's order, also the location
cards), then the Lab, the Police Station and the Prison. Which civilian place sits in which grid
cell is decided at set-up (`Layout`); everything the hot path needs about one layout (neighbour
lists, distances) is computed once and shared by every state that uses it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ...core.cardfile import CardFile
from ...core.components import ComponentFile
from ...core.graph import distances

COMPONENTS_FILE = Path(__file__).with_name("components.toml")


def slug(name: str) -> str:
    """"Dining Place" -> "dining-place" (used in action ids)."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


@dataclass(frozen=True)
class CityMap:
    """The places and how the grid is wired, independent of which name sits where."""

    names: tuple[str, ...]  # every place, civilian places first
    slugs: tuple[str, ...]
    civilian: int  # how many civilian places (they are places 0 .. civilian-1)
    lab: int
    station: int
    prison: int
    rows: int
    columns: int
    station_cells: tuple[int, ...]
    lab_cells: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.names)

    def grid_links(self) -> list[tuple[int, int]]:
        """The links between grid cells (cell numbers), row neighbours then column ones."""
        rows, cols = self.rows, self.columns
        out = []
        for r in range(rows):
            for c in range(cols):
                cell = r * cols + c
                if c + 1 < cols:
                    out.append((cell, cell + 1))
                if r + 1 < rows:
                    out.append((cell, cell + cols))
        return out


@dataclass(frozen=True)
class Layout:
    """One arrangement of the names on the grid: `cells[k]` is the place in grid cell k."""

    cells: tuple[int, ...]
    cell_of: tuple[int, ...]  # per place: its grid cell, or -1 for the Lab, Station, Prison
    links: tuple[tuple[int, int], ...]  # (place, place), each link once
    adj: tuple[tuple[int, ...], ...]  # per place: its neighbours, sorted
    dist: tuple[tuple[int, ...], ...]  # per place pair: the fewest moves between them


def load_map(path: Path | CardFile = COMPONENTS_FILE) -> CityMap:
    """Read and check the map file; a bad entry raises ComponentError naming it."""
    data = ComponentFile(path)
    need = data.need

    civilian = need("places", "civilian", list)
    if not civilian or not all(isinstance(n, str) and n.strip() for n in civilian):
        data.fail("[places] civilian must list place names")
    specials = [need("places", k, str) for k in ("lab", "police_station", "prison")]
    names = [*civilian, *specials]
    slugs = [slug(n) for n in names]
    if len(set(slugs)) != len(slugs) or not all(slugs):
        data.fail("[places] every place needs a distinct name")
    rows = need("map", "rows", int)
    cols = need("map", "columns", int)
    if rows < 1 or cols < 1 or rows * cols != len(civilian):
        data.fail(f"[map] rows x columns must equal the {len(civilian)} civilian places")
    cells = {}
    for key in ("police_station_cells", "lab_cells"):
        value = need("map", key, list)
        if not value or any(not isinstance(c, int) or isinstance(c, bool)
                            or not 0 <= c < rows * cols for c in value) \
                or len(set(value)) != len(value):
            data.fail(f"[map] {key} must list distinct grid cells 0 to {rows * cols - 1}")
        cells[key] = tuple(value)
    n = len(civilian)
    return CityMap(tuple(names), tuple(slugs), n, n, n + 1, n + 2, rows, cols,
                   cells["police_station_cells"], cells["lab_cells"])


def build_layout(city: CityMap, cells: tuple[int, ...]) -> Layout:
    """Wire the map with the civilian place `cells[k]` in grid cell k."""
    size = city.size
    cell_of = [-1] * size
    for k, place in enumerate(cells):
        cell_of[place] = k
    links = [(cells[a], cells[b]) for a, b in city.grid_links()]
    links += [(city.station, cells[k]) for k in city.station_cells]
    links.append((city.prison, city.station))
    links += [(city.lab, cells[k]) for k in city.lab_cells]
    adj: list[set[int]] = [set() for _ in range(size)]
    for a, b in links:
        adj[a].add(b)
        adj[b].add(a)
    return Layout(tuple(cells), tuple(cell_of), tuple(links),
                  tuple(tuple(sorted(a)) for a in adj), distances(adj))
