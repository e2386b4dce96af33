// ratking.native._core.roll: Rat-a-Tat Roll's compiled state, rules and loops.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bind_search.hpp"
#include "bindings.hpp"
#include "loops.hpp"
#include "rat_a_tat_roll.hpp"

namespace nb = nanobind;

namespace ratking {
namespace {

using Tensor = nb::ndarray<float, nb::ndim<1>, nb::c_contig, nb::device::cpu>;

}  // namespace

void bind_roll(nb::module_& m) {
  auto roll_ = m.def_submodule("roll", "Rat-a-Tat Roll compiled");

  nb::class_<roll::Config>(roll_, "Config")
      .def(nb::init<>())
      .def_rw("values", &roll::Config::values)
      .def_rw("reroll_icon_from", &roll::Config::reroll_icon_from)
      .def_rw("kinds", &roll::Config::kinds)
      .def_rw("regions", &roll::Config::regions)
      .def_rw("colours", &roll::Config::colours)
      .def_rw("start", &roll::Config::start)
      .def_rw("wild_faces", &roll::Config::wild_faces)
      .def_rw("number_dice", &roll::Config::number_dice)
      .def_rw("dice_sides", &roll::Config::dice_sides)
      .def_rw("cards_two_players", &roll::Config::cards_two_players)
      .def_rw("cards", &roll::Config::cards)
      .def_rw("start_tokens", &roll::Config::start_tokens)
      .def_rw("total_tokens", &roll::Config::total_tokens)
      .def_rw("reshuffle_above", &roll::Config::reshuffle_above)
      .def_rw("max_rounds", &roll::Config::max_rounds)
      .def_rw("first_seat", &roll::Config::first_seat)
      .def_rw("memory_aid", &roll::Config::memory_aid);

  nb::class_<roll::Layout>(roll_, "Layout")
      .def(nb::init<>())
      .def_rw("size", &roll::Layout::size)
      .def_rw("to_move", &roll::Layout::to_move)
      .def_rw("phase", &roll::Layout::phase)
      .def_rw("pawn", &roll::Layout::pawn)
      .def_rw("regions", &roll::Layout::regions)
      .def_rw("draw_pile", &roll::Layout::draw_pile)
      .def_rw("token_pool", &roll::Layout::token_pool)
      .def_rw("dice", &roll::Layout::dice)
      .def_rw("wild", &roll::Layout::wild)
      .def_rw("tie", &roll::Layout::tie)
      .def_rw("offered", &roll::Layout::offered)
      .def_rw("final_round", &roll::Layout::final_round)
      .def_rw("round", &roll::Layout::round)
      .def_rw("over", &roll::Layout::over)
      .def_rw("seat_cards", &roll::Layout::seat_cards)
      .def_rw("seat_stride", &roll::Layout::seat_stride)
      .def_rw("seat_tokens", &roll::Layout::seat_tokens);

  nb::class_<roll::Game>(roll_, "Game")
      .def(nb::init<roll::Config>(), nb::arg("config"))
      .def_prop_ro("action_ids",
                   [](const roll::Game& g) {
                     std::vector<std::string> ids;
                     for (const auto& a : g.actions()) ids.push_back(a.id);
                     return ids;
                   })
      .def("action_index", &roll::Game::action_index, nb::arg("id"))
      .def("cards_needed", &roll::Game::cards_needed, nb::arg("players"))
      .def("play",
           [](const roll::Game& g, int players, int64_t games, int64_t seed,
              std::vector<bool> heuristic) {
             if (players < 2 || players > roll::MAX_SEATS)
               throw nb::value_error("Rat-a-Tat Roll takes 2 to 5 players");
             if (heuristic.empty()) heuristic.assign(players, false);
             if (static_cast<int>(heuristic.size()) != players)
               throw nb::value_error("heuristic: one flag per seat");
             LoopResult r;
             {
               nb::gil_scoped_release quiet;
               r = roll::play(g, players, games, seed, heuristic);
             }
             return nb::make_tuple(r.games, r.decisions, r.returns);
           },
           nb::arg("players"), nb::arg("games"), nb::arg("seed"),
           nb::arg("heuristic") = std::vector<bool>(),
           "play `games` whole games; (games, decisions, summed returns per seat)");

  nb::class_<roll::State>(roll_, "State")
      .def_static(
          "start",
          [](const roll::Game& g, int players, const std::vector<uint32_t>& words,
             const std::string& text) {
            return roll::State::start(g, players, Rng::mersenne(words, text));
          },
          nb::arg("game"), nb::arg("players"), nb::arg("words"), nb::arg("text"),
          nb::keep_alive<0, 1>())
      .def_static(
          "blank",
          [](const roll::Game& g, int players) {
            roll::State s;
            s.game = &g;
            s.players = players;
            s.need = g.cards_needed(players);
            return s;
          },
          nb::arg("game"), nb::arg("players"), nb::keep_alive<0, 1>(),
          "an empty state for the glue to fill from a Python state's JSON")
      .def("copy", [](const roll::State& s) { return roll::State(s); }, nb::keep_alive<0, 1>())
      .def_ro("players", &roll::State::players)
      .def_rw("hands", &roll::State::hands)
      .def_rw("faceup", &roll::State::faceup)
      .def_rw("pile", &roll::State::pile)
      .def_rw("tokens", &roll::State::tokens)
      .def_rw("dice", &roll::State::dice)
      .def_rw("choices", &roll::State::choices)
      .def_rw("pool", &roll::State::pool)
      .def_rw("pawn", &roll::State::pawn)
      .def_rw("phase", &roll::State::phase)
      .def_rw("wild", &roll::State::wild)
      .def_rw("final_left", &roll::State::final_left)
      .def_rw("to_move", &roll::State::to_move)
      .def_rw("round", &roll::State::round)
      .def_rw("turns", &roll::State::turns)
      .def_rw("unordered", &roll::State::unordered)
      .def_rw("over", &roll::State::over)
      .def_rw("result", &roll::State::result)
      .def_rw("end_reason", &roll::State::end_reason)
      .def_prop_rw(
          "known",
          [](const roll::State& s) {
            std::vector<std::vector<uint64_t>> out;
            for (const auto& k : s.known) out.push_back(mask_words(k));
            return out;
          },
          [](roll::State& s, const std::vector<std::vector<uint64_t>>& words) {
            s.known.clear();
            for (const auto& w : words) s.known.push_back(words_mask(w));
          })
      .def_prop_rw(
          "public", [](const roll::State& s) { return mask_words(s.public_); },
          [](roll::State& s, const std::vector<uint64_t>& w) { s.public_ = words_mask(w); })
      .def_prop_rw(
          "rng", [](const roll::State& s) { return s.rng; },
          [](roll::State& s, const Rng& r) { s.rng = r; })
      .def("legal", &roll::State::legal, "the legal actions, as indexes into game.action_ids")
      .def("apply",
           [](roll::State& s, int action) {
             check_action(s, action);
             s.apply(action);
           },
           nb::arg("action"))
      .def("returns", &roll::State::returns)
      .def("determinize",
           [](const roll::State& s, int seat, const std::string& text) {
             return s.determinize(seat, text);
           },
           nb::arg("seat"), nb::arg("text"), nb::keep_alive<0, 1>(),
           "a copy with all `seat` (-1: a spectator) cannot know re-dealt from the keyed "
           "stream of seed `text`")
      .def("evaluate", &roll::evaluate)
      .def("heuristic",
           [](const roll::State& s, MersenneTwister& jitter) {
             if (s.over) throw nb::value_error("the game is over");
             return roll::heuristic(s, jitter);
           },
           nb::arg("jitter"))
      .def("observe",
           [](const roll::State& s, int seat, bool recall, const roll::Layout& lay,
              Tensor out) {
             if (static_cast<int>(out.shape(0)) != lay.size)
               throw nb::value_error("out has the wrong size for this layout");
             std::fill(out.data(), out.data() + lay.size, 0.0f);
             roll::observe(s, seat, recall, lay, out.data());
           },
           nb::arg("seat"), nb::arg("recall"), nb::arg("layout"), nb::arg("out"))
      .def("search",
           search_method<roll::State, roll::Layout>(
               [](const roll::State& s, int seat, const roll::Layout& lay, float* out) {
                 roll::observe(s, seat, false, lay, out);
               }),
           nb::arg("turn"), nb::arg("layout"), nb::arg("settings"), nb::arg("rng"), SEARCH_DOC);
}

}  // namespace ratking
