// Target: Rats Simplified's forward model: rules.py and state.py step for step (seed 001 and
// RULINGS.md, Target: Rats).
#include "target_rats_simplified.hpp"

#include <algorithm>
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
    mine.erase(mine.begin() + mover);
    moved.erase(moved.begin() + mover);
    next_pick();
    return;
  }
  ++count[to];
  int fed = code & 1;
  if (!fed && b.kind[to] == SURFACE && game->dumpster[to]) fed = 1;  // seed 001, FEED
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
  spawn(to_move, std::min(r.breed_rats, r.max_rats - static_cast<int>(mine.size())));
  after_step();
}

void State::finish_move() {
  // the picked rat's move ends; one rat moving the whole roll onto Rat City (seed 001 and
  // RULINGS) makes its faction Da Big Cheese
  const int here = rats[to_move][mover] >> 1;
  int total = 0;
  for (int d : dice) total += d;
  if (here == game->board().city && cheese < 0 && start_pool == total && pool == 0
      && static_cast<int>(path.size()) - 1 == total)
    cheese = to_move;
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
  for (int g = 0; g < players; ++g) remove_on(g, space);
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
  for (int f : fighting)
    if (f != winner) remove_on(f, city);
  count[city] = sides[winner];
  if (cheese >= 0 && cheese != winner && sides[cheese]) cheese = winner;
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
  if (nxt == 0) {
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
