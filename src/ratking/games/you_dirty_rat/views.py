"""What each seat may see of a You Dirty Rat game, and the game told in plain English."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import Action, plural
from ...core.tables import once
from . import actions as A
from . import rules
from .components import ANY, ARCHETYPES, PLACEHOLDER, CardType, Deck
from .phases import KEEP, PHASE_NAMES

if TYPE_CHECKING:
    from .state import RatState

ARCH_NAMES = (*ARCHETYPES, "any")
# what each card says, from its effect and amount (components.toml lists the effects)
EFFECT_TEXT = {
    "stash": "Steal ${n} from the Town Stash.",
    "rob-one": "Steal ${n} from one opponent you choose.",
    "rob-each": "Steal ${n} from each opponent.",
    "draw": "Draw {n} Specialist{s}.",
    "per-heist": "Steal ${n} from the Town Stash for each Heist you have completed.",
    "per-hideout": "Steal ${n} from the Town Stash for each card in your Hideout.",
    "rob-teams": "Steal ${n} from each opponent with a Team in their Hideout.",
    "mastermind": "Draw {n} Specialists, keep one and discard the rest.",
    "femme-fatale": "You may play another card at once (Advance Time first).",
    "thug": "Team another card with it: steal ${n} from each opponent for each lone card of "
            "that card's archetype in their Hideout.",
    "fall-guy": "Use the ability of a card in your hand; that card stays in your hand.",
    "snitch": "Discard a Specialist that is alone (not in a Team) in an opponent's Hideout.",
    "lookout": "Move one other card of your Hideout to your Refresh Area.",
    "poacher": "Move a Specialist (even one in a Team) from an opponent's Hideout to your "
               "Refresh Area.",
    "wheelman": "Move every other card of your Hideout a Night forward.",
}
ANY_TEXT = " In a Heist's team it counts as any one archetype."
ENDING_WORDS = {"town-stash": "The Town Stash is empty. ", "heists": "No Heist is left. ",
                "deck": "A card was to be drawn, but the deck and the discard pile are empty. "}


def card_text(t: CardType) -> str:
    """What a card does, in a sentence or two."""
    text = EFFECT_TEXT[t.effect].format(n=t.amount, s="" if t.amount == 1 else "s")
    return text + (ANY_TEXT if t.archetype == ANY else "")


PLACEHOLDER_VIEW = {"id": None, "name": "$100", "archetype": None, "text": "A stand-in: no card."}


def card_view(s: RatState, c: int) -> dict[str, Any]:
    """One card as views show it (its id, name, archetype and text)."""
    return once(s.game.deck, _Tables).cards[c].copy()


class _Tables:
    """What views show of the deck, worked out once per deck (views copy from it)."""

    def __init__(self, d: Deck) -> None:
        # by card id, then the $100 placeholder last (its id, PLACEHOLDER, is -1)
        self.cards = [{"id": c, "name": d.types[t].name,
                       "archetype": ARCH_NAMES[d.types[t].archetype],
                       "text": card_text(d.types[t])}
                      for c, t in enumerate(d.card_type)]
        self.cards.append(PLACEHOLDER_VIEW)
        # a hand is shown sorted by name, then id
        order = sorted(range(len(d.card_type)), key=lambda c: (self.cards[c]["name"], c))
        self.rank = [0] * len(order)
        for k, c in enumerate(order):
            self.rank[c] = k
        # per heist: its keys with the team left out, and its team
        self.heists = [({"id": h.index, "name": h.name, "team": None, "reward": h.reward,
                         "amount": h.amount, "step": h.step + 1},
                        dict(zip(ARCHETYPES, h.team, strict=True))) for h in d.heists]
        self.heist_names = [h.name for h in d.heists]
        self.heist_colours = [d.chains[h.chain] for h in d.heists]
        # per chain: its fixed keys and its heists, top first; per heist, its place there
        self.chains = [({"colour": colour, "marking": f"{d.chain_players[c]}+",
                         "in_play": None, "left": None},
                        [h.index for h in d.heists if h.chain == c])
                       for c, colour in enumerate(d.chains)]
        self.position = [0] * len(d.heists)
        for _, members in self.chains:
            for k, h in enumerate(members):
                self.position[h] = k


def view(s: RatState, seat: int | None) -> dict[str, Any]:
    """All that `seat` may know: its own hand; every other hand only by its size."""
    g = s.game
    d = g.deck
    t = once(d, _Tables)
    cards = t.cards
    names, colours = t.heist_names, t.heist_colours
    seats = []
    for p in range(s.players):
        hand = s.hands[p]
        won = s.won[p]
        seats.append({
            "name": s.names[p],
            "money": s.money[p],
            "hand_count": len(hand),
            "hand": _hand(hand, t) if p == seat else None,
            "nights": [[cards[c].copy() for c in night] for night in s.nights[p]],
            "refresh": [cards[c].copy() for c in s.refresh[p]],
            "heists": [names[h] for h in won],
            "heist_colours": [colours[h] for h in won],
        })
    heists = []
    tables = t.heists
    tops = s.tops
    for c, (fixed, members) in enumerate(t.chains):
        entry = fixed.copy()
        entry["in_play"] = d.chain_players[c] <= s.players
        top = tops[c]
        entry["left"] = [] if top < 0 else [
            _copy(*tables[h]) for h in members[t.position[top]:]]
        heists.append(entry)
    out: dict[str, Any] = {
        "game": g.id, "seat": seat, "players": s.players, "to_move": s.current_player,
        "phase": PHASE_NAMES[s.phase], "round": s.round, "max_rounds": g.rules.max_rounds,
        "stash": s.stash, "deck": len(s.deck),
        "discard": [cards[c].copy() for c in s.discard],
        "removed": [cards[c].copy() for c in s.removed],
        "chains": heists, "seats": seats, "over": s.over,
        "committing": _committing(s, tables) if s.phase == rules.TEAM and not s.over
        else None,
        "drawn": ([cards[c].copy() for c in s.drawn]
                  if s.phase == KEEP and seat == s.to_move and not s.over else None),
        "drawn_count": len(s.drawn),
    }
    if s.over:
        out["result"] = {"totals": rules.totals(s), "returns": s.returns(), "end": s.end_reason,
                         "endings": rules.endings(s)}
    return out


def _hand(hand: list[int], t: _Tables) -> list[dict[str, Any]]:
    """A hand as views show it: its cards sorted by name, then id."""
    return [t.cards[c].copy() for c in sorted(hand, key=t.rank.__getitem__)]


def open_view(s: RatState) -> dict[str, Any]:
    """The spectator's view with every hand (and the Mastermind's drawn cards) filled in, for
    a finished game's replay and the full-state tensor (`spaces.full_observation`) only."""
    out = view(s, None)
    t = once(s.game.deck, _Tables)
    for entry, hand in zip(out["seats"], s.hands, strict=True):
        entry["hand"] = _hand(hand, t)
    if s.phase == KEEP and not s.over:  # the Mastermind's drawn cards, while it chooses
        out["drawn"] = [t.cards[c].copy() for c in s.drawn]
    out["open"] = True
    return out


