// Target: Rats Simplified compiled: the rules of src/ratking/games/target_rats/simplified (the
// reference), with the same action ids, the same chance (rng.hpp) and the same results,
// decision for decision. The board is the shared one (target_rats_board.hpp).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "rng.hpp"
#include "target_rats_board.hpp"

namespace ratking::trs {

// Phases (phases.py) and action kinds (actions.py).
enum Phase { TOPUP = 0, PICK = 1, MOVING = 2, DICE = 3 };
enum Kind { TOPUP_RATS, NO_TOPUP, PICK_RAT, STEP, STOP, BREED, EXT, END, ROLL };

struct Action {
  Kind kind;
  int arg = 0;  // pick, step, ext: the space; roll: the dice
  int fed = 0;  // pick: 1 for a fed rat
  std::string id;
};

// The rule options (params.py) and what the game reads of the board and the seats.
struct Config {
  int start_rats = 4, max_rats = 12, space_limit = 4, dice = 2, cheese_dice = 1, topup_at = 1,
      topup_rats = 2, breed_rats = 2, target_face = 1;
  int64_t max_rounds = -1;             // -1: no round cap
  int first_seat = 0;                  // the seat that starts; every round starts with it
  std::vector<std::string> space_ids;  // board.py's ids: "S0", "U3", "RC", "H1"...
  std::vector<std::vector<int>> nests;  // per player count: each seat's home nest (seats.py)
};

// One game's rules, board and action catalogue, shared by its states.
class Game {
 public:
  Game(Config config, tr::Board board);

  const Config& config() const { return cfg_; }
  const tr::Board& board() const { return board_; }
  const std::vector<Action>& actions() const { return actions_; }
  int action_index(const std::string& id) const;  // -1: no such action

  // the catalogue, as indexes into actions() (actions.py's Catalogue); -1 where none
  int topup, no_topup, roll, roll_extra, stop, breed, end;
  std::vector<int> pick[2], step, ext;  // pick[fed][space]
  std::vector<char> dumpster;           // per space: a dumpster of the Simplified game

 private:
  int add(Kind kind, std::string id, int arg = 0, int fed = 0);
  Config cfg_;
  tr::Board board_;
  std::vector<Action> actions_;
};

// The steps a rat may take now: destination and cost (rules.py's steps_from).
struct Steps {
  static constexpr int MOST = 8;
  int to[MOST], cost[MOST], n = 0;
};

struct State {
  const Game* game = nullptr;
  int players = 0;
  std::vector<int> nests;               // per seat: its home nest
  std::vector<std::vector<int>> rats;   // per seat: a code space * 2 + fed per rat
  std::vector<int> count;               // rats per space
  std::vector<char> moved;              // per rat of the seat to move
  std::vector<int> dice, path;
  int ext = -1, cheese = -1, pool = 0, phase = PICK, mover = -1, start_pool = 0, to_move = 0;
  int64_t round = 1;
  bool target = false, over = false;
  std::vector<double> result;  // empty while the game is on
  std::string end_reason;
  Rng rng;
  // what happened since the start, for the lab's counters (metrics.py reads them from the
  // event log): fights in Rat City and the rats their losers lost, rats the Exterminator
  // killed (called, or landed on), rats bred, rats fed, Da Big Cheese crowned and dethroned
  struct Tally {
    int64_t fights = 0, fight_losses = 0, exterminated = 0, bred = 0, fed = 0, crowned = 0,
            dethroned = 0;
  } tally;

  // A new game (state.py's _setup); its first roll is made.
  static State start(const Game& game, int players, Rng rng);
  // An empty state of `game` for `players`, its seats' nests set (the glue fills the rest).
  static State blank(const Game& game, int players);
  void recount();  // `count` from `rats`

  std::vector<int> legal() const;
  void legal_into(std::vector<int>& out) const;  // the same, into `out`
  void apply(int action);
  std::vector<double> returns() const;
  int dice_total() const;  // the whole roll (sum(s.dice))
  // A copy whose future chance is the keyed stream `seed_text` (nothing is hidden).
  State determinize(const std::string& seed_text) const;
  // The same for any seat, as the search asks for it: nothing is hidden from anyone.
  State determinize(int, const std::string& seed_text) const { return determinize(seed_text); }

  // The rules' helpers (rules.py).
  bool opposing_in_city(int f) const;
  void steps_from(int f, int here, const std::vector<int>* path, int pool_left,
                  Steps& out) const;
  bool can_step(int f, int here, int pool_left) const;
  bool breed_possible() const;
  bool others_can_move() const;

 private:
  bool open(int to, const std::vector<int>* path, int here) const;
  void spawn(int f, int n);
  void start_turn();
  void before_roll();
  void roll_dice(int n);
  void advance();
  void pick(int space, int fed);
  void step(int to);
  void after_step();
  void breed_here();
  void finish_move();
  void next_pick();
  void exterminate(int space);
  void remove_on(int f, int space);
  void check_throne();
  void fight();
  bool check_win();
  void end_turn();
};

// Where each part of the observation tensor starts (observation.py's layout).
struct ObsLayout {
  int size = 0, to_move = 0, phase = 0, rats = 0, exterminator = 0, nests = 0, factions = 0,
      dumpsters = 0, dice = 0, pool = 0, mover = 0, path = 0, round = 0, over = 0;
};

// evaluate.py: each seat's chance of winning, from its family's size, rats out and the throne.
std::vector<double> evaluate(const State& s);
// heuristic.py's choose; `jitter` is its own random.Random stream.
int heuristic(const State& s, MersenneTwister& jitter);
// observation.py's encode_state, written into `out` (zeroed, lay.size); seat -1: a spectator.
// Nothing is hidden and nothing forgotten, so every seat's information state is the same.
void observe(const State& s, int seat, const ObsLayout& lay, float* out);

}  // namespace ratking::trs
