"""You Dirty Rat rules, each test citing the rulebook (seed 002) or RULINGS.md."""

from __future__ import annotations

import random
from itertools import combinations, pairwise

import pytest

import ratking
from ratking import IllegalAction
from ratking.games.you_dirty_rat.components import ANY, PLACEHOLDER
from ratking.games.you_dirty_rat.phases import EXTRA, MAIN, TEAM

from ..cores import start
from .helpers import card, end_by_the_stash, ids, names, new, put, ready, set_hand, type_index

pytestmark = pytest.mark.usefixtures("core")  # each rule on both cores

# --- set-up ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "tokens", "chains"), [(2, 50, 3), (3, 65, 4), (4, 75, 5)])
def test_setup_by_player_count(players, tokens, chains):
    # seed 002, GAME SETUP 1, 2 and 4: stash 50/65/75 tokens, $300 each, chains by marking
    s = new(players)
    assert s.total == tokens * 100
    assert s.money == [300] * players
    assert s.stash == tokens * 100 - 300 * players
    assert sum(t >= 0 for t in s.tops) == chains
    for hand in s.hands:
        # seed 002, set-up 4: Mastermind, Thief, Pickpocket and 3 Specialists
        assert len(hand) == 6
        assert names(s, hand).count("Mastermind") == 1


def test_two_players_remove_one_of_each_specialist():
    # seed 002, set-up 3: with two players one card of each Specialist type is removed
    s = new(2)
    assert len(s.removed) == 16
    assert sorted(s.game.deck.type_of(c) for c in s.removed) == list(range(16))
    assert new(3).removed == []


def test_components():
    # RULINGS: 16 Specialist types x 3, 20 Heists in 5 chains of 4, three 2+, one 3+, one 4+
    d = new().game.deck
    assert d.specialists == 16 and d.copies == 3 and d.ringleader == 48
    assert len(d.heists) == 20 and sorted(d.chain_players) == [2, 2, 2, 3, 4]


PRINTED = ("Local Art Display Stolen!", "Local Bank Teller in Stick Up!",
           "Gov't Unveils New Weapon!", "Beware, Muggings Begin!", "Supermarket Robbery!")


def test_team_sizes_grow_along_each_chain_from_three_to_six():
    # RULINGS: team size grows along a chain from 3 to 6; the five printed heists (seed 002,
    # pages 1-2, all teams of three) are the first two of their chains and keep their size
    d = new().game.deck
    sizes = {}
    for c, colour in enumerate(d.chains):
        chain = [h for h in d.heists if h.chain == c]
        sizes[colour] = [sum(h.team) for h in chain]
        printed = [h.step for h in chain if h.name in PRINTED]
        assert printed == list(range(len(printed))) and len(printed) <= 2
    assert sizes == {"orange": [3, 3, 5, 6], "purple": [3, 3, 5, 6], "yellow": [3, 4, 5, 6],
                     "teal": [3, 4, 5, 6], "black": [3, 4, 5, 6]}
    assert sum(h.name in PRINTED for h in d.heists) == 5


def test_each_designed_heist_pays_more_than_the_one_before_it():
    # RULINGS / issue 6: heists harder along a chain, with rewards to match. A steal from each
    # opponent counts at the fewest players the chain is used with; a draw counts as $100.
    d = new().game.deck

    def worth(h):
        per = {"stash": 1, "rob-one": 1, "rob-each": d.chain_players[h.chain] - 1}
        return 100 * h.amount if h.reward == "draw" else h.amount * per[h.reward]

    for c in range(len(d.chains)):
        chain = [h for h in d.heists if h.chain == c]
        for before, h in pairwise(chain):
            if h.name not in PRINTED:
                assert worth(h) > worth(before), h.name


def test_bad_component_file_names_the_entry(tmp_path):
    # DESIGN principle 5: a broken card file fails with the file and the entry
    from ratking.core.components import ComponentError
    from ratking.games.you_dirty_rat.components import COMPONENTS_FILE, load_deck
    bad = tmp_path / "c.toml"
    bad.write_text(COMPONENTS_FILE.read_text().replace('effect = "wheelman"', 'effect = "x"'))
    with pytest.raises(ComponentError, match="Wheelman"):
        load_deck(bad)


