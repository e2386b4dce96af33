"""The `neural` bot (ratking.bots.neural): the shipped policies play legal moves in every game
with PyTorch hidden, wherever a bot sits (specs, arena, search guidance), and bad policy files
and specs are refused with one clear message."""

from __future__ import annotations

import collections
import json
import random
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import ratking
from ratking import RatkingError
from ratking.bots import make_bot, parse_spec
from ratking.bots.neural import Policy, shipped_path

from ..own import own_games

GAMES = sorted(info.id for info in ratking.list_games())
MB = 1 << 20

# plays one game of each shipped policy's game and player count with `neural` in seat 0 and
# random play in the others, every other module allowed but the learning libraries, which any
# import of fails
NO_TORCH = textwrap.dedent("""
    import builtins, json, sys
    real = builtins.__import__
    def guarded(name, *args, **kwargs):
        if name.split(".")[0] in ("torch", "sb3_contrib", "stable_baselines3"):
            raise ImportError("hidden by the test: " + name)
        return real(name, *args, **kwargs)
    builtins.__import__ = guarded
    import ratking
    from ratking.bots import make_bot
    out = {}
    for game_id, players in json.loads(sys.argv[1]):
        state = ratking.make(game_id).new_game(players, seed=3)
        bots = [make_bot("neural", 1)] + [make_bot("random", 2 + p) for p in range(1, players)]
        moves = 0
        while not state.over and state.round <= 30:
            seat = state.to_move
            action = bots[seat].choose(state)
            assert action in state.legal_actions(), (game_id, action)
            state.apply(action)
            moves += seat == 0
        out[f"{game_id}-{players}p"] = moves
    assert "torch" not in sys.modules
    print(json.dumps(out))
""")


def shipped_counts() -> list[tuple[str, int]]:
    """Every game of ratking's own with every player count its default rules take."""
    return [(game_id, players) for game_id in own_games()
            for players in ratking.make(game_id).player_counts()]


def test_every_game_of_ratkings_own_ships_a_small_policy_for_every_player_count():
    for game_id, players in shipped_counts():
        path = shipped_path(game_id, players)
        assert path.stat().st_size < MB // 2, path
        policy = Policy.load(path)
        assert policy.game_id == game_id and policy.players == players
        assert policy.meta["trained"]["commands"][0].startswith(
            f"ratking train {game_id} --players {players} ")
        game = ratking.make(game_id)
        assert policy.action_ids == list(game.action_space(players).ids)
        assert policy.inputs == game.observation_layout(players).size


def test_the_neural_bot_plays_legal_moves_in_every_game_without_torch():
    counts = shipped_counts()
    done = subprocess.run([sys.executable, "-c", NO_TORCH, json.dumps(counts)],
                          capture_output=True, text=True, timeout=240, check=False)
    assert done.returncode == 0, done.stderr
    moves = json.loads(done.stdout)
    assert set(moves) == {f"{g}-{n}p" for g, n in counts} and all(n > 0 for n in moves.values())


def tiny_policy(game_id: str, players: int, tmp_path, scale: float = 1.0):
    """A random two-layer policy file for a game (what `ratking train` writes, untrained)."""
    game = ratking.make(game_id)
    rng = np.random.default_rng(0)
    n, a = game.observation_layout(players).size, len(game.action_space(players))
    layers = [(rng.normal(0, scale, (n, 8)), np.zeros(8)), (rng.normal(0, scale, (8, a)),
                                                             np.zeros(a))]
    meta = {"game": game_id, "players": players, "recall": False,
            "action_ids": list(game.action_space(players).ids), "trained": {}}
    path = tmp_path / f"{game_id}.npz"
    Policy(layers, meta).save(path)
    return path


def test_a_policy_file_plays_its_likeliest_legal_action(tmp_path):
    path = tiny_policy("you-dirty-rat", 3, tmp_path)
    policy = Policy.load(path)
    space = ratking.make("you-dirty-rat").action_space(3)
    state = ratking.make("you-dirty-rat").new_game(3, seed=2)
    obs = state.observation(state.to_move)
    legal = space.indices(state.legal_actions())
    mask = space.mask(state.legal_actions(), np.int8)
    logits = policy.logits(obs)
    # act: the likeliest legal action, what the bot plays; draw (the self-play pool's
    # snapshots): legal actions by their softmax weights
    assert policy.act(obs, mask) == max(legal, key=lambda i: logits[i])
    assert make_bot(f"neural:{path}", 5).choose(state).id == space.ids[policy.act(obs, mask)]
    rng = random.Random(1)
    counts = collections.Counter(policy.draw(obs, mask, rng) for _ in range(4000))
    assert set(counts) <= set(legal)
    weights = np.exp(logits[legal] - logits[legal].max())
    expected = dict(zip(legal, weights / weights.sum(), strict=True))
    for i in legal:
        assert abs(counts[i] / 4000 - expected[i]) < 0.04

    def moves(seed: int) -> list[str]:
        bot = make_bot(f"neural:{path}", seed)
        s = ratking.make("you-dirty-rat").new_game(3, seed=2)
        out = []
        for _ in range(15):
            if s.over:
                break
            out.append(bot.choose(s).id)
            s.apply(out[-1])
        return out
    assert moves(5) == moves(5) == moves(6)  # nothing drawn: the same moves whatever the seed


