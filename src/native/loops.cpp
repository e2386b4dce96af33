#include "loops.hpp"

namespace ratking {

LoopResult roll::play(const roll::Game& game, int players, int64_t games, int64_t seed,
                      const std::vector<bool>& heuristic) {
  return play_games<roll::State>(game, players, games, seed, heuristic, roll::heuristic);
}

LoopResult ydr::play(const ydr::Game& game, int players, int64_t games, int64_t seed,
                     const std::vector<bool>& heuristic) {
  return play_games<ydr::State>(game, players, games, seed, heuristic, ydr::heuristic);
}

LoopResult duck::play(const duck::Game& game, int players, int64_t games, int64_t seed,
                      const std::vector<bool>& heuristic) {
  return play_games<duck::State>(game, players, games, seed, heuristic, duck::heuristic);
}

LoopResult trs::play(const trs::Game& game, int players, int64_t games, int64_t seed,
                     const std::vector<bool>& heuristic) {
  return play_games<trs::State>(game, players, games, seed, heuristic, trs::heuristic);
}

LoopResult trf::play(const trf::Game& game, int players, int64_t games, int64_t seed,
                     const std::vector<bool>& heuristic) {
  return play_games<trf::State>(game, players, games, seed, heuristic, trf::heuristic);
}

}  // namespace ratking
