// ratking.native._core.ydr: You Dirty Rat's compiled state, rules and loops.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/array.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bind_search.hpp"
#include "bindings.hpp"
#include "loops.hpp"
#include "you_dirty_rat.hpp"

namespace nb = nanobind;

namespace ratking {
namespace {

using Tensor = nb::ndarray<float, nb::ndim<1>, nb::c_contig, nb::device::cpu>;

}  // namespace

void bind_ydr(nb::module_& m) {
  auto ydr_ = m.def_submodule("ydr", "You Dirty Rat compiled");
  using ydr::Config, ydr::Game, ydr::Layout, ydr::State;

  nb::class_<Config>(ydr_, "Config")
      .def(nb::init<>())
      .def_rw("slugs", &Config::slugs)
      .def_rw("archetypes", &Config::archetypes)
      .def_rw("effects", &Config::effects)
      .def_rw("amounts", &Config::amounts)
      .def_rw("copies", &Config::copies)
      .def_rw("specialists", &Config::specialists)
      .def_rw("chain_players", &Config::chain_players)
      .def_rw("heist_chain", &Config::heist_chain)
      .def_rw("heist_step", &Config::heist_step)
      .def_rw("heist_reward", &Config::heist_reward)
      .def_rw("heist_amount", &Config::heist_amount)
      .def_rw("heist_team", &Config::heist_team)
      .def_rw("stash_two", &Config::stash_two)
      .def_rw("stash_three", &Config::stash_three)
      .def_rw("stash_four", &Config::stash_four)
      .def_rw("start_money", &Config::start_money)
      .def_rw("hand", &Config::hand)
      .def_rw("bonus_two", &Config::bonus_two)
      .def_rw("bonus_three", &Config::bonus_three)
      .def_rw("bonus_four", &Config::bonus_four)
      .def_rw("max_rounds", &Config::max_rounds)
      .def_rw("first_seat", &Config::first_seat);

  nb::class_<Layout>(ydr_, "Layout")
      .def(nb::init<>())
      .def_rw("size", &Layout::size)
      .def_rw("to_move", &Layout::to_move)
      .def_rw("phase", &Layout::phase)
      .def_rw("stash", &Layout::stash)
      .def_rw("deck", &Layout::deck)
      .def_rw("discard", &Layout::discard)
      .def_rw("removed", &Layout::removed)
      .def_rw("heists", &Layout::heists)
      .def_rw("committing", &Layout::committing)
      .def_rw("drawn", &Layout::drawn)
      .def_rw("drawn_count", &Layout::drawn_count)
      .def_rw("round", &Layout::round)
      .def_rw("over", &Layout::over)
      .def_rw("seat_money", &Layout::seat_money)
      .def_rw("seat_stride", &Layout::seat_stride)
      .def_rw("heist_slot", &Layout::heist_slot);

  nb::class_<Game>(ydr_, "Game")
      .def(nb::init<Config>(), nb::arg("config"))
      .def_prop_ro("action_ids",
                   [](const Game& g) {
                     std::vector<std::string> ids;
                     for (const auto& a : g.actions()) ids.push_back(a.id);
                     return ids;
                   })
      .def("action_index", &Game::action_index, nb::arg("id"))
      .def("play",
           [](const Game& g, int players, int64_t games, int64_t seed,
              std::vector<bool> heuristic) {
             if (players < 2 || players > ydr::MAX_SEATS)
               throw nb::value_error("You Dirty Rat takes 2 to 4 players");
             if (heuristic.empty()) heuristic.assign(players, false);
             if (static_cast<int>(heuristic.size()) != players)
               throw nb::value_error("heuristic: one flag per seat");
             LoopResult r;
             {
               nb::gil_scoped_release quiet;
               r = ydr::play(g, players, games, seed, heuristic);
             }
             return nb::make_tuple(r.games, r.decisions, r.returns);
           },
           nb::arg("players"), nb::arg("games"), nb::arg("seed"),
           nb::arg("heuristic") = std::vector<bool>(),
           "play `games` whole games; (games, decisions, summed returns per seat)");

  nb::class_<State>(ydr_, "State")
      .def_static(
          "start",
          [](const Game& g, int players, const std::vector<uint32_t>& words,
             const std::string& text) {
            return State::start(g, players, Rng::mersenne(words, text));
          },
          nb::arg("game"), nb::arg("players"), nb::arg("words"), nb::arg("text"),
          nb::keep_alive<0, 1>())
      .def_static(
          "blank",
          [](const Game& g, int players) {
            State s;
            s.game = &g;
            s.players = players;
            return s;
          },
          nb::arg("game"), nb::arg("players"), nb::keep_alive<0, 1>(),
          "an empty state for the glue to fill from a Python state's JSON")
      .def("copy", [](const State& s) { return State(s); }, nb::keep_alive<0, 1>())
      .def_ro("players", &State::players)
      .def_rw("hands", &State::hands)
      .def_rw("refresh", &State::refresh)
      .def_rw("won", &State::won)
      .def_rw("nights", &State::nights)
      .def_rw("money", &State::money)
      .def_rw("deck", &State::deck)
      .def_rw("discard", &State::discard)
      .def_rw("removed", &State::removed)
      .def_rw("tops", &State::tops)
      .def_rw("drawn", &State::drawn)
      .def_rw("stash", &State::stash)
      .def_rw("total", &State::total)
      .def_rw("phase", &State::phase)
      .def_rw("amount", &State::amount)
      .def_rw("kind", &State::kind)
      .def_rw("heist", &State::heist)
      .def_rw("need", &State::need)
      .def_rw("wild_used", &State::wild_used)
      .def_rw("played", &State::played)
      .def_rw("deck_out", &State::deck_out)
      .def_rw("round", &State::round)
      .def_rw("turns", &State::turns)
      .def_rw("to_move", &State::to_move)
      .def_rw("unordered", &State::unordered)
      .def_rw("over", &State::over)
      .def_rw("result", &State::result)
      .def_rw("end_reason", &State::end_reason)
      .def_prop_rw(
          "public", [](const State& s) { return mask_words(s.public_); },
          [](State& s, const std::vector<uint64_t>& w) { s.public_ = words_mask(w); })
      .def_prop_rw(
          "rng", [](const State& s) { return s.rng; }, [](State& s, const Rng& r) { s.rng = r; })
      .def("legal", &State::legal, "the legal actions, as indexes into game.action_ids")
      .def("apply",
           [](State& s, int action) {
             check_action(s, action);
             s.apply(action);
           },
           nb::arg("action"))
      .def("returns", &State::returns)
      .def("determinize",
           [](const State& s, int seat, const std::string& text) {
             return s.determinize(seat, text);
           },
           nb::arg("seat"), nb::arg("text"), nb::keep_alive<0, 1>(),
           "a copy with all `seat` (-1: a spectator) cannot know re-dealt from the keyed "
           "stream of seed `text`")
      .def("evaluate", &ydr::evaluate)
      .def("heuristic",
           [](const State& s, MersenneTwister& jitter) {
             if (s.over) throw nb::value_error("the game is over");
             return ydr::heuristic(s, jitter);
           },
           nb::arg("jitter"))
      .def("observe",
           [](const State& s, int seat, const Layout& lay, Tensor out) {
             if (static_cast<int>(out.shape(0)) != lay.size)
               throw nb::value_error("out has the wrong size for this layout");
             if (seat < -1 || seat >= s.players) throw nb::value_error("no such seat");
             std::fill(out.data(), out.data() + lay.size, 0.0f);
             ydr::observe(s, seat, lay, out.data());
           },
           nb::arg("seat"), nb::arg("layout"), nb::arg("out"))
      .def("search", search_method<State, Layout>(&ydr::observe),
           nb::arg("turn"), nb::arg("layout"), nb::arg("settings"), nb::arg("rng"), SEARCH_DOC);
}

}  // namespace ratking