# --- the turn ------------------------------------------------------------------------------


def test_advance_time_moves_cards_and_night_three_goes_to_refresh_then_hand():
    # seed 002, Step 1 and Step 3; RULINGS: Night 1 -> 2 -> 3 -> Refresh Area
    s = ready(new(2))
    (old,) = put(s, 1, 3, "Forger")
    (mid,) = put(s, 1, 1, "Hacker")
    set_hand(s, 0, "Cat Burglar")
    s.apply("play:cat-burglar")
    assert s.to_move == 1
    assert s.nights[1] == [[], [mid], []]
    assert old in s.refresh[1]
    assert old not in s.hands[1]  # it is taken back only at the end of the turn
    s.apply(ids(s)[0])
    assert old in s.hands[1]


def test_one_specialist_per_turn_and_its_text_resolves():
    # seed 002, Step 2: play one card into Night 1 and resolve its text
    s = ready(new(2))
    set_hand(s, 0, "Forger", "Hacker")
    stash = s.stash
    s.apply("play:forger")
    assert s.money[0] == 600 and s.stash == stash - 300
    assert names(s, s.nights[0][0]) == ["Forger"] and s.to_move == 1


def test_heist_needs_an_exact_team_and_ignores_card_text():
    # seed 002, Commit a Heist: the archetypes must match exactly; text ignored; reward gained
    s = ready(new(2))
    set_hand(s, 0, "Forger", "Hacker", "Accountant", "Thug")
    art = s.tops[0]  # Local Art Display Stolen! (3 stealth) is not possible
    assert f"heist:{art}" not in ids(s)
    weapon = s.tops[1]  # Gov't Unveils New Weapon!: 3 smarts, draw one
    assert f"heist:{weapon}" in ids(s)
    s.apply(f"heist:{weapon}")
    assert "team:thug" not in ids(s)
    for name in ("forger", "hacker", "accountant"):
        s.apply(f"team:{name}")
    assert names(s, s.nights[0][0]) == ["Accountant", "Forger", "Hacker"]
    assert s.won[0] == [weapon] and s.money[0] == 300  # Forger's text ignored
    assert len(s.hands[0]) == 2  # Thug + the drawn card
    assert s.tops[1] == weapon + 1


def test_inside_man_counts_as_any_one_archetype_in_a_team():
    # seed 002, F.A.Q. Inside Man: used as a single archetype in a team
    s = ready(new(2))
    set_hand(s, 0, "Cat Burglar", "Inside Man", "Thug")
    art = s.tops[0]
    assert f"heist:{art}" not in ids(s)  # 1 stealth + 1 any is only two
    set_hand(s, 0, "Cat Burglar", "Con Artist", "Inside Man", "Inside Man")
    assert f"heist:{art}" in ids(s)
    s.apply(f"heist:{art}")
    s.apply("team:inside-man")
    s.apply("team:cat-burglar")
    # one slot left: a second Inside Man or the Con Artist both complete it
    assert sorted(ids(s)) == ["team:con-artist", "team:inside-man"]
    s.apply("team:con-artist")
    assert s.money[0] == 600


def _completes(need, slots, archs):
    """Brute force: do some `slots` of these archetypes (3 = Inside Man) fill `need` exactly?"""
    for group in combinations(archs, slots):
        if all(sum(1 for a in group if a == k) <= need[k] for k in range(3)):
            return True
    return False


