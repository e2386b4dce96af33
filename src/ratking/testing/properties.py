"""The contract's properties, each on one state: raise `Broken` with the reason, else return.

None of them changes the state it is given (they work on clones)."""

from __future__ import annotations

import json
import math
import random
from typing import Any

from ..core import IllegalAction, State
from ..core.record import replay
from ..sim import random_play

# what every view holds, whatever the game: the keys the kernel's consumers read
# (core/spaces.py's turn and ending blocks, the terminal, the web table, sim/batch.py)
VIEW_KEYS = ("game", "seat", "players", "to_move", "round", "max_rounds", "phase", "over")
STEP_LIMIT = 20_000  # decisions: a game under a round cap that plays longer never ends


class Broken(AssertionError):
    """The game breaks the contract; the message says where and why, in one line."""


def need(ok: object, why: str) -> None:
    """Raise Broken(why) unless `ok`."""
    if not ok:
        raise Broken(why)


def dump(state: State) -> str:
    """The whole state (fields, log, generator) as one comparable string."""
    return json.dumps(state.to_json(), sort_keys=True)


def fields(state: State) -> str:
    """The game's own fields and the piles left in no order: what a re-deal changes."""
    return json.dumps([state._dump(), state.unordered], sort_keys=True)


def seats(state: State) -> list[int | None]:
    return [None, *range(state.players)]


