// Rat-a-Tat Roll's forward model, evaluation, heuristic and observation: rules.py, evaluate.py,
// heuristic.py and observation.py step for step (seed 004 and RULINGS.md, Rat-a-Tat Roll).
// Every float is summed in the order the Python sums it, so results agree bit for bit.
#include "rat_a_tat_roll.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <tuple>
#include <utility>

namespace ratking::roll {

// --- the game and its action catalogue --------------------------------------------------------

Game::Game(Config config) : cfg_(std::move(config)) {
  const auto& c = cfg_;
  size = static_cast<int>(c.kinds.size());
  for (int v : c.values) icon.push_back(v >= c.reroll_icon_from ? 1 : 0);
  const int max_hand = std::max(c.cards, c.cards_two_players) + 1;
  const auto card = [](int i) { return std::to_string(i); };
  for (int k = 1; k <= c.number_dice; ++k) roll.push_back(add(K_ROLL, "roll:" + card(k), k));
  skip = add(K_SKIP, "skip");
  wild = add(K_WILD_ROLL, "wild");
  go = add(K_GO, "go");
  keep = add(K_KEEP, "keep");
  reroll_wild = add(K_REROLL_WILD, "reroll:w");
  rerolls.emplace_back();
  for (int k = 1; k <= c.number_dice; ++k) {
    std::vector<int> options{go};
    for (int size_ = 1; size_ <= k; ++size_) {
      // every subset of `size_` of the k dice, in itertools.combinations order
      std::vector<int> idx(size_);
      for (int i = 0; i < size_; ++i) idx[i] = i;
      while (true) {
        std::string id = "reroll:";
        for (int d : idx) id += card(d);
        const int found = action_index(id);
        options.push_back(found >= 0 ? found : add(K_REROLL, id, 0, 0, idx));
        int i = size_ - 1;
        while (i >= 0 && idx[i] == k - size_ + i) --i;
        if (i < 0) break;
        ++idx[i];
        for (int j = i + 1; j < size_; ++j) idx[j] = idx[j - 1] + 1;
      }
    }
    rerolls.push_back(options);
  }
  wild_choice = {keep, reroll_wild};
  take_face = add(K_TAKE_FACE, "take:face");
  take_pile = add(K_TAKE_PILE, "take:pile");
  for (size_t r = 0; r < c.colours.size(); ++r)
    take_region.push_back(add(K_TAKE_REGION, "take:" + c.colours[r], static_cast<int>(r)));
  peek_own = add(K_PEEK_OWN, "peek:own");
  peek_none = add(K_PEEK_NONE, "peek:none");
  for (int s = 0; s < MAX_SEATS; ++s) {
    peek.emplace_back();
    for (int i = 0; i < max_hand; ++i)
      peek.back().push_back(add(K_PEEK, "peek:" + card(s) + "." + card(i), s, i));
  }
  swap_none = add(K_SWAP_NONE, "swap:none");
  for (int m = 0; m < max_hand; ++m) swap_give.push_back(add(K_SWAP_GIVE, "swap:" + card(m), m));
  for (int s = 0; s < MAX_SEATS; ++s) {
    swap_with.emplace_back();
    for (int i = 0; i < max_hand; ++i)
      swap_with.back().push_back(add(K_SWAP, "with:" + card(s) + "." + card(i), s, i));
  }
  for (int i = 0; i < max_hand; ++i) discard.push_back(add(K_DISCARD, "discard:" + card(i), i));
  // heuristic.py's _dice_totals: the ways to make each total, count / sides**k
  std::vector<int64_t> ways{1};  // ways[t]: rolls of k dice totalling t
  int64_t rolls = 1;
  dice_totals.emplace_back();
  for (int k = 1; k <= c.number_dice; ++k) {
    std::vector<int64_t> next(ways.size() + c.dice_sides, 0);
    for (size_t t = 0; t < ways.size(); ++t)
      for (int face = 1; face <= c.dice_sides; ++face) next[t + face] += ways[t];
    ways.swap(next);
    rolls *= c.dice_sides;
    dice_totals.emplace_back();
    for (size_t t = 0; t < ways.size(); ++t)
      if (ways[t])
        dice_totals.back().emplace_back(static_cast<int>(t), static_cast<double>(ways[t])
                                                                  / static_cast<double>(rolls));
  }
}

int Game::add(Kind kind, std::string id, int a, int b, std::vector<int> dice) {
  actions_.push_back(Action{kind, a, b, std::move(dice), std::move(id)});
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
  s.rng = std::move(rng);
  s.restart(game, players);
  return s;
}

void State::restart(const Game& g, int n) {
  game = &g;
  players = n;
  tally = Tally{};
  const auto& c = g.config();
  need = g.cards_needed(n);
  pile.resize(c.values.size());
  for (size_t i = 0; i < pile.size(); ++i) pile[i] = static_cast<int>(i);
  rng.shuffle(pile);
  known.assign(n, Mask{});
  public_ = Mask{};
  hands.resize(n);
  for (int seat = 0; seat < n; ++seat) {
    const int card = pile.back();
    pile.pop_back();
    hands[seat].assign(1, card);
    known[seat].set(card);  // everyone looks at their own first card once
  }
  faceup.assign(c.colours.size(), -1);
  tokens.assign(n, c.start_tokens);
  pool = c.total_tokens - c.start_tokens * n;
  pawn = c.start;
  phase = CHOOSE;
  dice.clear();
  choices.clear();
  wild = final_left = -1;
  to_move = c.first_seat;  // seed 004: the players choose who goes first
  round = 1;
  turns = steps = 0;
  unordered = -1;
  over = false;
  result.clear();
  end_reason.clear();
  refill();
}

Mask State::knows(int seat) const { return seat < 0 ? public_ : known[seat] | public_; }

std::vector<double> State::returns() const {
  return result.empty() ? std::vector<double>(players, 0.0) : result;
}

std::vector<double> State::scores() const {
  const auto& values = game->config().values;
  std::vector<double> out;
  for (const auto& hand : hands) {
    int64_t total = 0;
    for (int c : hand) total += values[c];
    out.push_back(static_cast<double>(total));
  }
  return out;
}

// --- legal actions ----------------------------------------------------------------------------

std::vector<int> State::legal() const {
  std::vector<int> out;
  legal_into(out);
  return out;
}

void State::legal_into(std::vector<int>& out) const {
  out.clear();
  if (over) return;
  const Game& g = *game;
  const int p = to_move;
  const auto append = [&out](const std::vector<int>& from, size_t n) {
    out.insert(out.end(), from.begin(), from.begin() + static_cast<std::ptrdiff_t>(n));
  };
  switch (phase) {
    case CHOOSE:
      // seed 004: a complete player may skip or roll only the Wild die
      if (static_cast<int>(hands[p].size()) >= need) {
        out.push_back(g.skip);
        out.push_back(g.wild);
      } else {
        append(g.roll, g.roll.size());
      }
      return;
    case REROLL:
      append(g.rerolls[dice.size()], g.rerolls[dice.size()].size());
      return;
    case WILD_REROLL:
      append(g.wild_choice, 2);
      return;
    case P_CARD_OR_PILE:
      if (faceup[g.config().regions[pawn]] >= 0) out.push_back(g.take_face);
      if (!pile.empty()) out.push_back(g.take_pile);
      return;
    case PEEK:
      out.push_back(g.peek_own);
      for (int o = 0; o < players; ++o)
        if (o != p) append(g.peek[o], hands[o].size());
      out.push_back(g.peek_none);
      return;
    case TIE:
      for (int r : choices) out.push_back(g.take_region[r]);
      return;
    case SWAP:
      append(g.swap_give, hands[p].size());
      out.push_back(g.swap_none);
      return;
    case SWAP_WITH:
      for (int o = 0; o < players; ++o)
        if (o != p) append(g.swap_with[o], hands[o].size());
      out.push_back(g.swap_none);
      return;
    default:  // DISCARD: any card but the one just taken (the last in the hand)
      append(g.discard, hands[p].size() - 1);
  }
}

// --- applying an action -----------------------------------------------------------------------

void State::apply(int index) {
  const Game& g = *game;
  const Action& act = g.actions()[index];
  const auto& c = g.config();
  const int p = to_move;
  const int sides = c.dice_sides;
  ++steps;
  switch (act.kind) {
    case K_ROLL:
      dice.clear();
      for (int i = 0; i < act.a; ++i) dice.push_back(static_cast<int>(rng.random() * sides) + 1);
      if (tokens[p])
        phase = REROLL;
      else
        move();
      return;
    case K_GO:
      move();
      return;
    case K_REROLL:
      --tokens[p];
      ++pool;  // seed 004, RE-ROLL: used tokens go back to the centre pile
      for (int d : act.dice) dice[d] = static_cast<int>(rng.random() * sides) + 1;
      if (!tokens[p]) move();
      return;
    case K_WILD_ROLL:
      roll_wild(p);
      return;
    case K_KEEP:
      resolve_wild(p);
      return;
    case K_REROLL_WILD:
      --tokens[p];
      ++pool;
      roll_wild(p);
      return;
    case K_TAKE_FACE:
      take_faceup(p, c.regions[pawn]);
      after_take(p);
      return;
    case K_TAKE_PILE:
      take_from_pile(p);
      after_take(p);
      return;
    case K_TAKE_REGION:
      take_faceup(p, act.a);
      after_take(p);
      return;
    case K_PEEK_OWN:
      for (int card : hands[p]) known[p].set(card);
      end_turn();
      return;
    case K_PEEK:
      known[p].set(hands[act.a][act.b]);
      end_turn();
      return;
    case K_PEEK_NONE:
    case K_SWAP_NONE:
    case K_SKIP:
      end_turn();
      return;
    case K_SWAP_GIVE:
      choices = {act.a};  // the card offered; the next decision picks the opponent card
      phase = SWAP_WITH;
      return;
    case K_SWAP:
      // seed 004, WILD DIE: swap one of your face-down cards for an opponent's, no peeking
      std::swap(hands[p][choices[0]], hands[act.a][act.b]);
      end_turn();
      return;
    case K_DISCARD: {
      const int card = hands[p][act.a];
      hands[p].erase(hands[p].begin() + act.a);
      pile.insert(pile.begin(), card);  // seed 004: an older card goes under the draw pile
      end_turn();
      return;
    }
  }
}

void State::gain_tokens(int p, int count) {
  // seed 004: an empty centre gives none
  const int got = count <= pool ? count : pool;
  pool -= got;
  tokens[p] += got;
}

void State::move() {
  const auto& c = game->config();
  const int p = to_move;
  int steps_ = 0;
  for (int d : dice) steps_ += d;
  pawn = (pawn + steps_) % game->size;
  const int region = c.regions[pawn];
  switch (c.kinds[pawn]) {
    case WILD:
      roll_wild(p);
      return;
    case CARD_OR_PILE: {
      const bool face = faceup[region] >= 0;
      if (face && !pile.empty()) {
        phase = P_CARD_OR_PILE;
        return;
      }
      if (face)
        take_faceup(p, region);
      else if (!pile.empty())
        take_from_pile(p);
      after_take(p);
      return;
    }
    case REROLL_SPACE:
      // seed 004: the face-up card and a token; a 7, 8 or 9 here earns two tokens
      if (faceup[region] >= 0)
        take_faceup(p, region, 1);
      else
        gain_tokens(p, 1);
      after_take(p);
      return;
    default:  // PEEK_SPACE
      if (faceup[region] >= 0) take_faceup(p, region);
      phase = PEEK;
  }
}

void State::roll_wild(int p) {
  const auto& faces = game->config().wild_faces;
  wild = faces[static_cast<size_t>(rng.random() * static_cast<double>(faces.size()))];
  if (tokens[p])
    phase = WILD_REROLL;
  else
    resolve_wild(p);
}

void State::resolve_wild(int p) {
  const auto& values = game->config().values;
  if (wild == LOWEST || wild == HIGHEST) {
    int best = -1;
    for (int card : faceup)
      if (card >= 0) {
        const int v = values[card];
        if (best < 0 || (wild == LOWEST ? v < best : v > best)) best = v;
      }
    if (best < 0) {
      end_turn();
      return;
    }
    std::vector<int> tied;
    for (size_t r = 0; r < faceup.size(); ++r)
      if (faceup[r] >= 0 && values[faceup[r]] == best) tied.push_back(static_cast<int>(r));
    if (tied.size() == 1) {
      take_faceup(p, tied[0]);
      after_take(p);
    } else {
      choices = tied;  // seed 004, WILD DIE: with duplicates you choose which to take
      phase = TIE;
    }
    return;
  }
  // SWAP: needs a card of yours and a card of an opponent's
  bool theirs = false;
  for (int o = 0; o < players; ++o)
    if (o != p && !hands[o].empty()) theirs = true;
  if (!hands[p].empty() && theirs)
    phase = SWAP;
  else
    end_turn();
}

void State::take_faceup(int p, int region, int bonus) {
  const int card = faceup[region];
  faceup[region] = -1;
  hands[p].push_back(card);
  ++tally.take;
  if (game->icon[card]) ++bonus;  // seed 004: a 7, 8 or 9 carries the re-roll icon
  if (bonus) gain_tokens(p, bonus);
}

int State::draw() {
  if (unordered > 0) {  // a determinized pile: any of its loose top cards, each as likely
    const int loose = unordered--;
    const size_t at = pile.size() - loose + rng.randrange(loose);
    const int card = pile[at];
    pile.erase(pile.begin() + static_cast<std::ptrdiff_t>(at));
    return card;
  }
  const int card = pile.back();
  pile.pop_back();
  return card;
}

void State::take_from_pile(int p) {
  const int card = draw();
  hands[p].push_back(card);
  known[p].set(card);  // seed 004: look at it before placing it face down
  ++tally.draw;
  if (game->icon[card]) gain_tokens(p, 1);  // the icon counts on a card from the pile too
}

void State::after_take(int p) {
  if (static_cast<int>(hands[p].size()) > need)
    phase = DISCARD;
  else
    end_turn();
}

void State::refill() {
  // Ruling: every empty region is refilled, not only the one just taken
  if (!pile.empty() && deal_empty_regions()) reshuffle_if_needed();
}

int State::deal_empty_regions() {
  int icons = 0;
  for (auto& slot : faceup)
    if (slot < 0 && !pile.empty()) {
      const int card = draw();
      slot = card;
      public_.set(card);  // everyone sees a face-up card
      icons += game->icon[card];
    }
  return icons;
}

void State::reshuffle_if_needed() {
  // seed 004: more than 3 face-up re-roll icons shuffles all five back and deals anew;
  // ruling: not when the cards left could never show few enough icons
  const int limit = game->config().reshuffle_above;
  const auto& icon = game->icon;
  while (true) {
    int icons = 0, shown = 0;
    for (int card : faceup)
      if (card >= 0) {
        icons += icon[card];
        ++shown;
      }
    if (icons <= limit) return;
    const int total = shown + static_cast<int>(pile.size());
    int plain = total - icons;
    for (int card : pile) plain -= icon[card];
    if (plain < std::min(static_cast<int>(faceup.size()), total) - limit) return;
    ++tally.reshuffle;
    for (auto& slot : faceup)
      if (slot >= 0) {
        pile.push_back(slot);
        slot = -1;
      }
    Mask forget;
    for (int card : pile) forget.set(card);
    const Mask keep = ~forget;
    for (auto& k : known) k &= keep;  // a shuffled pile hides where each card is
    public_ &= keep;
    rng.shuffle(pile);
    deal_empty_regions();
  }
}

void State::end_turn() {
  const int p = to_move;
  if (std::find(faceup.begin(), faceup.end(), -1) != faceup.end()) refill();
  dice.clear();
  wild = -1;
  choices.clear();
  ++turns;
  if (final_left > 0) {
    if (--final_left == 0) {
      finish(false);
      return;
    }
  } else if (final_left < 0 && static_cast<int>(hands[p].size()) >= need) {
    bool all = true;
    for (const auto& h : hands) all = all && static_cast<int>(h.size()) >= need;
    // seed 004: the last player to complete triggers a final round that ends with them
    if (all) final_left = players;
  }
  int next = p + 1;
  if (next == players) next = 0;
  if (next == game->config().first_seat) {  // a round ends when play comes back to the starter
    const int cap = game->config().max_rounds;
    if (cap >= 0 && round >= cap) {
      finish(true);
      return;
    }
    ++round;
  }
  to_move = next;
  phase = CHOOSE;
}

void State::finish(bool capped) {
  // lowest total wins, equal lowest share (RULINGS); a capped game draws
  result.assign(players, 0.0);
  if (capped) {
    std::fill(result.begin(), result.end(), 1.0 / players);
  } else {
    const auto totals = scores();
    const double best = *std::min_element(totals.begin(), totals.end());
    const auto winners = std::count(totals.begin(), totals.end(), best);
    for (int i = 0; i < players; ++i)
      if (totals[i] == best) result[i] = 1.0 / static_cast<double>(winners);
  }
  for (const auto& hand : hands)
    for (int card : hand) public_.set(card);  // seed 004: everyone reveals their cards
  phase = CHOOSE;
  over = true;
  end_reason = capped ? "round-cap" : "finished";
}

// --- determinization (state.py's _plan_redeal and _redeal) -------------------------------------

State State::determinize(int seat, const std::string& seed_text) const {
  State s = *this;
  s.rng = Rng::keyed(seed_text);
  s.unordered = -1;
  const Mask mine = knows(seat);
  Mask seen = public_;
  for (const auto& k : known) seen |= k;
  std::vector<std::pair<int, int>> spots;  // (hand, slot); hand -1: the pile
  std::vector<int> old;
  Mask held;
  for (int p = 0; p < players; ++p)
    for (size_t i = 0; i < hands[p].size(); ++i) {
      const int card = hands[p][i];
      held.set(card);
      if (!mine.has(card)) {
        spots.emplace_back(p, static_cast<int>(i));
        old.push_back(card);
      }
    }
  // The seen cards neither face up nor in a hand are in the pile; the top of the pile down to
  // the first of them is left in no order.
  size_t below = 0;
  const int up = static_cast<int>(std::count_if(faceup.begin(), faceup.end(),
                                                [](int c) { return c >= 0; }));
  if ((seen & ~held).count() > up) {
    below = pile.size();
    while (!seen.has(pile[below - 1])) --below;
    for (size_t i = 0; i < below; ++i)
      if (!mine.has(pile[i])) {
        spots.emplace_back(-1, static_cast<int>(i));
        old.push_back(pile[i]);
      }
  }
  std::vector<int> pool = old;
  pool.insert(pool.end(), pile.begin() + static_cast<std::ptrdiff_t>(below), pile.end());
  std::sort(pool.begin(), pool.end());
  const auto dealt = s.rng.deal(pool, spots.size());
  for (size_t j = 0; j < spots.size(); ++j) {
    const auto [p, i] = spots[j];
    if (p < 0)
      s.pile[i] = dealt[j];
    else
      s.hands[p][i] = dealt[j];
  }
  s.pile.resize(below);
  s.pile.insert(s.pile.end(), pool.begin(), pool.end());
  if (!pool.empty()) s.unordered = static_cast<int>(pool.size());
  // Other seats saw the places, not the cards: their knowledge moves with the re-deal.
  const Mask hidden = ~mine;
  if ((seen & hidden).any()) {
    for (int o = 0; o < players; ++o) {
      const Mask theirs = known[o] & hidden;
      if (!theirs.any()) continue;
      Mask bits = known[o] & mine;
      for (size_t j = 0; j < old.size(); ++j)
        if (theirs.has(old[j])) bits.set(dealt[j]);
      s.known[o] = bits;
    }
  }
  return s;
}

// --- the evaluation (evaluate.py) --------------------------------------------------------------

std::vector<double> evaluate(const State& s) {
  static constexpr double W[3] = {-0.297, -0.987, 0.225};
  const auto& values = s.game->config().values;
  const int n = s.players, need = s.need;
  int64_t all = 0;
  for (int v : values) all += v;
  int64_t held_all = 0;
  size_t count = 0;
  std::vector<int64_t> held;
  for (const auto& hand : s.hands) {
    int64_t h = 0;
    for (int c : hand) h += values[c];
    held.push_back(h);
    held_all += h;
    count += hand.size();
  }
  const double mean = values.size() > count
                          ? static_cast<double>(all - held_all)
                                / static_cast<double>(values.size() - count)
                          : 4.5;
  const int64_t most = static_cast<int64_t>(need) * n;
  const double progress = static_cast<double>(std::min<int64_t>(count, most))
                          / static_cast<double>(most);
  std::vector<double> scores;
  for (int p = 0; p < n; ++p) {
    const int missing = need - static_cast<int>(s.hands[p].size());
    const double total =
        (static_cast<double>(held[p]) + (missing > 0 ? missing * mean : 0.0)) / 10.0;
    const double row[3] = {total, total * progress, static_cast<double>(s.tokens[p])};
    double x = 0.0;
    for (int i = 0; i < 3; ++i) x += W[i] * row[i];
    scores.push_back(x);
  }
  const double top = *std::max_element(scores.begin(), scores.end());
  double sum = 0.0;
  for (auto& x : scores) sum += (x = std::exp(x - top));
  for (auto& x : scores) x /= sum;
  return scores;
}

// --- the heuristic (heuristic.py) ---------------------------------------------------------------

namespace {

constexpr double TOKEN = 1.0, PEEK_OWN_GAIN = 0.35, PEEK_OTHER_GAIN = 0.25, SWAP_MIN = 0.5;
constexpr double UNKNOWN = -1.0;  // a card value the seat was not shown

struct Belief {
  double mean = 4.5, icon_chance = 0.0;
  std::vector<std::vector<double>> hands;  // value, or UNKNOWN
  int seat;
  std::vector<std::pair<double, double>> order;  // per seat (expected total, jitter)

