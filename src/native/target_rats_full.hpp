// Target: Rats (the full game) compiled: the rules of src/ratking/games/target_rats/full (the
// reference), with the same action ids, the same chance (rng.hpp) and the same results,
// decision for decision. The board is the shared tr::Board (target_rats_board.hpp).
#pragma once
#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "rng.hpp"
#include "target_rats_board.hpp"
#include "target_rats_full_tally.hpp"

namespace ratking::trf {

// The turn's tasks (phases.py): decisions below AUTO, automatic steps from it.
enum Code {
  ONE_RAT = 0, MOVE, TAKE, STEP, ACT, SPAWN, KEEP, ITEM, TOKEN, RELOCATE, PUSH, RETREAT, EXT,
  USE, PAIRS, AUTO = 20, FIGHT = 20, ROLL, CARD, EXT_PHASE, EXT_MOVE, VICTORY, END_TURN
};
enum Window { W_FIGHT = 0, W_EXT = 1, W_SCAVENGE = 2 };
enum Token { NO_TOKEN = 0, FOOD_TOKEN = 1, SEWER_TOKEN = 2, NEST0 = 3 };
// card effects and item powers (cards.py)
enum Effect {
  E_FOOD, E_NEST, E_SEWER, E_FEED, E_UNFEED, E_KILL, E_KILL_HALF, E_KILL_ALL, E_SCATTER,
  E_EXTERMINATOR, E_SPAWN, E_NOTHING, E_ITEM
};
enum Power { FIGHT_DICE, CALL_EXTERMINATOR, CANCEL_EVENT, EXTRA_STEPS, EXTRA_GROUP };
// action kinds (actions.py)
enum Kind {
  A_REINFORCE, A_PLAY_ON, A_GROUP, A_TAKE, A_STEP, A_STOP, A_END_MOVES, A_FIGHT, A_SCAVENGE,
  A_FEED, A_BREED, A_NEST, A_CLAIM, A_REST, A_SPAWN, A_KEEP, A_ITEM, A_TOKEN_KEEP, A_TOKEN_NEW,
  A_RELOCATE, A_PUSH, A_RETREAT, A_EXT, A_USE, A_PASS, A_PAIRS
};

struct Action {
  Kind kind;
  int a = 0, b = 0;  // a space, a card type, a count; take: fed, unfed
  std::string id;
};

// The rule options, the board and the cards a game is played with (params.py, cards.py).
struct Config {
  tr::Board board;
  std::vector<std::string> space_ids, card_ids;  // per space; per card type
  std::vector<std::string> card_names;  // per card type (the lab's counters name them)
  std::vector<int> type_effect, type_power;      // per card type
  std::vector<int> type_of, deck_of, effect, n, power;  // per card copy
  int surface_total = 0, under_total = 0;
  int start_rats = 4, max_rats = 12, space_limit = 4, city_limit = 8, base_groups = 2,
      move_range = 4, max_nests = 4, food_tokens = 8, sewer_tokens = 4, infestation = 8,
      target_face = 1, push_distance = 2, reentry_rats = 2, breed_rats = 2,
      cheese_fight_dice = 1, cheese_draws = 2, nests_to_win = 3, max_rounds = -1;  // -1: none
  int first_seat = 0;  // the seat that starts; every round starts with it
  bool one_rat_skip = true;
};

// One game's rules, board and action catalogue, shared by its states.
class Game {
 public:
  explicit Game(Config config);

  const Config& config() const { return cfg_; }
  const tr::Board& board() const { return cfg_.board; }
  const std::vector<Action>& actions() const { return actions_; }
  int action_index(const std::string& id) const;  // -1: no such action
  int power_of(int card) const;  // cards.power[card], a negative index counted from the end

  std::vector<int> limits;                 // per space: most rats of one faction
  std::vector<std::vector<int>> above;     // per underground space: the surface spaces over it
  std::vector<std::vector<int>> quad_all, quad_surface;  // per quadrant
  // the catalogue (actions.py), as indexes into actions(); -1 where there is none
  int reinforce, play_on, stop, end_moves, claim, pass, token_keep, token_new;
  std::vector<int> group, step, fight, scavenge, feed, breed, nest, rest, spawn, relocate, push,
      retreat, ext, keep, item, use, pairs;
  std::vector<std::vector<int>> take;

 private:
  int add(Kind kind, std::string id, int a = 0, int b = 0);
  std::vector<int> per_space(Kind kind, const std::string& verb, bool (*ok)(const tr::Board&, int));
  Config cfg_;
  std::vector<Action> actions_;
};

// A task: its code, then its ints (phases.py), held in place (a turn stacks several).
struct Task {
  static constexpr int CAP = 32;  // the longest: an Exterminator choice of every surface space
  int n = 0;
  int v[CAP];

  Task() = default;
  Task(std::initializer_list<int> xs) {
    for (int x : xs) v[n++] = x;
  }
  int operator[](size_t i) const { return v[i]; }
  size_t size() const { return static_cast<size_t>(n); }
  void push_back(int x) { v[n++] = x; }
  const int* begin() const { return v; }
  const int* end() const { return v + n; }
};

// The last fight (state.py's last_fight), per seat: -1 / empty where the seat took no part.
struct LastFight {
  int space = -1, winner = -1;
  std::vector<int> sides, killed;
  std::vector<std::vector<int>> rolls;
  std::vector<std::vector<std::vector<int>>> rerolls;
};

struct State {
  const Game* game = nullptr;
  int players = 0;
  std::vector<int> nests, count, token, item, bonus, surface_deck, under_deck, surface_discard,
      under_discard, grp_idx, grp_path, action_spaces, done_spaces;
  std::vector<std::vector<int>> rats;
  std::vector<bool> item_ready, moved;
  std::vector<Task> tasks;
  int ext = -1, cheese = -1, pending_win = -1, turn = 0, groups_left = 0, grp_steps = 0;
  int64_t round = 1;
  bool cheese_drew = false;
  LastFight last_fight;  // space -1: none yet
  int unordered_surface = -1, unordered_under = -1;  // -1: not in `unordered`
  int to_move = 0;
  bool over = false;
  std::vector<double> result;  // empty while the game is on
  std::string end_reason;
  Rng rng;
  CardTally tally;  // the lab's counters (target_rats_full_tally.hpp)

