// The lab's rows played natively (ratking.sim.native_batch): whole games as play_seeded plays
// them, each handed back with what sim/batch.py's game_result reads from the Python engine's
// state, so that no Python replay is needed: its course (snapshot at the start of each round
// and at the end), the legal moves at each decision, its ending and the game's own counters
// (its metrics hook). A game's registration in bind_loops.cpp names its `progress` (the
// standing panel's progress per row), `scores`, `metric_names` and `metrics`.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "rat_a_tat_roll.hpp"
#include "rat_and_duck.hpp"
#include "rng.hpp"
#include "seeded.hpp"
#include "target_rats_full.hpp"
#include "target_rats_simplified.hpp"
#include "you_dirty_rat.hpp"
#include "state_traits.hpp"
#include "vector.hpp"

namespace ratking {

struct GameRow {
  std::vector<double> returns, scores, metrics;  // metrics: in metric_names' order
  std::vector<std::vector<double>> trail;        // snapshot(): progress, then scores
  std::string end_reason;
  int64_t decisions = 0, rounds = 0;
  int first = 0;                     // the seat that made the first decision
  std::vector<int64_t> legal;        // decisions, legal moves, their squares, forced ones
};

// Whether a game's registration computes rows natively (else the lab replays in Python).
template <class G, class = void>
struct has_rows : std::false_type {};
template <class G>
struct has_rows<G, std::void_t<decltype(G::metrics(std::declval<const typename G::State&>(),
                                                   std::declval<const std::vector<int>&>()))>>
    : std::true_type {};

// batch.py's snapshot: each standing row's progress, then each seat's score.
template <class G>
std::vector<double> snapshot(const typename G::State& s) {
  std::vector<double> out;
  G::progress(s, out);
  for (double x : G::scores(s)) out.push_back(x);
  return out;
}

// Game i from seed seeds[i], seat k's bot seeded bot_seeds[i * players + k] and playing as
// seats[k] says: its row, as batch.py's game_result makes it.
template <class G>
std::vector<GameRow> play_rows(const typename G::Game& game, int players,
                               const std::vector<int64_t>& seeds,
                               const std::vector<int64_t>& bot_seeds,
                               const std::vector<Seat>& seats) {
  std::vector<GameRow> out(seeds.size());
  std::vector<MersenneTwister> bots;
  std::vector<int> legal, actions;
  for (size_t i = 0; i < seeds.size(); ++i) {
    auto s = start_seeded<G>(game, players, seeds, bot_seeds, i, bots);
    GameRow& row = out[i];
    row.first = s.to_move;
    actions.clear();
    int64_t moves = 0, squares = 0, forced = 0;
    bool started = false;
    int64_t last = 0;
    while (!s.over) {
      if (!started || s.round != last) {
        row.trail.push_back(snapshot<G>(s));
        last = s.round;
        started = true;
      }
      legal_of(s, legal);
      const int64_t n = static_cast<int64_t>(legal.size());
      moves += n;
      squares += n * n;
      forced += n == 1;
      const int p = s.to_move;
      const int a = bot_choice<G>(s, seats[p], bots[p], legal);
      actions.push_back(a);
      s.apply(a);
    }
    row.trail.push_back(snapshot<G>(s));
    row.legal = {static_cast<int64_t>(actions.size()), moves, squares, forced};
    row.returns = s.result;
    row.scores = G::scores(s);
    row.decisions = static_cast<int64_t>(actions.size());
    row.rounds = s.round;
    row.end_reason = s.end_reason;
    row.metrics = G::metrics(s, actions);
  }
  return out;
}

namespace roll {  // rows.cpp: the standing panel's progress and metrics.py's counters
void progress(const State& s, std::vector<double>& out);
std::vector<std::string> metric_names();
std::vector<double> metrics(const State& s, const std::vector<int>& actions);
}  // namespace roll

namespace ydr {  // its standing panel shows no progress
std::vector<std::string> metric_names();
std::vector<double> metrics(const State& s, const std::vector<int>& actions);
}  // namespace ydr

namespace duck {
void progress(const State& s, std::vector<double>& out);
std::vector<std::string> metric_names();
std::vector<double> metrics(const State& s, const std::vector<int>& actions);
}  // namespace duck

namespace trs {
void progress(const State& s, std::vector<double>& out);
std::vector<std::string> metric_names();
std::vector<double> metrics(const State& s, const std::vector<int>& actions);
}  // namespace trs

namespace trf {
void progress(const State& s, std::vector<double>& out);
std::vector<std::string> metric_names(const Game& game);
std::vector<double> metrics(const State& s, const std::vector<int>& actions);
}  // namespace trf

}  // namespace ratking
