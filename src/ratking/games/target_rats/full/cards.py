"""The event decks: cards.toml read and checked through ComponentFile.

A card *type* is one [[card]] entry; the decks hold card *copies*, numbered 0 .. 78 in file
order (all copies of the first entry, then the next...). `CardSet.kind[i]` etc. give each copy's
type data by index, so the hot path never looks anything up by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from ....core.cardfile import CardFile
from ....core.components import ComponentFile

CARDS_FILE = Path(__file__).with_name("cards.toml")

EFFECTS = ("food", "nest", "sewer", "feed", "unfeed", "kill", "kill_half", "kill_all",
           "scatter", "exterminator", "spawn", "nothing", "item")
(FOOD, NEST, SEWER, FEED, UNFEED, KILL, KILL_HALF, KILL_ALL, SCATTER, EXTERMINATOR, SPAWN,
 NOTHING, ITEM) = range(len(EFFECTS))
NEEDS_N = (KILL, SCATTER, SPAWN)
HARMFUL = frozenset((UNFEED, KILL, KILL_HALF, KILL_ALL, SCATTER, EXTERMINATOR))

POWERS = ("fight_dice", "call_exterminator", "cancel_event", "extra_steps", "extra_group")
FIGHT_DICE, CALL_EXTERMINATOR, CANCEL_EVENT, EXTRA_STEPS, EXTRA_GROUP = range(len(POWERS))
POWER_NEEDS_N = (FIGHT_DICE, EXTRA_STEPS)

DECKS = ("surface", "underground")
SURFACE_DECK, UNDER_DECK = range(2)
KEYS = {"id", "name", "deck", "count", "text", "effect", "n", "power"}


@dataclass(frozen=True)
class CardType:
    id: str
    name: str
    deck: int
    count: int
    text: str
    effect: int
    n: int  # kill / scatter / spawn amount, item power amount; 0 if none
    power: int  # item power, -1 for events


@dataclass(frozen=True)
class CardSet:
    types: tuple[CardType, ...]
    type_of: tuple[int, ...]  # per copy: its type index
    deck_of: tuple[int, ...]  # per copy: SURFACE_DECK or UNDER_DECK
    effect: tuple[int, ...]  # per copy
    n: tuple[int, ...]  # per copy
    power: tuple[int, ...]  # per copy
    totals: tuple[int, int]  # copies in the surface and underground decks

    @property
    def size(self) -> int:
        return len(self.type_of)

    def type_index(self, card_id: str) -> int:
        return next(i for i, t in enumerate(self.types) if t.id == card_id)

    def copies(self, deck: int) -> list[int]:
        return [i for i, d in enumerate(self.deck_of) if d == deck]


def load_cards(path: Path | CardFile = CARDS_FILE) -> CardSet:
    """Read and check a card file; a bad entry raises ComponentError naming the file and card."""
    data = ComponentFile(path)
    want = (data.need("decks", "surface", int), data.need("decks", "underground", int))
    entries = data.data.get("card")
    if not isinstance(entries, list) or not entries or \
            not all(isinstance(e, dict) for e in entries):
        data.fail("the file must hold [[card]] entries")
    types: list[CardType] = []
    seen: set[str] = set()
    for number, e in enumerate(entries, 1):
        where = f"card {number}" + (f" ({e['id']!r})" if isinstance(e.get("id"), str) else "")
        extra = sorted(set(e) - KEYS)
        if extra:
            data.fail(f"{where}: unknown key {extra[0]!r}")
        for key in ("id", "name", "deck", "text", "effect"):
            if not isinstance(e.get(key), str) or not e[key].strip():
                data.fail(f"{where}: {key} must be a non-empty string")
        cid = e["id"]
        if cid in seen:
            data.fail(f"{where}: id {cid!r} is used twice")
        if any(ch in cid for ch in " :") or cid != cid.lower():
            data.fail(f"{where}: id must be lower case without spaces or colons")
        seen.add(cid)
        if e["deck"] not in DECKS:
            data.fail(f"{where}: deck must be 'surface' or 'underground', not {e['deck']!r}")
        count = e.get("count")
        if count.__class__ is not int or not 1 <= count <= 40:
            data.fail(f"{where}: count must be a whole number 1 to 40")
        if e["effect"] not in EFFECTS:
            data.fail(f"{where}: unknown effect {e['effect']!r} (known: {', '.join(EFFECTS)})")
        effect = EFFECTS.index(e["effect"])
        power = -1
        if effect == ITEM:
            if e.get("power") not in POWERS:
                data.fail(f"{where}: an item needs a power, one of {', '.join(POWERS)}")
            power = POWERS.index(e["power"])
        elif "power" in e:
            data.fail(f"{where}: only items have a power")
        needs_n = effect in NEEDS_N or power in POWER_NEEDS_N
        n = e.get("n", 0)
        if needs_n and (n.__class__ is not int or not 1 <= n <= 12):
            data.fail(f"{where}: effect {e['effect']!r} needs n, a whole number 1 to 12")
        if not needs_n and "n" in e:
            data.fail(f"{where}: effect {e['effect']!r} takes no n")
        if effect == SEWER and e["deck"] != "surface":
            data.fail(f"{where}: sewer entrances are found on the surface only")
        types.append(CardType(cid, e["name"].strip(), DECKS.index(e["deck"]), count,
                              " ".join(e["text"].split()), effect, n, power))
    got = tuple(sum(t.count for t in types if t.deck == d) for d in range(2))
    for d in range(2):
        if got[d] != want[d]:
            data.fail(f"the {DECKS[d]} deck has {got[d]} cards, but [decks] {DECKS[d]} "
                      f"says {want[d]}")
    type_of = tuple(i for i, t in enumerate(types) for _ in range(t.count))
    return CardSet(tuple(types), type_of, tuple(types[t].deck for t in type_of),
                   tuple(types[t].effect for t in type_of), tuple(types[t].n for t in type_of),
                   tuple(types[t].power for t in type_of), got)


@cache
def cards() -> CardSet:
    """The built-in decks, read once and shared."""
    return load_cards()


@lru_cache(maxsize=16)
def cards_from(source: CardFile) -> CardSet:
    """The decks of a card file (the same file: the same CardSet)."""
    return load_cards(source)
