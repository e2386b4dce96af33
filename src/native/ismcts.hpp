// Information-Set Monte Carlo Tree Search over any compiled game's State: the algorithm of
// src/ratking/bots/ismcts.py (the reference; its docstring tells the method), step for step
// and draw for draw, so that at a fixed seed and iteration count both cores choose alike.
//
// A game's State needs: legal() (or legal_into), apply(int), over, to_move, result, players,
// determinize(seat, seed_text); and, found beside it by argument-dependent lookup,
// evaluate(s) and heuristic(s, MersenneTwister&). A position is told, as bots/turns.py's
// position_key tells it, by the mover, the mover's observation (written by the `observe`
// callable given) and the legal actions.
//
// Supported: the iteration and time budgets, random and heuristic rollouts (with eps), the
// depth cut scored by the evaluation, c, the heuristic's prior, the score margin, the
// availability rule and the no-op cycle pruning. The closed loop (split="seen") and a guide
// other than the game's heuristic stay on the Python side.
#pragma once
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "rng.hpp"
#include "state_traits.hpp"

namespace ratking {

constexpr int ROLLOUT_LIMIT = 5000;  // ismcts.py's ROLLOUT_LIMIT

// ismcts.py's SearchSettings, the parts the native search reads.
struct SearchSettings {
  int64_t iters = 1000;            // iterations per decision; -1: only the time counts
  double ms = -1.0;                // milliseconds per decision; < 0: only the iterations count
  bool heuristic_rollout = false;  // rollout="heuristic"
  double eps = 0.0;                // the share of random moves in heuristic rollouts
  int depth = ROLLOUT_LIMIT;       // rollout decisions before the evaluation
  double c = 0.7;                  // exploration constant
  double prior = 0.0;              // weight of the bonus for the heuristic's choice
  double margin = 0.0;             // share of a finished game's value taken from the evaluation
  bool evaluate = true;            // whether the game has an evaluation
};

// The tree a search built, nodes in the order they were made (the root first).
struct SearchTree {
  int players = 0;
  int64_t iterations = 0;
  int best = -1;  // the action chosen: most visits, then the best value for the searcher
  std::vector<int> parent, action, visits, avail;  // per node (the root: parent and action -1)
  std::vector<int> hint;                           // per node: the heuristic's choice (-1: none)
  std::vector<double> total;                       // per node, per seat
  std::vector<int> pruned_node, pruned_action;     // the actions pruned as no-op cycles, where
};

namespace search_detail {

struct Node {
  int visits = 0, avail = 1, hint = -1;  // hint: the heuristic's choice here (-1: not asked)
  std::vector<std::pair<int, int>> children;  // (action, node), in the order made
  std::vector<int> pruned;                    // actions here that close a no-op cycle
};

// The positions of the mover's turn on the current line: the root turn's (while the same
// seat moves on from the root) and those added since.
class Turn {
 public:
  explicit Turn(const std::vector<std::string>& root) : root_(root) {}
  void restart() {
    from_root_ = true;
    added_.clear();
  }
  bool has(const std::string& key) const {
    if (from_root_)
      for (const auto& k : root_)
        if (k == key) return true;
    for (const auto& k : added_)
      if (k == key) return true;
    return false;
  }
  void add(const std::string& key) {
    if (!has(key)) added_.push_back(key);
  }
  void reset(const std::string& key) {
    from_root_ = false;
    added_.assign(1, key);
  }

