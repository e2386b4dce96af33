// ratking.native._core.trf: Target: Rats' (the full game's) compiled state and rules.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bind_search.hpp"
#include "bindings.hpp"
#include "loops.hpp"
#include "target_rats_full.hpp"

namespace nb = nanobind;

namespace ratking {

namespace {
using Tensor = nb::ndarray<float, nb::ndim<1>, nb::c_contig, nb::device::cpu>;

void check_seat(const trf::State& s, int seat) {
  if (seat < -1 || seat >= s.players)
    throw nb::value_error("no such seat: seats are 0 to players - 1, or -1 for a spectator");
}
}  // namespace

void bind_trf(nb::module_& m) {
  auto trf = m.def_submodule("trf", "Target: Rats (the full game) compiled");

  nb::class_<trf::Config>(trf, "Config")
      .def(nb::init<>())
      .def_rw("board", &trf::Config::board)
      .def_rw("space_ids", &trf::Config::space_ids)
      .def_rw("card_ids", &trf::Config::card_ids)
      .def_rw("card_names", &trf::Config::card_names)
      .def_rw("type_effect", &trf::Config::type_effect)
      .def_rw("type_power", &trf::Config::type_power)
      .def_rw("type_of", &trf::Config::type_of)
      .def_rw("deck_of", &trf::Config::deck_of)
      .def_rw("effect", &trf::Config::effect)
      .def_rw("n", &trf::Config::n)
      .def_rw("power", &trf::Config::power)
      .def_rw("surface_total", &trf::Config::surface_total)
      .def_rw("under_total", &trf::Config::under_total)
      .def_rw("start_rats", &trf::Config::start_rats)
      .def_rw("max_rats", &trf::Config::max_rats)
      .def_rw("space_limit", &trf::Config::space_limit)
      .def_rw("city_limit", &trf::Config::city_limit)
      .def_rw("base_groups", &trf::Config::base_groups)
      .def_rw("move_range", &trf::Config::move_range)
      .def_rw("max_nests", &trf::Config::max_nests)
      .def_rw("food_tokens", &trf::Config::food_tokens)
      .def_rw("sewer_tokens", &trf::Config::sewer_tokens)
      .def_rw("infestation", &trf::Config::infestation)
      .def_rw("target_face", &trf::Config::target_face)
      .def_rw("push_distance", &trf::Config::push_distance)
      .def_rw("reentry_rats", &trf::Config::reentry_rats)
      .def_rw("breed_rats", &trf::Config::breed_rats)
      .def_rw("cheese_fight_dice", &trf::Config::cheese_fight_dice)
      .def_rw("cheese_draws", &trf::Config::cheese_draws)
      .def_rw("nests_to_win", &trf::Config::nests_to_win)
      .def_rw("one_rat_skip", &trf::Config::one_rat_skip)
      .def_rw("max_rounds", &trf::Config::max_rounds)
      .def_rw("first_seat", &trf::Config::first_seat);

  nb::class_<trf::Game>(trf, "Game")
      .def(nb::init<trf::Config>(), nb::arg("config"))
      .def_prop_ro("action_ids",
                   [](const trf::Game& g) {
                     std::vector<std::string> ids;
                     for (const auto& a : g.actions()) ids.push_back(a.id);
                     return ids;
                   })
      .def("action_index", &trf::Game::action_index, nb::arg("id"))
      .def("play",
           [](const trf::Game& g, int players, int64_t games, int64_t seed,
              std::vector<bool> heuristic) {
             if (players < 2 || players > 4)
               throw nb::value_error("Target: Rats takes 2 to 4 players");
             if (heuristic.empty()) heuristic.assign(players, false);
             if (static_cast<int>(heuristic.size()) != players)
               throw nb::value_error("heuristic: one flag per seat");
             LoopResult r;
             {
               nb::gil_scoped_release quiet;
               r = trf::play(g, players, games, seed, heuristic);
             }
             return nb::make_tuple(r.games, r.decisions, r.returns);
           },
           nb::arg("players"), nb::arg("games"), nb::arg("seed"),
           nb::arg("heuristic") = std::vector<bool>(),
           "play `games` whole games; (games, decisions, summed returns per seat)");

  nb::class_<trf::LastFight>(trf, "LastFight")
      .def(nb::init<>())
      .def_rw("space", &trf::LastFight::space)
      .def_rw("winner", &trf::LastFight::winner)
      .def_rw("sides", &trf::LastFight::sides)
      .def_rw("killed", &trf::LastFight::killed)
      .def_rw("rolls", &trf::LastFight::rolls)
      .def_rw("rerolls", &trf::LastFight::rerolls);

  nb::class_<trf::ObsLayout>(trf, "Layout")
      .def(nb::init<>())
      .def_rw("size", &trf::ObsLayout::size)
      .def_rw("to_move", &trf::ObsLayout::to_move)
      .def_rw("phase", &trf::ObsLayout::phase)
      .def_rw("rats", &trf::ObsLayout::rats)
      .def_rw("exterminator", &trf::ObsLayout::exterminator)
      .def_rw("nests", &trf::ObsLayout::nests)
      .def_rw("factions", &trf::ObsLayout::factions)
      .def_rw("tokens", &trf::ObsLayout::tokens)
      .def_rw("faction_items", &trf::ObsLayout::faction_items)
      .def_rw("decks", &trf::ObsLayout::decks)
      .def_rw("discard_tops", &trf::ObsLayout::discard_tops)
      .def_rw("turn", &trf::ObsLayout::turn)
      .def_rw("group", &trf::ObsLayout::group)
      .def_rw("group_from", &trf::ObsLayout::group_from)
      .def_rw("group_path", &trf::ObsLayout::group_path)
      .def_rw("action_spaces", &trf::ObsLayout::action_spaces)
      .def_rw("done_spaces", &trf::ObsLayout::done_spaces)
      .def_rw("choice", &trf::ObsLayout::choice)
      .def_rw("choice_cards", &trf::ObsLayout::choice_cards)
      .def_rw("choice_spaces", &trf::ObsLayout::choice_spaces)
      .def_rw("fight", &trf::ObsLayout::fight)
      .def_rw("fight_sides", &trf::ObsLayout::fight_sides)
      .def_rw("round", &trf::ObsLayout::round)
      .def_rw("over", &trf::ObsLayout::over)
      .def_rw("item_slot", &trf::ObsLayout::item_slot);

  nb::class_<trf::State>(trf, "State")
      .def_static(
          "start",
          [](const trf::Game& g, int players, const std::vector<uint32_t>& words,
             const std::string& text) {
            return trf::State::start(g, players, Rng::mersenne(words, text));
          },
          nb::arg("game"), nb::arg("players"), nb::arg("words"), nb::arg("text"),
          nb::keep_alive<0, 1>())
      .def_static(
          "blank",
          [](const trf::Game& g, int players) {
            trf::State s;
            s.game = &g;
            s.players = players;
            return s;
          },
          nb::arg("game"), nb::arg("players"), nb::keep_alive<0, 1>(),
          "an empty state for the glue to fill from a Python state's JSON (then settle())")
      .def("settle", &trf::State::settle, "count the rats per space and seat the nests")
      .def("copy", [](const trf::State& s) { return trf::State(s); }, nb::keep_alive<0, 1>())
      .def_ro("players", &trf::State::players)
      .def_rw("rats", &trf::State::rats)
      .def_rw("token", &trf::State::token)
      .def_rw("ext", &trf::State::ext)
      .def_rw("cheese", &trf::State::cheese)
      .def_rw("pending_win", &trf::State::pending_win)
      .def_rw("item", &trf::State::item)
      .def_rw("item_ready", &trf::State::item_ready)
      .def_rw("surface_deck", &trf::State::surface_deck)
      .def_rw("surface_discard", &trf::State::surface_discard)
      .def_rw("under_deck", &trf::State::under_deck)
      .def_rw("under_discard", &trf::State::under_discard)
      .def_rw("round", &trf::State::round)
      .def_rw("turn", &trf::State::turn)
      .def_prop_rw(
          "tasks",
          [](const trf::State& s) {
            std::vector<std::vector<int>> out;
            for (const auto& t : s.tasks) out.emplace_back(t.begin(), t.end());
            return out;
          },
          [](trf::State& s, const std::vector<std::vector<int>>& tasks) {
            std::vector<trf::Task> made;
            for (const auto& t : tasks) {
              if (t.empty() || t.size() > trf::Task::CAP)
                throw nb::value_error("a task holds its code and at most 31 ints");
              made.emplace_back();
              for (int x : t) made.back().push_back(x);
            }
            s.tasks = std::move(made);
          })
      .def_rw("groups_left", &trf::State::groups_left)
      .def_rw("grp_idx", &trf::State::grp_idx)
      .def_rw("grp_path", &trf::State::grp_path)
      .def_rw("grp_steps", &trf::State::grp_steps)
      .def_rw("moved", &trf::State::moved)
      .def_rw("action_spaces", &trf::State::action_spaces)
      .def_rw("done_spaces", &trf::State::done_spaces)
      .def_rw("cheese_drew", &trf::State::cheese_drew)
      .def_rw("bonus", &trf::State::bonus)
      .def_rw("last_fight", &trf::State::last_fight)
      .def_rw("unordered_surface", &trf::State::unordered_surface)
      .def_rw("unordered_under", &trf::State::unordered_under)
      .def_rw("to_move", &trf::State::to_move)
      .def_rw("over", &trf::State::over)
      .def_rw("result", &trf::State::result)
      .def_rw("end_reason", &trf::State::end_reason)
      .def_prop_rw(
          "rng", [](const trf::State& s) { return s.rng; },
          [](trf::State& s, const Rng& r) { s.rng = r; })
      .def("legal", &trf::State::legal, "the legal actions, as indexes into game.action_ids")
      .def("apply",
           [](trf::State& s, int action) {
             check_action(s, action);
             s.apply(action);
           },
           nb::arg("action"))
      .def("returns", &trf::State::returns)
      .def("determinize",
           [](const trf::State& s, int seat, const std::string& text) {
             check_seat(s, seat);
             return s.determinize(seat, text);
           },
           nb::arg("seat"), nb::arg("text"), nb::keep_alive<0, 1>(),
           "a copy with all `seat` (-1: a spectator) cannot know re-dealt from the keyed "
           "stream of seed `text`")
      .def("evaluate", &trf::evaluate)
      .def("heuristic",
           [](const trf::State& s, MersenneTwister& jitter) {
             if (s.over) throw nb::value_error("the game is over");
             return trf::heuristic(s, jitter);
           },
           nb::arg("jitter"))
      .def("observe",
           [](const trf::State& s, int seat, const trf::ObsLayout& lay, Tensor out) {
             check_seat(s, seat);
             if (static_cast<int>(out.shape(0)) != lay.size)
               throw nb::value_error("out has the wrong size for this layout");
             std::fill(out.data(), out.data() + lay.size, 0.0f);
             trf::observe(s, seat, lay, out.data());
           },
           nb::arg("seat"), nb::arg("layout"), nb::arg("out"))
      .def("search", search_method<trf::State, trf::ObsLayout>(&trf::observe),
           nb::arg("turn"), nb::arg("layout"), nb::arg("settings"), nb::arg("rng"), SEARCH_DOC);
}

}  // namespace ratking