def _committing(s: RatState, tables: list) -> dict[str, Any]:
    """The Heist being committed: the archetypes its team still needs, and how many Inside
    Men (each counting as any one archetype) are in the team so far to cover them."""
    entry = _copy(*tables[s.heist])
    entry["need"] = dict(zip(ARCHETYPES, s.need, strict=True))
    entry["inside_men"] = s.wild_used
    return entry


def _copy(fixed: dict[str, Any], team: dict[str, int]) -> dict[str, Any]:
    entry = fixed.copy()
    entry["team"] = team.copy()
    return entry


def _tname(s: RatState, t: int) -> str:
    return s.game.deck.types[t].name


def reward_words(reward: str, amount: int) -> str:
    return {"stash": f"steal ${amount} from the Town Stash",
            "rob-one": f"steal ${amount} from one opponent",
            "rob-each": f"steal ${amount} from each opponent",
            "draw": f"draw {plural(amount, 'Specialist')}"}[reward]


def describe(s: RatState, kind: str, actor: int | None, d: dict[str, Any],
             seat: int | None) -> str:
    v = s.voice(seat)
    if kind == "setup":
        return f"A new game for {d['players']} players; the Town Stash holds ${d['stash'] * 1}"
    if kind in ("deal", "draw"):
        verb = f"{v.verb(actor, 'were')} dealt" if kind == "deal" else "drew"
        if "types" in d:
            names = ", ".join(_tname(s, t) for t in d["types"]) or "nothing"
            return f"{verb} {names}"
        return f"{verb} {plural(d['count'], 'card')}"
    if kind == "play":
        return f"played the {_tname(s, d['type'])}"
    if kind == "commit":
        return f"set out to commit {s.game.deck.heists[d['heist']].name}"
    if kind == "team":
        return f"added the {_tname(s, d['type'])} to the team"
    if kind == "heist":
        return f"completed {s.game.deck.heists[d['heist']].name}"
    if kind == "steal":
        src = "the Town Stash" if d["from"] < 0 else v.who(d["from"])
        return f"stole ${d['amount']} from {src}"
    if kind == "keep":
        gone = ", ".join(_tname(s, t) for t in d["discarded"]) or "nothing"
        kept = f"kept the {_tname(s, d['kept'])} and " if "kept" in d else "kept one card and "
        return f"{kept}discarded {gone}"
    if kind == "partner":
        return f"teamed the {_tname(s, d['type'])} with the Thug"
    if kind == "copy":
        return f"used the Fall Guy to copy the {_tname(s, d['type'])}"
    if kind == "no-extra":
        return "played no second card"
    if kind == "placeholder":
        if d["paid"]:
            return "could play no card and put $100 in Night 1"
        return "could play no card and had no $100 to put down"
    if kind == "move-card":
        name = _tname(s, s.game.deck.type_of(d["card"]))
        # whose card it was ("owner" is missing from games saved before it was recorded)
        whose = v.whose(d["owner"]) if "owner" in d else "the"
        how = {"snitch": f"had {whose} {name} discarded",
               "lookout": f"moved {v.their(actor)} {name} to the Refresh Area",
               "poacher": f"poached {whose} {name} into {v.their(actor)} Refresh Area"}
        return how[d["how"]]
    if kind == "reshuffle":
        return (f"The discard pile ({plural(d['cards'], 'card')}) was shuffled into a new "
                "Specialist deck")
    if kind == "end":
        totals = ", ".join(f"${t}" for t in d["totals"])
        cap = "The round limit was reached. " if d["reason"] == "round-cap" else ""
        cap += "".join(ENDING_WORDS[e] for e in d.get("endings", ()))
        return f"{cap}Game over: {v.does(d['winners'], 'win')} (totals {totals})"
    return kind


