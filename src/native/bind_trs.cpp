// ratking.native._core.trs: Target: Rats Simplified's compiled state and rules.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bind_search.hpp"
#include "bindings.hpp"
#include "loops.hpp"
#include "target_rats_simplified.hpp"

namespace nb = nanobind;

namespace ratking {

namespace {
using Tensor = nb::ndarray<float, nb::ndim<1>, nb::c_contig, nb::device::cpu>;

void check_seat(const trs::State& s, int seat) {
  if (seat < -1 || seat >= s.players)
    throw nb::value_error("no such seat: seats are 0 to players - 1, or -1 for a spectator");
}
}  // namespace

void bind_trs(nb::module_& m) {
  auto trs = m.def_submodule("trs", "Target: Rats Simplified compiled");

  nb::class_<trs::Config>(trs, "Config")
      .def(nb::init<>())
      .def_rw("start_rats", &trs::Config::start_rats)
      .def_rw("max_rats", &trs::Config::max_rats)
      .def_rw("space_limit", &trs::Config::space_limit)
      .def_rw("dice", &trs::Config::dice)
      .def_rw("cheese_dice", &trs::Config::cheese_dice)
      .def_rw("topup_at", &trs::Config::topup_at)
      .def_rw("topup_rats", &trs::Config::topup_rats)
      .def_rw("breed_rats", &trs::Config::breed_rats)
      .def_rw("target_face", &trs::Config::target_face)
      .def_rw("max_rounds", &trs::Config::max_rounds)
      .def_rw("first_seat", &trs::Config::first_seat)
      .def_rw("space_ids", &trs::Config::space_ids)
      .def_rw("nests", &trs::Config::nests);

  nb::class_<trs::Game>(trs, "Game")
      .def(nb::init<trs::Config, tr::Board>(), nb::arg("config"), nb::arg("board"))
      .def_prop_ro("action_ids",
                   [](const trs::Game& g) {
                     std::vector<std::string> ids;
                     for (const auto& a : g.actions()) ids.push_back(a.id);
                     return ids;
                   })
      .def("action_index", &trs::Game::action_index, nb::arg("id"))
      .def("play",
           [](const trs::Game& g, int players, int64_t games, int64_t seed,
              std::vector<bool> heuristic) {
             if (players < 2 || players >= static_cast<int>(g.config().nests.size()))
               throw nb::value_error("Target: Rats Simplified takes 2 to 4 players");
             if (heuristic.empty()) heuristic.assign(players, false);
             if (static_cast<int>(heuristic.size()) != players)
               throw nb::value_error("heuristic: one flag per seat");
             LoopResult r;
             {
               nb::gil_scoped_release quiet;
               r = trs::play(g, players, games, seed, heuristic);
             }
             return nb::make_tuple(r.games, r.decisions, r.returns);
           },
           nb::arg("players"), nb::arg("games"), nb::arg("seed"),
           nb::arg("heuristic") = std::vector<bool>(),
           "play `games` whole games; (games, decisions, summed returns per seat)");

  nb::class_<trs::ObsLayout>(trs, "Layout")
      .def(nb::init<>())
      .def_rw("size", &trs::ObsLayout::size)
      .def_rw("to_move", &trs::ObsLayout::to_move)
      .def_rw("phase", &trs::ObsLayout::phase)
      .def_rw("rats", &trs::ObsLayout::rats)
      .def_rw("exterminator", &trs::ObsLayout::exterminator)
      .def_rw("nests", &trs::ObsLayout::nests)
      .def_rw("factions", &trs::ObsLayout::factions)
      .def_rw("dumpsters", &trs::ObsLayout::dumpsters)
      .def_rw("dice", &trs::ObsLayout::dice)
      .def_rw("pool", &trs::ObsLayout::pool)
      .def_rw("mover", &trs::ObsLayout::mover)
      .def_rw("path", &trs::ObsLayout::path)
      .def_rw("round", &trs::ObsLayout::round)
      .def_rw("over", &trs::ObsLayout::over);

  nb::class_<trs::State>(trs, "State")
      .def_static(
          "start",
          [](const trs::Game& g, int players, const std::vector<uint32_t>& words,
             const std::string& text) {
            return trs::State::start(g, players, Rng::mersenne(words, text));
          },
          nb::arg("game"), nb::arg("players"), nb::arg("words"), nb::arg("text"),
          nb::keep_alive<0, 1>())
      .def_static("blank", &trs::State::blank, nb::arg("game"), nb::arg("players"),
                  nb::keep_alive<0, 1>(),
                  "an empty state for the glue to fill from a Python state's JSON")
      .def("copy", [](const trs::State& s) { return trs::State(s); }, nb::keep_alive<0, 1>())
      .def_ro("players", &trs::State::players)
      .def_prop_rw(
          "rats", [](const trs::State& s) { return s.rats; },
          [](trs::State& s, const std::vector<std::vector<int>>& rats) {
            if (static_cast<int>(rats.size()) != s.players)
              throw nb::value_error("rats: one list per seat");
            s.rats = rats;
            s.recount();
          })
      .def_prop_rw(
          "moved", [](const trs::State& s) { return std::vector<bool>(s.moved.begin(),
                                                                        s.moved.end()); },
          [](trs::State& s, const std::vector<bool>& moved) {
            s.moved.assign(moved.begin(), moved.end());
          })
      .def_rw("ext", &trs::State::ext)
      .def_rw("cheese", &trs::State::cheese)
      .def_rw("dice", &trs::State::dice)
      .def_rw("pool", &trs::State::pool)
      .def_rw("target", &trs::State::target)
      .def_rw("phase", &trs::State::phase)
      .def_rw("mover", &trs::State::mover)
      .def_rw("path", &trs::State::path)
      .def_rw("start_pool", &trs::State::start_pool)
      .def_rw("round", &trs::State::round)
      .def_rw("to_move", &trs::State::to_move)
      .def_rw("over", &trs::State::over)
      .def_rw("result", &trs::State::result)
      .def_rw("end_reason", &trs::State::end_reason)
      .def_prop_rw(
          "rng", [](const trs::State& s) { return s.rng; },
          [](trs::State& s, const Rng& r) { s.rng = r; })
      .def("legal", &trs::State::legal, "the legal actions, as indexes into game.action_ids")
      .def("apply",
           [](trs::State& s, int action) {
             check_action(s, action);
             s.apply(action);
           },
           nb::arg("action"))
      .def("returns", &trs::State::returns)
      .def("determinize",
           [](const trs::State& s, int seat, const std::string& text) {
             check_seat(s, seat);
             return s.determinize(text);
           },
           nb::arg("seat"), nb::arg("text"), nb::keep_alive<0, 1>(),
           "a copy whose chance is the keyed stream of seed `text` (nothing is hidden, so "
           "`seat`, -1 for a spectator, changes nothing else)")
      .def("evaluate", &trs::evaluate)
      .def("heuristic",
           [](const trs::State& s, MersenneTwister& jitter) {
             if (s.over) throw nb::value_error("the game is over");
             return trs::heuristic(s, jitter);
           },
           nb::arg("jitter"))
      .def("observe",
           [](const trs::State& s, int seat, const trs::ObsLayout& lay, Tensor out) {
             check_seat(s, seat);
             if (static_cast<int>(out.shape(0)) != lay.size)
               throw nb::value_error("out has the wrong size for this layout");
             std::fill(out.data(), out.data() + lay.size, 0.0f);
             trs::observe(s, seat, lay, out.data());
           },
           nb::arg("seat"), nb::arg("layout"), nb::arg("out"))
      .def("search", search_method<trs::State, trs::ObsLayout>(&trs::observe),
           nb::arg("turn"), nb::arg("layout"), nb::arg("settings"), nb::arg("rng"), SEARCH_DOC);
}

}  // namespace ratking
