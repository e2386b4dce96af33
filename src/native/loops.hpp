// Whole games played natively, back to back, in one call: random and heuristic seats.
#pragma once
#include <cstdint>
#include <vector>

#include "rat_a_tat_roll.hpp"
#include "rat_and_duck.hpp"

namespace ratking::roll {

struct LoopResult {
  int64_t games = 0, decisions = 0;
  std::vector<double> returns;  // summed per seat
};

// `games` games from game seed `seed` + i, as ratking.sim.bench plays them: one
// random.Random(seed) picks every random seat's action, legal[int(random() * len(legal))].
// Seats set in `heuristic` play the heuristic instead, seat k of game i with a
// random.Random((seed + i) * 10 + k) of its own (as HeuristicBot seeded so).
LoopResult play(const Game& game, int players, int64_t games, int64_t seed,
                const std::vector<bool>& heuristic);

}  // namespace ratking::roll

namespace ratking::duck {

using roll::LoopResult;  // the same summary for every game

// As roll::play, for Rat & Duck (HeuristicBot's stream picks among equal ends).
LoopResult play(const Game& game, int players, int64_t games, int64_t seed,
                const std::vector<bool>& heuristic);

}  // namespace ratking::duck
