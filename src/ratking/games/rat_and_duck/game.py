"""Rat & Duck (seed 003): the government kidnaps civilians for research, the dissent spreads
unrest and frees them."""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path
from typing import ClassVar

from ...core import Game, RatkingError, RulesError
from ...core.cardfile import CardFile
from . import evaluate, heuristic, metrics, observation, standing, svg, text, views
from .actions import Catalogue, unit_ids
from .components import COMPONENTS_FILE, CityMap, Layout, build_layout, load_map
from .params import DISSENT, DISSENT_TEAM, GOVERNMENT, RULE_SPECS, TEAM_NAMES, parse_units
from .state import DuckState

RULES_PAGE = Path(__file__).with_name("rules.md")


@lru_cache(maxsize=16)
def _city(source: CardFile | None = None) -> CityMap:
    """The city map of a component file (None: the built-in one); the same file, the same
    map."""
    return load_map(source or COMPONENTS_FILE)


# each game shuffles the places, so nearly every game has a layout of its own: keep the recent
# ones (a state holds its own), not every layout ever dealt
@lru_cache(maxsize=256)
def _layout(city: CityMap, cells: tuple[int, ...]) -> Layout:
    return build_layout(city, cells)


class RatAndDuck(Game, hooks=(evaluate, heuristic, metrics, observation, standing, svg, text,
                              views)):
    """Rule options: see params.py. Components: components.toml.

    Seats (with the default 4 units the game takes 2 or 4 players; with more units, up to one
    player per unit; an even number unless the rule uneven_teams allows an odd one): seats
    alternate between the teams, seat 0 the dissent, seat 1 the government, seat 2 the
    dissent... Each team's units are dealt round-robin to its seats, in order (government units
    as written in `units`, then Dissent 1, 2...). With 2 players each seat plays a whole team.
    """

    id = "rat-and-duck"
    title = "Rat & Duck"
    summary = ("The government kidnaps civilians for research; the dissent spreads unrest and "
               "frees them. Team play: 2 or 4 players, up to 8 with more units.")
    min_players = 2
    max_players = 4  # with the default units; a game with more units takes up to one per unit
    rule_specs = RULE_SPECS
    state_class = DuckState
    rules_page = RULES_PAGE
    offers_undo = True  # a move of the turn touching no chance nor hidden card
    variants = ({}, {"units": "PPS-DDD"}, {"uneven_teams": True})
    scores_at_cap = True  # at the round limit the game's own scoring decides
    team_names = TEAM_NAMES

    component_files: ClassVar[dict[str, Path]] = {"cards": COMPONENTS_FILE}

    def __init__(self, **rules) -> None:
        super().__init__(**rules)
        self.city = _city(self.files["cards"])
        roles = parse_units(self.rules.units)
        assert isinstance(roles, tuple)  # checked by the rule's own check
        self.roles: tuple[int, ...] = roles
        self.unit_count = len(roles)
        self.teams = tuple(DISSENT_TEAM if r == DISSENT else GOVERNMENT for r in roles)
        self.dissents = tuple(u for u, r in enumerate(roles) if r == DISSENT)
        self.government = tuple(u for u, r in enumerate(roles) if r != DISSENT)
        self.all_units = (1 << self.unit_count) - 1
        self.unit_keys, self.unit_names = unit_ids(roles)
        self.catalogue = Catalogue(self.intern, self.city, roles)
        self._owners: dict[int, tuple[int, ...]] = {}

    def check_players(self, players: int) -> None:
        """2 players up to one per unit, an even number (seed 003, 1.1: "Two teams of an even
        amount of players") unless the house rule `uneven_teams` is on."""
        if players.__class__ is not int or not 2 <= players <= self.unit_count:
            raise RatkingError(f"{self.title} with {self.unit_count} units takes 2 to "
                               f"{self.unit_count} players, not {players!r}")
        if players % 2 and not self.rules.uneven_teams:
            raise RulesError(f"{self.title} is played by two teams of as many players each, so "
                             f"an even number of players, not {players} (set the house rule "
                             "uneven_teams to allow it)")

    def player_counts(self) -> tuple[int, ...]:
        step = 1 if self.rules.uneven_teams else 2
        return tuple(range(2, self.unit_count + 1, step))

    browser_board = True  # server/static/boards/rat-and-duck.js

    def layout_for(self, cells: tuple[int, ...]) -> Layout:
        return _layout(self.city, cells)

    def owners(self, players: int) -> tuple[int, ...]:
        """The seat that controls each unit (see the class docstring)."""
        got = self._owners.get(players)
        if got is None:
            seats = {DISSENT_TEAM: list(range(0, players, 2)),
                     GOVERNMENT: list(range(1, players, 2))}
            counts = {DISSENT_TEAM: 0, GOVERNMENT: 0}
            out = []
            for team in self.teams:
                out.append(seats[team][counts[team] % len(seats[team])])
                counts[team] += 1
            got = self._owners[players] = tuple(out)
        return got

    @staticmethod
    @cache
    def seat_teams(players: int) -> tuple[int, ...]:
        """Each seat's team: even seats the dissent, odd seats the government."""
        return tuple(DISSENT_TEAM if seat % 2 == 0 else GOVERNMENT for seat in range(players))

    @staticmethod
    @cache
    def seat_masks(players: int) -> tuple[int, int]:
        """Per team, the bitmask of its seats (an event audience)."""
        gov = dis = 0
        for seat in range(players):
            if seat % 2:
                gov |= 1 << seat
            else:
                dis |= 1 << seat
        return gov, dis