def test_offered_heists_and_team_cards_are_exactly_those_that_can_finish_the_team(core):
    # seed 002, Commit a Heist: the team must match exactly (an Inside Man is any one
    # archetype). Checked by brute force over the hand in random games.
    game = ratking.make("you-dirty-rat")
    d = game.deck
    checked = 0
    for seed in range(40 if core == "python" else 10):  # a step costs more through JSON
        s = start(game, 2 + seed % 3, seed)
        rng = random.Random(seed)
        while not s.is_over:
            p = s.to_move
            archs = [d.card_arch[c] for c in s.hands[p]]
            legal = ids(s)
            if s.phase == MAIN and s.hands[p]:
                for h in (h for h in s.tops if h >= 0):
                    x = d.heists[h]
                    assert (f"heist:{h}" in legal) == _completes(x.team, x.size, archs), h
                    checked += 1
            elif s.phase == TEAM:
                slots = sum(s.need) - s.wild_used
                for c in s.hands[p]:
                    rest = list(s.hands[p])
                    rest.remove(c)
                    a = d.card_arch[c]
                    need = list(s.need)
                    if a != ANY:
                        need[a] -= 1
                    ok = min(need) >= 0 and _completes(need, slots - 1,
                                                       [d.card_arch[x] for x in rest])
                    slug = d.types[d.card_type[c]].name.lower().replace(" ", "-")
                    assert (f"team:{slug}" in legal) == ok
                    checked += 1
            s.apply(legal[int(rng.random() * len(legal))])
    assert checked > 1000


def test_ringleaders_count_in_teams():
    # our ruling: Ringleaders carry an archetype and may join a Team
    s = ready(new(2))
    set_hand(s, 0, "Thief", "Cat Burglar", "Con Artist")
    assert f"heist:{s.tops[0]}" in ids(s)


def test_forced_placeholder_when_no_card_can_be_played():
    # seed 002, F.A.Q.: no card -> $100 in Night 1; it advances; in the Refresh Area it goes
    # back to the Town Stash
    s = ready(new(2))
    set_hand(s, 0)
    assert ids(s) == ["placeholder"]
    stash = s.stash
    s.apply("placeholder")
    assert s.money[0] == 200 and s.nights[0][0] == [PLACEHOLDER] and s.stash == stash
    s.nights[0] = [[], [], [PLACEHOLDER]]
    s.to_move = 1
    set_hand(s, 1, "Hacker")
    s.apply("play:hacker")
    assert s.stash == stash + 100 and s.nights[0] == [[], [], []]


def test_a_lone_thug_cannot_be_played_so_the_player_puts_100_in_night_1():
    # seed 002, F.A.Q. Thug: "When playing the Thug, play another Card from your hand with
    # it"; RULINGS: a hand whose only card is a Thug has no legal play: $100 in Night 1
    s = ready(new(2))
    set_hand(s, 0, "Thug")
    assert ids(s) == ["placeholder"]
    with pytest.raises(IllegalAction, match="played with another card from your hand"):
        s.apply("play:thug")
    s.apply("placeholder")
    assert s.money[0] == 200 and s.nights[0][0] == [PLACEHOLDER]
    assert names(s, s.hands[0]) == ["Thug"]
    # two Thugs: one partners the other
    s = ready(new(2))
    set_hand(s, 0, "Thug", "Thug")
    assert ids(s) == ["play:thug"]


def test_a_lone_thug_is_no_second_card_for_the_femme_fatale():
    # seed 002, F.A.Q. Thug and Femme Fatale: the second card is played like any other, and a
    # Thug needs a partner left in hand
    s = ready(new(2))
    set_hand(s, 0, "Femme Fatale", "Thug")
    s.apply("play:femme-fatale")
    assert ids(s) == ["extra:none"]


def test_stealing_takes_only_what_a_stash_holds():
    # seed 002, F.A.Q.: the stealing player takes only the money in that stash
    s = ready(new(2))
    set_hand(s, 0, "Enforcer")
    s.money[1] = 100
    s.stash += 200
    s.apply("play:enforcer")
    s.apply("target:1")
    assert s.money == [400, 0]


