#include "loops.hpp"

namespace ratking {
namespace {

// Any compiled game's loop (the contract of roll::play in loops.hpp): `choose(state, jitter)`
// is the game's heuristic.
template <class State, class Game, class Choose>
roll::LoopResult play_games(const Game& game, int players, int64_t games, int64_t seed,
                            const std::vector<bool>& heuristic, Choose choose) {
  roll::LoopResult out;
  out.returns.assign(players, 0.0);
  MersenneTwister picker(seed_words(seed));
  bool any_bot = false;
  for (bool h : heuristic) any_bot = any_bot || h;
  std::vector<MersenneTwister> bots;
  std::vector<int> legal;
  for (int64_t i = 0; i < games; ++i) {
    State s = State::start(game, players, Rng::mersenne(seed + i));
    bots.clear();
    if (any_bot)
      for (int k = 0; k < players; ++k) bots.emplace_back(seed_words((seed + i) * 10 + k));
    while (!s.over) {
      const int p = s.to_move;
      if (any_bot && heuristic[p]) {
        s.apply(choose(s, bots[p]));
      } else {
        s.legal_into(legal);
        s.apply(legal[static_cast<size_t>(picker.random() * static_cast<double>(legal.size()))]);
      }
      ++out.decisions;
    }
    for (int k = 0; k < players; ++k) out.returns[k] += s.result[k];
    ++out.games;
  }
  return out;
}

}  // namespace
}  // namespace ratking

namespace ratking::roll {

LoopResult play(const Game& game, int players, int64_t games, int64_t seed,
                const std::vector<bool>& heuristic) {
  LoopResult out;
  out.returns.assign(players, 0.0);
  MersenneTwister picker(seed_words(seed));
  bool any_bot = false;
  for (bool h : heuristic) any_bot = any_bot || h;
  std::vector<MersenneTwister> bots;
  std::vector<int> legal;
  for (int64_t i = 0; i < games; ++i) {
    State s = State::start(game, players, Rng::mersenne(seed + i));
    bots.clear();
    if (any_bot)
      for (int k = 0; k < players; ++k) bots.emplace_back(seed_words((seed + i) * 10 + k));
    while (!s.over) {
      const int p = s.to_move;
      if (any_bot && heuristic[p]) {
        s.apply(roll::heuristic(s, bots[p]));
      } else {
        s.legal_into(legal);
        s.apply(legal[static_cast<size_t>(picker.random() * static_cast<double>(legal.size()))]);
      }
      ++out.decisions;
    }
    for (int k = 0; k < players; ++k) out.returns[k] += s.result[k];
    ++out.games;
  }
  return out;
}

}  // namespace ratking::roll

namespace ratking::duck {

LoopResult play(const Game& game, int players, int64_t games, int64_t seed,
                const std::vector<bool>& heuristic) {
  return play_games<State>(game, players, games, seed, heuristic, duck::heuristic);
}

}  // namespace ratking::duck
