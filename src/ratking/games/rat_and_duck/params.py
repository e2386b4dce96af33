"""Rat & Duck's rule options: every number of the rulebook, with its printed default."""

from __future__ import annotations

from ...core import RuleSpec

POLICE, SCIENTIST, DISSENT = 0, 1, 2
ROLE_LETTERS = {"P": POLICE, "S": SCIENTIST, "D": DISSENT}
ROLE_NAMES = ("Police", "Scientist", "Dissent")
GOVERNMENT, DISSENT_TEAM = 0, 1
TEAM_NAMES = ("government", "dissent")


def parse_units(text: str) -> tuple[int, ...] | str:
    """"PS-DD" -> the role of each unit, government first; or a message saying what is wrong."""
    parts = text.strip().upper().split("-")
    if len(parts) != 2:
        return "write the government's units, a dash, then the dissent's, e.g. 'PS-DD'"
    gov, dis = parts
    if not gov or set(gov) - {"P", "S"}:
        return "the government's units are P (police) and S (scientist), e.g. 'PPS'"
    if not dis or set(dis) - {"D"}:
        return "the dissent's units are all D, e.g. 'DD'"
    if "P" not in gov or "S" not in gov:  # seed 003, 1.1.1
        return "the government needs at least one police (P) and one scientist (S)"
    if len(gov) != len(dis):  # seed 003, 1.1
        return "the teams must have equal numbers of units"
    if not 2 <= len(gov) <= 4:
        return "each team has 2 to 4 units"
    return tuple(ROLE_LETTERS[c] for c in gov + dis)


def _check_units(value: str) -> str | None:
    parsed = parse_units(value)
    return parsed if isinstance(parsed, str) else None


RULE_SPECS = (
    RuleSpec("units", "PS-DD", str,
             "the units: government (P police, S scientist), a dash, the dissent (D); "
             "equal teams of 2 to 4, e.g. PPS-DDD", check=_check_units, label="Units per team"),
    RuleSpec("uneven_teams", False, bool,
             "house variant: allow an odd number of players (the dissent gets the extra seat); "
             "the rulebook's teams are of an even amount of players", label="Uneven teams "
             "(house rule)"),
    RuleSpec("shuffle_places", True, bool,
             "shuffle which civilian place sits where on the grid (off: the file's order)",
             label="Shuffle the city map"),
    RuleSpec("bio_sci_to_win", 4, int, "Bio-Sci progress that wins for the government",
             minimum=1, maximum=12, label="Bio-Sci to win"),
    RuleSpec("unrest_to_win", 15, int, "total unrest that wins for the dissent",
             minimum=1, maximum=36, label="Unrest to win"),
    RuleSpec("max_unrest", 3, int, "most unrest one civilian place can hold", minimum=1,
             maximum=3, label="Most unrest per place"),
    RuleSpec("max_location_cards", 2, int, "location cards the government may hold at a time",
             minimum=1, maximum=12, label="Location cards held at most"),
    RuleSpec("arrest_wanted", 2, int, "wanted a dissent needs before the police may arrest it",
             minimum=0, maximum=20, label="Wanted level for an arrest"),
    RuleSpec("arrest_reduce", 2, int, "wanted an arrest takes away", minimum=0, maximum=20,
             label="Wanted removed by an arrest"),
    RuleSpec("wanted_gain", 1, int, "wanted a dissent gains for a Speak or a Release",
             minimum=0, maximum=5, label="Wanted gained per Speak or Release"),
    RuleSpec("unrest_gain", 1, int, "unrest a Speak or a Release adds", minimum=1, maximum=3,
             label="Unrest per Speak or Release"),
    RuleSpec("control_reduce", 1, int, "unrest a Control takes away", minimum=1, maximum=3,
             label="Unrest removed by a Control"),
    RuleSpec("links_per_unit", 1, int, "civilians one police or scientist may have linked",
             minimum=1, maximum=12, label="Civilians linked per unit"),
    RuleSpec("research_gain", 1, int, "Bio-Sci progress one Research gives", minimum=1,
             maximum=4, label="Bio-Sci per Research"),
    RuleSpec("dissent_score_weight", 2, int,
             "at the round limit the dissent scores total unrest times this", minimum=0,
             maximum=100, label="Points per unrest at the limit"),
    RuleSpec("government_score_weight", 5, int,
             "at the round limit the government scores Bio-Sci progress times this", minimum=0,
             maximum=100, label="Points per Bio-Sci at the limit"),
    RuleSpec("max_rounds", 25, int,
             "the game ends after this many rounds (none: no cap); then the higher score wins",
             minimum=1, optional=True, label="Round limit"),
)