def test_deck_refills_from_discard_and_game_ends_when_both_are_empty():
    # seed 002, F.A.Q.; RULINGS: shuffle the discard pile into a new deck when a draw is needed
    s = ready(new(2))
    set_hand(s, 0, "Hacker")
    s.discard = s.deck[:5]
    s.removed += s.deck[5:]  # out of the game: the discard pile alone refills the deck
    del s.deck[:]
    s.apply("play:hacker")
    assert len(s.deck) == 3 and s.discard == [] and len(s.hands[0]) == 2
    assert not s.is_over
    s2 = ready(new(2))
    set_hand(s2, 0, "Hacker")
    s2.removed += s2.deck
    s2.deck = []
    s2.apply("play:hacker")
    assert s2.is_over and s2.end_reason == "finished"
    assert s2.view(0)["result"]["endings"] == ["deck"]


def test_the_game_ends_at_once_when_the_last_cards_are_drawn_and_no_discards_refill():
    # seed 002, END GAME SCORING: "The game ends immediately if ... There are no cards left in
    # the Specialist Deck"; RULINGS: as soon as the deck is empty and the discard pile cannot
    # refill it, even in the middle of a draw
    s = ready(new(2))
    set_hand(s, 0, "Hacker", "Forger")
    set_hand(s, 1, "Inside Man")
    keep = s.deck[:2]
    s.removed += s.deck[2:]
    s.deck = keep
    s.apply("play:hacker")  # draws exactly the last two cards
    assert s.is_over and s.deck == [] and s.discard == [] and len(s.hands[0]) == 3
    assert s.view(None)["result"]["endings"] == ["deck"]
    assert "the deck and the discard pile are empty" in s.events_for(None)[-1].text


def test_an_empty_deck_with_discards_left_does_not_end_the_game():
    # seed 002, F.A.Q.; RULINGS: the discard pile refills the deck, so the game goes on
    s = ready(new(2))
    set_hand(s, 0, "Hacker", "Forger")
    keep = s.deck[:2]
    s.discard = s.deck[2:4]
    s.removed += s.deck[4:]
    s.deck = keep
    s.apply("play:hacker")
    assert not s.is_over and s.deck == [] and len(s.discard) == 2


def test_mastermind_keeps_a_card_before_a_deck_out_ends_the_game():
    # rules.md: when a draw runs the deck out, the card that drew finishes first
    s = ready(new(2))
    set_hand(s, 0, "Mastermind")
    s.removed += s.deck[1:]
    s.deck = s.deck[:1]
    s.apply("play:mastermind")
    assert not s.is_over and len(s.drawn) == 1 and ids(s)[0].startswith("keep:")
    s.apply(ids(s)[0])
    assert s.is_over and len(s.hands[0]) == 1 and s.drawn == []
    assert s.view(0)["result"]["endings"] == ["deck"]


def test_game_ends_when_the_town_stash_is_empty():
    # seed 002, END GAME SCORING
    s = ready(new(2))
    set_hand(s, 0, "Forger")
    s.money[1] += s.stash - 300
    s.stash = 300
    s.apply("play:forger")
    assert s.is_over and s.end_reason == "finished"
    assert s.view(0)["result"]["endings"] == ["town-stash"]
    assert "The Town Stash is empty" in s.events_for(0)[-1].text


def test_game_ends_when_all_heists_are_completed():
    # seed 002, END GAME SCORING: completing the last Heist ends the game at once
    s = ready(new(2))
    d = s.game.deck
    last = next(h.index for h in d.heists if h.chain == 2 and h.step == 3)  # mmmtts
    s.tops = [-1, -1, last, -1, -1]
    set_hand(s, 0, "Thug", "Enforcer", "Bruiser", "Cat Burglar", "Con Artist", "Forger")
    s.apply(f"heist:{last}")
    for n in ("thug", "enforcer", "bruiser", "cat-burglar", "con-artist", "forger"):
        assert not s.is_over
        s.apply(f"team:{n}")
    assert s.is_over and s.tops == [-1] * 5 and s.money[0] == 1300
    assert s.view(1)["result"]["endings"] == ["heists"]
    assert "No Heist is left" in s.events_for(1)[-1].text


