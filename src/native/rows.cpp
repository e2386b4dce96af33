// Each compiled game's part of the lab's rows (rows.hpp): what its standing panel's progress
// and its metrics hook (src/ratking/games/*/standing.py, metrics.py) read from a finished game.
#include "rows.hpp"

#include <algorithm>

namespace ratking {

// --- Rat-a-Tat Roll ---------------------------------------------------------------------------

void roll::progress(const State& s, std::vector<double>& out) {
  for (const auto& hand : s.hands)
    out.push_back(std::min(1.0, static_cast<double>(hand.size()) / s.need));
}

std::vector<std::string> roll::metric_names() {
  return {"winning total", "spread of totals", "plays/re-roll", "plays/swap", "plays/peek",
          "plays/face-up card taken", "plays/card drawn from the pile", "plays/card discarded",
          "face-up reshuffles"};
}

std::vector<double> roll::metrics(const State& s, const std::vector<int>& actions) {
  int64_t rerolls = 0, swaps = 0, peeks = 0, discards = 0;
  const auto& catalogue = s.game->actions();
  for (int a : actions) switch (catalogue[a].kind) {
      case K_REROLL: ++rerolls; break;
      case K_SWAP: ++swaps; break;
      case K_PEEK:
      case K_PEEK_OWN: ++peeks; break;
      case K_DISCARD: ++discards; break;
      default: break;
    }
  const auto totals = s.scores();
  const auto [low, high] = std::minmax_element(totals.begin(), totals.end());
  auto d = [](int64_t n) { return static_cast<double>(n); };
  return {*low, *high - *low, d(rerolls), d(swaps), d(peeks), d(s.tally.take), d(s.tally.draw),
          d(discards), d(s.tally.reshuffle)};
}

}  // namespace ratking