def test_the_neural_bot_does_not_cycle_on_moves_that_change_nothing(tmp_path):
    # seed 003 and RULINGS 3.2.1: Link and Unlink are immediate, any number of times a turn;
    # a policy that likes them best would link and unlink for ever, playing its likeliest
    # action alone
    game = ratking.make("rat-and-duck")
    space = game.action_space(2)
    n = game.observation_layout(2).size
    bias = np.zeros(len(space))
    for i, action_id in enumerate(space.ids):
        if action_id.startswith(("link:", "unlink:")):
            bias[i] = 10.0
        elif action_id.startswith("kidnap") or action_id.startswith("target"):
            bias[i] = 5.0  # so that a civilian appears to link
    meta = {"game": "rat-and-duck", "players": 2, "recall": False,
            "action_ids": list(space.ids), "trained": {}}
    path = tmp_path / "links.npz"
    Policy([(np.zeros((n, len(space))), bias)], meta).save(path)
    other = make_bot("random", 2)
    state = game.new_game(2, seed=4)
    links = 0
    for _ in range(3000):
        if state.over:
            break
        if state.to_move == game.seat_teams(2).index(0):
            # a new bot for every move, as a server makes one: it keeps nothing between moves
            action = make_bot(f"neural:{path}", 1).choose(state)
        else:
            action = other.choose(state)
        links += action.id.startswith(("link:", "unlink:"))
        state.apply(action)
    assert links > 0  # the policy did link civilians
    assert state.over  # and the game went on to its end (25 rounds at most)


def test_a_policy_that_does_not_fit_the_game_is_refused(tmp_path):
    path = tiny_policy("you-dirty-rat", 3, tmp_path)
    bot = make_bot(f"neural:{path}")
    with pytest.raises(RatkingError, match="does not fit you-dirty-rat with 2 players"):
        bot.choose(ratking.make("you-dirty-rat").new_game(2, seed=1))
    with pytest.raises(RatkingError, match="cannot read a neural policy"):
        make_bot(f"neural:{tmp_path / 'missing.npz'}")
    (tmp_path / "junk.npz").write_bytes(b"not a policy")
    with pytest.raises(RatkingError, match="cannot read a neural policy"):
        make_bot(f"neural:{tmp_path / 'junk.npz'}")
    # three players take a house rule in Rat & Duck: no policy is shipped for it
    with pytest.raises(RatkingError, match="no neural policy is shipped for rat-and-duck with 3"):
        make_bot("neural").choose(
            ratking.make("rat-and-duck", uneven_teams=True).new_game(3, seed=1))


def test_specs_name_the_neural_bot_and_the_neural_prior():
    assert parse_spec("neural") == ("neural", {})
    assert parse_spec("neural:/tmp/a:b.npz") == ("neural", {"path": "/tmp/a:b.npz"})
    assert parse_spec("ismcts:prior=neural:iters=50") == \
        ("ismcts", {"prior": "neural", "iters": 50})
    with pytest.raises(RatkingError, match="prior must be"):
        parse_spec("ismcts:prior=clever")


def test_search_with_the_neural_prior_plays_whole_games():
    bots = [make_bot("ismcts:prior=neural:iters=30:depth=10", 1), make_bot("random", 2)]
    state = ratking.make("you-dirty-rat", max_rounds=6).new_game(2, seed=4)
    while not state.over:
        state.apply(bots[state.to_move].choose(state))
    assert state.over


@pytest.mark.parametrize(("game_id", "players"), [
    (g, n) for g in GAMES for n in ratking.make(g).player_counts() if shipped_path(g, n).exists()])
def test_the_guide_a_search_is_given_is_the_policys_likeliest_legal_action(game_id, players):
    """The prior's move is the policy's best (its `act`), never a draw from it: over random
    play, at every decision, whatever the generator."""
    from ratking.bots.neural import shipped
    from ratking.core.spaces import legal_list

    bot = make_bot("neural", 1)
    policy = shipped(game_id, players)
    rng = random.Random(5)
    state = ratking.make(game_id).new_game(players, seed=6)
    for _ in range(60):
        if state.over:
            break
        space = state.game.action_space(players)
        obs = state.information_state(state.to_move) if policy.recall else \
            state.observation(state.to_move)
        mask = space.mask(legal_list(state), np.int8)
        best = space.actions[policy.act(obs, mask)]
        assert {bot.guide(state, random.Random(k)) for k in range(4)} == {best}
        assert best in state.legal_actions()
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])


def test_the_neural_bot_sits_in_the_arena():
    from ratking.sim.arena import run_arena

    result = run_arena("rat-a-tat-roll", ["neural", "random"], games=4, players=2, seed=1,
                       rules={})
    assert sum(s.games for s in result.standings) >= 4


def test_a_win_share_check_gives_the_player_its_whole_team():
    """`win_share` (the checks `ratking train` logs) seats the player in every seat of its
    team, as the arena does: with a random partner, Rat & Duck's four-player dissent wins on
    points at the round limit whoever the player is, and every check read 0.5."""
    from ratking.learn.winshare import win_share

    class Seats:
        """Random play that notes the seats it is asked to move for."""

        def __init__(self) -> None:
            self.bot, self.seats = make_bot("random", 1), set()

        def choose(self, state):
            self.seats.add(state.to_move)
            return self.bot.choose(state)

    for game_id, players, games, seen in (("rat-and-duck", 4, 1, {0, 2}),
                                          ("rat-and-duck", 4, 2, {0, 1, 2, 3}),
                                          ("you-dirty-rat", 3, 1, {0}),
                                          ("you-dirty-rat", 3, 3, {0, 1, 2})):
        player = Seats()
        share, low, high = win_share(player, game_id, players, "random", games, seed=4)
        assert player.seats == seen and 0 <= low <= share <= high <= 1
    # the shipped four-player copy, a whole team against random, wins more than a side's half
    share, _, _ = win_share(make_bot("neural", 1), "rat-and-duck", 4, "random", 8, seed=7)
    assert share > 0.5
