// The vector environment's games stepped natively (ratking.envs.vector, core "native"): one
// learner's seat in each of n games, random and heuristic opponents played in place, every
// observation and action mask written straight into the caller's arrays.
//
// It follows the Python env step for step: the same deals (the caller draws each game's seed,
// the learner's seat and the opponents' seeds as Seating.deal does), the same opponents
// (RandomBot and HeuristicBot, each on its own random.Random stream), the same stall budget,
// rewards, terminations and truncations.
#pragma once
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "loops.hpp"
#include "rng.hpp"

namespace ratking {

// An opponent a native loop can play: the random bot, or the heuristic (with `eps`, a random
// legal action that share of the time, drawn from the bot's own stream first).
struct Seat {
  enum Kind { LEARNER = -1, RANDOM = 0, HEURISTIC = 1 };
  int kind = RANDOM;
  double eps = 0.0;
};

// One decision of a bot seat, as RandomBot / HeuristicBot choose it, on the bot's stream.
template <class G>
int bot_choice(const typename G::State& s, const Seat& seat, MersenneTwister& rng,
               std::vector<int>& legal) {
  if (seat.kind == Seat::HEURISTIC && !(seat.eps > 0.0 && rng.random() < seat.eps))
    return G::heuristic(s, rng);
  if constexpr (fills_legal<typename G::State>::value)
    s.legal_into(legal);
  else
    legal = s.legal();
  return legal[static_cast<size_t>(rng.random() * static_cast<double>(legal.size()))];
}

// What a step found wrong with a row's action (the rows before it have moved).
struct StepError {
  int row = -1;          // -1: none
  bool illegal = false;  // false: a number outside the action space
  int64_t action = 0;
};

template <class G>
class VectorGames {
 public:
  using State = typename G::State;
  using Game = typename G::Game;
  using Layout = typename G::Layout;

  // `to_space`: each compiled action's number in the env's action space (-1: none there);
  // `opponents`: one per other seat, in seat order; `limit`: learner steps after which a game
  // is cut (-1: none); `budget`: opponents' decisions in a row before a game counts as
  // stalled; `cap_truncates`: a game ended by the round cap is truncated, not terminated.
  VectorGames(const Game& game, const Layout& layout, int players, int n, bool recall,
              std::vector<int> to_space, int space_size, std::vector<Seat> opponents,
              int64_t limit, int budget, bool cap_truncates)
      : game_(&game), layout_(layout), players_(players), n_(n), recall_(recall),
        to_space_(std::move(to_space)), space_size_(space_size), opponents_(std::move(opponents)),
        limit_(limit), budget_(budget), cap_truncates_(cap_truncates) {
    from_space_.assign(space_size_, -1);
    for (size_t a = 0; a < to_space_.size(); ++a)
      if (to_space_[a] >= 0) from_space_[to_space_[a]] = static_cast<int>(a);
    states_.resize(n);
    seat_.assign(n, 0);
    steps_.assign(n, 0);
    seats_.assign(n, std::vector<Seat>(players));
    bots_.assign(n, std::vector<MersenneTwister>(players, MersenneTwister(nullptr, 0)));
  }

  int size() const { return n_; }
  int obs_size() const { return layout_.size; }
  int space_size() const { return space_size_; }

  // Deal row `i` a new game of seed `seed` with the learner at `seat` and seat k's bot seeded
  // `bot_seeds[k]`, played up to the learner's first decision; its observation and mask
  // written. False if the game ended (or the opponents stalled) before that: the caller deals
  // again with the next draws, as Seating.deal does.
  bool deal(int i, int64_t seed, int seat, const std::vector<int64_t>& bot_seeds, float* obs,
            int8_t* masks) {
    State& s = states_[i];
    s = State::start(*game_, players_, Rng::mersenne(seed));
    seat_[i] = seat;
    steps_[i] = 0;
    for (int p = 0, o = 0; p < players_; ++p) {
      if (p == seat) {
        seats_[i][p].kind = Seat::LEARNER;
        continue;
      }
      seats_[i][p] = opponents_[o++];
      bots_[i][p] = MersenneTwister(seed_words(bot_seeds[p]));
    }
    if (!play_bots(i) || s.over) return false;
    write(i, obs, masks);
    return true;
  }

