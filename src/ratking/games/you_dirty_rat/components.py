"""You Dirty Rat's cards, read from components.toml and checked.

Card ids: Specialists are 0..(types*copies - 1), type = id // copies; each player's three
Ringleaders are the ids RINGLEADER..RINGLEADER+2 (whose they are follows from where they lie).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ...core.cardfile import CardFile
from ...core.components import ComponentFile

COMPONENTS_FILE = Path(__file__).with_name("components.toml")

ARCHETYPES = ("smarts", "stealth", "muscle")
ANY = 3  # the Inside Man's archetype
TEAM_LETTERS = {"s": 0, "t": 1, "m": 2}
EFFECTS = ("stash", "rob-one", "rob-each", "draw", "per-heist", "per-hideout", "rob-teams",
           "mastermind", "femme-fatale", "thug", "fall-guy", "snitch", "lookout", "poacher",
           "wheelman")
REWARDS = ("stash", "rob-one", "rob-each", "draw")
PLACEHOLDER = -1


@dataclass(frozen=True)
class CardType:
    name: str
    archetype: int  # 0..2, or ANY
    effect: str
    amount: int
    ringleader: bool


@dataclass(frozen=True)
class Heist:
    index: int
    name: str
    chain: int
    step: int  # 0 = top of its chain
    team: tuple[int, int, int]  # cards needed per archetype
    reward: str
    amount: int
    size: int = field(init=False, repr=False, compare=False)  # cards in the team

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", sum(self.team))


@dataclass(frozen=True)
class Deck:
    types: tuple[CardType, ...]  # the Specialist types, then the three Ringleaders
    copies: int
    specialists: int  # Specialist types
    chains: tuple[str, ...]  # colours
    chain_players: tuple[int, ...]  # the marking: fewest players who use the chain
    heists: tuple[Heist, ...]
    # Looked up on every decision, so computed once: by card id, its type and its archetype
    # (ids 0..ringleader+2; a $100 placeholder is not a card and has no entry).
    card_type: tuple[int, ...] = field(init=False, repr=False, compare=False)
    card_arch: tuple[int, ...] = field(init=False, repr=False, compare=False)
    ringleader: int = field(init=False, repr=False, compare=False)  # the first Ringleader's id
    # the types played only with a partner card from the hand (seed 002, F.A.Q.: the Thug)
    needs_partner: frozenset[int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        ring = self.specialists * self.copies
        kinds = tuple(c // self.copies for c in range(ring)) + tuple(
            self.specialists + i for i in range(3))
        object.__setattr__(self, "ringleader", ring)
        object.__setattr__(self, "card_type", kinds)
        object.__setattr__(self, "card_arch", tuple(self.types[t].archetype for t in kinds))
        object.__setattr__(self, "needs_partner", frozenset(
            t for t, card in enumerate(self.types) if card.effect == "thug"))

    def type_of(self, card: int) -> int:
        return self.card_type[card]


def _card(data: ComponentFile, table: str, i: int, entry: object, ringleader: bool) -> CardType:
    where = f"[[{table}]] entry {i + 1}"
    if not isinstance(entry, dict):
        data.fail(f"{where} must be a table")
    name = entry.get("name")
    if not isinstance(name, str) or not name:
        data.fail(f"{where}: name must be a non-empty string")
    arch = entry.get("archetype")
    allowed = ARCHETYPES if ringleader else (*ARCHETYPES, "any")
    if arch not in allowed:
        data.fail(f"{where} ({name}): archetype must be one of {', '.join(allowed)}")
    effect = entry.get("effect")
    if effect not in EFFECTS:
        data.fail(f"{where} ({name}): unknown effect {effect!r}; known: {', '.join(EFFECTS)}")
    amount = entry.get("amount", 0)
    if not isinstance(amount, int) or isinstance(amount, bool) or not 0 <= amount <= 5000:
        data.fail(f"{where} ({name}): amount must be a whole number from 0 to 5000")
    if effect in ("femme-fatale", "thug", "fall-guy") and ringleader:
        data.fail(f"{where} ({name}): a Ringleader may not have the {effect} effect")
    return CardType(name, allowed.index(arch), effect, amount, ringleader)


def load_deck(path: Path | CardFile = COMPONENTS_FILE) -> Deck:
    """Read and check the card file; a bad entry raises ComponentError naming it."""
    data = ComponentFile(path)
    copies = data.data.get("copies")
    if not isinstance(copies, int) or isinstance(copies, bool) or not 1 <= copies <= 10:
        data.fail("copies must be a whole number from 1 to 10")
    specs = data.data.get("specialist")
    leaders = data.data.get("ringleader")
    if not isinstance(specs, list) or not specs:
        data.fail("[[specialist]] entries are missing")
    if not isinstance(leaders, list) or len(leaders) != 3:
        data.fail("there must be exactly three [[ringleader]] entries")
    types = [_card(data, "specialist", i, e, False) for i, e in enumerate(specs)]
    types += [_card(data, "ringleader", i, e, True) for i, e in enumerate(leaders)]
    names = [t.name for t in types]
    if len(set(names)) != len(names):
        data.fail("card names must be distinct")
    chains = data.data.get("chain")
    if not isinstance(chains, list) or not chains:
        data.fail("[[chain]] entries are missing")
    colours: list[str] = []
    markings: list[int] = []
    heists: list[Heist] = []
    for c, chain in enumerate(chains):
        where = f"[[chain]] entry {c + 1}"
        if not isinstance(chain, dict):
            data.fail(f"{where} must be a table")
        colour = chain.get("colour")
        if not isinstance(colour, str) or not colour or colour in colours:
            data.fail(f"{where}: colour must be a distinct name")
        players = chain.get("players")
        if players not in (2, 3, 4):
            data.fail(f"{where} ({colour}): players (the 2+/3+/4+ marking) must be 2, 3 or 4")
        cards = chain.get("heists")
        if not isinstance(cards, list) or not cards:
            data.fail(f"{where} ({colour}): heists must be a non-empty list")
        colours.append(colour)
        markings.append(players)
        for step, h in enumerate(cards):
            hw = f"{where} ({colour}) heist {step + 1}"
            if not isinstance(h, dict) or not isinstance(h.get("name"), str):
                data.fail(f"{hw}: needs a name")
            team = h.get("team")
            if not isinstance(team, str) or len(team) < 2 or any(x not in TEAM_LETTERS
                                                                 for x in team):
                data.fail(f"{hw}: team must be 2 or more of the letters s, t, m")
            if h.get("reward") not in REWARDS:
                data.fail(f"{hw}: reward must be one of {', '.join(REWARDS)}")
            amount = h.get("amount")
            if not isinstance(amount, int) or isinstance(amount, bool) or not 0 < amount <= 5000:
                data.fail(f"{hw}: amount must be a whole number from 1 to 5000")
            need = tuple(team.count(x) for x in "stm")
            heists.append(Heist(len(heists), h["name"], c, step, need, h["reward"], amount))
    return Deck(tuple(types), copies, len(specs), tuple(colours), tuple(markings),
                tuple(heists))