def describe_action(s: RatState, action: Action) -> str:
    key = action.key
    kind = key[0]
    if kind == A.HEIST:
        h = s.game.deck.heists[key[1]]
        team = " + ".join(f"{n} {a.title()}" for a, n in zip(ARCHETYPES, h.team, strict=True)
                          if n)
        return f"Commit {h.name} ({team}: {reward_words(h.reward, h.amount)})"
    if kind == A.TARGET:
        return f"Steal ${s.amount} from {s.voice(s.to_move).who(key[1])}"
    if kind == A.CARD:
        return _card_target(s, key[1])
    return action.label


def _card_target(s: RatState, card: int) -> str:
    """"Target Ana's Thug (Night 2)": the Night tells apart two alike cards of one Hideout,
    and a copy number two alike cards of one Night (labels differ as the ids do)."""
    deck = s.game.deck
    kind = deck.type_of(card)
    owner, where = s.to_move, ""
    for p in range(s.players):
        for i, night in enumerate(s.nights[p]):
            if card in night:
                alike = [c for c in night if c != PLACEHOLDER and deck.type_of(c) == kind]
                copy = (f", copy {alike.index(card) + 1} of {len(alike)}" if len(alike) > 1
                        else "")
                owner, where = p, f" (Night {i + 1}{copy})"
    return f"Target {s.voice(s.to_move).whose(owner)} {deck.types[kind].name}{where}"
