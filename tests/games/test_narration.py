"""Narration reads right for every reader, by construction, for every game: every kind of
event a game can emit (each `emit("kind", ...)` in its package) is told to the player who did
it ("you push"), to the others ("Ana pushes"), to a spectator, and with a seat named "You" (as
the terminal names its one person), and each sentence is checked for grammar markers.

A kind that random and heuristic play does not reach needs a sample in the game's
`rare_events`."""

from __future__ import annotations

import random
import re

import pytest

import ratking
from ratking.bots import make_bot
from ratking.core import game_class, narrate
from ratking.sim import random_play
from ratking.testing.narration import kinds_in_source, with_rare_events

GAMES = [info.id for info in ratking.list_games()]
NAMES = ("Ana", "Bob", "Cyd", "Dee", "Eve", "Fay", "Gus", "Hal")
# "you" with a third-person verb or a name's possessive: "you was", "you holds", "you's"
YOU_AS_THIRD = re.compile(r"\byou(?:'s?\b| (?:is|was|has|does)\b| [a-z]+[^s\W]s\b)",
                          re.IGNORECASE)
# a seat's name alone with the verb form that goes with "you" (a group, "you and Ana win", may)
NAME_AS_YOU = re.compile(rf"(?<!and )\b(?:{'|'.join(NAMES)}) "
                         r"(?:are|were|have|do|hold|win|skip|decide|share|play)\b")
# words before "you" that make it an object ("from you"), not the subject of what follows
PREPOSITIONS = {"from", "to", "with", "for", "than", "of", "against", "by", "at", "on", "beside"}
ADVERBS = {"now", "also", "still", "no", "longer", "then", "just", "first", "only", "not",
           "never", "already"}
# where a clause that "you" governs stops; its coordinated predicates are split at commas,
# "and" and "then"
CLAUSE_END = re.compile(r"[:;()]")
COORDINATED = re.compile(r",\s*(?:and\s+|then\s+)?|\s+and\s+|\s+then\s+")
PUNCTUATION = re.compile(r"[!?.,;:]\.|\s[,.;:!?]|\s\s|\.\.")
THIRD_PRONOUN = re.compile(r"\b(?:they|their|them|themselves)\b", re.IGNORECASE)
SECOND_PERSON = re.compile(r"\byou(?:r|rs|rself)?\b", re.IGNORECASE)


def verbs_agreeing_with_you(text: str) -> list[str]:
    """Third-person verbs ("holds", "takes") heading a predicate whose subject is "you",
    anywhere in the clause: "you now holds", "you found a nest and takes it over"."""
    found = []
    for match in re.finditer(r"\byou\b", text, re.IGNORECASE):
        before = text[:match.start()].split()
        if before and before[-1].lower() in PREPOSITIONS:
            continue
        clause = CLAUSE_END.split(text[match.end():], maxsplit=1)[0]
        for part in COORDINATED.split(clause):
            words = re.findall(r"[\w'$]+", part)
            while words and words[0].lower() in ADVERBS:
                words.pop(0)
            if words and re.fullmatch(r"[a-z]+s", words[0]):
                found.append(words[0])
    return found


def played(game_id: str) -> list:
    """Finished (or capped) games of random and heuristic play, at each player count."""
    game = ratking.make(game_id, max_rounds=30)
    states = []
    for seed in range(16):
        players = game.player_counts()[seed % len(game.player_counts())]
        state = game.new_game(players, seed=seed, names=NAMES[:players])
        if seed % 2:
            bots = [make_bot("heuristic", seed * 10 + i) for i in range(players)]
            while not state.is_over:
                state.apply(bots[state.current_player].choose(state))
        else:
            random_play(state, random.Random(seed))
        states.append(state)
    return states


def check(text: str, reader: int | None, names: tuple[str, ...], where: str) -> None:
    assert not text[:1].islower() and text.endswith((".", "!", "?")), (where, text)
    assert not PUNCTUATION.search(text), (where, text)
    assert not YOU_AS_THIRD.search(text), (where, text)
    assert not verbs_agreeing_with_you(text), (where, text)
    assert not NAME_AS_YOU.search(text), (where, text)
    if reader is not None and names[reader] != "You":
        # the reader is "you", never their own name
        assert not re.search(rf"\b{names[reader]}\b", text), (where, text)
    if reader is None and "You" not in names:
        assert not SECOND_PERSON.search(text), (where, text)