def test_chain_bonuses_and_tie_breaks():
    # seed 002, Heist Chain Bonuses ($200/$400/$700) and both tie-breaks
    from ratking.games.you_dirty_rat import rules
    s = new(3)
    d = s.game.deck
    chain0 = [h.index for h in d.heists if h.chain == 0]
    chain1 = [h.index for h in d.heists if h.chain == 1]
    s.won = [chain0[:2], chain0 + chain1[:3], []]
    s.money = [1800, 1000, 1000]
    assert rules.totals(s) == [2000, 1000 + 700 + 400, 1000]
    end_by_the_stash(s)  # only the bonuses put seat 1 ahead
    assert s.returns() == [0.0, 1.0, 0.0]
    # tie on money: most heists wins
    s = new(3)
    s.won = [[chain0[0]], [], []]
    s.money = [1000, 1000, 1000]
    end_by_the_stash(s)
    assert s.returns() == [1.0, 0.0, 0.0]
    # tie on money and heists: fewest Specialists in the organisation wins
    s2 = new(3)
    s2.money = [500, 500, 400]
    set_hand(s2, 0, "Hacker", "Forger")
    set_hand(s2, 1, "Hacker")
    end_by_the_stash(s2)  # seat 0's Forger, played, stays in its organisation
    assert s2.returns() == [0.0, 1.0, 0.0]



def test_ringleaders_never_count_in_the_fewest_specialists_tie_break():
    # seed 002, tie-break on the fewest Specialists; RULINGS, You Dirty Rat: Ringleaders
    # never count as Specialists there (seat 1 holds all three and one Specialist; seat 0 three
    # Specialists once it plays the Forger that ends the game)
    s = new(2)
    s.money = [500, 500]
    set_hand(s, 0, "Hacker", "Forger")
    set_hand(s, 1, "Mastermind", "Thief", "Pickpocket", "Hacker")
    end_by_the_stash(s)
    assert s.returns() == [0.0, 1.0]


def test_a_placeholder_in_the_hideout_is_not_counted_again_at_the_end():
    # seed 002, F.A.Q.: $100 of your own into Night 1 when no card can be played; RULINGS,
    # You Dirty Rat: it left the player's cash when placed, so the end does not count it
    from ratking.games.you_dirty_rat import rules
    s = ready(new(2))
    set_hand(s, 0)
    s.apply("placeholder")
    assert s.nights[0][0] == [PLACEHOLDER] and s.money[0] == 200
    s.money[1] = 300
    assert rules.totals(s) == [200, 300]
    end_by_the_stash(s)  # seat 1's $300 again, and a tie had the $100 counted twice
    assert s.returns() == [0.0, 1.0]

def test_round_cap_ends_the_game():
    # DESIGN principle 4: max_rounds
    s = new(2, max_rounds=1)
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    assert s.end_reason == "round-cap" and s.round == 1


# --- one test per card ---------------------------------------------------------------------


def test_mastermind_draws_three_keeps_one():
    # RULINGS: Mastermind (Smarts): draw three, keep one, discard two
    s = ready(new(2))
    set_hand(s, 0, "Mastermind")
    s.apply("play:mastermind")
    assert len(s.drawn) == 3 and all(a.startswith("keep:") for a in ids(s))
    s.apply(ids(s)[0])
    assert len(s.hands[0]) == 1 and len(s.discard) == 2 and s.drawn == []


def test_thief_steals_from_the_town_stash():
    # RULINGS: Thief (Stealth): $200 from the Town Stash
    s = ready(new(2))
    set_hand(s, 0, "Thief")
    s.apply("play:thief")
    assert s.money[0] == 500


def test_pickpocket_steals_from_one_opponent():
    # RULINGS: Pickpocket (Muscle): $200 from one opponent
    s = ready(new(3))
    set_hand(s, 0, "Pickpocket")
    s.apply("play:pickpocket")
    assert ids(s) == ["target:1", "target:2"]
    s.apply("target:2")
    assert s.money == [500, 300, 100]


