// Target: Rats Simplified's forward model: rules.py and state.py step for step (seed 001 and
// RULINGS.md, Target: Rats).
#include "target_rats_simplified.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

#include "mask.hpp"

namespace ratking::trs {

using tr::HOME;
using tr::SURFACE;

// --- the game and its action catalogue (actions.py) ----------------------------------------------

namespace {

bool holds(const std::vector<int>& items, int x) {
  return std::find(items.begin(), items.end(), x) != items.end();
}

}  // namespace

Game::Game(Config config, tr::Board board) : cfg_(std::move(config)), board_(std::move(board)) {
  const auto& b = board_;
  const int size = b.size();
  if (static_cast<int>(cfg_.space_ids.size()) != size)
    throw std::invalid_argument("one space id per board space");
  if (2 * size > 256) throw std::invalid_argument("the board has too many spaces");
  for (const auto& a : b.adj)
    if (static_cast<int>(a.size()) > Steps::MOST)
      throw std::invalid_argument("a board space has too many neighbours");
  const auto& ids = cfg_.space_ids;
  topup = add(TOPUP_RATS, "topup");
  no_topup = add(NO_TOPUP, "no-topup");
  roll = add(ROLL, "roll:" + std::to_string(cfg_.dice), cfg_.dice);
  roll_extra = add(ROLL, "roll:" + std::to_string(cfg_.dice + cfg_.cheese_dice),
                   cfg_.dice + cfg_.cheese_dice);
  for (int fed = 0; fed < 2; ++fed)
    for (int sp = 0; sp < size; ++sp)
      pick[fed].push_back(add(PICK_RAT, "rat:" + ids[sp] + (fed ? ":fed" : ":unfed"), sp, fed));
  for (int sp = 0; sp < size; ++sp)
    step.push_back(b.kind[sp] != HOME ? add(STEP, "step:" + ids[sp], sp) : -1);
  stop = add(STOP, "stop");
  breed = add(BREED, "breed");
  for (int sp = 0; sp < size; ++sp)
    ext.push_back(b.kind[sp] == SURFACE ? add(EXT, "ext:" + ids[sp], sp) : -1);
  end = add(END, "end");
  dumpster.assign(size, 0);
  for (int d : b.simplified_dumpsters) dumpster[d] = 1;
}

int Game::add(Kind kind, std::string id, int arg, int fed) {
  const int known = action_index(id);  // the same id is the same action (roll without extra)
  if (known >= 0) return known;
  actions_.push_back({kind, arg, fed, std::move(id)});
  return static_cast<int>(actions_.size()) - 1;
}

int Game::action_index(const std::string& id) const {
  for (size_t i = 0; i < actions_.size(); ++i)
    if (actions_[i].id == id) return static_cast<int>(i);
  return -1;
}

// --- set-up (state.py's _setup) ------------------------------------------------------------------

State State::blank(const Game& game, int players) {
  State s;
  s.game = &game;
  s.players = players;
  s.nests = game.config().nests.at(players);
  s.rats.assign(players, {});
  s.count.assign(game.board().size(), 0);
  return s;
}

State State::start(const Game& game, int players, Rng rng) {
  State s = blank(game, players);
  s.rng = std::move(rng);
  const int n = game.config().start_rats;
  for (int f = 0; f < players; ++f) {
    const int home = game.board().homes[s.nests[f]];
    s.rats[f].assign(n, home * 2);  // seed 001, SETUP: four unfed rats on the home nest
    s.count[home] = n;
  }
  s.to_move = game.config().first_seat;  // seed 000, SETUP 5: the players choose who starts
  s.start_turn();
  return s;
}

void State::recount() {
  count.assign(game->board().size(), 0);
  for (const auto& lst : rats)
    for (int c : lst) ++count[c >> 1];
}

// --- movement helpers ----------------------------------------------------------------------------

bool State::opposing_in_city(int f) const {
  const int city = game->board().city;
  for (int g = 0; g < players; ++g)
    if (g != f)
      for (int c : rats[g])
        if (c >> 1 == city) return true;
  return false;
}

// May a rat step onto `to`: not doubling back (path, or only `here` without one), room there.
bool State::open(int to, const std::vector<int>* path, int here) const {
  const auto& b = game->board();
  const bool back = path ? holds(*path, to) : to == here;
  return !back && (b.unlimited[to] || count[to] < game->config().space_limit);
}

void State::steps_from(int f, int here, const std::vector<int>* path, int pool_left,
                       Steps& out) const {
  out.n = 0;
  if (pool_left < 1) return;
  const auto& b = game->board();
  if (b.kind[here] == HOME) {
    const int k = nests[f], cover = b.corridor_surface[k], under = b.corridor_under[k];
    if (cover != ext && open(cover, path, here)) {
      out.to[0] = cover;
      out.cost[0] = 1;
      out.n = 1;
    } else if (pool_left >= 2 && open(under, path, here)) {
      // RULINGS: from the home nest a rat may pass under a blocked sewer cover
      out.to[0] = under;
      out.cost[0] = 2;
      out.n = 1;
    }
    return;
  }
  // RULINGS: a rat entering a contested Rat City stops there to fight
  if (here == b.city && path && path->size() > 1 && opposing_in_city(f)) return;
  for (int n : b.adj[here])
    if (open(n, path, here)) {
      out.to[out.n] = n;
      out.cost[out.n++] = 1;
    }
}

bool State::can_step(int f, int here, int pool_left) const {
  Steps st;
  steps_from(f, here, nullptr, pool_left, st);
  return st.n > 0;
}

bool State::breed_possible() const {
  const auto& mine = rats[to_move];
  if (mover < 0 || static_cast<int>(mine.size()) >= game->config().max_rats) return false;
  const int code = mine[mover];
  if (!(code & 1)) return false;
  for (size_t i = 0; i < mine.size(); ++i)
    if (static_cast<int>(i) != mover && mine[i] == code) return true;
  return false;
}

bool State::others_can_move() const {
  const auto& mine = rats[to_move];
  Mask seen;
  for (size_t i = 0; i < mine.size(); ++i) {
    const int sp = mine[i] >> 1;
    if (static_cast<int>(i) != mover && !moved[i] && !seen.has(sp)) {
      seen.set(sp);
      if (can_step(to_move, sp, pool)) return true;
    }
  }
  return false;
}

// --- legal actions (rules.py's legal_actions) ----------------------------------------------------

std::vector<int> State::legal() const {
  std::vector<int> out;
  legal_into(out);
  return out;
}

void State::legal_into(std::vector<int>& out) const {
  out.clear();
  if (over) return;
  const Game& g = *game;
  const int f = to_move;
  if (phase == TOPUP) {
    out.push_back(g.topup);
    out.push_back(g.no_topup);
    return;
  }
  if (phase == DICE) {
    out.push_back(g.roll);
    out.push_back(g.roll_extra);
    return;
  }
  Steps st;
  if (phase == MOVING) {
    steps_from(f, rats[f][mover] >> 1, &path, pool, st);
    for (int i = 0; i < st.n; ++i) out.push_back(g.step[st.to[i]]);
    if (breed_possible()) out.push_back(g.breed);
    if (path.size() > 1 && (st.n == 0 || others_can_move())) out.push_back(g.stop);
    return;
  }
  Mask seen;
  const auto& mine = rats[f];
  for (size_t i = 0; i < mine.size(); ++i) {
    const int code = mine[i];
    if (!moved[i] && !seen.has(code)) {
      seen.set(code);
      if (can_step(f, code >> 1, pool)) out.push_back(g.pick[code & 1][code >> 1]);
    }
  }
  if (target && pool >= 1) {
    const bool picks = !out.empty();
    for (int sp = 0; sp < g.board().surface; ++sp)
      if (sp != ext) out.push_back(g.ext[sp]);
    if (!picks) out.push_back(g.end);  // only the Target is left: it may go unused
  }
}

// --- applying an action (rules.py's apply) -------------------------------------------------------

void State::apply(int action) {
  const Action& a = game->actions()[action];
  switch (a.kind) {
    case STEP: step(a.arg); break;
    case PICK_RAT: pick(a.arg, a.fed); break;
    case STOP: finish_move(); break;
    case BREED: breed_here(); break;
    case EXT: exterminate(a.arg); break;
    case END: end_turn(); break;
    case ROLL: roll_dice(a.arg); break;
    case TOPUP_RATS: {
      const Config& r = game->config();
      spawn(to_move, std::min(r.topup_rats, r.max_rats - static_cast<int>(rats[to_move].size())));
      before_roll();
      break;
    }
    case NO_TOPUP: before_roll(); break;
  }
}

std::vector<double> State::returns() const {
  return over ? result : std::vector<double>(players, 0.0);
}

int State::dice_total() const {
  int total = 0;
  for (int d : dice) total += d;
  return total;
}

State State::determinize(const std::string& seed_text) const {
  State s(*this);
  s.rng = Rng::keyed(seed_text);
  return s;
}

void State::spawn(int f, int n) {
  const int home = game->board().homes[nests[f]];
  for (int i = 0; i < n; ++i) {
    rats[f].push_back(home * 2);
    if (f == to_move) moved.push_back(0);
  }
  count[home] += n;
}

void State::start_turn() {
  const int f = to_move;
  moved.assign(rats[f].size(), 0);
  mover = -1;
  path.clear();
  dice.clear();
  pool = 0;
  target = false;
  const Config& r = game->config();
  const int n = static_cast<int>(rats[f].size());
  if (n <= r.topup_at && n < r.max_rats) {
    phase = TOPUP;  // seed 001, SETUP: "you may place two unfed rats"
    return;
  }
  before_roll();
}

void State::before_roll() {
  // seed 001, MOVEMENT: Da Big Cheese may roll one additional die (a choice)
  const Config& r = game->config();
  if (cheese == to_move && r.cheese_dice) {
    phase = DICE;
    return;
  }
  roll_dice(r.dice);
}

void State::roll_dice(int n) {
  dice.clear();
  pool = 0;
  target = false;
  const int face = game->config().target_face;
  for (int i = 0; i < n; ++i) {
    const int d = static_cast<int>(rng.random() * 6) + 1;
    dice.push_back(d);
    pool += d;
    target = target || d == face;
  }
  phase = PICK;
  advance();
}

void State::advance() {
  // in the pick phase with nothing left to decide, end the turn
  // (legal_actions is empty just when no rat can step and no Target die is left)
  if (over || phase != PICK || (target && pool >= 1)) return;
  const auto& mine = rats[to_move];
  for (size_t i = 0; i < mine.size(); ++i)
    if (!moved[i] && can_step(to_move, mine[i] >> 1, pool)) return;
  end_turn();
}

void State::pick(int space, int fed) {
  const int code = space * 2 + fed;
  const auto& mine = rats[to_move];
  for (size_t i = 0; i < mine.size(); ++i)
    if (mine[i] == code && !moved[i]) {
      mover = static_cast<int>(i);
      break;
    }
  moved[mover] = 1;
  path.assign(1, space);
  start_pool = pool;
  phase = MOVING;
}

void State::step(int to) {
  const auto& b = game->board();
  const int f = to_move;
  auto& mine = rats[f];
  const int code = mine[mover], here = code >> 1;
  const int cover = b.corridor_surface[nests[f]];
  if (b.kind[here] == HOME && to != cover) {
    path.push_back(cover);  // passed under the sewer cover
    --pool;
  }
  path.push_back(to);
  --pool;
  --count[here];
  if (to == ext) {  // seed 001, THE EXTERMINATOR: a rat that lands on his space dies
    ++tally.exterminated;
    mine.erase(mine.begin() + mover);
    moved.erase(moved.begin() + mover);
    next_pick();
    return;
  }
  ++count[to];
  int fed = code & 1;
  if (!fed && b.kind[to] == SURFACE && game->dumpster[to]) {  // seed 001, FEED
    fed = 1;
    ++tally.fed;
  }
  mine[mover] = to * 2 + fed;
  if (check_win()) return;
  after_step();
}

void State::after_step() {
  if (breed_possible()) return;  // a decision: breed, stop or step on
  Steps st;
  steps_from(to_move, rats[to_move][mover] >> 1, &path, pool, st);
  if (st.n == 0) finish_move();
}

void State::breed_here() {
  auto& mine = rats[to_move];
  const int code = mine[mover];
  for (size_t i = 0; i < mine.size(); ++i)
    if (static_cast<int>(i) != mover && mine[i] == code) {
      mine[i] = code - 1;
      break;
    }
  mine[mover] = code - 1;
  const Config& r = game->config();
  const int born = std::min(r.breed_rats, r.max_rats - static_cast<int>(mine.size()));
  tally.bred += born;
  spawn(to_move, born);
  after_step();
}

void State::finish_move() {
  // the picked rat's move ends; one rat moving the whole roll onto Rat City (seed 001 and
  // RULINGS) makes its faction Da Big Cheese
  const int here = rats[to_move][mover] >> 1;
  const int total = dice_total();
  if (here == game->board().city && cheese < 0 && start_pool == total && pool == 0
      && static_cast<int>(path.size()) - 1 == total) {
    cheese = to_move;
    ++tally.crowned;
  }
  next_pick();
}

void State::next_pick() {
  mover = -1;
  path.clear();
  phase = PICK;
  check_throne();
  if (check_win()) return;
  advance();
}

void State::exterminate(int space) {
  ext = space;
  target = false;
  --pool;
  for (int g = 0; g < players; ++g) {
    tally.exterminated += static_cast<int64_t>(rats[g].size());
    remove_on(g, space);
    tally.exterminated -= static_cast<int64_t>(rats[g].size());
  }
  count[space] = 0;
  advance();
}

// Remove faction f's rats on `space` (and their flags, for the seat to move).
void State::remove_on(int f, int space) {
  auto& mine = rats[f];
  size_t kept = 0;
  for (size_t i = 0; i < mine.size(); ++i)
    if (mine[i] >> 1 != space) {
      if (f == to_move) moved[kept] = moved[i];
      mine[kept++] = mine[i];
    }
  mine.resize(kept);
  if (f == to_move) moved.resize(kept);
}

void State::check_throne() {
  // RULINGS: Da Big Cheese keeps the title while one of their rats is in Rat City
  if (cheese < 0) return;
  const int city = game->board().city;
  for (int c : rats[cheese])
    if (c >> 1 == city) return;
  cheese = -1;
  ++tally.dethroned;
}

void State::fight() {
  // seed 001, FIGHT: every faction in Rat City rolls a die per rat there; the highest total
  // wins; a tie goes to Da Big Cheese (RULINGS: other tied sides roll again among themselves)
  const int city = game->board().city;
  std::vector<int> sides(players, 0), contenders;
  for (int f = 0; f < players; ++f) {
    for (int c : rats[f]) sides[f] += c >> 1 == city;
    if (sides[f]) contenders.push_back(f);
  }
  if (contenders.size() < 2) return;
  const std::vector<int> fighting = contenders;
  std::vector<int> totals(players, 0), tied;
  int winner = -1;
  while (winner < 0) {
    int top = 0;
    for (int f : contenders) {
      int t = 0;
      for (int i = 0; i < sides[f]; ++i) t += static_cast<int>(rng.random() * 6) + 1;
      totals[f] = t;
      top = std::max(top, t);
    }
    tied.clear();
    for (int f : contenders)
      if (totals[f] == top) tied.push_back(f);
    if (tied.size() == 1)
      winner = tied[0];
    else if (holds(tied, cheese))
      winner = cheese;
    else
      contenders = tied;
  }
  ++tally.fights;
  for (int f : fighting)
    if (f != winner) {
      remove_on(f, city);
      tally.fight_losses += sides[f];
    }
  count[city] = sides[winner];
  if (cheese >= 0 && cheese != winner && sides[cheese]) {
    cheese = winner;
    ++tally.crowned;
  }
}

bool State::check_win() {
  // seed 001, VICTORY: Da Big Cheese with every one of their twelve rats out of the nest
  const int f = cheese;
  if (f < 0) return false;
  const auto& mine = rats[f];
  const int home = game->board().homes[nests[f]];
  if (static_cast<int>(mine.size()) < game->config().max_rats) return false;
  for (int c : mine)
    if (c >> 1 == home) return false;
  result.assign(players, 0.0);
  result[f] = 1.0;
  mover = -1;
  over = true;
  end_reason = "finished";
  return true;
}

void State::end_turn() {
  fight();
  check_throne();
  if (check_win()) return;
  const int nxt = (to_move + 1) % players;
  if (nxt == game->config().first_seat) {  // a round ends when play comes back to the starter
    const int64_t cap = game->config().max_rounds;
    if (cap >= 0 && round >= cap) {
      result.assign(players, 1.0 / players);
      over = true;
      end_reason = "round-cap";
      return;
    }
    ++round;
  }
  to_move = nxt;
  start_turn();
}

}  // namespace ratking::trs