  Belief(const State& s, int seat_, MersenneTwister& rng) : seat(seat_) {
    const auto& c = s.game->config();
    const Mask known = s.knows(seat);
    int64_t sum = 0, icons = 0, unseen = 0;
    for (size_t card = 0; card < c.values.size(); ++card)
      if (!known.has(static_cast<int>(card))) {
        sum += c.values[card];
        icons += c.values[card] >= c.reroll_icon_from;
        ++unseen;
      }
    if (unseen) {
      mean = static_cast<double>(sum) / static_cast<double>(unseen);
      icon_chance = static_cast<double>(icons) / static_cast<double>(unseen);
    }
    for (const auto& hand : s.hands) {
      hands.emplace_back();
      for (int card : hand)
        hands.back().push_back(known.has(card) ? c.values[card] : UNKNOWN);
    }
    order.assign(s.players, {0.0, 0.0});
    for (int o = 0; o < s.players; ++o)
      if (o != seat) {
        double total = 0.0;
        for (size_t t = 0; t < hands[o].size(); ++t) total += estimate(o, t);
        total += mean * std::max(0, s.need - static_cast<int>(hands[o].size()));
        order[o] = {total, rng.random()};
      }
  }

  double estimate(int owner, size_t slot) const {
    const double v = hands[owner][slot];
    return v == UNKNOWN ? mean : v;
  }

