// Whole games played natively, back to back, in one call: random and heuristic seats.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "rat_a_tat_roll.hpp"
#include "rat_and_duck.hpp"
#include "rng.hpp"
#include "state_traits.hpp"
#include "target_rats_simplified.hpp"
#include "target_rats_full.hpp"
#include "you_dirty_rat.hpp"

namespace ratking {

struct LoopResult {
  int64_t games = 0, decisions = 0;
  std::vector<double> returns;  // summed per seat
};

// `games` games of any compiled game (its State::start, legal, apply, over, to_move, result,
// and its heuristic `choose`) from game seed `seed` + i, as ratking.sim.bench plays them: one
// random.Random(seed) picks every random seat's action, legal[int(random() * len(legal))].
// Seats set in `heuristic` play the heuristic instead, seat k of game i with a
// random.Random((seed + i) * 10 + k) of its own (as HeuristicBot seeded so).
// Whether a game's State can be started again in place (restart, with its generator reseeded),
// which spares a new state and a new generator for every game of a loop.
template <class S, class G, class = void>
struct restarts : std::false_type {};
template <class S, class G>
struct restarts<S, G, std::void_t<decltype(std::declval<S&>().restart(
                          std::declval<const G&>(), 0))>> : std::true_type {};

// `games` games of any compiled game (its State::start, legal, apply, over, to_move, result,
// and its heuristic `choose`) from game seed `seed` + i, as ratking.sim.bench plays them: one
// random.Random(seed) picks every random seat's action, legal[int(random() * len(legal))].
// Seats set in `heuristic` play the heuristic instead, seat k of game i with a
// random.Random((seed + i) * 10 + k) of its own (as HeuristicBot seeded so).
template <class State, class Game, class Choose>
LoopResult play_games(const Game& game, int players, int64_t games, int64_t seed,
                      const std::vector<bool>& heuristic, Choose choose) {
  LoopResult out;
  out.returns.assign(players, 0.0);
  MersenneTwister picker(seed_words(seed));
  bool any_bot = false;
  for (bool h : heuristic) any_bot = any_bot || h;
  std::vector<MersenneTwister> bots;
  std::vector<int> legal;
  auto play_one = [&](State& s, int64_t i) {
    bots.clear();
    if (any_bot)
      for (int k = 0; k < players; ++k) bots.emplace_back(seed_words((seed + i) * 10 + k));
    while (!s.over) {
      const int p = s.to_move;
      if (any_bot && heuristic[p]) {
        s.apply(choose(s, bots[p]));
      } else {
        legal_of(s, legal);
        if (legal.empty()) throw std::logic_error("a seat to move has no legal action");
        s.apply(legal[static_cast<size_t>(picker.random() * static_cast<double>(legal.size()))]);
      }
      ++out.decisions;
    }
    for (int k = 0; k < players; ++k) out.returns[k] += s.result[k];
    ++out.games;
  };
  if constexpr (restarts<State, Game>::value) {
    State s;  // one state and one generator, started again for each game
    for (int64_t i = 0; i < games; ++i) {
      s.rng.reseed(seed + i);
      s.restart(game, players);
      play_one(s, i);
    }
  } else {
    for (int64_t i = 0; i < games; ++i) {
      State s = State::start(game, players, Rng::mersenne(seed + i));
      play_one(s, i);
    }
  }
  return out;
}

namespace roll {
LoopResult play(const Game& game, int players, int64_t games, int64_t seed,
                const std::vector<bool>& heuristic);
}  // namespace roll

namespace ydr {
LoopResult play(const Game& game, int players, int64_t games, int64_t seed,
                const std::vector<bool>& heuristic);
}  // namespace ydr

namespace duck {  // HeuristicBot's stream picks among equal ends
LoopResult play(const Game& game, int players, int64_t games, int64_t seed,
                const std::vector<bool>& heuristic);
}  // namespace duck

namespace trs {
LoopResult play(const Game& game, int players, int64_t games, int64_t seed,
                const std::vector<bool>& heuristic);
}  // namespace trs

namespace trf {
LoopResult play(const Game& game, int players, int64_t games, int64_t seed,
                const std::vector<bool>& heuristic);
}  // namespace trf

}  // namespace ratking