def test_femme_fatale_plays_a_second_card_after_advancing_time():
    # seed 002, F.A.Q. Femme Fatale
    s = ready(new(2))
    set_hand(s, 0, "Femme Fatale", "Forger")
    (old,) = put(s, 0, 3, "Hacker")
    s.apply("play:femme-fatale")
    assert s.phase == EXTRA and "extra:none" in ids(s)
    s.apply("play:forger")
    assert names(s, s.nights[0][0]) == ["Forger"]
    assert names(s, s.nights[0][1]) == ["Femme Fatale"]
    assert old in s.hands[0] and s.money[0] == 600  # pushed out, back in hand at turn end


def test_femme_fatale_second_card_is_optional():
    s = ready(new(2))
    set_hand(s, 0, "Femme Fatale", "Forger")
    s.apply("play:femme-fatale")
    s.apply("extra:none")
    assert s.to_move == 1 and names(s, s.hands[0]) == ["Forger"]



def test_a_femme_fatales_second_card_may_be_another_femme_fatale():
    # seed 002, F.A.Q. Femme Fatale: play another card at once, after advancing time;
    # RULINGS, You Dirty Rat: that card may be a second Femme Fatale, whose own second card
    # follows (time advances again before it)
    s = ready(new(2))
    set_hand(s, 0, "Femme Fatale", "Femme Fatale", "Forger")
    s.apply("play:femme-fatale")
    assert "play:femme-fatale" in ids(s)
    s.apply("play:femme-fatale")
    assert s.phase == EXTRA and "play:forger" in ids(s)
    s.apply("play:forger")
    assert names(s, s.nights[0][0]) == ["Forger"]
    assert names(s, s.nights[0][1]) == ["Femme Fatale"]
    assert names(s, s.nights[0][2]) == ["Femme Fatale"]
    assert s.money[0] == 600 and s.to_move == 1

def test_thug_steals_per_lone_matching_card():
    # seed 002, F.A.Q. Thug: $100 per card matching the partner's archetype, not in a team
    s = ready(new(3))
    set_hand(s, 0, "Thug", "Forger")
    put(s, 1, 1, "Hacker")  # smarts, alone: counts
    put(s, 1, 2, "Accountant", "Snitch")  # a team: does not count
    put(s, 2, 3, "Inside Man")  # counts as any archetype when targeted
    put(s, 2, 2, "Enforcer")  # muscle: no
    s.apply("play:thug")
    s.apply("with:forger")
    assert names(s, s.nights[0][0]) == ["Forger", "Thug"]
    assert s.money == [500, 200, 200]


def test_thug_with_inside_man_chooses_an_archetype():
    # seed 002, F.A.Q. Inside Man: with the Thug, select one archetype to target
    s = ready(new(2))
    set_hand(s, 0, "Thug", "Inside Man")
    put(s, 1, 1, "Enforcer")
    s.apply("play:thug")
    s.apply("with:inside-man")
    assert ids(s) == ["arch:smarts", "arch:stealth", "arch:muscle"]
    s.apply("arch:muscle")
    assert s.money == [400, 200]


def test_inside_man_draws_and_cannot_be_copied():
    # seed 002, F.A.Q.: the Inside Man cannot be duplicated; our text: draw one Specialist
    s = ready(new(2))
    set_hand(s, 0, "Fall Guy", "Inside Man", "Forger")
    s.apply("play:fall-guy")
    assert ids(s) == ["copy:forger"]
    s = ready(new(2))
    set_hand(s, 0, "Inside Man")
    s.apply("play:inside-man")
    assert len(s.hands[0]) == 1


def test_fall_guy_uses_a_card_that_stays_in_hand():
    s = ready(new(2))
    set_hand(s, 0, "Fall Guy", "Forger")
    s.apply("play:fall-guy")
    s.apply("copy:forger")
    assert s.money[0] == 600 and names(s, s.hands[0]) == ["Forger"]


def test_forger_and_cat_burglar_rob_the_stash():
    for name, gain in (("Forger", 300), ("Cat Burglar", 200)):
        s = ready(new(2))
        set_hand(s, 0, name)
        s.apply(s.legal_actions()[0])
        assert s.money[0] == 300 + gain


def test_hacker_draws_two():
    s = ready(new(2))
    set_hand(s, 0, "Hacker")
    s.apply("play:hacker")
    assert len(s.hands[0]) == 2


