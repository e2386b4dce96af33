// You Dirty Rat compiled: the rules of src/ratking/games/you_dirty_rat (the reference), with
// the same action ids, the same chance (rng.hpp) and the same results, decision for decision.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "mask.hpp"
#include "rng.hpp"

namespace ratking::ydr {

// Card effects and heist rewards (components.py's EFFECTS and REWARDS, in order).
enum Effect {
  STASH, ROB_ONE, ROB_EACH, DRAW, PER_HEIST, PER_HIDEOUT, ROB_TEAMS, MASTERMIND, FEMME_FATALE,
  THUG, FALL_GUY, SNITCH, LOOKOUT, POACHER, WHEELMAN
};
constexpr int ANY = 3;           // the Inside Man's archetype
constexpr int PLACEHOLDER = -1;  // a $100 placeholder in a Night
constexpr int TOKEN = 100;
constexpr int MAX_SEATS = 4;
// Phases (phases.py) and action kinds (actions.py).
enum Phase { MAIN, KEEP, TARGET, CARD, TEAM, PARTNER, ARCH, COPY, EXTRA };
enum Kind { K_PLAY, K_HEIST, K_TEAM, K_TARGET, K_CARD, K_KEEP, K_WITH, K_ARCH, K_COPY,
            K_NO_EXTRA, K_PLACEHOLDER };

struct Action {
  Kind kind;
  int arg = 0;  // a type, heist, seat, card or archetype
  std::string id;
};

// The components (components.toml, as components.py reads it) and the rule options (params.py).
struct Config {
  std::vector<std::string> slugs;  // per card type: the Specialists, then the Ringleaders
  std::vector<int> archetypes, effects, amounts;  // per card type
  int copies = 3, specialists = 16;
  std::vector<int> chain_players;  // per chain
  std::vector<int> heist_chain, heist_step, heist_reward, heist_amount;  // per heist
  std::vector<std::array<int, 3>> heist_team;
  int stash_two = 50, stash_three = 65, stash_four = 75, start_money = 300, hand = 3,
      bonus_two = 200, bonus_three = 400, bonus_four = 700, max_rounds = -1;  // -1: no cap
  int first_seat = 0;  // the seat that starts; every round starts with it
};

// Where each part of the observation tensor starts (observation.py's layout, per player count);
// a seat's block holds its cash, hand size, hand, Nights, Refresh Area and heists, in order.
struct Layout {
  int size = 0, to_move = 0, phase = 0, stash = 0, deck = 0, discard = 0, removed = 0,
      heists = 0, committing = 0, drawn = 0, drawn_count = 0, round = 0, over = 0,
      seat_money = 0, seat_stride = 0;
  std::vector<int> heist_slot;  // per heist: its place among a seat's heists
};

// One game's rules, components and action catalogue, shared by its states.
class Game {
 public:
  explicit Game(Config config);

  const Config& config() const { return cfg_; }
  const std::vector<Action>& actions() const { return actions_; }
  int action_index(const std::string& id) const;  // -1: no such action

  // The catalogue, as indexes into actions() (actions.py's Catalogue).
  std::vector<int> play, heist, team, target, card, keep, partner, arch, copy;
  int no_extra, placeholder;
  int ringleader;                       // the first Ringleader's card id
  std::vector<int> card_type, card_arch;  // per card id
  std::vector<uint8_t> needs_partner;   // per type: played only with a partner (the Thug)
  std::vector<int> next_in_chain;       // per heist: the next of its chain, or -1

 private:
  int add(Kind kind, std::string id, int arg = 0);
  Config cfg_;
  std::vector<Action> actions_;
};

// Each type in a set of card types (a Mask of type numbers), lowest first.
template <class F>
void each_type(const Mask& types, F f) {
  for (int w = 0; w < Mask::WORDS; ++w)
    for (uint64_t bits = types.w[w]; bits; bits &= bits - 1)
      f(64 * w + __builtin_ctzll(bits));
}

using Night = std::vector<int>;
using Hideout = std::array<Night, 3>;

struct State {
  const Game* game = nullptr;
  int players = 0;
  std::vector<std::vector<int>> hands, refresh, won;
  std::vector<Hideout> nights;
  std::vector<int> money, deck, discard, removed, tops, drawn;
  int64_t stash = 0, total = 0;
  Mask public_;
  int phase = MAIN, amount = 0, kind = -1, heist = -1, wild_used = 0, played = -1, to_move = 0;
  std::array<int, 3> need{0, 0, 0};
  bool deck_out = false, over = false;
  int64_t round = 1, turns = 0;
  int unordered = -1;  // the deck's top cards in no order (-1: none, as None in Python)
  std::vector<double> result;  // empty while the game is on
  std::string end_reason;
  Rng rng;
  // what the rules took from the Town Stash and from players, the cards drawn and the deck's
  // reshuffles since the start (the lab's counters: metrics.py reads them from the event log)
  struct Tally {
    int64_t stash = 0, robbed = 0, drawn = 0, reshuffle = 0;
  } tally;

  // A new game (state.py's _setup).
  static State start(const Game& game, int players, Rng rng);

  std::vector<int> legal() const;
  void legal_into(std::vector<int>& out) const;  // the same, into `out` (no allocation)
  void apply(int action);
  std::vector<double> returns() const;
  std::vector<int64_t> totals() const;
  int organisation(int p) const;
  // A copy where all `seat` cannot know is re-dealt from the keyed stream `seed_text`.
  State determinize(int seat, const std::string& seed_text) const;

  // rules.py's helpers and steps
  std::vector<int> hand_types(int p) const;  // sorted, each once
  Mask type_set(const std::vector<int>& cards) const;
  void play_options(int p, std::vector<int>& out) const;  // the play:T actions open to p
  std::vector<int> card_targets(int p) const;
  std::vector<int> copy_types(int p) const;
  int hideout_count(int p) const;
  int lone_hits(int o, int a) const;  // lone cards of archetype a (or ANY) in o's Hideout
  int opponent(int p, int i) const { return (p + i) % players; }
  int take(int p, int t);
  bool lift(int p, int c);
  void to_refresh(int p, const Night& items);
  void advance(int p);
  void steal_stash(int p, int64_t amount);
  void rob(int p, int o, int64_t amount);
  void draw(int p, int n, std::vector<int>* into = nullptr);
  void resolve(int p, int t);
  void card_effect(int p, int c);
  void thug(int p, int a);
  void heist_done(int p);
  void done();
  void check_end();
  void finish(const char* reason);
};

// evaluate.py: each seat's chance of winning, a softmax over its fitted features.
std::vector<double> evaluate(const State& s);
// observation.py's encode_state for `seat` (-1: a spectator), written into `out` (zeroed,
// lay.size); the game's view forgets nothing, so it is also the information state.
void observe(const State& s, int seat, const Layout& lay, float* out);
// heuristic.py's choose: the heuristic's action for the seat to move; `jitter` is its own
// random.Random stream (one number a decision with more than one legal action).
int heuristic(const State& s, MersenneTwister& jitter);

}  // namespace ratking::ydr