  // A new game (state.py's _setup).
  static State start(const Game& game, int players, Rng rng);
  // count and nests from rats and players (a state filled field by field).
  void settle();

  std::vector<int> legal() const;
  void legal_into(std::vector<int>& out) const;
  void apply(int action);
  std::vector<double> returns() const;
  // A copy where all `seat` cannot know is re-dealt from the keyed stream `seed_text`.
  State determinize(int seat, const std::string& seed_text) const;

  // rats.py
  int own(int f, int sp) const;
  std::pair<int, int> fed_unfed(int f, int sp) const;
  bool enemies(int f, int sp) const;
  std::vector<int> sides(int sp) const;
  int limit(int sp) const { return game->limits[sp]; }
  int nests_of(int f) const;
  int supply_left(int tok) const;
  int home(int f) const { return game->board().homes[nests[f]]; }
  int spawn(int f, int sp, int n);
  int kill(int f, int sp, int n);
  std::vector<int> kill_all_on(int sp);
  void eliminated(int f);
  int move_all(int f, int frm, int to, int keep = 0);
  int throne_rat(int f, int sp) const;
  void throne_fix();
  void discard(int card);
  // movement.py
  bool can_enter(int f, int to, int n) const;
  std::vector<std::pair<int, int>> steps(int f, int here, const std::vector<int>& path, int n,
                                         int left) const;
  // steps' (destination, cost) pairs one by one to `visit`, which stops them by returning
  // true; whether it did (no list made: the hot path asks whether any step exists)
  template <class Visit>
  bool each_step(int f, int here, const int* path, size_t path_len, int n, int left,
                 Visit visit) const;
  std::vector<int> sewer_links(int here) const;
  void available(int f, int sp, int out[4]) const;
  int biggest_first_step(int f, int sp) const;
  std::vector<std::pair<int, int>> take_options(int f, int sp) const;
  std::vector<int> group_starts(int f, bool first = false) const;
  std::vector<int> startable(int f, bool first = false) const;
  void take(int sp, int fed, int unfed);
  std::vector<std::pair<int, int>> group_steps() const;
  void step(int to);
  void stop();
  void end_moves();
  // acting.py
  std::vector<int> pending() const;
  std::vector<int> contested(const std::vector<int>& spaces) const;
  bool can_scavenge(int sp) const;
  bool can_feed(int sp) const;
  int breed_pairs(int sp) const;
  bool can_nest(int sp) const;
  bool can_claim(int sp) const;
  int feed(int f, int sp);
  int unfeed(int f, int sp, int n = 1 << 20);
  void breed(int sp, int pairs);
  std::vector<int> spawn_places(int f) const;
  void do_spawn(int at);
  void do_claim(int sp);
  std::vector<int> retreat_places(int f, int sp) const;
  void act(int kind, int sp);
  // fights.py
  void open_fight(int sp, int attacker);
  void roll(int sp, int attacker);
  std::vector<int> push_choices(int chooser, int side, int sp, int dist) const;
  void push_to(int to);
  void overflow(int g, int sp);
  // scavenge.py
  void scavenge(int f, int sp);
  int draw_card(int deck);
  void keep(int type_index);
  void resolve(int f, int card, int sp);
  void effect(int f, int card, int sp);
  void cancel();
  void take_item(int f, int card);
  void choose_item(int type_index);
  void place(int f, int sp, int tok);
  void put(int f, int sp, int tok);
  void token_choice(bool fresh);
  std::vector<int> relocate_choices() const;
  void relocate(int frm);
  // exterminator.py
  void open_phase();
  std::vector<int> surface_choices() const;
  void ext_move();
  void land(int sp, int actor);
  void pigeon_call(int seat);
  // turn.py
  void start_turn();
  void reinforce();
  void victory_check();
  void win(int f);
  void end_turn();
  // engine.py
  void run();
  bool usable(int power) const;
  bool extra_group(const std::vector<int>& starts) const;
  void use_item();
};

// Where each part of the observation tensor starts (observation.py's layout).
struct ObsLayout {
  int size = 0, to_move = 0, phase = 0, rats = 0, exterminator = 0, nests = 0, factions = 0,
      tokens = 0, faction_items = 0, decks = 0, discard_tops = 0, turn = 0, group = 0,
      group_from = 0, group_path = 0, action_spaces = 0, done_spaces = 0, choice = 0,
      choice_cards = 0, choice_spaces = 0, fight = 0, fight_sides = 0, round = 0, over = 0;
  std::vector<int> item_slot;  // per card copy: its type's place among the items, -1: none
};

// evaluate.py: each seat's chance of winning.
std::vector<double> evaluate(const State& s);
// heuristic.py's choose; `jitter` is its own random.Random stream.
int heuristic(const State& s, MersenneTwister& jitter);
// observation.py's encode_state into `out` (zeroed, lay.size); seat -1: a spectator.
void observe(const State& s, int seat, const ObsLayout& lay, float* out);

}  // namespace ratking::trf
