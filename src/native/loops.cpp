#include "loops.hpp"

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
  State s;  // one state and one generator, started again for each game
  for (int64_t i = 0; i < games; ++i) {
    s.rng.reseed(seed + i);
    s.restart(game, players);
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