  // One action per row (numbers in the action space): every game moved, its opponents played
  // up to the learner's next decision. A row whose game ended or was cut is flagged in
  // `ended`, its reward set, and its row holds the game's last observation (the caller deals
  // it again); the others hold their new observation and mask.
  StepError step(const int64_t* actions, float* obs, int8_t* masks, double* rewards,
                 bool* terminated, bool* truncated, bool* ended) {
    for (int i = 0; i < n_; ++i) {
      rewards[i] = 0.0;
      terminated[i] = truncated[i] = ended[i] = false;
    }
    for (int i = 0; i < n_; ++i) {
      const int64_t a = actions[i];
      if (a < 0 || a >= space_size_) return {i, false, a};
      State& s = states_[i];
      const int native = from_space_[a];
      if (native < 0 || !is_legal(s, native)) return {i, true, a};
      s.apply(native);
      const bool moved = play_bots(i);
      ++steps_[i];
      if (s.over || !moved || (limit_ >= 0 && steps_[i] >= limit_)) {
        if (s.over) {
          rewards[i] = s.result[seat_[i]];
          terminated[i] = !(cap_truncates_ && s.end_reason == "round-cap");
        }
        truncated[i] = !terminated[i];
        ended[i] = true;
        observe(i, obs + static_cast<size_t>(i) * layout_.size);
      } else {
        write(i, obs, masks);
      }
    }
    return {};
  }

  // The game scores of row `i` (its game's own, as State.scores gives them).
  std::vector<double> scores(int i) const { return G::scores(states_[i]); }
  bool over(int i) const { return states_[i].over; }

 private:
  bool is_legal(const State& s, int action) {
    if constexpr (fills_legal<State>::value)
      s.legal_into(legal_);
    else
      legal_ = s.legal();
    return std::find(legal_.begin(), legal_.end(), action) != legal_.end();
  }

  // The opponents' decisions up to the learner's next one (play_bots in envs/gymnasium.py):
  // false if they stalled instead.
  bool play_bots(int i) {
    State& s = states_[i];
    int left = budget_;
    while (!s.over && s.to_move != seat_[i]) {
      if (left == 0) return false;
      --left;
      const int p = s.to_move;
      s.apply(bot_choice<G>(s, seats_[i][p], bots_[i][p], legal_));
    }
    return true;
  }

  void observe(int i, float* row) const {
    std::fill(row, row + layout_.size, 0.0f);
    G::observe(states_[i], seat_[i], recall_, layout_, row);
  }

  void write(int i, float* obs, int8_t* masks) {
    observe(i, obs + static_cast<size_t>(i) * layout_.size);
    int8_t* mask = masks + static_cast<size_t>(i) * space_size_;
    std::fill(mask, mask + space_size_, int8_t{0});
    const State& s = states_[i];
    if constexpr (fills_legal<State>::value)
      s.legal_into(legal_);
    else
      legal_ = s.legal();
    for (int a : legal_) {
      const int at = to_space_[a];
      if (at < 0) throw std::runtime_error("a legal action is missing from the action space");
      mask[at] = 1;
    }
  }

  const Game* game_;
  Layout layout_;
  int players_, n_;
  bool recall_;
  std::vector<int> to_space_, from_space_;
  int space_size_;
  std::vector<Seat> opponents_;
  int64_t limit_;
  int budget_;
  bool cap_truncates_;
  std::vector<State> states_;
  std::vector<int> seat_;
  std::vector<int64_t> steps_;
  std::vector<std::vector<Seat>> seats_;
  std::vector<std::vector<MersenneTwister>> bots_;
  std::vector<int> legal_;
};

}  // namespace ratking
