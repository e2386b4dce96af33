// Rat-a-Tat Roll compiled: the rules of src/ratking/games/rat_a_tat_roll (the reference), with
// the same action ids, the same chance (rng.hpp) and the same results, decision for decision.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "mask.hpp"
#include "rng.hpp"

namespace ratking::roll {

// Space kinds and Wild die faces (components.py), phases (phases.py).
enum Space { WILD = 0, CARD_OR_PILE = 1, REROLL_SPACE = 2, PEEK_SPACE = 3 };
enum Face { LOWEST = 0, HIGHEST = 1, SWAP_FACE = 2 };
enum Phase { CHOOSE, REROLL, WILD_REROLL, P_CARD_OR_PILE, PEEK, TIE, SWAP, SWAP_WITH, DISCARD };
// Action kinds (actions.py).
enum Kind {
  K_ROLL, K_SKIP, K_WILD_ROLL, K_GO, K_REROLL, K_KEEP, K_REROLL_WILD, K_TAKE_FACE, K_TAKE_PILE,
  K_TAKE_REGION, K_PEEK_OWN, K_PEEK, K_PEEK_NONE, K_SWAP_GIVE, K_SWAP, K_SWAP_NONE, K_DISCARD
};
constexpr int MAX_SEATS = 5;

struct Action {
  Kind kind;
  int a = 0, b = 0;  // roll: dice; take_region: region; peek, with: seat, slot; others: slot
  std::vector<int> dice;  // reroll: which dice, in increasing order
  std::string id;
};

// The rule options and components a game is played with (game.py, params.py).
struct Config {
  std::vector<int> values;        // each card id's value
  int reroll_icon_from = 7;       // cards of this value and up carry the re-roll icon
  std::vector<int> kinds, regions;  // per board space
  std::vector<std::string> colours;  // per region
  int start = 0;
  std::vector<int> wild_faces;
  int number_dice = 3, dice_sides = 6, cards_two_players = 5, cards = 4, start_tokens = 2,
      total_tokens = 25, reshuffle_above = 3, max_rounds = -1;  // -1: no round cap
  int first_seat = 0;  // the seat that starts; every round starts with it
  bool memory_aid = false;
};

// Where each part of the observation tensor starts (observation.py's layout, per player count).
struct Layout {
  int size = 0, to_move = 0, phase = 0, pawn = 0, regions = 0, draw_pile = 0, token_pool = 0,
      dice = 0, wild = 0, tie = 0, offered = 0, final_round = 0, round = 0, over = 0,
      seat_cards = 0, seat_stride = 0, seat_tokens = 0;
};

// One game's rules, components and action catalogue, shared by its states.
class Game {
 public:
  explicit Game(Config config);

  const Config& config() const { return cfg_; }
  int cards_needed(int players) const {
    return players == 2 ? cfg_.cards_two_players : cfg_.cards;
  }
  const std::vector<Action>& actions() const { return actions_; }
  int action_index(const std::string& id) const;  // -1: no such action

  // The catalogue, as indexes into actions() (actions.py's Catalogue).
  std::vector<int> roll, wild_choice, take_region, swap_give, discard;
  std::vector<std::vector<int>> rerolls, peek, swap_with;
  int skip, wild, go, keep, reroll_wild, take_face, take_pile, peek_own, peek_none, swap_none;
  std::vector<uint8_t> icon;  // per card: 1 if it carries the re-roll icon
  // dice_totals[k]: each total of k dice (lowest first) and its chance, for the heuristic
  std::vector<std::vector<std::pair<int, double>>> dice_totals;
  int size;                   // spaces on the board

 private:
  int add(Kind kind, std::string id, int a = 0, int b = 0, std::vector<int> dice = {});
  Config cfg_;
  std::vector<Action> actions_;
};

struct State {
  const Game* game = nullptr;
  int players = 0, need = 0;
  std::vector<std::vector<int>> hands;
  std::vector<int> faceup, pile, tokens, dice, choices;
  std::vector<Mask> known;
  Mask public_;
  int pool = 0, pawn = 0, phase = CHOOSE, wild = -1, final_left = -1, to_move = 0;
  int64_t round = 1, turns = 0, steps = 0;
  int unordered = -1;  // the draw pile's top cards in no order (-1: none, as None in Python)
  bool over = false;
  std::vector<double> result;  // empty while the game is on
  std::string end_reason;
  Rng rng;
  // how often the rules took a face-up card, drew from the pile and reshuffled the face-up
  // cards since the start (the lab's counters: metrics.py reads them from the event log)
  struct Tally {
    int64_t take = 0, draw = 0, reshuffle = 0;
  } tally;

  // A new game (state.py's _setup).
  static State start(const Game& game, int players, Rng rng);
  // The same in place, keeping the storage of the game this state held (the loops' reuse).
  void restart(const Game& game, int players);

  Mask knows(int seat) const;  // seat -1: what everyone was shown
  std::vector<int> legal() const;
  void legal_into(std::vector<int>& out) const;  // the same, into `out` (no allocation)
  void apply(int action);
  std::vector<double> returns() const;
  std::vector<double> scores() const;
  // A copy where all `seat` cannot know is re-dealt from the keyed stream `seed_text`.
  State determinize(int seat, const std::string& seed_text) const;

  // The rules' steps (rules.py).
  void roll_wild(int p);
  void resolve_wild(int p);
  void move();
  void take_faceup(int p, int region, int bonus = 0);
  void take_from_pile(int p);
  void gain_tokens(int p, int count);
  void after_take(int p);
  void refill();
  int deal_empty_regions();
  void reshuffle_if_needed();
  void end_turn();
  void finish(bool capped);
  int draw();
};

// evaluate.py: each seat's chance of winning, from a softmax over its expected final total.
std::vector<double> evaluate(const State& s);
// heuristic.py's choose: the heuristic's action for the seat to move; `jitter` is its own
// random.Random stream (one number per opponent a decision).
int heuristic(const State& s, MersenneTwister& jitter);
// observation.py's encode_state (recall: encode_recall), written into `out` (zeroed, lay.size).
void observe(const State& s, int seat, bool recall, const Layout& lay, float* out);

}  // namespace ratking::roll
