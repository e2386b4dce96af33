"""Rat & Duck's actions: every decision as a short id, built once per game and shared.

Ids (places and civilians by slug, e.g. `dining-place`; a civilian is named by the place where
it was kidnapped; units as p1, s1, d2...):
  move:<place>     move the unit to a neighbouring place (pre-move)
  skip-move        stay, go on to the action (pre-move)
  arrest:<unit>    police: send that dissent to the Prison        control  police: -1 unrest
  target           scientist, immediate: draw a location card
  kidnap           scientist: play the card of this place, a civilian appears here
  research:<civ>   scientist in the Lab: spend that civilian for Bio-Sci progress
  link:<civ>       police or scientist, immediate: link a civilian here to the unit
  unlink:<civ>     police or scientist, immediate: let go of a linked civilian
  speak            dissent: +1 unrest here, +1 wanted
  release:<civ>    dissent: free that civilian here; unrest (or spill-over), +1 wanted
  end:<unit>       end the turn; that unit plays next
"""

from __future__ import annotations

from .components import CityMap
from .params import ROLE_NAMES

MOVE, SKIP_MOVE, ARREST, CONTROL, TARGET, KIDNAP, RESEARCH, LINK, UNLINK, SPEAK, RELEASE, END = (
    range(12))


def unit_ids(roles: tuple[int, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The id ("s1") and the name ("Scientist 1") of each unit, numbered per role."""
    counts = [0, 0, 0]
    ids, names = [], []
    for role in roles:
        counts[role] += 1
        name = ROLE_NAMES[role]
        ids.append(f"{name[0].lower()}{counts[role]}")
        names.append(f"{name} {counts[role]}")
    return tuple(ids), tuple(names)


class Catalogue:
    """Every action of one game, indexed for the rules' fast look-ups."""

    def __init__(self, intern, city: CityMap, roles: tuple[int, ...]) -> None:
        names, slugs = city.names, city.slugs
        civ = range(city.civilian)
        ids, unit_names = unit_ids(roles)
        self.move = [intern(f"move:{slugs[p]}", f"Move to the {names[p]}", (MOVE, p))
                     for p in range(city.size)]
        self.skip_move = intern("skip-move", "Stay here and go on to the action", (SKIP_MOVE,))
        self.arrest = [intern(f"arrest:{ids[u]}", f"Arrest {unit_names[u]}", (ARREST, u))
                       for u in range(len(roles))]
        self.control = intern("control", "Control: reduce the unrest here", (CONTROL,))
        self.target = intern("target", "Target: draw a location card", (TARGET,))
        self.kidnap = intern("kidnap", "Kidnap: play this place's location card", (KIDNAP,))
        self.research = [intern(f"research:{slugs[c]}",
                                f"Research on the civilian from the {names[c]}", (RESEARCH, c))
                         for c in civ]
        self.link = [intern(f"link:{slugs[c]}", f"Link the civilian from the {names[c]}",
                            (LINK, c)) for c in civ]
        self.unlink = [intern(f"unlink:{slugs[c]}", f"Unlink the civilian from the {names[c]}",
                              (UNLINK, c)) for c in civ]
        self.speak = intern("speak", "Speak: spread unrest here", (SPEAK,))
        self.release = [intern(f"release:{slugs[c]}",
                               f"Release the civilian from the {names[c]}", (RELEASE, c))
                        for c in civ]
        self.end = [intern(f"end:{ids[u]}", f"End the turn: {unit_names[u]} plays next",
                           (END, u)) for u in range(len(roles))]
