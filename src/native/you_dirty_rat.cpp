// You Dirty Rat's forward model, evaluation and heuristic: rules.py, state.py, evaluate.py and
// heuristic.py step for step (seed 002 and RULINGS.md, You Dirty Rat). Every float is summed
// in the order the Python sums it, so results agree bit for bit.
#include "you_dirty_rat.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>
#include <utility>

namespace ratking::ydr {

// --- the game and its action catalogue --------------------------------------------------------

Game::Game(Config config) : cfg_(std::move(config)) {
  const auto& c = cfg_;
  const int types = static_cast<int>(c.slugs.size());
  ringleader = c.specialists * c.copies;
  for (int card = 0; card < ringleader; ++card) card_type.push_back(card / c.copies);
  for (int i = 0; i < 3; ++i) card_type.push_back(c.specialists + i);
  for (int t : card_type) card_arch.push_back(c.archetypes[t]);
  for (int t = 0; t < types; ++t) needs_partner.push_back(c.effects[t] == THUG ? 1 : 0);
  const int heists = static_cast<int>(c.heist_chain.size());
  for (int h = 0; h < heists; ++h) {
    int next = -1;
    for (int x = 0; x < heists; ++x)
      if (c.heist_chain[x] == c.heist_chain[h] && c.heist_step[x] == c.heist_step[h] + 1) next = x;
    next_in_chain.push_back(next);
  }
  const auto num = [](int i) { return std::to_string(i); };
  for (int t = 0; t < types; ++t) play.push_back(add(K_PLAY, "play:" + c.slugs[t], t));
  for (int h = 0; h < heists; ++h) heist.push_back(add(K_HEIST, "heist:" + num(h), h));
  for (int t = 0; t < types; ++t) team.push_back(add(K_TEAM, "team:" + c.slugs[t], t));
  for (int p = 0; p < MAX_SEATS; ++p) target.push_back(add(K_TARGET, "target:" + num(p), p));
  for (int x = 0; x < ringleader + 3; ++x) card.push_back(add(K_CARD, "card:" + num(x), x));
  for (int t = 0; t < types; ++t) keep.push_back(add(K_KEEP, "keep:" + c.slugs[t], t));
  for (int t = 0; t < types; ++t) partner.push_back(add(K_WITH, "with:" + c.slugs[t], t));
  static const char* const ARCHETYPES[3] = {"smarts", "stealth", "muscle"};
  for (int a = 0; a < 3; ++a)
    arch.push_back(add(K_ARCH, std::string("arch:") + ARCHETYPES[a], a));
  for (int t = 0; t < types; ++t) copy.push_back(add(K_COPY, "copy:" + c.slugs[t], t));
  no_extra = add(K_NO_EXTRA, "extra:none");
  placeholder = add(K_PLACEHOLDER, "placeholder");
}

int Game::add(Kind kind, std::string id, int arg) {
  actions_.push_back(Action{kind, arg, std::move(id)});
  return static_cast<int>(actions_.size()) - 1;
}

int Game::action_index(const std::string& id) const {
  for (size_t i = 0; i < actions_.size(); ++i)
    if (actions_[i].id == id) return static_cast<int>(i);
  return -1;
}

// --- set-up -----------------------------------------------------------------------------------

State State::start(const Game& game, int players, Rng rng) {
  State s;
  s.game = &game;
  s.players = players;
  s.rng = std::move(rng);
  const auto& c = game.config();
  const int tokens = players == 2 ? c.stash_two : players == 3 ? c.stash_three : c.stash_four;
  s.total = static_cast<int64_t>(tokens) * TOKEN;
  const int ring = game.ringleader;
  std::vector<int> cards;
  for (int card = 0; card < ring; ++card) {
    if (players == 2 && card % c.copies == 0) {  // seed 002, set-up 3: one of each type leaves
      s.removed.push_back(card);
      continue;
    }
    cards.push_back(card);
  }
  s.rng.shuffle(cards);
  s.deck = std::move(cards);
  for (int p = 0; p < players; ++p) {
    std::vector<int> hand{ring, ring + 1, ring + 2};
    const int deal = std::min<int>(c.hand, static_cast<int>(s.deck.size()));
    for (int i = 0; i < deal; ++i) {
      hand.push_back(s.deck.back());
      s.deck.pop_back();
    }
    s.hands.push_back(std::move(hand));
  }
  s.nights.assign(players, Hideout{});
  s.refresh.assign(players, {});
  s.won.assign(players, {});
  const int64_t start = std::min<int64_t>(c.start_money, s.total / players / TOKEN * TOKEN);
  s.money.assign(players, static_cast<int>(start));
  s.stash = s.total - start * players;
  // seed 002, set-up 2: chains marked 3+ or 4+ leave smaller games
  s.tops.assign(c.chain_players.size(), -1);
  for (size_t h = 0; h < c.heist_chain.size(); ++h)
    if (c.heist_step[h] == 0 && c.chain_players[c.heist_chain[h]] <= players)
      s.tops[c.heist_chain[h]] = static_cast<int>(h);
  s.to_move = c.first_seat;  // seed 002, HOW TO PLAY: "Choose a starting Player"
  return s;
}

std::vector<double> State::returns() const {
  return result.empty() ? std::vector<double>(players, 0.0) : result;
}

// --- helpers ----------------------------------------------------------------------------------

std::vector<int> State::hand_types(int p) const {
  std::vector<int> out;
  each_type(type_set(hands[p]), [&out](int t) { out.push_back(t); });
  return out;
}

Mask State::type_set(const std::vector<int>& cards) const {
  Mask types;
  for (int c : cards) types.set(game->card_type[c]);
  return types;
}

int State::hideout_count(int p) const {
  int n = 0;
  for (const auto& night : nights[p])
    for (int c : night) n += c != PLACEHOLDER;
  return n;
}

int State::lone_hits(int o, int a) const {
  int hits = 0;
  for (const auto& night : nights[o])
    if (night.size() == 1 && night[0] != PLACEHOLDER) {
      const int x = game->card_arch[night[0]];
      hits += x == a || x == ANY;
    }
  return hits;
}

std::vector<int> State::card_targets(int p) const {
  std::vector<int> found;
  if (kind == LOOKOUT) {
    for (const auto& night : nights[p])
      for (int c : night)
        if (c != PLACEHOLDER && c != played) found.push_back(c);
  } else {
    for (int i = 1; i < players; ++i)
      for (const auto& night : nights[opponent(p, i)])
        for (int c : night)
          if (c != PLACEHOLDER && c < game->ringleader && (night.size() == 1 || kind == POACHER))
            found.push_back(c);
  }
  std::sort(found.begin(), found.end());
  return found;
}

std::vector<int> State::copy_types(int p) const {
  const auto& c = game->config();
  std::vector<int> out;
  for (int t : hand_types(p)) {
    const int e = c.effects[t];
    if (e != FEMME_FATALE && e != THUG && e != FALL_GUY && c.archetypes[t] != ANY)
      out.push_back(t);
  }
  return out;
}

// --- legal actions ----------------------------------------------------------------------------

void State::play_options(int p, std::vector<int>& out) const {
  // seed 002, F.A.Q.: a Thug needs a card from the hand to team with
  const bool alone = hands[p].size() == 1;
  each_type(type_set(hands[p]), [&](int t) {
    if (!(alone && game->needs_partner[t])) out.push_back(game->play[t]);
  });
}

std::vector<int> State::legal() const {
  std::vector<int> out;
  legal_into(out);
  return out;
}

void State::legal_into(std::vector<int>& out) const {
  out.clear();
  if (over) return;
  const Game& g = *game;
  const auto& c = g.config();
  const int p = to_move;
  const auto& hand = hands[p];
  switch (phase) {
    case MAIN: {
      if (hand.empty()) {  // seed 002, F.A.Q.: no card can be played
        out.push_back(g.placeholder);
        return;
      }
      int have[4] = {0, 0, 0, 0};
      for (int x : hand) ++have[g.card_arch[x]];
      play_options(p, out);
      for (int h : tops) {
        if (h < 0) continue;
        // seed 002: the team must match exactly, an Inside Man counting as any one archetype
        const auto& need_ = c.heist_team[h];
        const int size = need_[0] + need_[1] + need_[2];
        if (size - have[ANY] <= std::min(need_[0], have[0]) + std::min(need_[1], have[1])
                                    + std::min(need_[2], have[2]))
          out.push_back(g.heist[h]);
      }
      if (out.empty()) out.push_back(g.placeholder);  // a lone Thug: the forced $100 (RULINGS)
      return;
    }
    case TEAM: {
      Mask types;
      for (int x : hand) {
        const int a = g.card_arch[x];
        if (a == ANY || need[a]) types.set(g.card_type[x]);
      }
      each_type(types, [&](int t) { out.push_back(g.team[t]); });
      return;
    }
    case TARGET:
      for (int i = 1; i < players; ++i) out.push_back(g.target[opponent(p, i)]);
      return;
    case CARD:
      for (int x : card_targets(p)) out.push_back(g.card[x]);
      return;
    case KEEP:
      each_type(type_set(drawn), [&](int t) { out.push_back(g.keep[t]); });
      return;
    case PARTNER:
      each_type(type_set(hand), [&](int t) { out.push_back(g.partner[t]); });
      return;
    case ARCH:
      out = g.arch;
      return;
    case COPY:
      for (int t : copy_types(p)) out.push_back(g.copy[t]);
      return;
    default:  // EXTRA
      play_options(p, out);
      out.push_back(g.no_extra);
      return;
  }
}

// --- apply ------------------------------------------------------------------------------------

void State::apply(int action) {
  const Game& g = *game;
  const auto& c = g.config();
  const Action& a = g.actions()[action];
  const int p = to_move;
  switch (a.kind) {
    case K_PLAY: {
      if (phase == EXTRA) advance(p);  // seed 002, F.A.Q. Femme Fatale: Advance Time first
      const int card = take(p, a.arg);
      nights[p][0].assign(1, card);
      public_.set(card);
      played = card;
      resolve(p, a.arg);
      break;
    }
    case K_HEIST:
      heist = a.arg;
      need = c.heist_team[a.arg];
      wild_used = 0;
      nights[p][0].clear();
      phase = TEAM;
      break;
    case K_TEAM: {
      const int card = take(p, a.arg);
      nights[p][0].push_back(card);
      public_.set(card);
      const int arch = c.archetypes[a.arg];
      if (arch == ANY)
        ++wild_used;
      else
        --need[arch];
      if (need[0] + need[1] + need[2] == wild_used) heist_done(p);
      break;
    }
    case K_TARGET:
      rob(p, a.arg, amount);
      done();
      break;
    case K_CARD:
      card_effect(p, a.arg);
      done();
      break;
    case K_KEEP: {
      int kept = -1;
      for (int x : drawn)
        if (g.card_type[x] == a.arg) {
          kept = x;
          break;
        }
      hands[p].push_back(kept);
      for (int x : drawn)
        if (x != kept) {
          discard.push_back(x);
          public_.set(x);
        }
      drawn.clear();
      done();
      break;
    }
    case K_WITH: {
      const int card = take(p, a.arg);
      nights[p][0].push_back(card);
      public_.set(card);
      const int arch = c.archetypes[a.arg];
      if (arch == ANY) {
        phase = ARCH;
      } else {
        thug(p, arch);
        done();
      }
      break;
    }
    case K_ARCH:
      thug(p, a.arg);
      done();
      break;
    case K_COPY:
      resolve(p, a.arg);
      break;
    case K_NO_EXTRA:
      done();
      break;
    case K_PLACEHOLDER:
      if (money[p] >= TOKEN) {
        money[p] -= TOKEN;
        nights[p][0].assign(1, PLACEHOLDER);
      }
      done();
      break;
  }
  check_end();
}

int State::take(int p, int t) {
  auto& hand = hands[p];
  for (size_t i = 0; i < hand.size(); ++i)
    if (game->card_type[hand[i]] == t) {
      const int card = hand[i];
      hand.erase(hand.begin() + static_cast<std::ptrdiff_t>(i));
      return card;
    }
  return -1;  // unreachable: only legal actions are applied
}

bool State::lift(int p, int card) {
  bool found = false;
  for (auto& night : nights[p]) {
    const auto at = std::find(night.begin(), night.end(), card);
    if (at != night.end()) {
      night.erase(at);
      found = true;
    }
  }
  return found;
}

void State::to_refresh(int p, const Night& items) {
  for (int x : items) {
    if (x == PLACEHOLDER)
      stash += TOKEN;  // seed 002, F.A.Q.: the $100 returns to the Town Stash
    else
      refresh[p].push_back(x);
  }
}

void State::advance(int p) {
  // seed 002, Step 1: every card moves forward a Night; Night 3 leaves for the Refresh Area
  auto& n = nights[p];
  to_refresh(p, n[2]);
  std::swap(n[2], n[1]);  // the Nights' buffers turn round with them: nothing allocated
  std::swap(n[1], n[0]);
  n[0].clear();
}

void State::steal_stash(int p, int64_t amt) {
  const int64_t got = std::min(amt, stash);  // seed 002, F.A.Q.: only what the stash holds
  stash -= got;
  money[p] += static_cast<int>(got);
  tally.stash += got;
}

void State::rob(int p, int o, int64_t amt) {
  const int got = static_cast<int>(std::min<int64_t>(amt, money[o]));
  money[o] -= got;
  money[p] += got;
  tally.robbed += got;
}

void State::draw(int p, int n, std::vector<int>* into) {
  // seed 002, END GAME SCORING: the game ends when the deck is out and the discard pile
  // cannot refill it, even in the middle of a draw (RULINGS)
  std::vector<int>& dest = into ? *into : hands[p];
  for (int i = 0; i < n; ++i) {
    if (deck.empty()) {
      if (discard.empty()) break;
      deck.swap(discard);
      discard.clear();
      for (int x : deck) public_ = public_ & ~Mask::bit(x);
      rng.shuffle(deck);
      ++tally.reshuffle;
    }
    int card;
    if (unordered > 0) {  // a determinization's deck: any of its loose top cards
      const auto at = deck.size() - static_cast<size_t>(unordered)
                      + static_cast<size_t>(rng.randrange(static_cast<uint64_t>(unordered)));
      --unordered;
      card = deck[at];
      deck.erase(deck.begin() + static_cast<std::ptrdiff_t>(at));
    } else {
      card = deck.back();
      deck.pop_back();
    }
    public_ = public_ & ~Mask::bit(card);
    dest.push_back(card);
    ++tally.drawn;
  }
  if (deck.empty() && discard.empty()) deck_out = true;
}

void State::resolve(int p, int t) {
  const auto& c = game->config();
  const int amt = c.amounts[t];
  switch (c.effects[t]) {
    case STASH:
      steal_stash(p, amt);
      break;
    case ROB_ONE:
      amount = amt;
      phase = TARGET;
      return;
    case ROB_EACH:
      for (int i = 1; i < players; ++i) rob(p, opponent(p, i), amt);
      break;
    case DRAW:
      draw(p, amt);
      break;
    case PER_HEIST:
      steal_stash(p, static_cast<int64_t>(amt) * static_cast<int64_t>(won[p].size()));
      break;
    case PER_HIDEOUT:
      steal_stash(p, static_cast<int64_t>(amt) * hideout_count(p));
      break;
    case ROB_TEAMS:
      for (int i = 1; i < players; ++i) {
        const int o = opponent(p, i);
        bool team = false;
        for (const auto& night : nights[o]) team = team || night.size() >= 2;
        if (team) rob(p, o, amt);
      }
      break;
    case MASTERMIND:
      drawn.clear();
      draw(p, amt, &drawn);
      if (!drawn.empty()) {
        phase = KEEP;
        return;
      }
      break;
    case FEMME_FATALE:
      phase = EXTRA;
      return;
    case THUG:
      amount = amt;  // it was playable, so a partner is in hand (seed 002, F.A.Q.)
      phase = PARTNER;
      return;
    case FALL_GUY:
      if (!copy_types(p).empty()) {
        phase = COPY;
        return;
      }
      break;
    case SNITCH:
    case LOOKOUT:
    case POACHER:
      kind = c.effects[t];
      if (!card_targets(p).empty()) {
        phase = CARD;
        return;
      }
      break;
    case WHEELMAN: {
      auto& n = nights[p];
      to_refresh(p, n[2]);
      std::swap(n[2], n[1]);
      n[1].clear();
      break;
    }
  }
  done();
}

void State::card_effect(int p, int card) {
  if (kind == LOOKOUT) {
    lift(p, card);
    refresh[p].push_back(card);
    return;
  }
  for (int i = 1; i < players; ++i) lift(opponent(p, i), card);
  if (kind == SNITCH)
    discard.push_back(card);
  else
    refresh[p].push_back(card);
}

void State::thug(int p, int a) {
  // seed 002, F.A.Q. Thug: $100 from each opponent per lone card of the partner's archetype
  for (int i = 1; i < players; ++i) {
    const int o = opponent(p, i);
    const int hits = lone_hits(o, a);
    if (hits) rob(p, o, static_cast<int64_t>(amount) * hits);
  }
}

void State::heist_done(int p) {
  const auto& c = game->config();
  const int h = heist;
  won[p].push_back(h);
  tops[c.heist_chain[h]] = game->next_in_chain[h];
  const int amt = c.heist_amount[h];
  switch (c.heist_reward[h]) {
    case STASH:
      steal_stash(p, amt);
      break;
    case ROB_EACH:
      for (int i = 1; i < players; ++i) rob(p, opponent(p, i), amt);
      break;
    case DRAW:
      draw(p, amt);
      break;
    default:  // rob-one
      amount = amt;
      phase = TARGET;
      return;
  }
  done();
}

void State::done() {
  // Step 2 is over: Refresh (seed 002, Step 3), pass the turn, Advance Time for the next player
  const int p = to_move;
  hands[p].insert(hands[p].end(), refresh[p].begin(), refresh[p].end());
  refresh[p].clear();
  phase = MAIN;
  if (deck_out || stash <= 0 || *std::max_element(tops.begin(), tops.end()) < 0) return;
  const int nxt = (p + 1) % players;
  ++turns;
  if (nxt == game->config().first_seat) {  // a round ends when play comes back to the starter
    const int cap = game->config().max_rounds;
    if (cap >= 0 && round >= cap) {
      finish("round-cap");
      return;
    }
    ++round;
  }
  to_move = nxt;
  advance(nxt);
}

void State::check_end() {
  // seed 002, END GAME SCORING: the game ends at once on any of the three conditions (a
  // Mastermind that ran the deck out keeps one of its cards first)
  if (over || phase == KEEP) return;
  if (stash <= 0 || *std::max_element(tops.begin(), tops.end()) < 0 || deck_out)
    finish("finished");
}

std::vector<int64_t> State::totals() const {
  const auto& c = game->config();
  std::vector<int64_t> out;
  for (int p = 0; p < players; ++p) {
    std::map<int, int> per_chain;
    for (int h : won[p]) ++per_chain[c.heist_chain[h]];
    int64_t extra = 0;
    for (const auto& [chain, k] : per_chain)
      extra += k >= 4 ? c.bonus_four : k == 3 ? c.bonus_three : k == 2 ? c.bonus_two : 0;
    out.push_back(money[p] + extra);
  }
  return out;
}

int State::organisation(int p) const {
  const int ring = game->ringleader;
  int n = 0;
  const auto count = [&](const std::vector<int>& cards) {
    for (int x : cards) n += x >= 0 && x < ring;
  };
  count(hands[p]);
  count(refresh[p]);
  for (const auto& night : nights[p]) count(night);
  return n;
}

void State::finish(const char* reason) {
  const auto score = totals();
  using Key = std::tuple<int64_t, size_t, int>;
  std::vector<Key> keys;
  for (int p = 0; p < players; ++p) keys.emplace_back(score[p], won[p].size(), -organisation(p));
  const Key best = *std::max_element(keys.begin(), keys.end());
  const auto winners = std::count(keys.begin(), keys.end(), best);
  const double share = 1.0 / static_cast<double>(winners);
  result.clear();
  for (int p = 0; p < players; ++p) result.push_back(keys[p] == best ? share : 0.0);
  over = true;
  end_reason = reason;
}

// --- determinization (state.py's _redeal) -------------------------------------------------------

State State::determinize(int seat, const std::string& seed_text) const {
  State s = *this;
  s.rng = Rng::keyed(seed_text);
  s.unordered = -1;
  // every Specialist `seat` cannot place (others' unseen hand cards, the cards the Mastermind
  // shows someone else, the deck), dealt to those places again from the sorted pool; the deck
  // gets the rest, in no order
  const int ring = game->ringleader;
  std::vector<std::pair<int, int>> spots;
  std::vector<int> pool;
  for (int p = 0; p < players; ++p)
    if (p != seat)
      for (size_t i = 0; i < hands[p].size(); ++i) {
        const int c = hands[p][i];
        if (c < ring && !public_.has(c)) {
          spots.emplace_back(p, static_cast<int>(i));
          pool.push_back(c);
        }
      }
  if (to_move != seat)
    for (size_t i = 0; i < drawn.size(); ++i) {
      spots.emplace_back(-1, static_cast<int>(i));
      pool.push_back(drawn[i]);
    }
  pool.insert(pool.end(), deck.begin(), deck.end());
  std::sort(pool.begin(), pool.end());
  const auto dealt = s.rng.deal(pool, spots.size());
  for (size_t j = 0; j < spots.size(); ++j) {
    const auto [p, i] = spots[j];
    (p < 0 ? s.drawn[i] : s.hands[p][i]) = dealt[j];
  }
  if (!pool.empty()) s.unordered = static_cast<int>(pool.size());
  s.deck = std::move(pool);
  return s;
}

// --- the evaluation (evaluate.py) --------------------------------------------------------------

std::vector<double> evaluate(const State& s) {
  static constexpr double W[4] = {-0.111, 3.09, 3.99, 0.409};
  const auto score = s.totals();
  const double drained = 1.0 - static_cast<double>(s.stash) / static_cast<double>(s.total);
  std::vector<double> out;
  for (int p = 0; p < s.players; ++p) {
    const double cash = static_cast<double>(score[p]) / 1000.0;
    const double row[4] = {cash, cash * drained, s.organisation(p) / 10.0,
                           static_cast<double>(s.won[p].size())};
    double x = 0.0;
    for (int i = 0; i < 4; ++i) x += W[i] * row[i];
    out.push_back(x);
  }
  const double top = *std::max_element(out.begin(), out.end());
  double sum = 0.0;
  for (auto& x : out) sum += (x = std::exp(x - top));
  for (auto& x : out) x /= sum;
  return out;
}

// --- the observation tensor (observation.py's encode_update, writing every part) -------------

namespace {

constexpr int HAND_MOST = 12, MASTERMIND_DRAW = 3;

inline float scaled(double value, double most) {
  if (most <= 0) return 0.0f;
  const double x = value / most;
  return static_cast<float>(x > 1.0 ? 1.0 : (x < 0.0 ? 0.0 : x));
}

// one card counted, read as at most 1; the sum is taken in double from the float32 already
// there, as the Python encoder adds through a memoryview
inline void add(float& at, double unit) {
  const double x = static_cast<double>(at) + unit;
  at = static_cast<float>(x < 1.0 ? x : 1.0);
}

// each card counted at its type
inline void count(float* out, int base, const std::vector<int>& cards,
                  const std::vector<int>& card_type, double unit) {
  for (int c : cards) add(out[base + card_type[c]], unit);
}

}  // namespace

void observe(const State& s, int seat, const Layout& lay, float* out) {
  const Game& g = *s.game;
  const auto& c = g.config();
  const int players = s.players, types = static_cast<int>(c.slugs.size());
  const double unit = 1.0 / c.copies;
  const int tokens = players == 2 ? c.stash_two : players == 3 ? c.stash_three : c.stash_four;
  const double total = static_cast<double>(tokens) * TOKEN;
  const int in_play = g.ringleader - (players == 2 ? c.specialists : 0);
  if (!s.over) {
    out[lay.to_move + ((s.to_move - (seat < 0 ? 0 : seat)) % players + players) % players] = 1;
    out[lay.phase + s.phase] = 1;
  }
  out[lay.stash] = scaled(static_cast<double>(s.stash), total);
  out[lay.deck] = scaled(static_cast<double>(s.deck.size()), in_play);
  count(out, lay.discard, s.discard, g.card_type, unit);
  count(out, lay.removed, s.removed, g.card_type, unit);
  for (int top : s.tops) {
    if (top < 0) continue;
    out[lay.heists + 2 * top + 1] = 1;
    for (size_t h = 0; h < c.heist_chain.size(); ++h)  // its chain from it down
      if (c.heist_chain[h] == c.heist_chain[top] && c.heist_step[h] >= c.heist_step[top])
        out[lay.heists + 2 * static_cast<int>(h)] = 1;
  }
  if (!s.over && s.phase == TEAM)
    out[lay.committing + s.heist] = 1;
  else if (!s.over && s.phase == KEEP && seat == s.to_move)  // shown to the seat that keeps
    count(out, lay.drawn, s.drawn, g.card_type, 1.0 / MASTERMIND_DRAW);
  out[lay.drawn_count] = scaled(static_cast<double>(s.drawn.size()), MASTERMIND_DRAW);
  if (c.max_rounds > 0) out[lay.round] = scaled(static_cast<double>(s.round), c.max_rounds);
  if (s.over) out[lay.over] = 1;
  const int start = seat < 0 ? 0 : seat;
  for (int k = 0; k < players; ++k) {
    const int p = (start + k) % players;  // the observer first
    const int block = lay.seat_money + k * lay.seat_stride;
    out[block] = scaled(s.money[p], total);
    out[block + 1] = scaled(static_cast<double>(s.hands[p].size()), HAND_MOST);
    if (p == seat) count(out, block + 2, s.hands[p], g.card_type, unit);
    int base = block + 2 + types;
    for (const auto& night : s.nights[p]) {
      for (int card : night) {
        if (card == PLACEHOLDER)
          out[base + types] = 1;
        else
          add(out[base + g.card_type[card]], unit);
      }
      base += types + 1;
    }
    count(out, base, s.refresh[p], g.card_type, unit);
    base += types;
    for (int h : s.won[p]) out[base + lay.heist_slot[h]] = 1;
  }
}

// --- the heuristic (heuristic.py) ---------------------------------------------------------------

namespace {

// the archetype whose lone cards in opponents' Hideouts pay the Thug most, and that pay
std::pair<int, double> best_partner(const State& s, int p) {
  std::pair<int, double> best{0, 0.0};
  for (int a = 0; a < 3; ++a) {
    double gain = 0.0;
    for (int i = 1; i < s.players; ++i) {
      const int o = s.opponent(p, i);
      gain += std::min(100 * s.lone_hits(o, a), s.money[o]);
    }
    if (gain > best.second) best = {a, gain};
  }
  return best;
}

// roughly how many dollars playing a card of type t gains now
double card_value(const State& s, int p, int t) {
  const auto& c = s.game->config();
  const int64_t amt = c.amounts[t];
  int richest = 0;
  for (int i = 1; i < s.players; ++i) richest = std::max(richest, s.money[s.opponent(p, i)]);
  const auto robbed = [&](bool teams_only) {
    int64_t sum = 0;
    for (int i = 1; i < s.players; ++i) {
      const int o = s.opponent(p, i);
      bool team = !teams_only;
      for (const auto& night : s.nights[o]) team = team || night.size() >= 2;
      if (team) sum += std::min<int64_t>(amt, s.money[o]);
    }
    return 1.5 * static_cast<double>(sum);
  };
  switch (c.effects[t]) {
    case STASH: return static_cast<double>(std::min(amt, s.stash));
    case ROB_ONE: return 1.5 * static_cast<double>(std::min<int64_t>(amt, richest));
    case ROB_EACH: return robbed(false);
    case DRAW: return 120.0 * static_cast<double>(amt);
    case PER_HEIST:
      return static_cast<double>(
          std::min(amt * static_cast<int64_t>(s.won[p].size()), s.stash));
    case PER_HIDEOUT:
      return static_cast<double>(std::min(amt * (1 + s.hideout_count(p)), s.stash));
    case ROB_TEAMS: return robbed(true);
    case MASTERMIND: return 150.0;
    case FEMME_FATALE: return s.hands[p].size() > 1 ? 160.0 : 10.0;
    case THUG: return 1.5 * best_partner(s, p).second;
    case FALL_GUY: return 80.0;
    case WHEELMAN: return s.nights[p][2].empty() ? 20.0 : 60.0;
    default: return 90.0;  // snitch, lookout, poacher
  }
}

double heist_value(const State& s, int h) {
  const auto& c = s.game->config();
  double per;
  switch (c.heist_reward[h]) {
    case STASH: per = 1.0; break;
    case ROB_ONE: per = 1.5; break;
    case ROB_EACH: per = 1.5 * (s.players - 1); break;
    default: per = 120.0;  // draw
  }
  return 200.0 + c.heist_amount[h] * per + 100 * c.heist_step[h];
}

double score(const State& s, const Action& a) {
  const auto& c = s.game->config();
  const int p = s.to_move;
  switch (a.kind) {
    case K_HEIST: return heist_value(s, a.arg);
    case K_PLAY:
    case K_KEEP:
    case K_COPY: return card_value(s, p, a.arg) - (c.archetypes[a.arg] == ANY ? 5 : 0);
    case K_NO_EXTRA: return 15.0;
    case K_TARGET: return s.money[a.arg];
    case K_TEAM:  // keep Inside Men for later; spend the cheapest cards
      return -card_value(s, p, a.arg) - (c.archetypes[a.arg] == ANY ? 500 : 0);
    case K_WITH: {
      const int arch = c.archetypes[a.arg];
      const int want = best_partner(s, p).first;
      return (arch == want || arch == ANY ? 100 : 0) - card_value(s, p, a.arg) / 10;
    }
    case K_ARCH: return a.arg == best_partner(s, p).first ? 1.0 : 0.0;
    case K_CARD: {
      int owner = -1;  // the first seat whose Hideout holds it (Ringleaders' ids are shared)
      for (int o = 0; o < s.players && owner < 0; ++o)
        for (const auto& night : s.nights[o])
          if (std::find(night.begin(), night.end(), a.arg) != night.end()) owner = o;
      if (owner < 0) owner = p;
      return s.money[owner] + (owner != p ? 0 : 50);
    }
    default: return 0.0;
  }
}

}  // namespace

int heuristic(const State& s, MersenneTwister& jitter) {
  const auto legal = s.legal();
  if (legal.size() == 1) return legal[0];
  std::vector<double> scores;
  for (int a : legal) scores.push_back(score(s, s.game->actions()[a]));
  const double best = *std::max_element(scores.begin(), scores.end());
  std::vector<int> top;
  for (size_t i = 0; i < legal.size(); ++i)
    if (scores[i] >= best - 1e-9) top.push_back(legal[i]);
  return top[static_cast<size_t>(jitter.random() * static_cast<double>(top.size()))];
}

}  // namespace ratking::ydr