def test_accountant_pays_per_heist():
    s = ready(new(2))
    set_hand(s, 0, "Accountant")
    s.won[0] = [0, 1]
    s.apply("play:accountant")
    assert s.money[0] == 700


def test_snitch_discards_a_lone_card_not_a_team():
    s = ready(new(2))
    set_hand(s, 0, "Snitch")
    (lone,) = put(s, 1, 1, "Forger")
    team = put(s, 1, 2, "Hacker", "Thug")
    s.apply("play:snitch")
    assert ids(s) == [f"card:{lone}"]
    s.apply(f"card:{lone}")
    assert lone in s.discard and s.nights[1][2] == team  # (Night 3 after Advance Time)


def test_con_artist_robs_each_opponent():
    s = ready(new(3))
    set_hand(s, 0, "Con Artist")
    s.apply("play:con-artist")
    assert s.money == [500, 200, 200]


def test_lookout_sends_an_own_card_to_refresh():
    s = ready(new(2))
    set_hand(s, 0, "Lookout")
    (c,) = put(s, 0, 2, "Forger")
    s.apply("play:lookout")
    assert ids(s) == [f"card:{c}"]
    s.apply(f"card:{c}")
    assert c in s.hands[0] and s.nights[0][1] == []


def test_poacher_takes_a_card_even_from_a_team():
    # seed 002, F.A.Q.: an ability can target a card in a team
    s = ready(new(2))
    set_hand(s, 0, "Poacher")
    a, b = put(s, 1, 2, "Hacker", "Thug")
    s.apply("play:poacher")
    assert sorted(ids(s)) == sorted([f"card:{a}", f"card:{b}"])
    s.apply(f"card:{b}")
    assert b in s.hands[0] and s.nights[1][2] == [a]  # (Night 3 after Advance Time)


def test_ringleaders_cannot_be_taken():
    # RULINGS: Ringleaders are never taken by other cards
    s = ready(new(2))
    set_hand(s, 0, "Poacher", "Snitch")
    put(s, 1, 1, "Thief")
    s.apply("play:poacher")
    assert s.phase == MAIN and s.to_move == 1  # no target: no effect


def test_enforcer_robs_one_opponent():
    s = ready(new(2))
    set_hand(s, 0, "Enforcer")
    s.apply("play:enforcer")
    s.apply("target:1")
    assert s.money == [500, 100]


def test_wheelman_moves_the_rest_of_the_hideout_forward():
    s = ready(new(2))
    set_hand(s, 0, "Wheelman")
    (n2,) = put(s, 0, 2, "Forger")
    (n3,) = put(s, 0, 3, "Hacker")
    s.apply("play:wheelman")
    assert s.nights[0][2] == [n2] and n3 in s.hands[0]


def test_bruiser_robs_opponents_with_a_team():
    s = ready(new(3))
    set_hand(s, 0, "Bruiser")
    put(s, 1, 2, "Hacker", "Thug")
    put(s, 2, 2, "Forger")
    s.apply("play:bruiser")
    assert s.money == [500, 100, 300]


def test_safecracker_pays_per_card_in_hideout():
    s = ready(new(2))
    set_hand(s, 0, "Safecracker")
    put(s, 0, 2, "Forger", "Hacker")
    s.apply("play:safecracker")
    assert s.money[0] == 600


def test_heist_reward_steal_from_an_opponent():
    # seed 002, LOCAL BANK TELLER IN STICK UP!: steal $200 from an opponent's stash
    s = ready(new(2))
    s.tops[0] += 1
    set_hand(s, 0, "Cat Burglar", "Con Artist", "Enforcer")
    s.apply(f"heist:{s.tops[0]}")
    for n in ("cat-burglar", "con-artist", "enforcer"):
        s.apply(f"team:{n}")
    s.apply("target:1")
    assert s.money == [500, 100]


def test_unused_helpers_are_consistent():
    s = new(2)
    assert type_index(s, "Thug") == 1
    assert card(s, "Thief") == 49