 private:
  const std::vector<std::string>& root_;
  bool from_root_ = true;
  std::vector<std::string> added_;
};

inline bool contains(const std::vector<int>& v, int x) {
  for (int y : v)
    if (y == x) return true;
  return false;
}

}  // namespace search_detail

// Search `root` for its seat to move; `turn`: the states of that seat's turn before `root`
// (bots/turns.py), `rng`: the bot's random.Random (its determinization seeds, tie draws,
// rollouts and heuristic), `observe(s, seat, out)` writes `obs_size` floats of the seat's
// observation into zeroed `out`.
template <class S, class Observe>
SearchTree ismcts(const S& root, const std::vector<S>& turn, const SearchSettings& cfg,
                  MersenneTwister& rng, int obs_size, Observe observe) {
  using search_detail::Node;
  const int players = root.players, seat = root.to_move;
  const bool guided = cfg.prior > 0;
  const double margin = cfg.evaluate ? cfg.margin : 0.0;
  const int depth = cfg.depth < ROLLOUT_LIMIT ? cfg.depth : ROLLOUT_LIMIT;
  const double c = cfg.c, prior = cfg.prior, eps = cfg.eps;

  std::vector<float> obs(static_cast<size_t>(obs_size));
  std::vector<int> keyed;
  auto key = [&](const S& s) {  // turns.py's position_key
    std::fill(obs.begin(), obs.end(), 0.0f);
    observe(s, s.to_move, obs.data());
    legal_of(s, keyed);
    std::string k(sizeof(int) * (1 + keyed.size()) + sizeof(float) * obs.size(), '\0');
    char* at = k.data();
    std::memcpy(at, &s.to_move, sizeof(int));
    at += sizeof(int);
    std::memcpy(at, obs.data(), sizeof(float) * obs.size());
    at += sizeof(float) * obs.size();
    std::memcpy(at, keyed.data(), sizeof(int) * keyed.size());
    return k;
  };
  std::vector<std::string> root_turn{key(root)};
  for (const S& p : turn) {
    std::string k = key(p);
    bool seen = false;
    for (const auto& r : root_turn) seen = seen || r == k;
    if (!seen) root_turn.push_back(std::move(k));
  }

  std::vector<Node> nodes(1);
  std::vector<int> parent{-1}, made_by{-1};
  std::vector<double> total(static_cast<size_t>(players), 0.0);
  auto child_of = [&](int n, int a) {
    for (const auto& [action, child] : nodes[n].children)
      if (action == a) return child;
    return -1;
  };

  const int64_t limit = cfg.iters >= 0 ? cfg.iters : INT64_C(1) << 62;
  using Clock = std::chrono::steady_clock;
  const auto deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double, std::milli>(cfg.ms < 0 ? 0.0 : cfg.ms));
  std::vector<int> legal, kept, fresh, path;
  std::vector<double> value(static_cast<size_t>(players));
  search_detail::Turn line(root_turn);
  int64_t done = 0;
  while (done < limit) {
    if (cfg.ms >= 0 && done && Clock::now() >= deadline) break;
    ++done;
    S s = root.determinize(seat, std::to_string(rng.getrandbits(63)));
    int node = 0;
    path.assign(1, 0);
    line.restart();
    bool cycle = false;
    // selection and expansion
    while (!s.over) {
      legal_of(s, legal);
      if (!nodes[node].pruned.empty()) {
        kept.clear();
        for (int a : legal)
          if (!search_detail::contains(nodes[node].pruned, a)) kept.push_back(a);
        if (!kept.empty()) legal.swap(kept);
      }
      const int mover = s.to_move;
      int hint = -1;
      if (guided) {
        if (nodes[node].hint < 0) nodes[node].hint = heuristic(s, rng);
        hint = nodes[node].hint;
      }
      fresh.clear();
      for (int a : legal) {
        const int child = child_of(node, a);
        if (child < 0)
          fresh.push_back(a);
        else
          ++nodes[child].avail;
      }
      if (!fresh.empty()) {
        int a;
        if (hint >= 0 && search_detail::contains(fresh, hint))
          a = hint;
        else if (fresh.size() > 1)
          a = fresh[static_cast<size_t>(rng.random() * static_cast<double>(fresh.size()))];
        else
          a = fresh[0];
        s.apply(a);
        if (!s.over && s.to_move == mover && line.has(key(s))) {
          if (!search_detail::contains(nodes[node].pruned, a)) nodes[node].pruned.push_back(a);
          cycle = true;  // back where the turn already stood: a no-op cycle
          break;
        }
        const int made = static_cast<int>(nodes.size());
        nodes.emplace_back();
        nodes[node].children.emplace_back(a, made);
        parent.push_back(node);
        made_by.push_back(a);
        total.resize(total.size() + static_cast<size_t>(players), 0.0);
        path.push_back(made);
        break;
      }
      const int p = s.to_move;
      int best_a = -1, best_child = -1;
      double best_score = -1.0;
      for (int a : legal) {
        const int child = child_of(node, a);
        const Node& n = nodes[child];
        const double v = n.visits;
        double score = total[static_cast<size_t>(child * players + p)] / v +
                       c * std::sqrt(std::log(static_cast<double>(n.avail)) / v);
        if (a == hint) score += prior * std::sqrt(static_cast<double>(n.avail)) / (v + 1);
        if (score > best_score) {
          best_a = a;
          best_child = child;
          best_score = score;
        }
      }
      s.apply(best_a);
      if (!s.over) {
        if (s.to_move == mover)
          line.add(key(s));
        else
          line.reset(key(s));
      }
      path.push_back(best_child);
      node = best_child;
    }
    if (cycle) continue;
    // rollout
    for (int steps = 0; !s.over && steps < depth; ++steps) {
      if (cfg.heuristic_rollout && (eps <= 0.0 || rng.random() >= eps)) {
        s.apply(heuristic(s, rng));
      } else {
        legal_of(s, legal);
        s.apply(legal[static_cast<size_t>(rng.random() * static_cast<double>(legal.size()))]);
      }
    }
    if (s.over) {
      value = s.result;
      if (margin != 0.0) {
        const std::vector<double> final_ = evaluate(s);
        const double keep = 1.0 - margin;
        for (int i = 0; i < players; ++i) value[i] = keep * value[i] + margin * final_[i];
      }
    } else if (cfg.evaluate) {
      value = evaluate(s);
    } else {
      value.assign(static_cast<size_t>(players), 1.0 / players);
    }
    // backpropagation
    for (int n : path) {
      ++nodes[n].visits;
      double* t = &total[static_cast<size_t>(n * players)];
      for (int i = 0; i < players; ++i) t[i] += value[i];
    }
  }

  SearchTree out;
  out.players = players;
  out.iterations = done;
  // the choice (SearchBot.choose): over the root's legal actions, most visits, then value
  legal_of(root, legal);
  int best_visits = -1;
  double best_value = 0.0;
  for (int a : legal) {
    const int child = child_of(0, a);
    if (child < 0) continue;
    const int v = nodes[child].visits;
    const double mean = total[static_cast<size_t>(child * players + seat)] / v;
    if (out.best < 0 || v > best_visits || (v == best_visits && mean > best_value)) {
      out.best = a;
      best_visits = v;
      best_value = mean;
    }
  }
  if (out.best < 0) out.best = legal[0];
  out.parent = std::move(parent);
  out.action = std::move(made_by);
  for (size_t i = 0; i < nodes.size(); ++i) {
    const Node& n = nodes[i];
    out.visits.push_back(n.visits);
    out.avail.push_back(n.avail);
    out.hint.push_back(n.hint);
    for (int a : n.pruned) {
      out.pruned_node.push_back(static_cast<int>(i));
      out.pruned_action.push_back(a);
    }
  }
  out.total = std::move(total);
  return out;
}

}  // namespace ratking