  // (value, slot) of the highest own card (ties: the later slot); (0, -1) with none
  std::pair<double, int> worst_own(bool exclude_last = false) const {
    const size_t n = hands[seat].size() - (exclude_last ? 1 : 0);
    std::pair<double, int> best{0.0, -1};
    for (size_t i = 0; i < n; ++i) {
      const std::pair<double, int> here{estimate(seat, i), static_cast<int>(i)};
      if (i == 0 || here > best) best = here;
    }
    return best;
  }

  // (value, seat, slot) of the lowest opponent card, ties against the leader; seat -1: none
  std::tuple<double, int, int> lowest_opponent_card() const {
    bool found = false;
    std::tuple<double, double, double, int, int> best;
    for (int o = 0; o < static_cast<int>(hands.size()); ++o) {
      if (o == seat) continue;
      for (size_t t = 0; t < hands[o].size(); ++t) {
        const std::tuple<double, double, double, int, int> here{
            estimate(o, t), order[o].first, order[o].second, o, static_cast<int>(t)};
        if (!found || here < best) best = here;
        found = true;
      }
    }
    if (!found) return {0.0, -1, -1};
    return {std::get<0>(best), std::get<3>(best), std::get<4>(best)};
  }

  // the best expected gain of one swap, and the own slot it gives (-1: none)
  std::pair<double, int> best_swap() const {
    const auto mine = worst_own();
    const auto [value, o, t] = lowest_opponent_card();
    if (o < 0 || mine.second < 0 || mine.first <= value) return {0.0, -1};
    return {mine.first - value, mine.second};
  }
};

struct Planner {
  const State& s;
  const Belief& b;
  bool complete;
  int low = -1, high = -1;
  std::vector<std::pair<int, double>> face_odds;  // distinct faces, ascending
  std::map<int, double> cache;
  bool swap_known = false;
  double swap_value = 0.0;

