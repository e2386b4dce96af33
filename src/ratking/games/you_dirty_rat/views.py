"""What each seat may see of a You Dirty Rat game, and the game told in plain English."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import Action
from . import actions as A
from . import rules
from .components import ANY, ARCHETYPES, PLACEHOLDER, CardType
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


def card_view(s: RatState, c: int) -> dict[str, Any]:
    if c == PLACEHOLDER:
        return {"id": None, "name": "$100", "archetype": None, "text": "A stand-in: no card."}
    t = s.game.deck.types[s.game.deck.type_of(c)]
    return {"id": c, "name": t.name, "archetype": ARCH_NAMES[t.archetype], "text": card_text(t)}


def view(s: RatState, seat: int | None) -> dict[str, Any]:
    """All that `seat` may know: its own hand; every other hand only by its size."""
    g = s.game
    d = g.deck
    seats = []
    for p in range(s.players):
        mine = p == seat
        seats.append({
            "name": s.names[p],
            "money": s.money[p],
            "hand_count": len(s.hands[p]),
            "hand": sorted((card_view(s, c) for c in s.hands[p]),
                           key=lambda v: (v["name"], v["id"])) if mine else None,
            "nights": [[card_view(s, c) for c in night] for night in s.nights[p]],
            "refresh": [card_view(s, c) for c in s.refresh[p]],
            "heists": [d.heists[h].name for h in s.won[p]],
            "heist_colours": [d.chains[d.heists[h].chain] for h in s.won[p]],
        })
    heists = []
    for c, colour in enumerate(d.chains):
        top = s.tops[c]
        step = d.heists[top].step if top >= 0 else None
        heists.append({
            "colour": colour, "marking": f"{d.chain_players[c]}+",
            "in_play": d.chain_players[c] <= s.players,
            "left": [heist_view(s, h.index) for h in d.heists
                     if h.chain == c and top >= 0 and h.step >= step],
        })
    out: dict[str, Any] = {
        "game": g.id, "seat": seat, "players": s.players, "to_move": s.current_player,
        "phase": PHASE_NAMES[s.phase], "round": s.round, "max_rounds": g.rules.max_rounds,
        "stash": s.stash, "deck": len(s.deck),
        "discard": [card_view(s, c) for c in s.discard],
        "removed": [card_view(s, c) for c in s.removed],
        "chains": heists, "seats": seats, "over": s.over,
        "committing": _committing(s) if s.phase == rules.TEAM and not s.over else None,
        "drawn": ([card_view(s, c) for c in s.drawn]
                  if s.phase == KEEP and seat == s.to_move and not s.over else None),
        "drawn_count": len(s.drawn),
    }
    if s.over:
        out["result"] = {"totals": rules.totals(s), "returns": s.returns(), "end": s.end_reason,
                         "endings": rules.endings(s)}
    return out


def _committing(s: RatState) -> dict[str, Any]:
    """The Heist being committed: the archetypes its team still needs, and how many Inside
    Men (each counting as any one archetype) are in the team so far to cover them."""
    return {**heist_view(s, s.heist),
            "need": {a: n for a, n in zip(ARCHETYPES, s.need, strict=True)},
            "inside_men": s.wild_used}


def heist_view(s: RatState, h: int) -> dict[str, Any]:
    x = s.game.deck.heists[h]
    return {"id": h, "name": x.name, "team": {a: n for a, n in zip(ARCHETYPES, x.team,
                                                                    strict=True)},
            "reward": x.reward, "amount": x.amount, "step": x.step + 1}


def _tname(s: RatState, t: int) -> str:
    return s.game.deck.types[t].name


def reward_words(reward: str, amount: int) -> str:
    return {"stash": f"steal ${amount} from the Town Stash",
            "rob-one": f"steal ${amount} from one opponent",
            "rob-each": f"steal ${amount} from each opponent",
            "draw": f"draw {amount} Specialist{'s' if amount > 1 else ''}"}[reward]


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
        return f"{verb} {d['count']} card{'s' if d['count'] != 1 else ''}"
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
        how = {"snitch": f"had the {name} discarded",
               "lookout": f"moved {v.their(actor)} {name} to the Refresh Area",
               "poacher": f"poached the {name} into {v.their(actor)} Refresh Area"}
        return how[d["how"]]
    if kind == "reshuffle":
        return f"The discard pile ({d['cards']} cards) was shuffled into a new Specialist deck"
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
        owner = next((p for p in range(s.players)
                      for n in s.nights[p] if key[1] in n), s.to_move)
        name = s.game.deck.types[s.game.deck.type_of(key[1])].name
        return f"Target {s.voice(s.to_move).whose(owner)} {name}"
    return action.label
