// Rat & Duck's forward model and evaluation: rules.py, state.py and evaluate.py step for step
// (seed 003 and RULINGS.md, Rat & Duck). Every float is summed in the order the Python sums
// it, so results agree bit for bit.
#include "rat_and_duck.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <stdexcept>
#include <utility>

namespace ratking::duck {

// --- the game, its map and its action catalogue ------------------------------------------------

Game::Game(Config config) : cfg_(std::move(config)) {
  const auto& c = cfg_;
  civilian = c.rows * c.columns;
  lab = civilian;
  station = civilian + 1;
  prison = civilian + 2;
  size = civilian + 3;
  units = static_cast<int>(c.roles.size());
  all_units = (1 << units) - 1;
  scientists = 0;
  for (int u = 0; u < units; ++u) {
    const bool dis = c.roles[u] == DISSENT;
    teams.push_back(dis ? DISSENT_TEAM : GOVERNMENT);
    (dis ? dissents : government).push_back(u);
    scientists += c.roles[u] == SCIENTIST;
  }
  for (int p = 0; p < size; ++p) move.push_back(add(MOVE, "move:" + c.slugs[p], p));
  skip_move = add(SKIP_MOVE, "skip-move");
  for (int u = 0; u < units; ++u) arrest.push_back(add(ARREST, "arrest:" + c.unit_ids[u], u));
  control = add(CONTROL, "control");
  target = add(TARGET, "target");
  kidnap = add(KIDNAP, "kidnap");
  for (int k = 0; k < civilian; ++k) research.push_back(add(RESEARCH, "research:" + c.slugs[k], k));
  for (int k = 0; k < civilian; ++k) link.push_back(add(LINK, "link:" + c.slugs[k], k));
  for (int k = 0; k < civilian; ++k) unlink.push_back(add(UNLINK, "unlink:" + c.slugs[k], k));
  speak = add(SPEAK, "speak");
  for (int k = 0; k < civilian; ++k) release.push_back(add(RELEASE, "release:" + c.slugs[k], k));
  for (int u = 0; u < units; ++u) end.push_back(add(END, "end:" + c.unit_ids[u], u));
  // game.py's owners: seats alternate between the teams (even seats the dissent), each team's
  // units dealt round-robin to its seats
  owners_.resize(units + 1);
  for (int n = 2; n <= units; ++n) {
    int count[2] = {0, 0};
    const int seats[2] = {n / 2, (n + 1) / 2};  // government: odd seats, dissent: even seats
    for (int u = 0; u < units; ++u) {
      const int t = teams[u];
      const int k = count[t]++ % seats[t];
      owners_[n].push_back(t == GOVERNMENT ? 2 * k + 1 : 2 * k);
    }
  }
}

int Game::add(Kind kind, std::string id, int arg) {
  actions_.push_back({kind, arg, std::move(id)});
  return static_cast<int>(actions_.size()) - 1;
}

int Game::action_index(const std::string& id) const {
  for (size_t i = 0; i < actions_.size(); ++i)
    if (actions_[i].id == id) return static_cast<int>(i);
  return -1;
}

Layout Game::layout(const std::vector<int>& cells) const {
  // components.py's build_layout: the grid's row and column links, the Station to its cells,
  // the Prison to the Station, the Lab to its cells
  const auto& c = cfg_;
  Layout lay;
  lay.cells = cells;
  lay.adj.assign(size, {});
  const auto join = [&lay](int a, int b) {
    auto& x = lay.adj[a];
    auto& y = lay.adj[b];
    if (std::find(x.begin(), x.end(), b) == x.end()) x.push_back(b);
    if (std::find(y.begin(), y.end(), a) == y.end()) y.push_back(a);
  };
  for (int r = 0; r < c.rows; ++r)
    for (int col = 0; col < c.columns; ++col) {
      const int cell = r * c.columns + col;
      if (col + 1 < c.columns) join(cells[cell], cells[cell + 1]);
      if (r + 1 < c.rows) join(cells[cell], cells[cell + c.columns]);
    }
  for (int k : c.station_cells) join(station, cells[k]);
  join(prison, station);
  for (int k : c.lab_cells) join(lab, cells[k]);
  for (auto& a : lay.adj) std::sort(a.begin(), a.end());
  // core/graph.py's distances: breadth-first from each place, unreachable as `size`
  lay.dist.assign(size, std::vector<int>(size, size));
  for (int start = 0; start < size; ++start) {
    auto& d = lay.dist[start];
    d[start] = 0;
    std::deque<int> queue{start};
    while (!queue.empty()) {
      const int here = queue.front();
      queue.pop_front();
      for (int next : lay.adj[here])
        if (d[next] == size) {
          d[next] = d[here] + 1;
          queue.push_back(next);
        }
    }
  }
  return lay;
}

// --- set-up (state.py's _setup) ------------------------------------------------------------------

State State::start(const Game& game, int players, Rng rng) {
  State s;
  s.game = &game;
  s.players = players;
  s.rng = std::move(rng);
  const int n = game.civilian;
  std::vector<int> cells(n);
  for (int k = 0; k < n; ++k) cells[k] = k;
  // RULINGS: which name sits where is shuffled at set-up
  if (game.config().shuffle_places) s.rng.shuffle(cells);
  s.layout = game.layout(cells);
  s.deck.resize(n);
  for (int k = 0; k < n; ++k) s.deck[k] = k;
  s.rng.shuffle(s.deck);  // RULINGS: the location deck, shuffled, hidden from the dissent
  // seed 003, 1.2.1-1.2.2: police at the Police Station, everyone else in the Lab
  for (int role : game.config().roles) s.pos.push_back(role == POLICE ? game.station : game.lab);
  s.wanted.assign(game.units, 0);
  s.unrest.assign(n, 0);
  s.civ_at.assign(n, -1);
  s.link.assign(n, -1);
  s.active = game.dissents[0];  // seed 003, 1.3: a dissent starts
  s.to_move = game.owners(players)[s.active];
  return s;
}

bool State::sees_cards(int seat) const { return seat >= 0 && seat % 2 == 1; }

// --- legal actions (rules.py's legal_actions and next_units) ------------------------------------

std::vector<int> State::legal() const {
  std::vector<int> out;
  legal_into(out);
  return out;
}

void State::legal_into(std::vector<int>& out) const {
  out.clear();
  if (over) return;
  const Game& g = *game;
  const Config& r = g.config();
  const int u = active, role = r.roles[u], here = pos[u];
  if (phase == PRE_MOVE) {  // seed 003, 3.1
    for (int n : layout.adj[here]) out.push_back(g.move[n]);
    out.push_back(g.skip_move);
  } else if (phase == PRE_ACTION) {  // seed 003, 3.2
    const bool civilian = here < g.civilian;
    if (role == POLICE) {
      for (int d : g.dissents)
        if (pos[d] == here && wanted[d] >= r.arrest_wanted) out.push_back(g.arrest[d]);
      if (civilian && unrest[here] > 0) out.push_back(g.control);
    } else if (role == SCIENTIST) {
      if (civilian && std::find(held.begin(), held.end(), here) != held.end())
        out.push_back(g.kidnap);
      if (here == g.lab)
        for (int c : civs)
          if (civ_at[c] == here) out.push_back(g.research[c]);
    } else {
      if (civilian && unrest[here] < r.max_unrest) out.push_back(g.speak);
      for (int c : civs)
        if (civ_at[c] == here) out.push_back(g.release[c]);
    }
  }
  if (role != DISSENT) {  // seed 003, 3.2.1: the immediate actions
    if (role == SCIENTIST && !deck.empty()
        && static_cast<int>(held.size()) < r.max_location_cards)
      out.push_back(g.target);
    if (!civs.empty()) {
      int mine = 0;
      for (int c : civs) mine += link[c] == u;
      for (int c : civs) {
        const int holder = link[c];
        if (holder == u)
          out.push_back(g.unlink[c]);
        else if (holder < 0 && civ_at[c] == here && mine < r.links_per_unit)
          out.push_back(g.link[c]);
      }
    }
  }
  if (phase != PRE_MOVE) {
    std::vector<int> next;
    next_units(next);
    for (int v : next) out.push_back(g.end[v]);
  }
}

void State::next_units(std::vector<int>& out) const {
  // seed 003, 3.3 and RULINGS: an unplayed opponent unit, else an unplayed unit of one's own
  // team; when everyone has played, a dissent opens the next round
  const Game& g = *game;
  const int done = played | 1 << active, own = g.teams[active];
  std::vector<int> mine;
  out.clear();
  for (int v = 0; v < g.units; ++v)
    if (!(done >> v & 1)) (g.teams[v] == own ? mine : out).push_back(v);
  if (!out.empty()) return;
  if (!mine.empty()) {
    out.swap(mine);
    return;
  }
  out = g.dissents;
}

// --- applying an action (rules.py's handlers) ---------------------------------------------------

int State::draw() {
  if (unordered > 0) {  // a determinized deck: any of its loose top cards, each as likely
    const int loose = unordered--;
    const size_t at = deck.size() - loose + rng.randrange(loose);
    const int card = deck[at];
    deck.erase(deck.begin() + static_cast<std::ptrdiff_t>(at));
    return card;
  }
  const int card = deck.back();
  deck.pop_back();
  return card;
}

void State::remove_civilian(int c) {
  civ_at[c] = -1;
  link[c] = -1;
  civs.erase(std::find(civs.begin(), civs.end(), c));
}

int State::raise(int place, int amount) {
  const int before = unrest[place];
  const int after = std::min(before + amount, game->config().max_unrest);
  unrest[place] = after;
  return after - before;
}

int64_t State::total_unrest() const {
  int64_t t = 0;
  for (int x : unrest) t += x;
  return t;
}

void State::check_unrest() {
  if (total_unrest() >= game->config().unrest_to_win) finish(DISSENT_TEAM);
}

void State::finish(int winner) {
  // the round limit (RULINGS): government Bio-Sci x weight against dissent unrest x weight;
  // returns (DESIGN.md): 1 for each seat of the winning team, a draw splits 1 among all seats
  const Config& r = game->config();
  const int64_t gov = biosci * r.government_score_weight;
  const int64_t dis = total_unrest() * r.dissent_score_weight;
  end_reason = "finished";
  if (winner < 0) {
    end_reason = "round-cap";
    winner = gov > dis ? GOVERNMENT : dis > gov ? DISSENT_TEAM : -1;
  }
  result.assign(players, winner < 0 ? 1.0 / players : 0.0);
  if (winner >= 0)
    for (int seat = 0; seat < players; ++seat)
      result[seat] = (seat % 2 ? GOVERNMENT : DISSENT_TEAM) == winner ? 1.0 : 0.0;
  over = true;
}

void State::apply(int action) {
  const Game& g = *game;
  const Config& r = g.config();
  const Action& a = g.actions()[action];
  const int u = active, here = pos[u];
  switch (a.kind) {
    case MOVE:  // seed 003, 3.1: a linked civilian moves with its unit
      pos[u] = a.arg;
      for (int c : civs)
        if (link[c] == u) civ_at[c] = a.arg;
      phase = PRE_ACTION;
      break;
    case SKIP_MOVE:
      phase = PRE_ACTION;
      break;
    case ARREST:  // seed 003, 3.4
      pos[a.arg] = g.prison;
      wanted[a.arg] = std::max(wanted[a.arg] - r.arrest_reduce, 0);
      phase = AFTER_ACTION;
      break;
    case CONTROL:
      unrest[here] = unrest[here] > r.control_reduce ? unrest[here] - r.control_reduce : 0;
      phase = AFTER_ACTION;
      break;
    case TARGET:
      held.push_back(draw());
      break;
    case KIDNAP:
      held.erase(std::find(held.begin(), held.end(), here));
      used.push_back(here);
      civ_at[here] = here;
      civs.push_back(here);
      phase = AFTER_ACTION;
      break;
    case RESEARCH:
      remove_civilian(a.arg);
      biosci += r.research_gain;
      phase = AFTER_ACTION;
      if (biosci >= r.bio_sci_to_win) finish(GOVERNMENT);
      break;
    case LINK:
      link[a.arg] = u;
      break;
    case UNLINK:
      link[a.arg] = -1;
      break;
    case SPEAK:
      raise(here, r.unrest_gain);
      wanted[u] += r.wanted_gain;
      phase = AFTER_ACTION;
      check_unrest();
      break;
    case RELEASE:
      remove_civilian(a.arg);
      ++released;
      if (here < g.civilian) {
        if (unrest[here] < r.max_unrest)
          raise(here, r.unrest_gain);
        else  // seed 003, 3.4 Release: a place at the cap spills over to all its neighbours
          for (int n : layout.adj[here])
            if (n < g.civilian) raise(n, r.unrest_gain);
      }
      wanted[u] += r.wanted_gain;
      phase = AFTER_ACTION;
      check_unrest();
      break;
    case END:
      played |= 1 << u;
      if (played == g.all_units) {
        if (r.max_rounds >= 0 && round >= r.max_rounds) {
          finish(-1);
          return;
        }
        ++round;
        played = 0;
      }
      active = a.arg;
      phase = PRE_MOVE;
      to_move = g.owners(players)[a.arg];
      break;
  }
}

std::vector<double> State::returns() const {
  return over ? result : std::vector<double>(players, 0.0);
}

// --- determinization (state.py's _plan_redeal and _redeal) -------------------------------------

State State::determinize(int seat, const std::string& seed_text) const {
  // Nobody knows the deck's order (left in no order, each draw picks a card); only government
  // seats know the held cards (dealt again from the unseen ones otherwise).
  State s = *this;
  s.rng = Rng::keyed(seed_text);
  s.unordered = -1;
  std::vector<int> pool = deck;
  const bool sees = sees_cards(seat);
  if (!sees) pool.insert(pool.end(), held.begin(), held.end());
  std::sort(pool.begin(), pool.end());
  if (!sees) s.held = s.rng.deal(pool, held.size());
  s.deck = pool;
  if (!pool.empty()) s.unordered = static_cast<int>(pool.size());
  return s;
}

// --- the evaluation (evaluate.py) --------------------------------------------------------------

namespace {

constexpr double WEIGHTS[11] = {-0.724, -1.23, -0.889, 0.179, 1.08, 0.407,
                                1.27,   0.438, 0.329,  -0.0445, -0.312};
constexpr int ROUNDS_SEEN = 30;

int64_t floor_div(int64_t a, int64_t b) {  // Python's //
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

}  // namespace

std::vector<double> evaluate(const State& s) {
  const Game& g = *s.game;
  const Config& r = g.config();
  const int64_t research_left =
      std::max<int64_t>(0, -floor_div(-(r.bio_sci_to_win - s.biosci), r.research_gain));
  const double research = static_cast<double>(research_left) / g.scientists;
  const double speaks =
      std::max(0.0, static_cast<double>(r.unrest_to_win - s.total_unrest()) / r.unrest_gain)
      / static_cast<double>(g.dissents.size());
  double near = 0.0;
  for (int c : s.civs) near += 1.0 / (1 + s.layout.dist[s.civ_at[c]][g.lab]);
  int64_t jailed = 0, wanted = 0;
  for (int d : g.dissents) {
    if (s.pos[d] == g.prison)
      ++jailed;
    else
      wanted += s.wanted[d];
  }
  const int64_t left =
      r.max_rounds >= 0 ? std::min<int64_t>(ROUNDS_SEEN, r.max_rounds - s.round) : ROUNDS_SEEN;
  const double features[11] = {1.0,
                               research,
                               std::sqrt(research),
                               speaks,
                               std::sqrt(speaks),
                               static_cast<double>(s.civs.size()),
                               near,
                               static_cast<double>(s.held.size()),
                               static_cast<double>(jailed),
                               static_cast<double>(wanted),
                               static_cast<double>(left) / 10.0};
  // a logistic model: the softmax over [half, -half] (core/evaluation.py's linear_chances)
  double score[2] = {0.0, 0.0};
  for (int i = 0; i < 11; ++i) {
    const double half = features[i] / 2.0;
    score[0] += WEIGHTS[i] * half;
    score[1] += WEIGHTS[i] * -half;
  }
  const double top = std::max(score[0], score[1]);
  const double e0 = std::exp(score[0] - top), e1 = std::exp(score[1] - top);
  const double gov = e0 / (e0 + e1);
  std::vector<double> out;
  for (int seat = 0; seat < s.players; ++seat) out.push_back(seat % 2 ? gov : 1.0 - gov);
  return out;
}

}  // namespace ratking::duck

// --- the heuristic (heuristic.py) ---------------------------------------------------------------

namespace ratking::duck {
namespace {

constexpr int NONE = -1;

struct Kinds {  // the legal actions by kind, in the order legal() lists them
  std::vector<int> of[END + 1];
  bool has(Kind k) const { return !of[k].empty(); }
  int first(Kind k) const { return of[k].front(); }
};

// The neighbour that brings the unit nearest to the closest goal (NONE: stay).
int step_toward(const State& s, int here, const std::vector<int>& goals) {
  if (goals.empty()) return NONE;
  const auto& dist = s.layout.dist;
  const auto nearest = [&](int from) {
    int best = dist[from][goals[0]];
    for (int g : goals) best = std::min(best, dist[from][g]);
    return best;
  };
  const int best = nearest(here);
  if (best == 0) return NONE;
  for (int n : s.layout.adj[here])
    if (nearest(n) < best) return n;
  return NONE;
}

int move_toward(const State& s, int here, const std::vector<int>& goals) {
  if (s.phase != PRE_MOVE) return NONE;
  const int step = step_toward(s, here, goals);
  return step == NONE ? s.game->skip_move : s.game->move[step];
}

bool carrying(const State& s, int u) {
  for (int c : s.civs)
    if (s.link[c] == u) return true;
  return false;
}

int scientist(const State& s, int u, const Kinds& k) {
  const Game& g = *s.game;
  const int lab = g.lab, here = s.pos[u];
  if (k.has(TARGET)) return k.first(TARGET);
  if (here == lab && k.has(RESEARCH) && s.phase == PRE_ACTION) return k.first(RESEARCH);
  if (k.has(UNLINK) && here == lab && s.phase != PRE_MOVE) return k.first(UNLINK);
  if (k.has(LINK) && here != lab) return k.first(LINK);
  if (k.has(KIDNAP)) return k.first(KIDNAP);
  if (s.phase == PRE_MOVE) {
    if (carrying(s, u)) return move_toward(s, here, {lab});
    std::vector<int> loose;
    bool in_lab = false;
    for (int c : s.civs) {
      if (s.link[c] < 0 && s.civ_at[c] != lab) loose.push_back(s.civ_at[c]);
      in_lab = in_lab || s.civ_at[c] == lab;
    }
    if (!loose.empty()) return move_toward(s, here, loose);
    if (in_lab) return move_toward(s, here, {lab});
    if (!s.held.empty()) return move_toward(s, here, s.held);
  }
  return NONE;
}

// The civilian place with the most unrest (nearest first); NONE if calm everywhere.
int hottest(const State& s, int here) {
  int best = 0, pick = NONE;
  const auto& dist = s.layout.dist[here];
  for (int p = 0; p < static_cast<int>(s.unrest.size()); ++p) {
    const int level = s.unrest[p];
    if (level && (level > best || (level == best && pick != NONE && dist[p] < dist[pick]))) {
      best = level;
      pick = p;
    }
  }
  return pick;
}

int police(const State& s, int u, const Kinds& k) {
  const Game& g = *s.game;
  const Config& r = g.config();
  const int lab = g.lab, here = s.pos[u];
  if (k.has(ARREST)) {  // the most wanted, the first of equals
    int pick = k.first(ARREST);
    for (int a : k.of[ARREST])
      if (s.wanted[g.actions()[a].arg] > s.wanted[g.actions()[pick].arg]) pick = a;
    return pick;
  }
  const bool carries = carrying(s, u);
  if (carries && here == lab && k.has(UNLINK)) return k.first(UNLINK);
  if (k.has(LINK) && here != lab) return k.first(LINK);
  if (k.has(CONTROL) && s.unrest[here] >= 2) return k.first(CONTROL);
  if (s.phase == PRE_MOVE) {
    std::vector<int> wanted, near, loose;
    for (int d : g.dissents)
      if (s.wanted[d] >= r.arrest_wanted && s.pos[d] != g.prison) wanted.push_back(s.pos[d]);
    for (int p : wanted)
      if (s.layout.dist[here][p] <= 1) near.push_back(p);
    if (!near.empty()) return move_toward(s, here, near);
    if (carries) return move_toward(s, here, {lab});
    for (int c : s.civs)
      if (s.link[c] < 0 && s.civ_at[c] != lab && s.layout.dist[here][s.civ_at[c]] <= 2)
        loose.push_back(s.civ_at[c]);
    if (!loose.empty()) return move_toward(s, here, loose);
    const int hot = hottest(s, here);
    if (!wanted.empty() && (hot == NONE || s.unrest[hot] < 2)) return move_toward(s, here, wanted);
    if (hot != NONE) return move_toward(s, here, {hot});
  }
  if (k.has(CONTROL)) return k.first(CONTROL);
  return NONE;
}

int dissent(const State& s, int u, const Kinds& k) {
  const Game& g = *s.game;
  const Config& r = g.config();
  const int here = s.pos[u];
  const auto& dist = s.layout.dist;
  std::vector<int> police;
  for (int p : g.government)
    if (r.roles[p] == POLICE) police.push_back(s.pos[p]);
  if (s.phase == PRE_ACTION) {
    if (k.has(RELEASE)) return k.first(RELEASE);
    if (k.has(SPEAK)) {
      bool risky = false;
      if (s.wanted[u] + r.wanted_gain >= r.arrest_wanted)
        for (int p : police) risky = risky || dist[here][p] <= 1;
      if (!risky || s.total_unrest() + r.unrest_gain >= r.unrest_to_win) return k.first(SPEAK);
    }
    return NONE;
  }
  if (s.phase != PRE_MOVE) return NONE;
  const bool exposed = s.wanted[u] >= r.arrest_wanted - r.wanted_gain;
  std::vector<int> room, civ;
  for (int q = 0; q < g.civilian; ++q)
    if (s.unrest[q] < r.max_unrest) room.push_back(q);
  for (int c : s.civs) civ.push_back(s.civ_at[c]);
  const auto nearest = [&](int p, const std::vector<int>& to, int none) {
    int best = none;
    for (int q : to) best = std::min(best, dist[p][q]);
    return best;
  };
  const auto score = [&](int p) {
    double val = 0.0;
    if (std::find(civ.begin(), civ.end(), p) != civ.end()) val += 5.0;
    if (p < g.civilian && s.unrest[p] < r.max_unrest)
      val += 2.0 + 0.3 * s.unrest[p];
    else if (p < g.civilian)
      val += 0.5;
    if (exposed) {
      const int n = nearest(p, police, 9);
      if (n == 0)
        val -= 6.0;
      else if (n == 1)
        val -= 3.0;
    }
    if (!room.empty()) val -= 0.3 * nearest(p, room, INT32_MAX);
    if (!civ.empty()) val -= 0.5 * nearest(p, civ, INT32_MAX);
    return val;
  };
  // max over [here, *neighbours] by (score, -place): the first best, ties to the lower place
  int best = here;
  double top = score(here);
  for (int p : s.layout.adj[here]) {
    const double v = score(p);
    if (v > top || (v == top && p < best)) {
      best = p;
      top = v;
    }
  }
  return best == here ? g.skip_move : g.move[best];
}

}  // namespace

int heuristic(const State& s, MersenneTwister& jitter) {
  const Game& g = *s.game;
  const std::vector<int> legal = s.legal();
  Kinds kinds;
  for (int a : legal) kinds.of[g.actions()[a].kind].push_back(a);
  const int u = s.active, role = g.config().roles[u];
  const int pick = role == SCIENTIST ? scientist(s, u, kinds)
                   : role == POLICE  ? police(s, u, kinds)
                                     : dissent(s, u, kinds);
  if (pick != NONE) return pick;
  if (s.phase == PRE_MOVE) return g.skip_move;
  const auto& ends = kinds.of[END];
  if (!ends.empty()) return ends[static_cast<size_t>(jitter.random() * ends.size())];
  return legal[static_cast<size_t>(jitter.random() * legal.size())];
}

// --- the observation tensor (observation.py's encode_state) -------------------------------------

namespace {

constexpr double WANTED_MOST = 10.0;
constexpr int REACH_FAR = 8, REACH_GOALS = 8;

float scaled(double value, double most) {  // core/spaces.py's scaled
  if (most <= 0) return 0.0f;
  const double x = value / most;
  return static_cast<float>(x > 1.0 ? 1.0 : (x < 0.0 ? 0.0 : x));
}

// observation.py's write_reach: per place, per goal, 1 - (the fewest moves to the goal's
// nearest place) / REACH_FAR, at least 0; nothing for a goal with no place
void write_reach(const Layout& layout, const uint64_t (&goals)[REACH_GOALS], float* out) {
  const int places = static_cast<int>(layout.dist.size());
  for (int k = 0; k < REACH_GOALS; ++k) {
    if (!goals[k]) continue;
    for (int p = 0; p < places; ++p) {
      int moves = INT32_MAX;
      for (int q = 0; q < places; ++q)
        if (goals[k] >> q & 1) moves = std::min(moves, layout.dist[q][p]);
      out[p * REACH_GOALS + k] =
          static_cast<float>(std::max(0.0, 1.0 - static_cast<double>(moves) / REACH_FAR));
    }
  }
}

}  // namespace

void observe(const State& s, int seat, const ObsLayout& lay, float* out) {
  const Game& g = *s.game;
  const Config& r = g.config();
  const int places = g.size, civilians = g.civilian, units = g.units;
  const int unit_width = places + 6;
  const auto& owners = g.owners(s.players);
  // the flags that stay 1 all game: the observer's team, every unit's role, its own units
  if (seat >= 0) out[lay.team + (seat % 2 ? GOVERNMENT : DISSENT_TEAM)] = 1.0f;
  for (int u = 0; u < units; ++u) {
    out[lay.units + u * unit_width + places + r.roles[u]] = 1.0f;
    if (owners[u] == seat) out[lay.units + u * unit_width + places + 5] = 1.0f;
  }
  if (!s.over) {  // core/spaces.py's write_turn
    const int rel = ((s.to_move - (seat < 0 ? 0 : seat)) % s.players + s.players) % s.players;
    out[lay.to_move + rel] = 1.0f;
    out[lay.phase + s.phase] = 1.0f;
    out[lay.active + s.active] = 1.0f;
  }
  const int width = r.rows * r.columns + 1;
  uint64_t hot = 0, full = 0;
  for (int cell = 0; cell < civilians; ++cell)
    out[lay.places + s.layout.cells[cell] * width + cell] = 1.0f;
  for (int p = 0; p < civilians; ++p)
    if (s.unrest[p]) {
      out[lay.places + p * width + width - 1] = scaled(s.unrest[p], r.max_unrest);
      hot |= uint64_t{1} << p;
      if (s.unrest[p] >= r.max_unrest) full |= uint64_t{1} << p;
    }
  for (int u = 0; u < units; ++u) out[lay.units + u * unit_width + s.pos[u]] = 1.0f;
  uint64_t wanted_at = 0;
  for (int d : g.dissents) {
    out[lay.units + d * unit_width + places + 3] = scaled(s.wanted[d], WANTED_MOST);
    if (s.wanted[d] >= r.arrest_wanted && s.pos[d] != g.prison)
      wanted_at |= uint64_t{1} << s.pos[d];
  }
  for (int u = 0; u < units; ++u)
    if (s.played >> u & 1) out[lay.units + u * unit_width + places + 4] = 1.0f;
  const int civ_width = 1 + places + units;
  uint64_t kidnapped = 0, loose = 0;
  for (int c : s.civs) {
    float* base = out + lay.civilians + c * civ_width;
    base[0] = 1.0f;
    base[1 + s.civ_at[c]] = 1.0f;
    kidnapped |= uint64_t{1} << s.civ_at[c];
    if (s.link[c] >= 0)
      base[1 + places + s.link[c]] = 1.0f;
    else if (s.civ_at[c] != g.lab)
      loose |= uint64_t{1} << s.civ_at[c];
  }
  out[lay.cards] = scaled(static_cast<double>(s.held.size()), r.max_location_cards);
  out[lay.cards + 1] = scaled(static_cast<double>(s.deck.size()), civilians);
  uint64_t cards = 0;
  if (s.sees_cards(seat))
    for (int c : s.held) {
      out[lay.held + c] = 1.0f;
      cards |= uint64_t{1} << c;
    }
  for (int c : s.used) out[lay.used + c] = 1.0f;
  out[lay.progress] = scaled(static_cast<double>(s.biosci), r.bio_sci_to_win);
  out[lay.progress + 1] = scaled(static_cast<double>(s.total_unrest()), r.unrest_to_win);
  out[lay.progress + 2] = scaled(static_cast<double>(s.released), civilians);
  uint64_t police = 0;
  for (int u = 0; u < units; ++u)
    if (r.roles[u] == POLICE) police |= uint64_t{1} << s.pos[u];
  const uint64_t civilian_bits = (uint64_t{1} << civilians) - 1;
  const uint64_t goals[REACH_GOALS] = {uint64_t{1} << g.lab, loose, cards, wanted_at, hot,
                                       police, kidnapped, civilian_bits & ~full};
  write_reach(s.layout, goals, out + lay.reach);
  // core/spaces.py's write_ending
  if (r.max_rounds > 0) out[lay.round] = scaled(static_cast<double>(s.round), r.max_rounds);
  if (s.over) out[lay.over] = 1.0f;
}

}  // namespace ratking::duck
