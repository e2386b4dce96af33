// The Target: Rats board as the compiled core holds it, shared by the full game and the
// Simplified game: src/ratking/games/target_rats/board.py (the reference) computes it from
// board.toml and the glue (ratking.native.target_rats_board) copies it here, field by field.
#pragma once
#include <vector>

namespace ratking::tr {

// Space kinds (board.py).
enum SpaceKind { SURFACE = 0, UNDERGROUND = 1, CITY = 2, HOME = 3 };

struct Board {
  int surface = 0, underground = 0, city = 0;
  std::vector<int> homes, corridor_surface, corridor_under, home_exit;  // per nest
  std::vector<int> kind, ring_index, beneath, exterminator_spaces, simplified_dumpsters;
  std::vector<std::vector<int>> adj, dist, quadrants;  // per space
  std::vector<bool> unlimited, corridor, token_slot;    // per space

  int size() const { return static_cast<int>(kind.size()); }
  // The underground space a Sewer Entrance token on `space` leads to, or -1 (board.py).
  int sewer_link(int space) const { return kind[space] == SURFACE ? beneath[space] : -1; }
};

}  // namespace ratking::tr
