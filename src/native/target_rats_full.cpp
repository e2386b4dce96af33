// Target: Rats' rules compiled (see target_rats_full.hpp); each part names the Python module
// it follows, and the rulebook sections are cited there.
#include "target_rats_full.hpp"

#include <algorithm>
#include <stdexcept>

namespace ratking::trf {

namespace {
constexpr int UNLIMITED = 1 << 20;

bool has(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }

int count_of(const std::vector<int>& v, int x) {
  return static_cast<int>(std::count(v.begin(), v.end(), x));
}

bool harmful(int effect) {
  return effect == E_UNFEED || effect == E_KILL || effect == E_KILL_HALF ||
         effect == E_KILL_ALL || effect == E_SCATTER || effect == E_EXTERMINATOR;
}

// Whether an action is one of the choices a card's resolution leads to (metrics.py's CHOICES)
bool card_choice(int kind) {
  switch (kind) {
    case A_SCAVENGE: case A_KEEP: case A_ITEM: case A_TOKEN_KEEP: case A_TOKEN_NEW:
    case A_RELOCATE: case A_PUSH: case A_SPAWN: case A_EXT: case A_USE: case A_PASS:
      return true;
    default:
      return false;
  }
}

const std::vector<std::vector<int>> NESTS = {{}, {}, {0, 2}, {0, 1, 2}, {0, 1, 2, 3}};
}  // namespace

// --- the game: limits, sewer links, quadrants and the catalogue (game.py, actions.py) --------

Game::Game(Config config) : cfg_(std::move(config)) {
  const tr::Board& b = cfg_.board;
  const int size = b.size();
  if (size > 64 || b.surface + 2 > Task::CAP)
    throw std::invalid_argument("a Target: Rats board has at most 64 spaces, 30 on the surface");
  for (int x = 0; x < size; ++x)
    limits.push_back(b.kind[x] == tr::HOME ? UNLIMITED
                     : x == b.city         ? cfg_.city_limit
                                           : cfg_.space_limit);
  above.assign(size, {});
  for (int x = 0; x < b.surface; ++x)
    if (b.beneath[x] >= 0) above[b.beneath[x]].push_back(x);
  for (int q = 0; q < 4; ++q) {
    quad_all.emplace_back();
    quad_surface.emplace_back();
    for (int x = 0; x < size; ++x)
      if (has(b.quadrants[x], q)) {
        quad_all[q].push_back(x);
        if (b.kind[x] == tr::SURFACE) quad_surface[q].push_back(x);
      }
  }
  const int most = cfg_.max_rats;
  reinforce = add(A_REINFORCE, "reinforce");
  play_on = add(A_PLAY_ON, "play-on");
  group = per_space(A_GROUP, "group", [](const tr::Board&, int) { return true; });
  take.assign(most + 1, std::vector<int>(most + 1));
  for (int fed = 0; fed <= most; ++fed)
    for (int unfed = 0; unfed <= most; ++unfed)
      take[fed][unfed] = add(A_TAKE, "take:" + std::to_string(fed) + ":" + std::to_string(unfed),
                             fed, unfed);
  step = per_space(A_STEP, "step", [](const tr::Board&, int) { return true; });
  stop = add(A_STOP, "stop");
  end_moves = add(A_END_MOVES, "end-moves");
  auto not_home = [](const tr::Board& bb, int x) { return bb.kind[x] != tr::HOME; };
  auto slot = [](const tr::Board& bb, int x) { return static_cast<bool>(bb.token_slot[x]); };
  auto home_or_slot = [](const tr::Board& bb, int x) {
    return bb.kind[x] == tr::HOME || bb.token_slot[x];
  };
  fight = per_space(A_FIGHT, "fight", not_home);
  scavenge = per_space(A_SCAVENGE, "scavenge", not_home);
  feed = per_space(A_FEED, "feed", slot);
  breed = per_space(A_BREED, "breed", [](const tr::Board&, int) { return true; });
  pairs.push_back(-1);
  for (int k = 1; k <= most / 2; ++k) pairs.push_back(add(A_PAIRS, "pairs:" + std::to_string(k), k));
  nest = per_space(A_NEST, "nest", slot);
  claim = add(A_CLAIM, "claim:RC", b.city);
  rest = per_space(A_REST, "rest", [](const tr::Board& bb, int x) { return bb.kind[x] == tr::HOME; });
  spawn = per_space(A_SPAWN, "spawn", home_or_slot);
  const int types = static_cast<int>(cfg_.card_ids.size());
  for (int t = 0; t < types; ++t) keep.push_back(add(A_KEEP, "keep:" + cfg_.card_ids[t], t));
  for (int t = 0; t < types; ++t)
    item.push_back(cfg_.type_power[t] >= 0 ? add(A_ITEM, "item:" + cfg_.card_ids[t], t) : -1);
  for (int t = 0; t < types; ++t)
    use.push_back(cfg_.type_power[t] >= 0 ? add(A_USE, "use:" + cfg_.card_ids[t], t) : -1);
  pass = add(A_PASS, "pass");
  token_keep = add(A_TOKEN_KEEP, "token:keep");
  token_new = add(A_TOKEN_NEW, "token:new");
  relocate = per_space(A_RELOCATE, "relocate", slot);
  push = per_space(A_PUSH, "push", not_home);
  retreat = per_space(A_RETREAT, "retreat", home_or_slot);
  ext = per_space(A_EXT, "ext", [](const tr::Board& bb, int x) { return bb.kind[x] == tr::SURFACE; });
}

int Game::add(Kind kind, std::string id, int a, int b) {
  actions_.push_back({kind, a, b, std::move(id)});
  return static_cast<int>(actions_.size()) - 1;
}

std::vector<int> Game::per_space(Kind kind, const std::string& verb,
                                 bool (*ok)(const tr::Board&, int)) {
  std::vector<int> out;
  for (int x = 0; x < cfg_.board.size(); ++x)
    out.push_back(ok(cfg_.board, x) ? add(kind, verb + ":" + cfg_.space_ids[x], x) : -1);
  return out;
}

int Game::action_index(const std::string& id) const {
  for (size_t i = 0; i < actions_.size(); ++i)
    if (actions_[i].id == id) return static_cast<int>(i);
  return -1;
}

int Game::power_of(int card) const {
  const int size = static_cast<int>(cfg_.power.size());
  return cfg_.power[card < 0 ? card + size : card];
}

// --- setup (state.py) --------------------------------------------------------------------

State State::start(const Game& game, int players, Rng rng) {
  State s;
  s.game = &game;
  s.players = players;
  s.rng = std::move(rng);
  const Config& c = game.config();
  const tr::Board& b = game.board();
  s.nests = NESTS[players];
  s.count.assign(b.size(), 0);
  s.token.assign(b.size(), 0);
  s.rats.assign(players, {});
  for (int f = 0; f < players; ++f) {
    const int home = b.homes[s.nests[f]];
    s.rats[f].assign(c.start_rats, home * 2);  // seed 000, SETUP: four unfed rats at home
    s.count[home] = c.start_rats;
  }
  s.item.assign(players, -1);
  s.item_ready.assign(players, false);
  for (int i = 0; i < static_cast<int>(c.deck_of.size()); ++i)
    (c.deck_of[i] ? s.under_deck : s.surface_deck).push_back(i);
  s.rng.shuffle(s.surface_deck);  // seed 000, SETUP 1: shuffle both decks
  s.rng.shuffle(s.under_deck);
  s.bonus.assign(players, 0);
  s.turn = c.first_seat;  // seed 000, SETUP 5: the players choose who starts
  s.start_turn();
  s.run();
  return s;
}

void State::settle() {
  const tr::Board& b = game->board();
  nests = NESTS[players];
  count.assign(b.size(), 0);
  for (const auto& lst : rats)
    for (int c : lst) ++count[c >> 1];
}

// --- rats.py -----------------------------------------------------------------------------

int State::own(int f, int sp) const {
  const int a = sp * 2;
  int n = 0;
  for (int c : rats[f]) n += (c == a || c == a + 1);
  return n;
}

std::pair<int, int> State::fed_unfed(int f, int sp) const {
  const int a = sp * 2;
  int fed = 0, unfed = 0;
  for (int c : rats[f]) {
    fed += c == a + 1;
    unfed += c == a;
  }
  return {fed, unfed};
}

bool State::enemies(int f, int sp) const {
  const int n = count[sp];
  return n > 0 && n != own(f, sp);
}

std::vector<int> State::sides(int sp) const {
  std::vector<int> out;
  for (int f = 0; f < players; ++f)
    if (own(f, sp)) out.push_back(f);
  return out;
}

int State::nests_of(int f) const { return count_of(token, NEST0 + f); }

int State::supply_left(int tok) const {
  const Config& c = game->config();
  if (tok == FOOD_TOKEN) return c.food_tokens - count_of(token, FOOD_TOKEN);
  if (tok == SEWER_TOKEN) return c.sewer_tokens - count_of(token, SEWER_TOKEN);
  return c.max_nests - count_of(token, tok);
}

int State::spawn(int f, int sp, int n) {
  n = std::min(n, game->config().max_rats - static_cast<int>(rats[f].size()));
  if (n > 0) {
    rats[f].insert(rats[f].end(), n, sp * 2);
    count[sp] += n;
  }
  return std::max(n, 0);
}

int State::kill(int f, int sp, int n) {
  auto& r = rats[f];
  const int a = sp * 2;
  int died = 0;
  for (int code : {a, a + 1})
    while (died < n) {
      auto it = std::find(r.begin(), r.end(), code);
      if (it == r.end()) break;
      r.erase(it);
      ++died;
    }
  count[sp] -= died;
  if (died) eliminated(f);
  return died;
}

std::vector<int> State::kill_all_on(int sp) {
  std::vector<int> out(players, 0);
  if (count[sp]) {
    for (int f = 0; f < players; ++f) {
      auto& r = rats[f];
      const size_t before = r.size();
      r.erase(std::remove_if(r.begin(), r.end(), [sp](int c) { return c >> 1 == sp; }), r.end());
      if (r.size() != before) {
        out[f] = static_cast<int>(before - r.size());
        eliminated(f);
      }
    }
    count[sp] = 0;
  }
  return out;
}

void State::eliminated(int f) {
  if (rats[f].empty() && item[f] >= 0) {
    const int card = item[f];
    item[f] = -1;
    item_ready[f] = false;
    discard(card);
    tally.note(EV_OTHER);  // item-lost
  }
}

int State::move_all(int f, int frm, int to, int keep) {
  auto& r = rats[f];
  const int a = frm * 2, b = to * 2;
  int moved_n = 0, kept = 0;
  for (int& c : r) {
    if (c == a + 1 && kept < keep) {
      ++kept;
    } else if (c == a || c == a + 1) {
      c = b + (c & 1);
      ++moved_n;
    }
  }
  count[frm] -= moved_n;
  count[to] += moved_n;
  return moved_n;
}

int State::throne_rat(int f, int sp) const {
  return f == cheese && sp == game->board().city ? 1 : 0;
}

void State::throne_fix() {
  const int f = cheese;
  if (f < 0) return;
  auto& r = rats[f];
  const int a = game->board().city * 2;
  if (has(r, a + 1)) return;
  auto it = std::find(r.begin(), r.end(), a);
  if (it != r.end()) {
    *it = a + 1;
    return;
  }
  cheese = -1;
  tally.note(EV_OTHER);  // throne-lost
}

void State::discard(int card) {
  (game->config().deck_of[card] ? under_discard : surface_discard).push_back(card);
}

// --- movement.py -------------------------------------------------------------------------

bool State::can_enter(int f, int to, int n) const {
  if (to == ext) return false;
  const int c = count[to];
  if (c == 0) return n <= limit(to);
  if (enemies(f, to)) return true;
  return c + n <= limit(to);
}

template <class Visit>
bool State::each_step(int f, int here, const int* path, size_t path_len, int n, int left,
                      Visit visit) const {
  if (left <= 0) return false;
  auto on_path = [path, path_len](int x) { return std::find(path, path + path_len, x) != path + path_len; };
  const tr::Board& b = game->board();
  const int kind = b.kind[here];
  if (kind == tr::HOME) {
    const int k = nests[f];
    const int cover = b.corridor_surface[k];
    if (!on_path(cover) && can_enter(f, cover, n) && visit(cover, 1)) return true;
    // seed 000, MOVEMENT + RULINGS: under a sewer cover held by enemy rats (or the
    // Exterminator) to the underground corridor space, two steps
    if (left >= 2 && (cover == ext || enemies(f, cover))) {
      const int under = b.corridor_under[k];
      if (!on_path(under) && can_enter(f, under, n) && visit(under, 2)) return true;
    }
    return false;
  }
  for (int to : b.adj[here])
    if (!on_path(to) && can_enter(f, to, n) && visit(to, 1)) return true;
  // down or up through a Sewer Entrance token (sewer_links)
  if (kind == tr::SURFACE) {
    if (token[here] == SEWER_TOKEN) {
      const int to = b.beneath[here];
      if (!on_path(to) && can_enter(f, to, n) && visit(to, 1)) return true;
    }
  } else if (kind == tr::UNDERGROUND) {
    for (int to : game->above[here])
      if (token[to] == SEWER_TOKEN && !on_path(to) && can_enter(f, to, n) && visit(to, 1))
        return true;
  }
  if (kind == tr::SURFACE && here == b.corridor_surface[nests[f]]) {
    const int to = b.homes[nests[f]];  // back into one's own home nest
    if (!on_path(to) && visit(to, 1)) return true;
  }
  return false;
}

std::vector<std::pair<int, int>> State::steps(int f, int here, const std::vector<int>& path,
                                              int n, int left) const {
  std::vector<std::pair<int, int>> out;
  each_step(f, here, path.data(), path.size(), n, left, [&out](int to, int cost) {
    out.push_back({to, cost});
    return false;
  });
  return out;
}

std::vector<int> State::sewer_links(int here) const {
  const tr::Board& b = game->board();
  const int kind = b.kind[here];
  std::vector<int> out;
  if (kind == tr::SURFACE) {
    if (token[here] == SEWER_TOKEN) out.push_back(b.beneath[here]);
  } else if (kind == tr::UNDERGROUND) {
    for (int x : game->above[here])
      if (token[x] == SEWER_TOKEN) out.push_back(x);
  }
  return out;
}

void State::available(int f, int sp, int out[4]) const {
  const int a = sp * 2;
  int fed = 0, unfed = 0, ufed = 0, uunfed = 0;
  const auto& r = rats[f];
  for (size_t i = 0; i < r.size(); ++i) {
    if (r[i] == a) {
      ++unfed;
      if (!moved[i]) ++uunfed;
    } else if (r[i] == a + 1) {
      ++fed;
      if (!moved[i]) ++ufed;
    }
  }
  if (f == cheese && sp == game->board().city && fed) {
    --fed;
    ufed = std::max(0, ufed - 1);
  }
  out[0] = fed;
  out[1] = unfed;
  out[2] = ufed;
  out[3] = uunfed;
}

int State::biggest_first_step(int f, int sp) const {
  int best = 0;
  const tr::Board& b = game->board();
  const bool any_size = each_step(f, sp, &sp, 1, 1, game->config().move_range, [&](int to, int) {
    if (b.kind[to] == tr::HOME || enemies(f, to)) return true;
    best = std::max(best, limit(to) - count[to]);
    return false;
  });
  return any_size ? 1 << 20 : best;
}

std::vector<std::pair<int, int>> State::take_options(int f, int sp) const {
  int av[4];
  available(f, sp, av);
  const int fed = av[0], unfed = av[1], ufed = av[2], uunfed = av[3];
  std::vector<std::pair<int, int>> out;
  if (!ufed && !uunfed) return out;
  const int most = biggest_first_step(f, sp);
  for (int a = 0; a <= fed; ++a)
    for (int u = 0; u <= unfed; ++u)
      if (0 < a + u && a + u <= most && ((a && ufed) || (u && uunfed))) out.push_back({a, u});
  return out;
}

std::vector<int> State::group_starts(int f, bool first) const {
  return groups_left > 0 ? startable(f, first) : std::vector<int>();
}

std::vector<int> State::startable(int f, bool first) const {
  std::vector<int> out;
  uint64_t seen = 0;  // a bit per space (the board has fewer than 64)
  const auto& r = rats[f];
  const int city = f == cheese ? game->board().city : -1;
  const int reach = game->config().move_range;
  for (size_t i = 0; i < r.size(); ++i) {
    const int sp = r[i] >> 1;
    if (!moved[i] && !(seen >> sp & 1)) {
      seen |= uint64_t{1} << sp;
      if (sp == city) {
        int av[4];
        available(f, sp, av);
        if (!av[2] && !av[3]) continue;
      }
      if (each_step(f, sp, &sp, 1, 1, reach, [](int, int) { return true; })) {
        out.push_back(sp);
        if (first) return out;
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

void State::take(int sp, int fed, int unfed) {
  const int f = turn;
  auto& r = rats[f];
  const int a = sp * 2;
  const int n = static_cast<int>(r.size());
  int reserve = -1;
  if (f == cheese && sp == game->board().city) {
    int first_fed = -1, first_unmoved = -1;
    for (int i = 0; i < n; ++i)
      if (r[i] == a + 1) {
        if (first_fed < 0) first_fed = i;
        if (first_unmoved < 0 && !moved[i]) first_unmoved = i;
      }
    reserve = first_unmoved >= 0 ? first_unmoved : first_fed;
  }
  int want[2] = {unfed, fed};  // by code & 1
  std::vector<int> chosen;
  for (int code : {a + 1, a}) {
    if (want[code & 1] && chosen.empty()) {
      for (int i = 0; i < n; ++i)
        if (r[i] == code && !moved[i] && i != reserve) {
          chosen.push_back(i);
          --want[code & 1];
          break;
        }
    }
  }
  for (bool first_moved : {true, false})
    for (int i = 0; i < n; ++i) {
      const int c = r[i];
      if ((c == a || c == a + 1) && want[c & 1] && i != reserve && !has(chosen, i) &&
          moved[i] == first_moved) {
        chosen.push_back(i);
        --want[c & 1];
      }
    }
  for (int i : chosen) moved[i] = true;
  --groups_left;
  grp_idx = chosen;
  grp_path = {sp};
  grp_steps = game->config().move_range;
  tasks.back() = {STEP, f};
}

std::vector<std::pair<int, int>> State::group_steps() const {
  return steps(turn, grp_path.back(), grp_path, static_cast<int>(grp_idx.size()), grp_steps);
}

void State::step(int to) {
  const int f = turn;
  const tr::Board& b = game->board();
  const int here = grp_path.back();
  const int cost = b.kind[here] == tr::HOME && to == b.corridor_under[nests[f]] ? 2 : 1;
  auto& r = rats[f];
  for (int i : grp_idx) r[i] = to * 2 + (r[i] & 1);
  const int n = static_cast<int>(grp_idx.size());
  count[here] -= n;
  count[to] += n;
  grp_path.push_back(to);
  grp_steps -= cost;
  if (enemies(f, to) || !each_step(f, to, grp_path.data(), grp_path.size(), n, grp_steps,
                                   [](int, int) { return true; }))
    stop();
}

void State::stop() {
  tally.note(EV_OTHER);  // move
  const int end = grp_path.back();
  if (!has(action_spaces, end)) action_spaces.push_back(end);
  grp_idx.clear();
  grp_path.clear();
  grp_steps = 0;
  tasks.pop_back();
}

void State::end_moves() {
  const auto& r = rats[turn];
  std::vector<int> ends;
  for (size_t i = 0; i < moved.size(); ++i)
    if (moved[i]) ends.push_back(r[i] >> 1);
  std::vector<int> kept;
  for (int x : action_spaces)
    if (has(ends, x)) kept.push_back(x);
  action_spaces = kept;
  moved.clear();
  tasks.pop_back();
  tally.note(EV_OTHER);  // end-moves
}

// --- acting.py ---------------------------------------------------------------------------

std::vector<int> State::pending() const {
  std::vector<int> out;
  for (int x : action_spaces)
    if (!has(done_spaces, x) && own(turn, x)) out.push_back(x);
  return out;
}

std::vector<int> State::contested(const std::vector<int>& spaces) const {
  std::vector<int> out;
  for (int x : spaces)
    if (enemies(turn, x)) out.push_back(x);
  return out;
}

bool State::can_scavenge(int sp) const {
  const tr::Board& b = game->board();
  const int k = b.kind[sp];
  return k == tr::SURFACE || k == tr::UNDERGROUND || (sp == b.city && cheese >= 0);
}

bool State::can_feed(int sp) const { return token[sp] == FOOD_TOKEN && has(rats[turn], sp * 2); }

int State::breed_pairs(int sp) const {
  const int fed = fed_unfed(turn, sp).first;
  const Config& c = game->config();
  const int room = c.max_rats - static_cast<int>(rats[turn].size());
  if (fed < 2 || room <= 0) return 0;
  return std::min(fed / 2, (room + c.breed_rats - 1) / c.breed_rats);
}

bool State::can_nest(int sp) const {
  return game->board().token_slot[sp] && token[sp] < NEST0 && fed_unfed(turn, sp).first >= 2 &&
         nests_of(turn) < game->config().max_nests;
}

bool State::can_claim(int sp) const { return sp == game->board().city && cheese < 0; }

int State::feed(int f, int sp) {
  const int a = sp * 2;
  int n = 0;
  for (int& c : rats[f])
    if (c == a) {
      c = a + 1;
      ++n;
    }
  return n;
}

int State::unfeed(int f, int sp, int n) {
  const int a = sp * 2 + 1;
  int done = 0;
  for (int& c : rats[f])
    if (c == a && done < n) {
      c = a - 1;
      ++done;
    }
  return done;
}

void State::breed(int sp, int pairs_n) {
  const int f = turn;
  const Config& c = game->config();
  const int born = std::min(pairs_n * c.breed_rats, c.max_rats - static_cast<int>(rats[f].size()));
  unfeed(f, sp, 2 * pairs_n);
  tally.note(EV_OTHER);  // breed
  if (born) tasks.push_back({SPAWN, f, born});
}

std::vector<int> State::spawn_places(int f) const {
  std::vector<int> out{home(f)};
  for (int x = 0; x < static_cast<int>(token.size()); ++x)
    if (token[x] == NEST0 + f && count[x] < limit(x) && !enemies(f, x)) out.push_back(x);
  return out;
}

void State::do_spawn(int at) {
  const Task t = tasks.back();
  tasks.pop_back();
  const int f = t[1];
  int left = t[2];
  const Config& c = game->config();
  const int room = game->board().kind[at] == tr::HOME ? left : limit(at) - count[at];
  const int n = spawn(f, at, std::min({left, c.breed_rats, room}));
  tally.note(EV_SPAWNED, n);
  left -= n;
  if (left > 0 && n && static_cast<int>(rats[f].size()) < c.max_rats)
    tasks.push_back({SPAWN, f, left});
}

void State::do_claim(int sp) {
  const int f = turn;
  const int dice = 1 + nests_of(f);
  bool won = false;
  for (int i = 0; i < dice; ++i)
    won = (static_cast<int>(rng.random() * 6) + 1 == game->config().target_face) || won;
  tally.note(EV_OTHER);  // claim
  if (won) {
    cheese = f;
    return;
  }
  kill(f, sp, 1);
  if (own(f, sp)) tasks.push_back({RETREAT, f, sp});
}

std::vector<int> State::retreat_places(int f, int sp) const {
  const int n = own(f, sp);
  std::vector<int> out;
  for (int x : spawn_places(f))
    if (game->board().kind[x] == tr::HOME || count[x] + n <= limit(x)) out.push_back(x);
  return out;
}

void State::act(int kind, int sp) {
  done_spaces.push_back(sp);
  const int f = turn;
  switch (kind) {
    case A_FIGHT:
      tasks.push_back({FIGHT, sp, f});
      break;
    case A_SCAVENGE:
      scavenge(f, sp);
      break;
    case A_FEED:
      tally.note(EV_FED, feed(f, sp));
      break;
    case A_BREED: {
      const int most = breed_pairs(sp);
      if (most > 1)
        tasks.push_back({PAIRS, f, sp, most});
      else
        breed(sp, most);
      break;
    }
    case A_NEST:
      unfeed(f, sp, 2);
      token[sp] = NEST0 + f;
      tally.note(EV_NEST);
      break;
    case A_CLAIM:
      do_claim(sp);
      break;
    default:
      tally.note(EV_OTHER);  // rest
      break;
  }
}

// --- fights.py ---------------------------------------------------------------------------

void State::open_fight(int sp, int attacker) {
  const std::vector<int> who = sides(sp);
  if (who.size() < 2) return;
  bonus.assign(players, 0);
  tasks.push_back({ROLL, sp, attacker});
  std::vector<int> order;
  if (has(who, attacker)) {
    order.push_back(attacker);
    for (int g : who)
      if (g != attacker) order.push_back(g);
  } else {
    order = who;
  }
  for (auto it = order.rbegin(); it != order.rend(); ++it)
    if (item_ready[*it] && game->power_of(item[*it]) == FIGHT_DICE)
      tasks.push_back({USE, *it, W_FIGHT});
}

void State::roll(int sp, int attacker) {
  const std::vector<int> who = sides(sp);
  if (who.size() < 2) return;
  const Config& c = game->config();
  const bool city = sp == game->board().city;
  std::vector<int> size(players, 0), fed(players, 0);
  for (int g : who) {
    size[g] = own(g, sp);
    fed[g] = fed_unfed(g, sp).first;
  }
  auto dice = [&](int g) {
    const int n = size[g] + bonus[g] + (city && g == cheese ? c.cheese_fight_dice : 0);
    std::vector<int> out;
    for (int i = 0; i < n; ++i) out.push_back(static_cast<int>(rng.random() * 6) + 1);
    return out;
  };
  auto sum = [](const std::vector<int>& v) {
    int t = 0;
    for (int x : v) t += x;
    return t;
  };
  std::vector<std::vector<int>> rolls(players);
  for (int g : who) rolls[g] = dice(g);
  LastFight lf;
  lf.space = sp;
  lf.sides.assign(players, -1);
  for (int g : who) lf.sides[g] = size[g];
  lf.rolls = rolls;
  std::vector<int> contenders = who;
  int winner;
  while (true) {
    int top = -1;
    for (int g : contenders) top = std::max(top, sum(rolls[g]));
    std::vector<int> tied;
    for (int g : contenders)
      if (sum(rolls[g]) == top) tied.push_back(g);
    if (tied.size() > 1 && has(tied, cheese)) tied = {cheese};
    if (tied.size() > 1) {
      int most = -1;
      for (int g : tied) most = std::max(most, fed[g]);
      std::vector<int> keep;
      for (int g : tied)
        if (fed[g] == most) keep.push_back(g);
      tied = keep;
    }
    if (tied.size() > 1 && has(tied, attacker)) tied.erase(std::find(tied.begin(), tied.end(), attacker));
    if (tied.size() == 1) {
      winner = tied[0];
      break;
    }
    contenders = tied;
    rolls.assign(players, {});
    for (int g : tied) rolls[g] = dice(g);
    lf.rerolls.push_back(rolls);
  }
  std::vector<int> losers;
  for (int g : who)
    if (g != winner) losers.push_back(g);
  lf.killed.assign(players, -1);
  for (int g : losers) {
    const int n = size[g];
    lf.killed[g] = kill(g, sp, n == 1 ? 1 : n / 2);
  }
  if (city && has(losers, cheese)) cheese = winner;
  const int tok = token[sp];
  if (tok >= NEST0 && has(losers, tok - NEST0))
    token[sp] = nests_of(winner) < c.max_nests ? NEST0 + winner : NO_TOKEN;
  lf.winner = winner;
  last_fight = std::move(lf);
  tally.note(EV_FIGHT);
  overflow(winner, sp);
  for (auto it = losers.rbegin(); it != losers.rend(); ++it)
    if (own(*it, sp)) tasks.push_back({PUSH, winner, *it, sp, c.push_distance});
}

std::vector<int> State::push_choices(int chooser, int side, int sp, int dist) const {
  // _push_steps: the spaces within `dist` steps, each with its fewest steps, never crossing
  // the Exterminator's space
  const tr::Board& b = game->board();
  std::vector<int> steps_to(b.size(), -1);
  steps_to[sp] = 0;
  std::vector<int> edge{sp}, next;
  for (int n = 1; n <= dist; ++n) {
    next.clear();
    for (int here : edge) {
      if (here == ext) continue;
      auto reach = [&](int x) {
        if (steps_to[x] < 0) {
          steps_to[x] = n;
          next.push_back(x);
        }
      };
      for (int x : b.adj[here]) reach(x);
      for (int x : sewer_links(here)) reach(x);
    }
    std::swap(edge, next);
  }
  // the spaces `dist` steps away, or the farthest the push reaches where none lies that far
  int far = 0;
  for (int x = 0; x < b.size(); ++x)
    if (x != ext) far = std::max(far, steps_to[x]);
  std::vector<int> out;
  for (int x = 0; x < b.size(); ++x)
    if (far > 0 && steps_to[x] == far && x != ext) out.push_back(x);
  if (ext >= 0 && steps_to[ext] >= 0) {
    out.push_back(ext);
    std::sort(out.begin(), out.end());
  }
  if (chooser != side) {
    std::vector<int> away;
    for (int x : out)
      if (!own(chooser, x)) away.push_back(x);
    if (!away.empty()) return away;
  }
  return out;
}

void State::push_to(int to) {
  const Task t = tasks.back();
  tasks.pop_back();
  const int side = t[2], sp = t[3];
  const int n = move_all(side, sp, to, throne_rat(side, sp));
  tally.note(EV_SCATTERED, n);
  if (to == ext) {
    tally.note(EV_KILLED, kill(side, to, n));  // pushed into the Exterminator
  } else if (enemies(side, to)) {
    tasks.push_back({FIGHT, to, side});
    if (has(action_spaces, to) && !has(done_spaces, to)) done_spaces.push_back(to);
  } else {
    overflow(side, to);
  }
}

void State::overflow(int g, int sp) {
  const int extra = own(g, sp) - limit(sp);
  if (extra <= 0) return;
  const tr::Board& b = game->board();
  const auto& row = b.dist[sp];
  std::vector<int> order;
  for (int x = 0; x < b.size(); ++x)
    if (x != sp && b.kind[x] != tr::HOME && x != ext) order.push_back(x);
  std::stable_sort(order.begin(), order.end(), [&row](int x, int y) { return row[x] < row[y]; });
  auto& r = rats[g];
  const int a = sp * 2;
  for (int k = 0; k < extra; ++k) {
    int to = -1;
    for (int x : order)
      if (!enemies(g, x) && count[x] < limit(x)) {
        to = x;
        break;
      }
    if (to < 0) throw std::logic_error("overflow: no space can take the rats");
    auto it = std::find(r.begin(), r.end(), a);
    if (it == r.end()) it = std::find(r.begin(), r.end(), a + 1);
    *it = to * 2 + (*it & 1);
    --count[sp];
    ++count[to];
  }
  tally.note(EV_OTHER);  // overflow
}

// --- scavenge.py -------------------------------------------------------------------------

void State::scavenge(int f, int sp) {
  const int tok = token[sp];
  const Config& c = game->config();
  if (tok >= NEST0 && tok != NEST0 + f) {
    const bool mine = nests_of(f) < c.max_nests;
    if (f == cheese) cheese_drew = true;
    token[sp] = mine ? NEST0 + f : NO_TOKEN;
    tally.note(EV_ENDS);  // discover
    return;
  }
  const int deck = game->board().kind[sp] == tr::SURFACE ? 0 : 1;
  int many = 1;
  if (f == cheese && !cheese_drew) {
    cheese_drew = true;
    many = c.cheese_draws;
  }
  std::vector<int> drawn;
  for (int k = 0; k < many; ++k) {
    const int card = draw_card(deck);
    if (card < 0) break;
    drawn.push_back(card);
    tally.note(EV_DRAW, c.type_of[card]);
  }
  if (drawn.size() > 1) {
    Task t{KEEP, f, sp};
    for (int c : drawn) t.push_back(c);
    tasks.push_back(t);
  } else if (!drawn.empty()) {
    resolve(f, drawn[0], sp);
  } else {
    tally.note(EV_OTHER);  // decks-empty
  }
}

int State::draw_card(int deck) {
  auto& pile = deck ? under_deck : surface_deck;
  if (pile.empty()) {
    auto& used = deck ? under_discard : surface_discard;
    if (used.empty()) return -1;
    pile.insert(pile.end(), used.begin(), used.end());
    used.clear();
    rng.shuffle(pile);
    tally.note(EV_OTHER);  // reshuffle
  }
  int& loose = deck ? unordered_under : unordered_surface;
  const bool any_loose = unordered_surface >= 0 || unordered_under >= 0;
  if (any_loose && loose > 0) {
    const int n = loose--;
    const size_t at = pile.size() - n + static_cast<size_t>(rng.randrange(n));
    const int card = pile[at];
    pile.erase(pile.begin() + static_cast<std::ptrdiff_t>(at));
    return card;
  }
  const int card = pile.back();
  pile.pop_back();
  return card;
}

void State::keep(int type_index) {
  const Task t = tasks.back();
  tasks.pop_back();
  const int f = t[1], sp = t[2];
  const auto& type_of = game->config().type_of;
  int kept = -1;
  for (size_t i = 3; i < t.size(); ++i)
    if (type_of[t[i]] == type_index) {
      kept = t[i];
      break;
    }
  for (size_t i = 3; i < t.size(); ++i)
    if (t[i] != kept) discard(t[i]);
  tally.note(EV_KEEP, type_index);
  resolve(f, kept, sp);
}

void State::resolve(int f, int card, int sp) {
  tasks.push_back({CARD, f, card, sp});
  if (harmful(game->config().effect[card]) && item_ready[f] &&
      game->power_of(item[f]) == CANCEL_EVENT)
    tasks.push_back({USE, f, W_SCAVENGE});
}

void State::effect(int f, int card, int sp) {
  const Config& c = game->config();
  const int kind = c.effect[card];
  int n = c.n[card];
  if (kind == E_ITEM) {
    take_item(f, card);
    return;
  }
  discard(card);
  switch (kind) {
    case E_FOOD:
      tally.note(EV_FED, feed(f, sp));
      place(f, sp, FOOD_TOKEN);
      break;
    case E_NEST:
      place(f, sp, NEST0 + f);
      break;
    case E_SEWER:
      place(f, sp, SEWER_TOKEN);
      break;
    case E_FEED:
      tally.note(EV_FED, feed(f, sp));
      break;
    case E_UNFEED:
      tally.note(EV_UNFED, unfeed(f, sp));
      break;
    case E_KILL:
    case E_KILL_HALF:
    case E_KILL_ALL: {
      const int here = own(f, sp) - throne_rat(f, sp);
      if (kind == E_KILL_HALF) n = std::max(1, here / 2);
      if (kind == E_KILL_ALL) n = here;
      tally.note(EV_KILLED, kill(f, sp, std::min(n, here)));
      break;
    }
    case E_SCATTER:
      if (own(f, sp) > throne_rat(f, sp)) tasks.push_back({PUSH, f, f, sp, n});
      break;
    case E_EXTERMINATOR:
      if (game->board().kind[sp] == tr::SURFACE) {
        land(sp, f);
      } else {
        Task t{EXT, f};
        for (int x : surface_choices()) t.push_back(x);
        tasks.push_back(t);
      }
      break;
    case E_SPAWN:
      tasks.push_back({SPAWN, f, n});
      break;
    default:
      break;  // nothing
  }
}

void State::cancel() {
  const Task t = tasks.back();
  tasks.pop_back();
  discard(t[2]);
  tally.note(EV_OTHER);  // cancel
}

void State::take_item(int f, int card) {
  if (item[f] < 0) {
    item[f] = card;
    item_ready[f] = true;
    tally.note(EV_ITEMS, 1);
  } else {
    tasks.push_back({ITEM, f, card});
  }
}

void State::choose_item(int type_index) {
  const Task t = tasks.back();
  tasks.pop_back();
  const int f = t[1], fresh = t[2], old = item[f];
  const auto& type_of = game->config().type_of;
  if (type_of[fresh] == type_index && type_of[old] != type_index) {
    item[f] = fresh;
    item_ready[f] = true;
    discard(old);
    tally.note(EV_ITEMS, 1);
  } else {
    discard(fresh);
    tally.note(EV_OTHER);  // item-kept
  }
}

void State::place(int f, int sp, int tok) {
  if (!game->board().token_slot[sp]) {
    tally.note(EV_OTHER);  // no-token
    return;
  }
  const int cur = token[sp];
  if (cur == tok) return;
  if (cur != NO_TOKEN) {
    tasks.push_back({TOKEN, f, sp, tok});
    return;
  }
  put(f, sp, tok);
}

void State::put(int f, int sp, int tok) {
  if (supply_left(tok) <= 0) {
    for (int x = 0; x < static_cast<int>(token.size()); ++x)
      if (x != sp && token[x] == tok) {
        tasks.push_back({RELOCATE, f, sp, tok});
        break;
      }
    return;
  }
  token[sp] = tok;
  tally.note(EV_TOKENS, 1);
}

void State::token_choice(bool fresh) {
  const Task t = tasks.back();
  tasks.pop_back();
  if (!fresh) {
    tally.note(EV_OTHER);  // token-kept
    return;
  }
  token[t[2]] = NO_TOKEN;
  put(t[1], t[2], t[3]);
}

std::vector<int> State::relocate_choices() const {
  const Task& t = tasks.back();
  std::vector<int> out;
  for (int x = 0; x < static_cast<int>(token.size()); ++x)
    if (token[x] == t[3] && x != t[2]) out.push_back(x);
  return out;
}

void State::relocate(int frm) {
  const Task t = tasks.back();
  tasks.pop_back();
  token[frm] = NO_TOKEN;
  token[t[2]] = t[3];
  tally.note(EV_TOKENS, 1);  // relocate
}

// --- exterminator.py ---------------------------------------------------------------------

void State::open_phase() {
  tasks.push_back({EXT_MOVE});
  for (int k = players - 1; k >= 0; --k) {
    const int g = (turn + k) % players;
    if (item_ready[g] && game->power_of(item[g]) == CALL_EXTERMINATOR)
      tasks.push_back({USE, g, W_EXT});
  }
}

std::vector<int> State::surface_choices() const {
  std::vector<int> out;
  for (int x = 0; x < game->board().surface; ++x)
    if (x != ext) out.push_back(x);
  return out;
}

void State::ext_move() {
  const int f = turn;
  const Config& c = game->config();
  std::vector<int> choices;
  bool infested = false;
  for (int q = 0; q < 4; ++q) {
    int total = 0;
    for (int x : game->quad_all[q]) total += count[x];
    if (total < c.infestation) continue;
    infested = true;
    const auto& surf = game->quad_surface[q];
    int most = 0;
    for (int x : surf) most = std::max(most, count[x]);
    for (int x : surf)
      if (count[x] == most && (most || x != ext) && !has(choices, x)) choices.push_back(x);
  }
  if (infested) {
    tally.note(EV_ENDS);  // infestation
    if (choices.size() == 1) {
      land(choices[0], f);
    } else {
      std::sort(choices.begin(), choices.end());
      Task t{EXT, f};
      for (int x : choices) t.push_back(x);
      tasks.push_back(t);
    }
    return;
  }
  const int die = static_cast<int>(rng.random() * 6) + 1;
  tally.note(EV_ENDS);  // ext-roll
  if (die == c.target_face) {
    Task t{EXT, f};
    for (int x : surface_choices()) t.push_back(x);
    tasks.push_back(t);
  }
}

void State::land(int sp, int actor) {
  (void)actor;
  ext = sp;
  int64_t killed = 0;
  for (int n : kill_all_on(sp)) killed += n;
  token[sp] = NO_TOKEN;
  tally.note(EV_EXTERMINATOR, killed);
}

void State::pigeon_call(int seat) {
  while (!tasks.empty() && (tasks.back()[0] == USE || tasks.back()[0] == EXT_MOVE))
    tasks.pop_back();
  Task t{EXT, seat};
  for (int x : surface_choices()) t.push_back(x);
  tasks.push_back(t);
}

// --- turn.py -----------------------------------------------------------------------------

void State::start_turn() {
  const int f = turn;
  const Config& c = game->config();
  tally.note(EV_ENDS);  // turn
  if (pending_win == f) {
    pending_win = -1;
    if (cheese == f && nests_of(f) >= c.nests_to_win) {
      win(f);
      return;
    }
    tally.note(EV_OTHER);  // win-lost
  }
  if (item[f] >= 0) item_ready[f] = true;
  cheese_drew = false;
  action_spaces.clear();
  done_spaces.clear();
  grp_idx.clear();
  grp_path.clear();
  grp_steps = 0;
  tasks = {{END_TURN}, {VICTORY}, {EXT_PHASE}, {ACT, f}, {MOVE, f}};
  if (rats[f].empty()) {
    spawn(f, home(f), c.reentry_rats);
    tally.note(EV_OTHER);  // reentry
  } else if (rats[f].size() == 1 && c.one_rat_skip) {
    tasks.push_back({ONE_RAT, f});
  }
  groups_left = c.base_groups + nests_of(f);
  moved.assign(rats[f].size(), false);
}

void State::reinforce() {
  spawn(turn, home(turn), game->config().reentry_rats);
  tally.note(EV_OTHER);  // reinforce
  tasks = {{END_TURN}};
  moved.clear();
}

void State::victory_check() {
  const int f = cheese;
  if (f >= 0 && nests_of(f) >= game->config().nests_to_win && pending_win != f) {
    pending_win = f;
    tally.note(EV_ENDS);  // pending-win
  }
}

void State::win(int f) {
  result.assign(players, 0.0);
  result[f] = 1.0;
  tasks.clear();
  tally.note(EV_ENDS);  // end-game
  over = true;
  end_reason = "finished";
}

void State::end_turn() {
  const int nxt = (turn + 1) % players;
  if (nxt == game->config().first_seat) {  // a round ends when play comes back to the starter
    const int cap = game->config().max_rounds;
    if (cap >= 0 && round >= cap) {
      tasks.clear();
      tally.note(EV_ENDS);  // end-game
      result.assign(players, 1.0 / players);
      over = true;
      end_reason = "round-cap";
      return;
    }
    ++round;
  }
  turn = nxt;
  start_turn();
}

// --- engine.py ---------------------------------------------------------------------------

bool State::usable(int power) const {
  const int f = turn;
  return item_ready[f] && item[f] >= 0 && game->config().power[item[f]] == power;
}

bool State::extra_group(const std::vector<int>& starts) const {
  return usable(EXTRA_GROUP) && (!starts.empty() || !startable(turn, true).empty());
}

void State::run() {
  const Config& c = game->config();
  while (!over) {
    throne_fix();
    const Task& top = tasks.back();
    const int code = top[0];
    if (code < AUTO) {
      const int f = top[1];
      if (code == ACT) {
        if (pending().empty()) {
          tasks.pop_back();
          continue;
        }
      } else if (code == MOVE) {
        const std::vector<int> starts = group_starts(f);
        if (starts.empty() && !extra_group(starts)) {
          end_moves();
          continue;
        }
      } else if (code == SPAWN) {
        if (static_cast<int>(rats[f].size()) >= c.max_rats) {
          tasks.pop_back();
          continue;
        }
      } else if (code == USE) {
        if (!item_ready[f] || item[f] < 0) {
          tasks.pop_back();
          continue;
        }
      } else if (code == PUSH) {
        if (own(top[2], top[3]) <= throne_rat(top[2], top[3])) {
          tasks.pop_back();
          continue;
        }
      } else if (code == RETREAT) {
        if (!own(f, top[2])) {
          tasks.pop_back();
          continue;
        }
      }
      to_move = f;
      return;
    }
    const Task t = top;
    tasks.pop_back();
    switch (code) {
      case FIGHT:
        open_fight(t[1], t[2]);
        break;
      case ROLL:
        roll(t[1], t[2]);
        break;
      case CARD:
        effect(t[1], t[2], t[3]);
        break;
      case EXT_PHASE:
        open_phase();
        break;
      case EXT_MOVE:
        ext_move();
        break;
      case VICTORY:
        victory_check();
        break;
      case END_TURN:
        end_turn();
        break;
      default:
        throw std::logic_error("unknown task");
    }
  }
}

void State::legal_into(std::vector<int>& out) const {
  out.clear();
  if (over) return;
  const Game& g = *game;
  const Config& c = g.config();
  const Task& top = tasks.back();
  const int code = top[0], f = top[1];
  switch (code) {
    case MOVE: {
      const std::vector<int> starts = group_starts(f);
      for (int x : starts) out.push_back(g.group[x]);
      if (extra_group(starts)) out.push_back(g.use[c.type_of[item[f]]]);
      out.push_back(g.end_moves);
      return;
    }
    case STEP:
      for (auto [to, cost] : group_steps()) {
        (void)cost;
        out.push_back(g.step[to]);
      }
      if (usable(EXTRA_STEPS)) out.push_back(g.use[c.type_of[item[f]]]);
      if (grp_path.size() > 1) out.push_back(g.stop);
      return;
    case TAKE:
      for (auto [a, u] : take_options(f, top[2])) out.push_back(g.take[a][u]);
      return;
    case ACT: {
      const std::vector<int> spaces = pending();
      const std::vector<int> fights = contested(spaces);
      if (!fights.empty()) {
        for (int x : fights) out.push_back(g.fight[x]);
        return;
      }
      for (int x : spaces) {
        const size_t n = out.size();
        if (can_scavenge(x)) out.push_back(g.scavenge[x]);
        if (can_feed(x)) out.push_back(g.feed[x]);
        if (breed_pairs(x)) out.push_back(g.breed[x]);
        if (can_nest(x)) out.push_back(g.nest[x]);
        if (can_claim(x)) out.push_back(g.claim);
        if (out.size() == n) out.push_back(g.rest[x]);
      }
      return;
    }
    case SPAWN:
      for (int x : spawn_places(f)) out.push_back(g.spawn[x]);
      return;
    case PUSH:
      for (int x : push_choices(f, top[2], top[3], top[4])) out.push_back(g.push[x]);
      return;
    case EXT:
      for (size_t i = 2; i < top.size(); ++i) out.push_back(g.ext[top[i]]);
      return;
    case USE:
      out.push_back(g.use[c.type_of[item[f]]]);
      out.push_back(g.pass);
      return;
    case KEEP: {
      std::vector<int> seen;
      for (size_t i = 3; i < top.size(); ++i)
        if (!has(seen, c.type_of[top[i]])) seen.push_back(c.type_of[top[i]]);
      for (int t : seen) out.push_back(g.keep[t]);
      return;
    }
    case ITEM: {
      const int old = c.type_of[item[f]], fresh = c.type_of[top[2]];
      out.push_back(g.item[old]);
      if (old != fresh) out.push_back(g.item[fresh]);
      return;
    }
    case TOKEN:
      out.push_back(g.token_keep);
      out.push_back(g.token_new);
      return;
    case RELOCATE:
      for (int x : relocate_choices()) out.push_back(g.relocate[x]);
      return;
    case RETREAT:
      for (int x : retreat_places(f, top[2])) out.push_back(g.retreat[x]);
      return;
    case ONE_RAT:
      out.push_back(g.reinforce);
      out.push_back(g.play_on);
      return;
    case PAIRS:
      for (int k = 1; k <= top[3]; ++k) out.push_back(g.pairs[k]);
      return;
    default:
      throw std::logic_error("no decision on top");
  }
}

std::vector<int> State::legal() const {
  std::vector<int> out;
  legal_into(out);
  return out;
}

void State::use_item() {
  const Task top = tasks.back();
  const int f = top[1];
  const int card = item[f];
  const Config& c = game->config();
  const int power = c.power[card];
  item_ready[f] = false;
  tally.note(EV_OTHER);  // use
  if (top[0] == USE) {
    tasks.pop_back();
    if (top[2] == W_FIGHT)
      bonus[f] += c.n[card];
    else if (top[2] == W_EXT)
      pigeon_call(f);
    else
      cancel();
  } else if (power == EXTRA_GROUP) {
    ++groups_left;
  } else if (power == EXTRA_STEPS) {
    grp_steps += c.n[card];
  }
}

void State::apply(int action) {
  const Action& a = game->actions()[action];
  tally.begin(card_choice(a.kind));
  switch (a.kind) {
    case A_STEP:
      step(a.a);
      break;
    case A_GROUP:
      tasks.push_back({TAKE, turn, a.a});
      break;
    case A_TAKE:
      take(tasks.back()[2], a.a, a.b);
      break;
    case A_STOP:
      stop();
      break;
    case A_END_MOVES:
      end_moves();
      break;
    case A_FIGHT:
    case A_SCAVENGE:
    case A_FEED:
    case A_BREED:
    case A_NEST:
    case A_CLAIM:
    case A_REST:
      act(a.kind, a.a);
      break;
    case A_SPAWN:
      do_spawn(a.a);
      break;
    case A_PUSH:
      push_to(a.a);
      break;
    case A_EXT: {
      const int actor = tasks.back()[1];
      tasks.pop_back();
      land(a.a, actor);
      break;
    }
    case A_USE:
      use_item();
      break;
    case A_PASS:
    case A_PLAY_ON:
      tasks.pop_back();
      break;
    case A_KEEP:
      keep(a.a);
      break;
    case A_ITEM:
      choose_item(a.a);
      break;
    case A_TOKEN_KEEP:
    case A_TOKEN_NEW:
      token_choice(a.kind == A_TOKEN_NEW);
      break;
    case A_RELOCATE:
      relocate(a.a);
      break;
    case A_RETREAT: {
      const Task t = tasks.back();
      tasks.pop_back();
      move_all(t[1], t[2], a.a);
      tally.note(EV_OTHER);  // retreat
      break;
    }
    case A_REINFORCE:
      reinforce();
      break;
    case A_PAIRS: {
      const Task t = tasks.back();
      tasks.pop_back();
      breed(t[2], a.a);
      break;
    }
  }
  run();
}

std::vector<double> State::returns() const {
  return over ? result : std::vector<double>(players, 0.0);
}

State State::determinize(int seat, const std::string& seed_text) const {
  (void)seat;  // the order of both draw piles is all that is hidden, from every seat alike
  State out(*this);
  std::sort(out.surface_deck.begin(), out.surface_deck.end());
  std::sort(out.under_deck.begin(), out.under_deck.end());
  out.unordered_surface = out.surface_deck.empty() ? -1 : static_cast<int>(out.surface_deck.size());
  out.unordered_under = out.under_deck.empty() ? -1 : static_cast<int>(out.under_deck.size());
  out.rng = Rng::keyed(seed_text);
  return out;
}

}  // namespace ratking::trf
