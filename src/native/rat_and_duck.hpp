// Rat & Duck compiled: the rules of src/ratking/games/rat_and_duck (the reference), with the
// same action ids, the same chance (rng.hpp) and the same results, decision for decision.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "rng.hpp"

namespace ratking::duck {

// Roles and teams (params.py), phases (phases.py), action kinds (actions.py).
enum Role { POLICE = 0, SCIENTIST = 1, DISSENT = 2 };
enum Team { GOVERNMENT = 0, DISSENT_TEAM = 1 };
enum Phase { PRE_MOVE = 0, PRE_ACTION = 1, AFTER_ACTION = 2 };
enum Kind {
  MOVE, SKIP_MOVE, ARREST, CONTROL, TARGET, KIDNAP, RESEARCH, LINK, UNLINK, SPEAK, RELEASE, END
};

struct Action {
  Kind kind;
  int arg = 0;  // move: place; arrest, end: unit; research, link, unlink, release: civilian
  std::string id;
};

// The rule options and the city map a game is played with (game.py, params.py, components.py).
struct Config {
  std::vector<int> roles;                 // per unit, government first
  std::vector<std::string> unit_ids;      // "p1", "s1", "d1"...
  std::vector<std::string> slugs;         // per place, civilian places first
  int rows = 3, columns = 4;
  std::vector<int> station_cells, lab_cells;
  bool shuffle_places = true;
  int bio_sci_to_win = 4, unrest_to_win = 15, max_unrest = 3, max_location_cards = 2,
      arrest_wanted = 2, arrest_reduce = 2, wanted_gain = 1, unrest_gain = 1,
      control_reduce = 1, links_per_unit = 1, research_gain = 1, dissent_score_weight = 2,
      government_score_weight = 5, max_rounds = 25;  // max_rounds -1: no round cap
};

// One arrangement of the civilian places on the grid (components.py's Layout).
struct Layout {
  std::vector<int> cells;
  std::vector<std::vector<int>> adj;   // per place: its neighbours, sorted
  std::vector<std::vector<int>> dist;  // fewest moves between two places
};

// One game's rules, map and action catalogue, shared by its states.
class Game {
 public:
  explicit Game(Config config);

  const Config& config() const { return cfg_; }
  const std::vector<Action>& actions() const { return actions_; }
  int action_index(const std::string& id) const;  // -1: no such action
  Layout layout(const std::vector<int>& cells) const;
  const std::vector<int>& owners(int players) const { return owners_.at(players); }

  int civilian, lab, station, prison, size, units, all_units, scientists;
  std::vector<int> teams, dissents, government;
  // the catalogue, as indexes into actions() (actions.py's Catalogue)
  std::vector<int> move, arrest, research, link, unlink, release, end;
  int skip_move, control, target, kidnap, speak;

 private:
  int add(Kind kind, std::string id, int arg = 0);
  Config cfg_;
  std::vector<Action> actions_;
  std::vector<std::vector<int>> owners_;  // per player count: the seat of each unit
};

struct State {
  const Game* game = nullptr;
  int players = 0;
  Layout layout;
  std::vector<int> pos, wanted, unrest, deck, held, used, civ_at, link, civs;
  int64_t biosci = 0, released = 0, round = 1;
  int played = 0, active = 0, phase = PRE_MOVE, to_move = 0;
  int unordered = -1;  // the deck's top cards in no order (-1: none, as None in Python)
  bool over = false;
  std::vector<double> result;  // empty while the game is on
  std::string end_reason;
  Rng rng;

  // A new game (state.py's _setup).
  static State start(const Game& game, int players, Rng rng);

  bool sees_cards(int seat) const;  // seat -1: a spectator
  std::vector<int> legal() const;
  void legal_into(std::vector<int>& out) const;  // the same, into `out`
  void apply(int action);
  std::vector<double> returns() const;
  // A copy where all `seat` cannot know is re-dealt from the keyed stream `seed_text`.
  State determinize(int seat, const std::string& seed_text) const;

  // The rules' steps (rules.py).
  void next_units(std::vector<int>& out) const;
  int draw();
  void remove_civilian(int c);
  int raise(int place, int amount);
  void check_unrest();
  void finish(int winner);  // -1: the round limit decides
  int64_t total_unrest() const;
};

// Where each part of the observation tensor starts (observation.py's layout).
struct ObsLayout {
  int size = 0, team = 0, to_move = 0, phase = 0, active = 0, places = 0, units = 0,
      civilians = 0, cards = 0, held = 0, used = 0, progress = 0, reach = 0, round = 0, over = 0;
};

// evaluate.py: each seat's chance of winning, from its team's race.
std::vector<double> evaluate(const State& s);
// heuristic.py's choose: the heuristic's action for the unit to play; `jitter` is its own
// random.Random stream (one number when it picks among equals).
int heuristic(const State& s, MersenneTwister& jitter);
// observation.py's encode_state, written into `out` (zeroed, lay.size); seat -1: a spectator.
// The view forgets nothing, so the information state is the same tensor.
void observe(const State& s, int seat, const ObsLayout& lay, float* out);

}  // namespace ratking::duck