def readers(state):
    """(names, reader) pairs: each seat and a spectator; a seat named "You" read by itself
    and by a spectator."""
    names = tuple(state.names)
    out = [(names, r) for r in (*range(state.players), None)]
    you = ("You", *names[1:])
    out += [(you, 0), (you, None), (you, 1)]
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_every_event_kind_reads_right_for_you_for_names_and_for_spectators(game_id):
    declared = kinds_in_source(game_class(game_id))
    states = played(game_id)
    states.append(with_rare_events(states[0]))  # the kinds the game declares rare, told too
    told = set()
    for state in states:
        for names, reader in readers(state):
            state.names = names
            events = state.events_for(reader)
            for event in events:
                where = f"{game_id} {event.kind} read by {reader} with {names}"
                assert event.predicate != event.kind, f"{where}: no text for this kind"
                check(event.text, reader, names, where)
                if event.subject == "you":  # what you did is told with "your", not "their"
                    assert not THIRD_PRONOUN.search(event.predicate), (where, event.text)
                told.add(event.kind)
            for line in narrate(events):
                check(line, reader, names, f"{game_id} narrated for {reader}")
    missing = declared - told
    assert not missing, f"{game_id}: no game reached {sorted(missing)}: add samples to the " \
                        "game's rare_events"


def test_the_agreement_check_reads_whole_clauses():
    assert verbs_agreeing_with_you("You now holds Pigeon Call.") == ["holds"]
    assert verbs_agreeing_with_you("You found Cyd's nest on S4 and takes it over.") == ["takes"]
    assert verbs_agreeing_with_you("Ana took $200 from you, and discards a card.") == []
    assert verbs_agreeing_with_you("You lost every rat, discarded it and wins.") == ["wins"]
    assert verbs_agreeing_with_you("You rolled 4 and 6: 2 rats are unfed.") == []
    assert verbs_agreeing_with_you("You and Bob share the win.") == []


def test_the_voice_conjugates_for_you_for_names_and_for_groups():
    from ratking.core import Voice

    v = Voice(("Ana", "Bob", "You", "Jess"), 0)
    assert (v.who(0), v.who(1), v.who(2)) == ("you", "Bob", "you")
    assert (v.whose(0), v.whose(1), v.whose(3)) == ("your", "Bob's", "Jess'")
    assert (v.they(0), v.they(1), v.their(0), v.their(1)) == ("you", "they", "your", "their")
    assert [v.verb(1, b) for b in ("push", "are", "were", "have", "carry", "pass", "play")] == \
        ["pushes", "is", "was", "has", "carries", "passes", "plays"]
    assert v.verb(0, "push") == "push" and v.verb([1, 3], "share") == "share"
    assert v.does([1, 0], "share") == "Bob and you share" and v.does(1, "win") == "Bob wins"
    assert v.group([1, 3, 0]) == "Bob, Jess and you"
    spectator = Voice(("Ana", "Bob"), None)
    assert spectator.does(0, "decide") == "Ana decides" and spectator.whose(1) == "Bob's"


def test_the_exterminator_sentence_joins_its_parts_in_any_combination():
    from ratking.games.target_rats.full.phases import FOOD, NEST0
    from ratking.games.target_rats.full.views import describe

    state = ratking.make("target-rats").new_game(2, seed=1, names=("Ana", "Bob"))
    said = {(dead, token): describe(state, "exterminator", 0,
                                    {"space": 5, "killed": [dead, 0], "token": token}, None)
            for dead in (0, 2) for token in (0, FOOD, NEST0 + 1, NEST0)}
    space = state.game.board.names[5]
    assert said[0, 0] == f"sent the Exterminator to {space}"
    assert said[2, 0] == f"sent the Exterminator to {space}, killing 2 rats"
    assert said[0, FOOD] == f"sent the Exterminator to {space}, destroying a food source"
    assert said[2, NEST0 + 1] == (f"sent the Exterminator to {space}, killing 2 rats and "
                                  "destroying Bob's nest")
    assert said[0, NEST0] == f"sent the Exterminator to {space}, destroying their nest"
