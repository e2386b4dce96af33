"""The server's layers (docs/server.md, "Where things are"): each part imports only from the
parts below it, never from one above or beside it, so no import runs back up and no two parts
import each other. Read from the source with `ast`, every import counted (inside functions
and `if TYPE_CHECKING:` too)."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

SERVER = Path(importlib.util.find_spec("ratking.server").origin).parent  # read, not imported

# bottom to top; the parts of one layer do not import each other
LAYERS: list[set[str]] = [
    {"settings", "names", "refused", "layout"},  # leaf modules at the top of server/
    {"play", "storage"},  # what a game looks like at a table; SQL
    {"people", "pool"},  # who people are and their limits; the worker processes
    {"rooms"},  # the live tables
    {"lobby"},  # what people do away from a table: accounts, profiles, seats, quick match
    {"lab"},  # the designer's lab in the browser: its jobs in the review pool
    {"web"},  # the app: its routes, pages and middleware
    {"serve"},  # running it: processes, nginx, uvicorn's protocols
]


def part_of(module: str) -> str:
    """The part of the server a module (dotted, below ratking.server) belongs to."""
    return module.split(".", 1)[0]


def imports(root: Path, package: str) -> list[tuple[str, str, int]]:
    """(importing module, imported module, line) for each import of the package's own modules,
    both named below the package (`rooms.seats`); the package's __init__ is left out (it
    only names the app factory)."""
    found = []
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts == ["__init__"]:
            continue
        if parts[-1] == "__init__":
            parts.pop()
            home = parts  # a package's own relative imports start from it
        else:
            home = parts[:-1]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom) and node.level:
                up = len(home) - (node.level - 1)
                if up < 0:
                    continue  # the rest of ratking
                target = ".".join(home[:up] + ([node.module] if node.module else []))
            elif isinstance(node, ast.ImportFrom) and node.module \
                    and (node.module + ".").startswith(package + "."):
                target = node.module[len(package) + 1:]
            elif isinstance(node, ast.ImportFrom) and node.module == package:
                target = ""
            elif isinstance(node, ast.Import):
                names = [a.name[len(package) + 1:] for a in node.names
                         if a.name.startswith(package + ".")]
                found += [(".".join(parts), name, node.lineno) for name in names]
                continue
            else:
                continue
            # `from .. import x` names modules; `from ..rooms import x` a module's names
            targets = [a.name for a in node.names] if not target else [target]
            found += [(".".join(parts), t, node.lineno) for t in targets]
    return found


def problems(root: Path, package: str, layers: list[set[str]]) -> list[str]:
    """Every import that runs from a part to one above it or beside it, every part no layer
    names, and every cycle between parts."""
    rank = {part: i for i, layer in enumerate(layers) for part in layer}
    found, edges = [], set()
    for source, target, line in imports(root, package):
        a, b = part_of(source), part_of(target)
        for part in (a, b):
            if part not in rank:
                found.append(f"{part}: in no layer (add it to LAYERS)")
        if a == b or a not in rank or b not in rank:
            continue
        edges.add((a, b))
        if rank[b] >= rank[a]:
            where = "above" if rank[b] > rank[a] else "beside"
            found.append(f"{source} (line {line}) imports {target}: {b} is {where} {a}")
    found += [f"cycle between parts: {' -> '.join(c)}" for c in cycles(edges)]
    return sorted(set(found))


def cycles(edges: set[tuple[str, str]]) -> list[list[str]]:
    """A cycle through each part that is on one (depth-first)."""
    after: dict[str, set[str]] = {}
    for a, b in edges:
        after.setdefault(a, set()).add(b)
    found = []
    for start in sorted(after):
        stack = [(start, [start])]
        seen = set()
        while stack:
            node, path = stack.pop()
            for nxt in sorted(after.get(node, ())):
                if nxt == start:
                    found.append([*path, start])
                    stack.clear()
                    break
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, [*path, nxt]))
    return found


def test_no_import_runs_back_up() -> None:
    assert problems(SERVER, "ratking.server", LAYERS) == []


def test_every_part_is_in_a_layer() -> None:
    parts = {p.stem if p.is_file() else p.name for p in SERVER.iterdir()
             if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").exists()}
    assert parts == set().union(*LAYERS)


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


@pytest.mark.parametrize(("files", "expected"), [
    ({"low/a.py": "from ..high.b import x\n", "high/b.py": "x = 1\n"},
     "low.a (line 1) imports high.b: high is above low"),
    ({"low/a.py": "def f():\n    from pkg.high import b\n", "high/b.py": ""},
     "low.a (line 2) imports high: high is above low"),
    ({"low/a.py": "from .. import high\n", "high/__init__.py": ""},
     "low.a (line 1) imports high: high is above low"),
    ({"low/a.py": "from ..side import c\n", "side/c.py": ""},
     "low.a (line 1) imports side: side is beside low"),
    ({"low/a.py": "from ..odd import c\n", "odd/c.py": ""},
     "odd: in no layer (add it to LAYERS)"),
])
def test_an_import_back_up_is_found(tmp_path: Path, files: dict[str, str],
                                    expected: str) -> None:
    write(tmp_path, {"__init__.py": "", "low/__init__.py": "", **files})
    layers = [{"low", "side"}, {"high"}]
    assert expected in problems(tmp_path, "pkg", layers)


def test_a_cycle_is_found(tmp_path: Path) -> None:
    write(tmp_path, {"a/x.py": "from ..b import y\n", "b/y.py": "from ..a import x\n"})
    assert "cycle between parts: a -> b -> a" in problems(tmp_path, "pkg", [{"a"}, {"b"}])


def test_imports_within_a_part_and_below_pass(tmp_path: Path) -> None:
    write(tmp_path, {"low/a.py": "from .b import z\nfrom ...core import q\n", "low/b.py": "",
                     "high/c.py": "from ..low import a\nfrom pkg.low.b import z\n"})
    assert problems(tmp_path, "pkg", [{"low"}, {"high"}]) == []