// --- the evaluation (evaluate.py) --------------------------------------------------------------

namespace ratking::trs {

namespace {
// rats / max, rats out of the nest / max, fed rats / max, the throne, the throne times rats
// out, rats in Rat City / max
constexpr double WEIGHTS[6] = {1.49, 0.431, -0.232, 0.165, 1.56, 0.445};
}  // namespace

std::vector<double> evaluate(const State& s) {
  const auto& b = s.game->board();
  const double top = s.game->config().max_rats;
  // core/evaluation.py's linear_chances: a softmax over the seats, summed in Python's order
  std::vector<double> scores(s.players);
  for (int f = 0; f < s.players; ++f) {
    const int home = b.homes[s.nests[f]];
    int out = 0, fed = 0, town = 0;
    for (int c : s.rats[f]) {
      out += c >> 1 != home;
      town += c >> 1 == b.city;
      fed += c & 1;
    }
    const double cheese = s.cheese == f ? 1.0 : 0.0;
    const double row[6] = {static_cast<double>(s.rats[f].size()) / top, out / top, fed / top,
                           cheese, cheese * out / top, town / top};
    double score = 0.0;
    for (int i = 0; i < 6; ++i) score += WEIGHTS[i] * row[i];
    scores[f] = score;
  }
  const double most = *std::max_element(scores.begin(), scores.end());
  double total = 0.0;
  for (auto& x : scores) total += x = std::exp(x - most);
  for (auto& x : scores) x /= total;
  return scores;
}

// --- the heuristic (heuristic.py) ---------------------------------------------------------------

namespace {

// The fewest steps from a space (its row of distances) to a dumpster the Exterminator is not on.
int nearest_dumpster(const State& s, const std::vector<int>& dist) {
  int near = -1;
  for (int d : s.game->board().simplified_dumpsters)
    if (d != s.ext && (near < 0 || dist[d] < near)) near = dist[d];
  return near;
}

// The legal action of the highest value(action) plus jitter.random() * spread, the first of
// equals (heuristic.py's loops: every action draws its jitter, in the order of `legal`).
template <class Value>
int best_of(const std::vector<int>& legal, MersenneTwister& jitter, double spread,
            Value value) {
  int best = legal[0];
  double best_v = -HUGE_VAL;
  for (int a : legal) {
    double v = value(a);
    v += jitter.random() * spread;
    if (v > best_v) {
      best = a;
      best_v = v;
    }
  }
  return best;
}

// _space_value: how good `dest` is for a rat of faction f (fed or not) with `rem` to move.
double space_value(const State& s, int f, int dest, bool fed, int rem, bool exact) {
  const Game& g = *s.game;
  const auto& b = g.board();
  const auto& dist = b.dist[dest];
  double v = 0.0;
  if (dest == b.city) {
    if (s.opposing_in_city(f)) v -= 40;
    if (exact && rem == 0) v += 1000;
  }
  if (exact && s.cheese < 0 && dist[b.city] <= rem)
    v += 100 - 10 * (rem - dist[b.city]);  // still on course for the throne
  if (!fed) {
    if (g.dumpster[dest] && dest != s.ext) v += 40;
    v -= 3 * nearest_dumpster(s, dist);
  } else {
    const auto& mine = s.rats[f];
    int near = -1;
    bool here = false;
    for (size_t i = 0; i < mine.size(); ++i)
      if ((mine[i] & 1) && static_cast<int>(i) != s.mover) {
        const int o = mine[i] >> 1;
        here = here || o == dest;
        if (near < 0 || dist[o] < near) near = dist[o];
      }
    if (here)
      v += 60;
    else if (near >= 0)
      v -= 2 * near;
  }
  if (static_cast<int>(s.rats[f].size()) >= g.config().max_rats - 2)
    v -= dist[b.city];  // a big family heads for the throne
  if (dest == s.ext) v -= 100;
  return v;
}

int choose_move(const State& s, const std::vector<int>& legal, MersenneTwister& jitter) {
  const Game& g = *s.game;
  const auto& b = g.board();
  for (int a : legal)
    if (a == g.breed) return a;
  const int f = s.to_move, code = s.rats[f][s.mover], here = code >> 1;
  const bool fed = code & 1;
  const bool exact = s.start_pool == s.dice_total();
  return best_of(legal, jitter, 0.5, [&](int a) {
    const Action& act = g.actions()[a];
    if (act.kind != STEP) return space_value(s, f, here, fed, s.pool, false) + 1;
    const int dest = act.arg;
    const int cost = b.kind[here] == HOME && dest != b.corridor_surface[s.nests[f]] ? 2 : 1;
    const bool nfed = fed || (g.dumpster[dest] && dest != s.ext);
    double v = space_value(s, f, dest, nfed, s.pool - cost, exact);
    if (dest == s.ext) v -= 1000.0;  // landing on the Exterminator kills the rat
    return v;
  });
}

int choose_pick(const State& s, const std::vector<int>& legal, MersenneTwister& jitter) {
  // the pick phase: the Exterminator, or which rat
  const Game& g = *s.game;
  const auto& b = g.board();
  const int f = s.to_move;
  const auto& mine = s.rats[f];
  const int total = s.dice_total();
  return best_of(legal, jitter, 1.0, [&](int a) {
    const Action& act = g.actions()[a];
    const int sp = act.arg;
    if (act.kind == EXT) {
      int own = 0;
      for (int c : mine) own += c >> 1 == sp;
      return 30.0 * ((s.count[sp] - own) - 2 * own) - 20;
    }
    if (act.kind == END) return -50.0;
    const auto& dist = b.dist[sp];
    double v = 0.0;
    if (s.cheese < 0 && s.pool == total && dist[b.city] <= s.pool)
      v += dist[b.city] == s.pool ? 60 : 30;
    if (!act.fed) {
      const int near = nearest_dumpster(s, dist);
      v += near <= s.pool ? 25 - 2 * near : 0;
    } else {
      int near = 99;
      for (int c : mine)
        if ((c & 1) && c >> 1 != sp) near = std::min(near, dist[c >> 1]);
      v += near <= s.pool ? 35 - 2 * near : 5;
    }
    if (b.kind[sp] == HOME) v += 15;
    if (sp == b.city && s.cheese == f) v -= 60;  // keep the throne
    return v;
  });
}

}  // namespace

int heuristic(const State& s, MersenneTwister& jitter) {
  const Game& g = *s.game;
  if (s.phase == TOPUP) return g.topup;
  if (s.phase == DICE) return g.roll_extra;  // more to move: rats leave the nest sooner
  const std::vector<int> legal = s.legal();
  return s.phase == MOVING ? choose_move(s, legal, jitter) : choose_pick(s, legal, jitter);
}

// --- the observation tensor (observation.py's encode_state) -----------------------------------

namespace {

constexpr int SIDES = 6;
constexpr int FACTION_FEATURES = 4;  // board_tensor.py: rats, fed rats, at home, the throne

float scaled(double value, double most) {  // core/spaces.py's scaled
  if (most <= 0) return 0.0f;
  const double x = value / most;
  return static_cast<float>(x > 1.0 ? 1.0 : (x < 0.0 ? 0.0 : x));
}

// board_tensor.py's write_faction: seat p's faction in position k of the observer's order.
void write_faction(const State& s, const ObsLayout& lay, float* out, int k, int p) {
  const auto& b = s.game->board();
  const int max_rats = s.game->config().max_rats;
  const double unit = 1.0 / max_rats;
  const int first = lay.rats + 2 * k, stride = 2 * s.players;
  const int nest = s.nests[p], home = b.homes[nest];
  const auto& codes = s.rats[p];
  int fed = 0, at_home = 0;
  int groups[256] = {};
  for (int c : codes) ++groups[c];
  for (int c : codes) {
    const int n = groups[c];
    if (!n) continue;  // written already
    groups[c] = 0;
    out[first + (c >> 1) * stride + (c & 1)] = static_cast<float>(std::min(1.0, n * unit));
    if (c & 1) fed += n;
    if (c >> 1 == home) at_home += n;
  }
  const int homes = static_cast<int>(b.homes.size());
  out[lay.nests + k * homes + nest] = 1.0f;
  const int base = lay.factions + k * FACTION_FEATURES;
  out[base] = scaled(static_cast<double>(codes.size()), max_rats);
  out[base + 1] = scaled(fed, max_rats);
  out[base + 2] = scaled(at_home, max_rats);
  if (s.cheese == p) out[base + 3] = 1.0f;
}

}  // namespace

void observe(const State& s, int seat, const ObsLayout& lay, float* out) {
  const Game& g = *s.game;
  const Config& r = g.config();
  const int start = seat < 0 ? 0 : seat;
  if (!s.over) {  // core/spaces.py's write_turn
    out[lay.to_move + ((s.to_move - start) % s.players + s.players) % s.players] = 1.0f;
    out[lay.phase + s.phase] = 1.0f;
  }
  for (int k = 0; k < s.players; ++k) write_faction(s, lay, out, k, (start + k) % s.players);
  if (s.ext >= 0) out[lay.exterminator + s.ext] = 1.0f;
  for (int d : g.board().simplified_dumpsters) out[lay.dumpsters + d] = 1.0f;
  int base = lay.dice - 1;
  for (int face : s.dice) {
    out[base + face] = 1.0f;
    base += SIDES;
  }
  out[lay.pool] = scaled(s.pool, (r.dice + r.cheese_dice) * SIDES);
  if (s.target) out[lay.pool + 1] = 1.0f;
  if (s.mover >= 0 && !s.over) {
    const int code = s.rats[s.to_move][s.mover];
    out[lay.mover + (code >> 1)] = 1.0f;
    if (code & 1) out[lay.mover + g.board().size()] = 1.0f;
    for (int sp : s.path) out[lay.path + sp] = 1.0f;
  }
  // core/spaces.py's write_ending
  if (r.max_rounds > 0) out[lay.round] = scaled(static_cast<double>(s.round), r.max_rounds);
  if (s.over) out[lay.over] = 1.0f;
}

}  // namespace ratking::trs
