// The lab's games played natively (ratking.sim.batch, core "native"): whole games, each from
// its own seed, each seat's bot on its own random.Random stream as the lab seeds it
// (derive_seed(game seed, 1 + seat)); every game's actions handed back, so that the Python
// engine can replay it for the report's rows (its course, counters and ending).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "rng.hpp"
#include "vector.hpp"

namespace ratking {

struct SeededGame {
  std::vector<int> actions;     // every decision's action, as indexes into the game's ids
  std::vector<double> returns;  // at the end
  std::string end_reason;
};

// Game i of a batch, just started from seed seeds[i], with seat k's bot seeded
// bot_seeds[i * players + k] into bots[k].
template <class G>
typename G::State start_seeded(const typename G::Game& game, int players,
                               const std::vector<int64_t>& seeds,
                               const std::vector<int64_t>& bot_seeds, size_t i,
                               std::vector<MersenneTwister>& bots) {
  bots.clear();
  for (int k = 0; k < players; ++k)
    bots.emplace_back(seed_words(bot_seeds[i * players + static_cast<size_t>(k)]));
  return G::State::start(game, players, Rng::mersenne(seeds[i]));
}

// Game i from seed seeds[i], seat k's bot seeded bot_seeds[i * players + k] and playing as
// seats[k] says (random or heuristic).
template <class G>
std::vector<SeededGame> play_seeded(const typename G::Game& game, int players,
                                    const std::vector<int64_t>& seeds,
                                    const std::vector<int64_t>& bot_seeds,
                                    const std::vector<Seat>& seats) {
  std::vector<SeededGame> out(seeds.size());
  std::vector<MersenneTwister> bots;
  std::vector<int> legal;
  for (size_t i = 0; i < seeds.size(); ++i) {
    auto s = start_seeded<G>(game, players, seeds, bot_seeds, i, bots);
    SeededGame& g = out[i];
    while (!s.over) {
      const int p = s.to_move;
      const int a = bot_choice<G>(s, seats[p], bots[p], legal);
      g.actions.push_back(a);
      s.apply(a);
    }
    g.returns = s.result;
    g.end_reason = s.end_reason;
  }
  return out;
}

}  // namespace ratking