  Planner(const State& s_, const Belief& b_) : s(s_), b(b_) {
    const auto& c = s.game->config();
    complete = static_cast<int>(s.hands[s.to_move].size()) >= s.need;
    for (int card : s.faceup)
      if (card >= 0) {
        const int v = c.values[card];
        if (low < 0 || v < low) low = v;
        if (high < 0 || v > high) high = v;
      }
    std::map<int, int> counts;
    for (int f : c.wild_faces) ++counts[f];
    for (const auto& [f, n] : counts)
      face_odds.emplace_back(f, static_cast<double>(n) / static_cast<double>(c.wild_faces.size()));
  }

  double card_gain(double value) const {
    return complete ? b.worst_own().first - value : b.mean - value;
  }
  double icon_bonus(int value) const {
    return value >= s.game->config().reroll_icon_from && s.pool > 0 ? TOKEN : 0.0;
  }
  double wild_face(int face) {
    if (face == LOWEST || face == HIGHEST) {
      const int v = face == LOWEST ? low : high;
      return v < 0 ? 0.0 : card_gain(v) + icon_bonus(v);
    }
    if (!swap_known) {
      swap_value = std::max(0.0, b.best_swap().first);
      swap_known = true;
    }
    return swap_value;
  }
  double wild(int tokens) {
    double plain = 0.0;
    for (const auto& [f, odds] : face_odds) plain += odds * wild_face(f);
    if (tokens <= 0) return plain;
    double out = 0.0;
    for (const auto& [f, odds] : face_odds) out += odds * std::max(wild_face(f), plain - TOKEN);
    return out;
  }
  double space(int at) {
    const auto found = cache.find(at);
    if (found != cache.end()) return found->second;
    const auto& c = s.game->config();
    const int kind = c.kinds[at];
    double value;
    if (kind == WILD) {
      value = wild(s.tokens[s.to_move]);
    } else {
      const int card = s.faceup[c.regions[at]];
      const int face = card < 0 ? -1 : c.values[card];
      if (kind == CARD_OR_PILE) {
        bool any = false;
        value = 0.0;
        if (face >= 0) {
          value = card_gain(face) + icon_bonus(face);
          any = true;
        }
        if (!s.pile.empty()) {
          const double pile = card_gain(b.mean) + b.icon_chance * TOKEN;
          if (!any || pile > value) value = pile;
        }
      } else {
        value = face < 0 ? 0.0 : card_gain(face) + icon_bonus(face);
        if (kind == REROLL_SPACE && s.pool > 0)
          value += TOKEN;
        else if (kind == PEEK_SPACE)
          value += peek_value();
      }
    }
    cache[at] = value;
    return value;
  }
  double peek_value() const {
    int unknown = 0;
    for (double v : b.hands[s.to_move]) unknown += v == UNKNOWN;
    return unknown ? PEEK_OWN_GAIN * unknown : PEEK_OTHER_GAIN;
  }
  double landing(int steps) { return space((s.pawn + steps) % s.game->size); }
};

}  // namespace

int heuristic(const State& s, MersenneTwister& jitter) {
  const Game& g = *s.game;
  const auto& c = g.config();
  const int p = s.to_move;
  const Belief b(s, p, jitter);
  switch (s.phase) {
    case CHOOSE: {
      Planner plan(s, b);
      if (plan.complete) return plan.wild(s.tokens[p]) > 0.05 ? g.wild : g.skip;
      bool first = true;
      double best = 0.0;
      int pick = g.roll[0];
      for (int k = 1; k <= c.number_dice; ++k) {
        const auto& dist = g.dice_totals[k];
        double plain = 0.0;
        for (const auto& [t, pr] : dist) plain += pr * plan.landing(t);
        if (s.tokens[p]) {
          double again = 0.0;
          for (const auto& [t, pr] : dist) again += pr * std::max(plan.landing(t), plain - TOKEN);
          plain = again;
        }
        if (first || plain > best + 1e-9) {
          best = plain;
          pick = g.roll[k - 1];
          first = false;
        }
      }
      return pick;
    }
    case REROLL: {
      Planner plan(s, b);
      int total = 0;
      for (int d : s.dice) total += d;
      double best = plan.landing(total);
      int pick = g.go;
      for (int option : g.rerolls[s.dice.size()]) {  // the subsets in combinations order
        const Action& act = g.actions()[option];
        if (act.kind != K_REROLL) continue;
        int kept = total;
        for (int d : act.dice) kept -= s.dice[d];
        double value = 0.0;
        for (const auto& [t, pr] : g.dice_totals[act.dice.size()])
          value += pr * plan.landing(kept + t);
        value -= TOKEN;
        if (value > best + 1e-9) {
          best = value;
          pick = option;
        }
      }
      return pick;
    }
    case WILD_REROLL: {
      Planner plan(s, b);
      const double keep = plan.wild_face(s.wild);
      const double again = plan.wild(s.tokens[p] - 1) - TOKEN;
      return again > keep + 1e-9 ? g.reroll_wild : g.keep;
    }
    case P_CARD_OR_PILE: {
      const int v = c.values[s.faceup[c.regions[s.pawn]]];
      const double face = -v + (v >= c.reroll_icon_from ? TOKEN : 0.0);
      const double pile = -b.mean + b.icon_chance * TOKEN;
      return face >= pile ? g.take_face : g.take_pile;
    }
    case PEEK:
      for (double v : b.hands[p])
        if (v == UNKNOWN) return g.peek_own;
      for (int o = 0; o < s.players; ++o)
        if (o != p)
          for (size_t i = 0; i < b.hands[o].size(); ++i)
            if (b.hands[o][i] == UNKNOWN) return g.peek[o][i];
      return g.peek_none;
    case TIE:
      return g.take_region[s.choices[0]];
    case SWAP: {
      const auto [gain, slot] = b.best_swap();
      return slot < 0 || gain < SWAP_MIN ? g.swap_none : g.swap_give[slot];
    }
    case SWAP_WITH: {
      const double mine = b.estimate(p, s.choices[0]);
      const auto [value, o, t] = b.lowest_opponent_card();
      return mine - value >= SWAP_MIN ? g.swap_with[o][t] : g.swap_none;
    }
    default:  // DISCARD
      return g.discard[b.worst_own(true).second];
  }
}

// --- the observation tensor (observation.py's write) --------------------------------------------

namespace {

inline float scaled(double value, double most) {
  if (most <= 0) return 0.0f;
  const double x = value / most;
  return static_cast<float>(x > 1.0 ? 1.0 : (x < 0.0 ? 0.0 : x));
}

}  // namespace

void observe(const State& s, int seat, bool recall, const Layout& lay, float* out) {
  const auto& c = s.game->config();
  constexpr int VALUES = 10, CARD_FEATURES = 2 + VALUES;
  Mask shown;
  const bool all = s.over;
  if (!all && (recall || c.memory_aid)) shown = s.knows(seat);
  const int players = s.players;
  if (!s.over) {
    out[lay.to_move + ((s.to_move - (seat < 0 ? 0 : seat)) % players + players) % players] = 1;
    out[lay.phase + s.phase] = 1;
  }
  out[lay.pawn + s.pawn] = 1;
  int base = lay.regions;
  for (int card : s.faceup) {
    out[base + (card < 0 ? VALUES : c.values[card])] = 1;
    base += VALUES + 1;
  }
  out[lay.draw_pile] = scaled(static_cast<double>(s.pile.size()), c.values.size());
  out[lay.token_pool] = scaled(s.pool, c.total_tokens);
  base = lay.dice - 1;
  for (int face : s.dice) {
    out[base + face] = 1;
    base += c.dice_sides;
  }
  if (s.wild >= 0) out[lay.wild + s.wild] = 1;
  if (s.phase == TIE) {
    for (int r : s.choices) out[lay.tie + r] = 1;
  } else if (s.phase == SWAP_WITH && !s.over) {
    out[lay.offered + s.choices[0]] = 1;
  }
  if (s.final_left > 0) {
    out[lay.final_round] = 1;
    out[lay.final_round + 1] = scaled(s.final_left, players);
  }
  if (c.max_rounds > 0) out[lay.round] = scaled(static_cast<double>(s.round), c.max_rounds);
  if (s.over) out[lay.over] = 1;
  const int start = seat < 0 ? 0 : seat;
  for (int k = 0; k < players; ++k) {
    const int p = (start + k) % players;  // the observer first
    const int block = lay.seat_cards + k * lay.seat_stride;
    base = block;
    for (int card : s.hands[p]) {
      out[base] = 1;
      if (all || shown.has(card))
        out[base + 2 + c.values[card]] = 1;
      else
        out[base + 1] = 1;
      base += CARD_FEATURES;
    }
    out[block + lay.seat_tokens] = scaled(s.tokens[p], c.total_tokens);
    if (static_cast<int>(s.hands[p].size()) >= s.need) out[block + lay.seat_tokens + 1] = 1;
  }
}

}  // namespace ratking::roll
