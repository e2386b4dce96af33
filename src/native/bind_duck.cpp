// ratking.native._core.duck: Rat & Duck's compiled state and rules.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bind_search.hpp"
#include "bindings.hpp"
#include "loops.hpp"
#include "rat_and_duck.hpp"

namespace nb = nanobind;

namespace ratking {

namespace {
using Tensor = nb::ndarray<float, nb::ndim<1>, nb::c_contig, nb::device::cpu>;

void check_seat(const duck::State& s, int seat) {
  if (seat < -1 || seat >= s.players)
    throw nb::value_error("no such seat: seats are 0 to players - 1, or -1 for a spectator");
}
}  // namespace

void bind_duck(nb::module_& m) {
  auto duck = m.def_submodule("duck", "Rat & Duck compiled");

  nb::class_<duck::Config>(duck, "Config")
      .def(nb::init<>())
      .def_rw("roles", &duck::Config::roles)
      .def_rw("unit_ids", &duck::Config::unit_ids)
      .def_rw("slugs", &duck::Config::slugs)
      .def_rw("rows", &duck::Config::rows)
      .def_rw("columns", &duck::Config::columns)
      .def_rw("station_cells", &duck::Config::station_cells)
      .def_rw("lab_cells", &duck::Config::lab_cells)
      .def_rw("shuffle_places", &duck::Config::shuffle_places)
      .def_rw("bio_sci_to_win", &duck::Config::bio_sci_to_win)
      .def_rw("unrest_to_win", &duck::Config::unrest_to_win)
      .def_rw("max_unrest", &duck::Config::max_unrest)
      .def_rw("max_location_cards", &duck::Config::max_location_cards)
      .def_rw("arrest_wanted", &duck::Config::arrest_wanted)
      .def_rw("arrest_reduce", &duck::Config::arrest_reduce)
      .def_rw("wanted_gain", &duck::Config::wanted_gain)
      .def_rw("unrest_gain", &duck::Config::unrest_gain)
      .def_rw("control_reduce", &duck::Config::control_reduce)
      .def_rw("links_per_unit", &duck::Config::links_per_unit)
      .def_rw("research_gain", &duck::Config::research_gain)
      .def_rw("dissent_score_weight", &duck::Config::dissent_score_weight)
      .def_rw("government_score_weight", &duck::Config::government_score_weight)
      .def_rw("max_rounds", &duck::Config::max_rounds);

  nb::class_<duck::Game>(duck, "Game")
      .def(nb::init<duck::Config>(), nb::arg("config"))
      .def_prop_ro("action_ids",
                   [](const duck::Game& g) {
                     std::vector<std::string> ids;
                     for (const auto& a : g.actions()) ids.push_back(a.id);
                     return ids;
                   })
      .def("action_index", &duck::Game::action_index, nb::arg("id"))
      .def("play",
           [](const duck::Game& g, int players, int64_t games, int64_t seed,
              std::vector<bool> heuristic) {
             if (players < 2 || players > g.units)
               throw nb::value_error("Rat & Duck takes 2 players up to one per unit");
             if (heuristic.empty()) heuristic.assign(players, false);
             if (static_cast<int>(heuristic.size()) != players)
               throw nb::value_error("heuristic: one flag per seat");
             LoopResult r;
             {
               nb::gil_scoped_release quiet;
               r = duck::play(g, players, games, seed, heuristic);
             }
             return nb::make_tuple(r.games, r.decisions, r.returns);
           },
           nb::arg("players"), nb::arg("games"), nb::arg("seed"),
           nb::arg("heuristic") = std::vector<bool>(),
           "play `games` whole games; (games, decisions, summed returns per seat)");

  nb::class_<duck::ObsLayout>(duck, "Layout")
      .def(nb::init<>())
      .def_rw("size", &duck::ObsLayout::size)
      .def_rw("team", &duck::ObsLayout::team)
      .def_rw("to_move", &duck::ObsLayout::to_move)
      .def_rw("phase", &duck::ObsLayout::phase)
      .def_rw("active", &duck::ObsLayout::active)
      .def_rw("places", &duck::ObsLayout::places)
      .def_rw("units", &duck::ObsLayout::units)
      .def_rw("civilians", &duck::ObsLayout::civilians)
      .def_rw("cards", &duck::ObsLayout::cards)
      .def_rw("held", &duck::ObsLayout::held)
      .def_rw("used", &duck::ObsLayout::used)
      .def_rw("progress", &duck::ObsLayout::progress)
      .def_rw("reach", &duck::ObsLayout::reach)
      .def_rw("round", &duck::ObsLayout::round)
      .def_rw("over", &duck::ObsLayout::over);

  nb::class_<duck::State>(duck, "State")
      .def_static(
          "start",
          [](const duck::Game& g, int players, const std::vector<uint32_t>& words,
             const std::string& text) {
            return duck::State::start(g, players, Rng::mersenne(words, text));
          },
          nb::arg("game"), nb::arg("players"), nb::arg("words"), nb::arg("text"),
          nb::keep_alive<0, 1>())
      .def_static(
          "blank",
          [](const duck::Game& g, int players) {
            duck::State s;
            s.game = &g;
            s.players = players;
            return s;
          },
          nb::arg("game"), nb::arg("players"), nb::keep_alive<0, 1>(),
          "an empty state for the glue to fill from a Python state's JSON")
      .def("copy", [](const duck::State& s) { return duck::State(s); }, nb::keep_alive<0, 1>())
      .def_ro("players", &duck::State::players)
      .def_prop_rw(
          "cells", [](const duck::State& s) { return s.layout.cells; },
          [](duck::State& s, const std::vector<int>& cells) {
            s.layout = s.game->layout(cells);
          })
      .def_rw("pos", &duck::State::pos)
      .def_rw("wanted", &duck::State::wanted)
      .def_rw("unrest", &duck::State::unrest)
      .def_rw("deck", &duck::State::deck)
      .def_rw("held", &duck::State::held)
      .def_rw("used", &duck::State::used)
      .def_rw("civ_at", &duck::State::civ_at)
      .def_rw("link", &duck::State::link)
      .def_rw("civs", &duck::State::civs)
      .def_rw("biosci", &duck::State::biosci)
      .def_rw("released", &duck::State::released)
      .def_rw("round", &duck::State::round)
      .def_rw("played", &duck::State::played)
      .def_rw("active", &duck::State::active)
      .def_rw("phase", &duck::State::phase)
      .def_rw("to_move", &duck::State::to_move)
      .def_rw("unordered", &duck::State::unordered)
      .def_rw("over", &duck::State::over)
      .def_rw("result", &duck::State::result)
      .def_rw("end_reason", &duck::State::end_reason)
      .def_prop_rw(
          "rng", [](const duck::State& s) { return s.rng; },
          [](duck::State& s, const Rng& r) { s.rng = r; })
      .def("legal", &duck::State::legal, "the legal actions, as indexes into game.action_ids")
      .def("apply",
           [](duck::State& s, int action) {
             check_action(s, action);
             s.apply(action);
           },
           nb::arg("action"))
      .def("returns", &duck::State::returns)
      .def("determinize",
           [](const duck::State& s, int seat, const std::string& text) {
             check_seat(s, seat);
             return s.determinize(seat, text);
           },
           nb::arg("seat"), nb::arg("text"), nb::keep_alive<0, 1>(),
           "a copy with all `seat` (-1: a spectator) cannot know re-dealt from the keyed "
           "stream of seed `text`")
      .def("evaluate", &duck::evaluate)
      .def("heuristic",
           [](const duck::State& s, MersenneTwister& jitter) {
             if (s.over) throw nb::value_error("the game is over");
             return duck::heuristic(s, jitter);
           },
           nb::arg("jitter"))
      .def("observe",
           [](const duck::State& s, int seat, const duck::ObsLayout& lay, Tensor out) {
             check_seat(s, seat);
             if (static_cast<int>(out.shape(0)) != lay.size)
               throw nb::value_error("out has the wrong size for this layout");
             std::fill(out.data(), out.data() + lay.size, 0.0f);
             duck::observe(s, seat, lay, out.data());
           },
           nb::arg("seat"), nb::arg("layout"), nb::arg("out"))
      .def("search", search_method<duck::State, duck::ObsLayout>(&duck::observe),
           nb::arg("turn"), nb::arg("layout"), nb::arg("settings"), nb::arg("rng"), SEARCH_DOC);
}

}  // namespace ratking
