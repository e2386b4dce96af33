"""You Dirty Rat's actions, built once per game and shared.

Ids: play:T (play a card of type T, by its slug; also the Femme Fatale's second card),
heist:H (commit heist H), team:T (add a card of type T to the heist team), target:S (an
opponent), card:C (a card in a Hideout, by card id), keep:T (Mastermind), with:T (the Thug's
partner), arch:smarts (the Inside Man's archetype for the Thug), copy:T (Fall Guy),
extra:none (no second card), placeholder (the forced $100).
"""

from __future__ import annotations

from ...core import Action
from .components import ARCHETYPES, Deck

PLAY, HEIST, TEAM, TARGET, CARD, KEEP, WITH, ARCH, COPY, NO_EXTRA, PLACEHOLDER = range(11)
MAX_SEATS = 4


def slug(name: str) -> str:
    return name.lower().replace(" ", "-")


class Catalogue:
    def __init__(self, intern, deck: Deck) -> None:
        names = [t.name for t in deck.types]
        s = [slug(n) for n in names]
        self.play = [intern(f"play:{s[t]}", f"Play the {names[t]}", (PLAY, t))
                     for t in range(len(names))]
        self.heist = [intern(f"heist:{h.index}", f"Commit the heist {h.name}", (HEIST, h.index))
                      for h in deck.heists]
        self.team = [intern(f"team:{s[t]}", f"Add the {names[t]} to the team", (TEAM, t))
                     for t in range(len(names))]
        self.target = [intern(f"target:{p}", f"Target seat {p + 1}", (TARGET, p))
                       for p in range(MAX_SEATS)]
        cards = deck.ringleader + 3
        self.card = [intern(f"card:{c}", f"Target {names[deck.type_of(c)]} (card {c})",
                            (CARD, c)) for c in range(cards)]
        self.keep = [intern(f"keep:{s[t]}", f"Keep the {names[t]}", (KEEP, t))
                     for t in range(len(names))]
        self.partner = [intern(f"with:{s[t]}", f"Team the {names[t]} with the Thug", (WITH, t))
                        for t in range(len(names))]
        self.arch = [intern(f"arch:{a}", f"Count the Inside Man as {a.title()}", (ARCH, i))
                     for i, a in enumerate(ARCHETYPES)]
        self.copy = [intern(f"copy:{s[t]}", f"Use the ability of the {names[t]}", (COPY, t))
                     for t in range(len(names))]
        self.no_extra = intern("extra:none", "Play no second card", (NO_EXTRA,))
        self.placeholder = intern("placeholder", "Put $100 in Night 1 (no card can be played)",
                                  (PLACEHOLDER,))
        self.all: list[Action] = []
