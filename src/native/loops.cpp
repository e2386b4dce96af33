#include "loops.hpp"

namespace ratking {

LoopResult roll::play(const roll::Game& game, int players, int64_t games, int64_t seed,
                      const std::vector<bool>& heuristic) {
  return play_games<roll::State>(game, players, games, seed, heuristic, roll::heuristic);
}

}  // namespace ratking