def told(state: State, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
    return [e.to_dict() for e in state.events_for(seat, since)]


def step(state: State, rng: random.Random) -> None:
    """One uniformly random legal decision, checking what is offered."""
    legal = state.legal_actions()
    need(legal, f"a live game offers no action (step {state.steps})")
    need(len({a.id for a in legal}) == len(legal), f"repeated action ids: {legal}")
    state.apply(legal[int(rng.random() * len(legal))])


def check_ends(state: State, rng: random.Random) -> None:
    """Random play from `state` (a clone of it) ends, never raises, and returns a result."""
    state = state.clone()
    steps = 0
    while not state.is_over:
        need(state.current_player is not None, "a live game has no seat to move")
        step(state, rng)
        steps += 1
        need(steps < STEP_LIMIT, f"{STEP_LIMIT} random decisions without an end")
    need(state.current_player is None and state.legal_actions() == [],
         "a finished game still offers actions")
    returns = state.returns()
    need(len(returns) == state.players and all(0.0 <= r <= 1.0 for r in returns),
         f"returns {returns} are not one number from 0 to 1 per seat")
    need(set(returns) == {0.0, 1.0} or abs(sum(returns) - 1.0) < 1e-9,
         f"returns {returns}: a win is 1, a loss 0, a shared result shares 1")
    need(state.end_reason in ("finished", "round-cap"),
         f"end reason {state.end_reason!r} is neither 'finished' nor 'round-cap'")


def check_legality(state: State, rng: random.Random, tries: int = 5) -> None:
    """Legal actions apply (on clones); others are refused with a reason, changing nothing."""
    legal = state.legal_actions()
    ids = {a.id for a in legal}
    for action in legal:
        need(state.game.action_by_id(action.id) is action,
             f"legal action {action.id!r} is not the game's own (made with intern)")
        state.clone().apply(action.id)
    others = [a for a in state.game._actions if a not in ids]
    before = dump(state)
    for action_id in rng.sample(others, min(tries, len(others))):
        try:
            state.apply(action_id)
        except IllegalAction as refused:
            need(refused.reason, f"{action_id!r} refused with no reason")
        else:
            raise Broken(f"{action_id!r} is not in legal_actions() but was applied")
        need(dump(state) == before, f"refusing {action_id!r} changed the state")


def check_replay(state: State, seed: int) -> None:
    """The record replays and the saved state loads bit for bit; both play on identically;
    a clone and its original stay independent."""
    game = state.game
    frozen = dump(state)
    again = replay(json.loads(json.dumps(state.record())))
    need(dump(again) == frozen, "the record does not replay to the same state")
    loaded = game.from_json(json.loads(json.dumps(state.to_json())))
    need(dump(loaded) == frozen, "to_json/from_json does not give back the same state")
    twin = state.clone()
    need(dump(twin) == frozen, "a clone differs from its original")
    random_play(twin, random.Random(seed), 25)
    need(dump(state) == frozen, "playing on a clone changed its original")
    random_play(loaded, random.Random(seed), 25)
    need(dump(loaded) == dump(twin), "a loaded state and a clone played alike diverge "
                                     "(chance or a field is not saved or not cloned)")


def check_views(state: State) -> None:
    """Each seat's and the spectator's view is JSON and holds the keys every consumer reads."""
    cap = state.game.rules.get("max_rounds")
    need(isinstance(getattr(state, "round", None), int), "the state has no whole-number "
                                                         "`round`")
    for seat in seats(state):
        view = state.view(seat)
        json.dumps(view)
        missing = [k for k in VIEW_KEYS if k not in view]
        need(not missing, f"view({seat}) has no {', '.join(missing)}")
        expect = {"game": state.game.id, "seat": seat, "players": state.players,
                  "to_move": state.current_player, "round": state.round,
                  "max_rounds": cap, "over": state.over}
        wrong = {k: view[k] for k, v in expect.items() if view[k] != v}
        need(not wrong, f"view({seat}) says {wrong}, the state {expect}")


def check_leaks(state: State, seed: int) -> None:
    """A determinization for a seat (everything it cannot see re-dealt) shows it the same
    view, the same events and, when it is to move, the same legal actions."""
    for seat in seats(state):
        guess = state.determinize(seat, seed=seed)
        need(guess.view(seat) == state.view(seat),
             f"view({seat}) shows something seat {seat} cannot know (it changes when that is "
             "re-dealt)")
        need(told(guess, seat) == told(state, seat),
             f"events told to {seat} change when what it cannot know is re-dealt")
        if seat is not None and seat == state.current_player:
            need([a.id for a in guess.legal_actions()] == [a.id for a in state.legal_actions()],
                 f"seat {seat}'s legal actions change when what it cannot know is re-dealt")


def hidden_from(state: State, seat: int | None) -> bool:
    """Whether `seat` cannot know everything: the log kept a secret from it (a spectator
    sees no secret), or a draw pile holds different cards in an order nobody knows."""
    bit = 0 if seat is None else 1 << seat
    return any(secret is not None and not audience & bit
               for _, _, _, _, secret, audience in state.log) or \
        any(len({repr(card) for card in getattr(state, pile)}) > 1 for pile in state.piles)


def check_redeal(state: State, seed: int) -> None:
    """A determinization depends only on what the seat knows: re-dealing a re-dealt state
    with the same seed gives the same state (the re-deal starts from sorted cards)."""
    for seat in seats(state):
        once = state.determinize(seat, seed=seed)
        twice = state.determinize(seat, seed=seed + 1).determinize(seat, seed=seed)
        need(fields(once) == fields(twice),
             f"determinize({seat}) depends on the cards it re-deals, not only on what seat "
             f"{seat} knows (start the re-deal from sorted cards)")


def redeals(state: State, seed: int, tries: int = 4) -> set[int | None]:
    """The seats with something secret in the log for which a determinization changed
    something (of `tries` seeds)."""
    if state.over:
        return set()
    real = fields(state)
    return {seat for seat in seats(state) if hidden_from(state, seat)
            and any(fields(state.determinize(seat, seed=seed + k)) != real
                    for k in range(tries))}


def seen(state: State) -> list:
    """What every seat and a spectator are shown: views, events, observations."""
    out = []
    for seat in seats(state):
        obs = state.observation(seat)
        out.append((state.view(seat), told(state, seat), None if obs is None else obs.tobytes()))
    return out


def check_undo_step(before: State, action_id: str, seed: int) -> State:
    """Apply `action_id` to a clone of `before`; if the step may be taken back, undoing it
    gives `before` exactly and playing it on any determinization shows each seat the same.
    Asking for one step more than `undoable()` is refused, changing nothing. Return the
    state after the step."""
    after = before.clone()
    guesses = [(q, before.determinize(q, seed=seed)) for q in seats(before)]
    mark = len(before.log)
    after.apply(action_id)
    can = after.undoable()
    need(not (after.is_over and can), "a finished game offers an undo")
    if can:
        back = after.undo(1)
        need(dump(back) == dump(before), f"undoing {action_id!r} does not give back the "
                                         "state before it")
        need(seen(back) == seen(before), f"undoing {action_id!r} shows a seat something "
                                         "other than before")
        for q, guess in guesses:
            guess.apply(action_id)
            need(guess.view(q) == after.view(q) and told(guess, q, mark) == told(after, q, mark),
                 f"{action_id!r} may be taken back but showed {q} something hidden "
                 "(take the card with draw(), or call reveal)")
    frozen = dump(after)
    try:
        after.undo(can + 1)
    except IllegalAction as refused:
        need(refused.action == "undo" and refused.reason, "an undo refused without a reason")
    else:
        raise Broken(f"undo of {can + 1} steps was allowed where undoable() is {can}")
    need(dump(after) == frozen, "a refused undo changed the state")
    return after


def check_spaces(state: State, seed: int) -> None:
    """The mask is exactly the legal actions over the action space; observations have the
    declared shape, finite values in [0, 1], equal the view's encoding, and do not change
    when what the seat cannot see is re-dealt."""
    import numpy as np

    from ..core.spaces import view_observation

    game = state.game
    space = game.action_space(state.players)
    if space is not None:
        mask = state.action_mask()
        need(mask.dtype == np.bool_ and mask.shape == (len(space),),
             f"the mask is {mask.dtype}{mask.shape}, not bool({len(space)},)")
        masked = sorted(space.ids[i] for i in np.flatnonzero(mask))
        need(masked == sorted(a.id for a in state.legal_actions()),
             "the action mask is not exactly the legal actions")
    shape = game.observation_shape(state.players)
    if shape is None:
        return
    for seat in seats(state):
        obs = state.observation(seat)
        need(obs.dtype == np.float32 and obs.shape == shape,
             f"observation({seat}) is {obs.dtype}{obs.shape}, not float32{shape}")
        need(np.isfinite(obs).all() and obs.min() >= 0.0 and obs.max() <= 1.0,
             f"observation({seat}) has values outside [0, 1]")
        need(view_observation(state, seat).tobytes() == obs.tobytes(),
             f"observation({seat}) differs from the encoding of view({seat})")
        twin = state.determinize(seat, seed=seed)
        need(np.array_equal(twin.observation(seat), obs),
             f"observation({seat}) changes when what seat {seat} cannot know is re-dealt")
        need(np.array_equal(twin.information_state(seat), state.information_state(seat)),
             f"information_state({seat}) changes when what it cannot know is re-dealt")


def finite(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
