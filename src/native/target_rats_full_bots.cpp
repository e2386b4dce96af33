// Target: Rats' evaluation (evaluate.py) and heuristic (heuristic.py) compiled, number for
// number: the same features and weights, the same values and the same jitter draws.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>

#include "target_rats_full.hpp"

namespace ratking::trf {

namespace {
// nests / needed, all nests needed, the throne, the throne with the nests, a win marked,
// rats / max, fed rats / max, rats in Rat City / max, an item held
constexpr double WEIGHTS[9] = {0.983, -0.197, 0.8, 0.0777, 0.368, 1.84, 0.606, 0.732, 0.281};
constexpr double NEG_INF = -std::numeric_limits<double>::infinity();
constexpr double SCAVENGE_FREE = 12.0, SCAVENGE_TOKEN = 9.0, SCAVENGE_CORRIDOR = 4.0,
                 GUARD = 25.0, RETAKE = 32.0;

int card_value(int effect) {  // CARD_VALUE, by effect
  switch (effect) {
    case E_ITEM: return 5;
    case E_NEST: return 9;
    case E_FOOD: return 8;
    case E_SPAWN: return 7;
    case E_FEED: return 6;
    case E_SEWER: return 3;
    case E_NOTHING: return 2;
    case E_UNFEED: return 1;
    case E_SCATTER: return 0;
    case E_KILL: return -1;
    case E_KILL_HALF: return -2;
    case E_EXTERMINATOR: return -2;
    default: return -3;  // kill_all
  }
}

int item_value(int power) {  // ITEM_VALUE, by power
  switch (power) {
    case FIGHT_DICE: return 4;
    case CANCEL_EVENT: return 3;
    case EXTRA_GROUP: return 3;
    case CALL_EXTERMINATOR: return 2;
    default: return 1;  // extra steps
  }
}

bool has(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }

int strength(const State& s, int f) {
  return 4 * s.nests_of(f) + static_cast<int>(s.rats[f].size()) + (s.cheese == f ? 8 : 0) +
         (s.pending_win == f ? 10 : 0);
}

int leader(const State& s, int f) {
  int best = -1, best_v = 0;
  for (int g = 0; g < s.players; ++g) {
    if (g == f) continue;
    const int v = strength(s, g);
    if (best < 0 || v > best_v) best = g, best_v = v;  // ties: the lowest seat
  }
  return best;
}

// Per space, the most enemy rats on one space within a move of it.
std::vector<int> threats(const State& s, int f) {
  const tr::Board& b = s.game->board();
  const int reach = s.game->config().move_range;
  std::vector<int> near(b.size(), 0), at(b.size());
  for (int g = 0; g < s.players; ++g) {
    if (g == f || s.rats[g].empty()) continue;
    std::fill(at.begin(), at.end(), 0);
    for (int c : s.rats[g]) ++at[c >> 1];
    for (int x = 0; x < b.size(); ++x) {
      const int n = at[x];
      if (!n) continue;
      const auto& row = b.dist[x];
      for (int y = 0; y < b.size(); ++y)
        if (row[y] <= reach && near[y] < n) near[y] = n;
    }
  }
  return near;
}

double space_value(const State& s, int f, int sp, int fed, int unfed, const std::vector<int>& near) {
  const tr::Board& b = s.game->board();
  const Config& r = s.game->config();
  const int n = fed + unfed;
  if (sp == s.ext) return -100.0;
  if (b.kind[sp] == tr::HOME) return -5.0;
  double v = 0.0;
  const int mine_here = s.own(f, sp);
  if (s.enemies(f, sp)) {
    double theirs = s.count[sp] - mine_here;
    const int me = n + mine_here;
    if (s.cheese != -1 && s.cheese != f && sp == b.city) theirs += 1.5;
    v += me > theirs ? 35 + 8 * (me - theirs) : -25 - 8 * (theirs - me);
    const int tok = s.token[sp];
    if (tok >= NEST0 && tok != NEST0 + f) v += 15;
    return v;
  }
  const int tok = s.token[sp];
  const int allfed = fed + s.fed_unfed(f, sp).first;
  if (tok >= NEST0 && tok != NEST0 + f)
    v += near[sp] <= n + mine_here ? 40 : RETAKE;
  else if (tok == NEST0 + f && !mine_here && near[sp])
    v += GUARD;
  if (tok == FOOD_TOKEN && unfed) v += 18 + 3 * unfed;
  if (allfed >= 2 && b.token_slot[sp] && tok < 3 && s.nests_of(f) < r.max_nests)
    v += 34;
  else if (allfed >= 2 && static_cast<int>(s.rats[f].size()) < r.max_rats)
    v += 22;
  if (sp == b.city) {
    if (s.cheese < 0)
      v += 12 + 14 * s.nests_of(f);
    else if (s.cheese == f)
      v += 4;
  } else if (b.kind[sp] == tr::SURFACE || b.kind[sp] == tr::UNDERGROUND) {
    v += !b.token_slot[sp] ? SCAVENGE_CORRIDOR : tok == 0 ? SCAVENGE_FREE : SCAVENGE_TOKEN;
    if (b.kind[sp] == tr::SURFACE && s.ext < 0) v -= 1;
  }
  return v;
}

double reach_value(const State& s, int f, int start, int left, int fed, int unfed,
                   const std::vector<int>& near) {
  const tr::Board& b = s.game->board();
  const auto& row = b.dist[start];
  double best = NEG_INF;
  for (int x = 0; x < b.size(); ++x) {
    const int d = row[x];
    if (d <= left) {
      const double v = space_value(s, f, x, fed, unfed, near) - 0.5 * d;
      if (v > best) best = v;
    }
  }
  return best;
}

std::pair<int, int> take_split(const State& s, int f, int sp,
                               const std::vector<std::pair<int, int>>& options) {
  const tr::Board& b = s.game->board();
  const auto [fed, unfed] = s.fed_unfed(f, sp);
  const int total = fed + unfed;
  int want_fed = fed - (f == s.cheese && sp == b.city ? 1 : 0);
  int want_unfed = unfed;
  if (total >= 4 && b.kind[sp] == tr::HOME) {
    want_unfed = (unfed + 1) / 2;
    if (want_fed >= 2) want_fed -= want_fed % 2;
  } else if (total >= 2 && want_fed + want_unfed >= total && s.token[sp] == NEST0 + f &&
             threats(s, f)[sp] > 0) {
    if (want_unfed)
      --want_unfed;
    else
      --want_fed;
  }
  std::pair<int, int> best = options[0];
  auto key = [&](const std::pair<int, int>& o) {
    return std::make_tuple(-(std::abs(o.first - want_fed) + std::abs(o.second - want_unfed)),
                           o.first, o.second);
  };
  for (const auto& o : options)
    if (key(o) > key(best)) best = o;
  return best;
}

double ext_score(const State& s, int f, int sp) {
  const int lead = leader(s, f);
  double v = 0.0;
  for (int g = 0; g < s.players; ++g) {
    const int n = s.own(g, sp);
    if (g == f)
      v -= 6 * n;
    else
      v += n * (g == lead ? 2 : 1);
  }
  const int tok = s.token[sp];
  if (tok >= 3) v += tok == NEST0 + f ? -8 : tok == NEST0 + lead ? 5 : 3;
  return v;
}

// The first item of `legal` with the highest score (Python's max).
template <class Score>
int best_of(const std::vector<int>& legal, Score score) {
  int best = legal[0];
  double best_v = score(legal[0]);
  for (size_t i = 1; i < legal.size(); ++i) {
    const double v = score(legal[i]);
    if (v > best_v) best = legal[i], best_v = v;
  }
  return best;
}
}  // namespace

std::vector<double> evaluate(const State& s) {
  const Config& r = s.game->config();
  const int city = s.game->board().city;
  const int need = r.nests_to_win, top = r.max_rats;
  std::vector<double> scores;
  for (int f = 0; f < s.players; ++f) {
    const int nests = s.nests_of(f);
    const double enough = nests >= need ? 1.0 : 0.0;
    const double cheese = s.cheese == f ? 1.0 : 0.0;
    int fed = 0, town = 0;
    for (int c : s.rats[f]) {
      fed += c & 1;
      town += (c >> 1) == city;
    }
    const double row[9] = {static_cast<double>(std::min(nests, need)) / need, enough, cheese,
                           cheese * enough, s.pending_win == f ? 1.0 : 0.0,
                           static_cast<double>(s.rats[f].size()) / top,
                           static_cast<double>(fed) / top, static_cast<double>(town) / top,
                           s.item[f] >= 0 ? 1.0 : 0.0};
    double score = 0;
    for (int i = 0; i < 9; ++i) score += WEIGHTS[i] * row[i];
    scores.push_back(score);
  }
  const double most = *std::max_element(scores.begin(), scores.end());
  double total = 0;
  for (double& x : scores) total += (x = std::exp(x - most));
  for (double& x : scores) x /= total;
  return scores;
}

int heuristic(const State& s, MersenneTwister& jitter) {
  const std::vector<int> legal = s.legal();
  if (legal.empty()) throw std::logic_error("the heuristic was asked for a move, and none is legal");
  if (legal.size() == 1) return legal[0];
  const Game& g = *s.game;
  const Config& r = g.config();
  const tr::Board& b = g.board();
  const auto& acts = g.actions();
  const Task& top = s.tasks.back();
  const int code = top[0], f = top[1];
  switch (code) {
    case ONE_RAT:
      return g.reinforce;
    case MOVE: {
      int best = g.end_moves;
      double best_v = 1.0;
      const std::vector<int> near = threats(s, f);
      for (int a : legal) {
        const Action& act = acts[a];
        double v;
        if (act.kind == A_GROUP) {
          const int sp = act.a;
          const auto [fed, unfed] = s.fed_unfed(f, sp);
          v = reach_value(s, f, sp, r.move_range, fed, unfed, near);
          if (b.kind[sp] == tr::HOME)
            v += 6;
          else if (s.token[sp] == NEST0 + f && near[sp] && fed + unfed == 1)
            v -= GUARD;
          v += jitter.random();
        } else if (act.kind == A_USE) {
          v = s.groups_left == 0 ? 5.0 : -1.0;
        } else {
          continue;
        }
        if (v > best_v) best = a, best_v = v;
      }
      return best;
    }
    case TAKE: {
      std::vector<std::pair<int, int>> options;
      for (int a : legal) options.push_back({acts[a].a, acts[a].b});
      const auto [fed, unfed] = take_split(s, f, top[2], options);
      return g.take[fed][unfed];
    }
    case STEP: {
      int fed = 0;
      for (int i : s.grp_idx) fed += s.rats[f][i] & 1;
      const int unfed = static_cast<int>(s.grp_idx.size()) - fed;
      const int here = s.grp_path.back();
      const std::vector<int> near = threats(s, f);
      int best = g.stop;
      double best_v = space_value(s, f, here, fed, unfed, near) + 0.6;
      if (!has(legal, g.stop)) best = legal[0], best_v = NEG_INF;
      for (int a : legal) {
        const Action& act = acts[a];
        double v;
        if (act.kind == A_STEP) {
          const int to = act.a;
          const int cost =
              b.kind[here] == tr::HOME && to != b.corridor_surface[s.nests[f]] ? 2 : 1;
          const int left = s.grp_steps - cost;
          v = space_value(s, f, to, fed, unfed, near);
          if (left > 0 && !s.enemies(f, to))
            v = std::max(v, reach_value(s, f, to, left, fed, unfed, near) - 0.5);
        } else if (act.kind == A_USE) {
          v = s.grp_steps <= 1 && legal.size() > 2 ? best_v + 1 : -50;
        } else {
          continue;
        }
        v += 0.3 * jitter.random();
        if (v > best_v) best = a, best_v = v;
      }
      return best;
    }
    case SPAWN: {
      std::vector<int> places;
      for (int a : legal)
        if (b.kind[acts[a].a] != tr::HOME) places.push_back(a);
      if (places.empty()) return legal[0];
      return places[static_cast<size_t>(jitter.random() * static_cast<double>(places.size()))];
    }
    case KEEP:
      return best_of(legal, [&](int a) { return card_value(r.type_effect[acts[a].a]); });
    case ITEM:
      return best_of(legal, [&](int a) { return item_value(r.type_power[acts[a].a]); });
    case TOKEN:
      return s.token[top[2]] == NEST0 + f ? g.token_keep : g.token_new;
    case RELOCATE:
      return best_of(legal, [&](int a) { return -s.own(f, acts[a].a); });
    case PUSH: {
      if (top[2] == f) {  // scattered: somewhere safe and useful
        const std::vector<int> near = threats(s, f);
        const auto [fed, unfed] = s.fed_unfed(f, top[3]);
        return best_of(legal, [&](int a) {
          const int sp = acts[a].a;
          return space_value(s, f, sp, fed, unfed, near) - (s.enemies(f, sp) ? 30 : 0) +
                 jitter.random();
        });
      }
      const std::vector<int> acting = f == s.turn ? s.pending() : std::vector<int>();
      return best_of(legal, [&](int a) {
        const int sp = acts[a].a;
        const int base = (sp == s.ext) * 50 + (s.count[sp] - s.own(f, sp)) * 3 -
                         static_cast<int>(has(acting, sp)) * 5;
        return base + jitter.random();
      });
    }
    case EXT:
      return best_of(legal,
                     [&](int a) { return ext_score(s, f, acts[a].a) + 0.1 * jitter.random(); });
    case PAIRS:
      return legal.back();
    case USE: {
      if (top[2] == W_EXT) {
        double best = NEG_INF;
        for (int x = 0; x < b.surface; ++x)
          if (x != s.ext) best = std::max(best, ext_score(s, f, x));
        return best >= 3 ? legal[0] : g.pass;
      }
      return legal[0];
    }
    default:
      break;
  }
  // the actions phase
  int best = legal[0];
  double best_v = NEG_INF;
  for (int a : legal) {
    const Action& act = acts[a];
    const int sp = act.a;
    double v;
    switch (act.kind) {
      case A_FIGHT: v = 100.0; break;
      case A_CLAIM: v = 90.0; break;
      case A_NEST: v = 80.0; break;
      case A_BREED:
        v = 60.0 + (static_cast<int>(s.rats[f].size()) < r.max_rats - 3 ? 10 : 0);
        break;
      case A_FEED: v = 50.0 + s.fed_unfed(f, sp).second; break;
      case A_SCAVENGE: {
        const int tok = s.token[sp];
        v = tok >= NEST0 && tok != NEST0 + f ? 70.0 : b.token_slot[sp] ? 30.0 : 20.0;
        if (s.cheese == f && !s.cheese_drew) v += 5;
        break;
      }
      default: v = 0.0;
    }
    v += jitter.random();
    if (v > best_v) best = a, best_v = v;
  }
  return best;
}

}  // namespace ratking::trf
