// The native loops of every compiled game: the vector environment's games (VectorGames) and
// the lab's seeded games (play_seeded), bound into each game's submodule.
//
// A newly compiled game plugs in here, in one place: a registration struct naming its State,
// Game and observation Layout and how its heuristic, observation and scores are reached, and
// one line in bind_loops. A game whose registration also names its rows' parts (rows.hpp:
// progress, metric_names, metrics) gets play_rows, the lab's rows without a Python replay.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <string>
#include <vector>

#include "bindings.hpp"
#include "rows.hpp"
#include "rat_a_tat_roll.hpp"
#include "rat_and_duck.hpp"
#include "seeded.hpp"
#include "target_rats_full.hpp"
#include "target_rats_simplified.hpp"
#include "vector.hpp"
#include "you_dirty_rat.hpp"

namespace nb = nanobind;

namespace ratking {
namespace {

struct RollGame {
  using State = roll::State;
  using Game = roll::Game;
  using Layout = roll::Layout;
  static int heuristic(const State& s, MersenneTwister& r) { return roll::heuristic(s, r); }
  static void observe(const State& s, int seat, bool recall, const Layout& l, float* out) {
    roll::observe(s, seat, recall, l, out);
  }
  static std::vector<double> scores(const State& s) { return s.scores(); }
  static void progress(const State& s, std::vector<double>& out) { roll::progress(s, out); }
  static std::vector<std::string> metric_names(const Game&) { return roll::metric_names(); }
  static std::vector<double> metrics(const State& s, const std::vector<int>& actions) {
    return roll::metrics(s, actions);
  }
};

struct YdrGame {  // its information state is its observation (nothing forgotten)
  using State = ydr::State;
  using Game = ydr::Game;
  using Layout = ydr::Layout;
  static int heuristic(const State& s, MersenneTwister& r) { return ydr::heuristic(s, r); }
  static void observe(const State& s, int seat, bool, const Layout& l, float* out) {
    ydr::observe(s, seat, l, out);
  }
  static std::vector<double> scores(const State& s) {
    std::vector<double> out;
    for (int64_t t : s.totals()) out.push_back(static_cast<double>(t));
    return out;
  }
  static void progress(const State&, std::vector<double>&) {}
  static std::vector<std::string> metric_names(const Game&) { return ydr::metric_names(); }
  static std::vector<double> metrics(const State& s, const std::vector<int>& actions) {
    return ydr::metrics(s, actions);
  }
};

struct DuckGame {  // its information state is its observation (nothing forgotten)
  using State = duck::State;
  using Game = duck::Game;
  using Layout = duck::ObsLayout;
  static int heuristic(const State& s, MersenneTwister& r) { return duck::heuristic(s, r); }
  static void observe(const State& s, int seat, bool, const Layout& l, float* out) {
    duck::observe(s, seat, l, out);
  }
  // each seat's team's round-limit score (rules.team_scores; even seats the dissent)
  static std::vector<double> scores(const State& s) {
    const auto& c = s.game->config();
    int64_t unrest = 0;
    for (int u : s.unrest) unrest += u;
    const double gov = static_cast<double>(s.biosci * c.government_score_weight);
    const double dis = static_cast<double>(unrest * c.dissent_score_weight);
    std::vector<double> out;
    for (int p = 0; p < s.players; ++p) out.push_back(p % 2 == 0 ? dis : gov);
    return out;
  }  static void progress(const State& s, std::vector<double>& out) { duck::progress(s, out); }
  static std::vector<std::string> metric_names(const Game&) { return duck::metric_names(); }
  static std::vector<double> metrics(const State& s, const std::vector<int>& actions) {
    return duck::metrics(s, actions);
  }
};

struct SimplifiedGame {  // nothing hidden, nothing forgotten: one tensor for both
  using State = trs::State;
  using Game = trs::Game;
  using Layout = trs::ObsLayout;
  static int heuristic(const State& s, MersenneTwister& r) { return trs::heuristic(s, r); }
  static void observe(const State& s, int seat, bool, const Layout& l, float* out) {
    trs::observe(s, seat, l, out);
  }
  // rats on the board per faction (state.py's scores)
  static std::vector<double> scores(const State& s) {
    std::vector<double> out;
    for (const auto& r : s.rats) out.push_back(static_cast<double>(r.size()));
    return out;
  }  static void progress(const State& s, std::vector<double>& out) { trs::progress(s, out); }
  static std::vector<std::string> metric_names(const Game&) { return trs::metric_names(); }
  static std::vector<double> metrics(const State& s, const std::vector<int>& actions) {
    return trs::metrics(s, actions);
  }
};

struct TargetRatsGame {  // its information state is its observation (nothing forgotten)
  using State = trf::State;
  using Game = trf::Game;
  using Layout = trf::ObsLayout;
  static int heuristic(const State& s, MersenneTwister& r) { return trf::heuristic(s, r); }
  static void observe(const State& s, int seat, bool, const Layout& l, float* out) {
    trf::observe(s, seat, l, out);
  }
  // nest tokens on the board per faction (state.py's scores)
  static std::vector<double> scores(const State& s) {
    std::vector<double> out;
    for (int f = 0; f < s.players; ++f) out.push_back(static_cast<double>(s.nests_of(f)));
    return out;
  }  static void progress(const State& s, std::vector<double>& out) { trf::progress(s, out); }
  static std::vector<std::string> metric_names(const Game& g) { return trf::metric_names(g); }
  static std::vector<double> metrics(const State& s, const std::vector<int>& actions) {
    return trf::metrics(s, actions);
  }
};

template <class T>
using Rows = nb::ndarray<T, nb::ndim<2>, nb::c_contig, nb::device::cpu>;
template <class T>
using Column = nb::ndarray<T, nb::ndim<1>, nb::c_contig, nb::device::cpu>;

template <class G, class V>
void check_rows(const V& v, const Rows<float>& obs, const Rows<int8_t>& masks) {
  const size_t n = static_cast<size_t>(v.size());
  if (obs.shape(0) != n || obs.shape(1) != static_cast<size_t>(v.obs_size()))
    throw nb::value_error("obs must be a C-contiguous float32 array (num_envs, tensor size)");
  if (masks.shape(0) != n || masks.shape(1) != static_cast<size_t>(v.space_size()))
    throw nb::value_error("masks must be a C-contiguous int8 array (num_envs, actions)");
}

// A batch of the lab's seeded games (play_seeded, play_rows) as bound: its arguments checked,
// its games played without the GIL.
template <class G, class Play>
auto seeded_batch(Play play) {
  return [play](const typename G::Game& game, int players, const std::vector<int64_t>& seeds,
                const std::vector<int64_t>& bot_seeds, const std::vector<Seat>& seats) {
    if (bot_seeds.size() != seeds.size() * players || static_cast<int>(seats.size()) != players)
      throw nb::value_error("one bot seed per seat of every game, one bot per seat");
    nb::gil_scoped_release quiet;
    return play(game, players, seeds, bot_seeds, seats);
  };
}

template <class G>
void bind_game(nb::module_ sub) {
  using V = VectorGames<G>;
  nb::class_<V>(sub, "VectorGames",
                "one learner's seat in each of n games, stepped natively (envs.vector)")
      .def(nb::init<const typename G::Game&, const typename G::Layout&, int, int, bool,
                    std::vector<int>, int, std::vector<Seat>, int64_t, int, bool>(),
           nb::arg("game"), nb::arg("layout"), nb::arg("players"), nb::arg("n"),
           nb::arg("recall"), nb::arg("to_space"), nb::arg("space_size"), nb::arg("opponents"),
           nb::arg("limit"), nb::arg("budget"), nb::arg("cap_truncates"), nb::keep_alive<1, 2>())
      .def("deal",
           [](V& v, int i, int64_t seed, int seat, const std::vector<int64_t>& bot_seeds,
              Rows<float> obs, Rows<int8_t> masks) {
             check_rows<G>(v, obs, masks);
             if (i < 0 || i >= v.size()) throw nb::value_error("no such row");
             return v.deal(i, seed, seat, bot_seeds, obs.data(), masks.data());
           },
           nb::arg("row"), nb::arg("seed"), nb::arg("seat"), nb::arg("bot_seeds"),
           nb::arg("obs"), nb::arg("masks"))
      .def("step",
           [](V& v, Column<int64_t> actions, Rows<float> obs, Rows<int8_t> masks,
              Column<double> rewards, Column<bool> terminated, Column<bool> truncated,
              Column<bool> ended) {
             check_rows<G>(v, obs, masks);
             const size_t n = static_cast<size_t>(v.size());
             for (size_t len : {actions.shape(0), rewards.shape(0), terminated.shape(0),
                                truncated.shape(0), ended.shape(0)})
               if (len != n) throw nb::value_error("one entry per game in every column");
             StepError e;
             {
               nb::gil_scoped_release quiet;
               e = v.step(actions.data(), obs.data(), masks.data(), rewards.data(),
                          terminated.data(), truncated.data(), ended.data());
             }
             return nb::make_tuple(e.row, e.illegal, e.action);
           },
           nb::arg("actions"), nb::arg("obs"), nb::arg("masks"), nb::arg("rewards"),
           nb::arg("terminated"), nb::arg("truncated"), nb::arg("ended"),
           "(row, illegal, action) of the first bad action, row -1 if none")
      .def("scores", &V::scores, nb::arg("row"))
      .def("over", &V::over, nb::arg("row"))
      .def("__copy__", [](const V& v) { return V(v); }, "a copy playing on from here");

  sub.def("play_seeded", seeded_batch<G>(play_seeded<G>), nb::arg("game"), nb::arg("players"),
          nb::arg("seeds"), nb::arg("bot_seeds"), nb::arg("seats"),
          "whole games, each seat's bot seeded as the lab seeds it");
  if constexpr (has_rows<G>::value) {
    sub.def("metric_names", &G::metric_names, nb::arg("game"),
            "the names of play_rows' metrics, in order");
    sub.def("play_rows", seeded_batch<G>(play_rows<G>), nb::arg("game"), nb::arg("players"),
            nb::arg("seeds"), nb::arg("bot_seeds"), nb::arg("seats"),
            "play_seeded's games, each with its row for the lab");
  }
}

}  // namespace

void bind_loops(nb::module_& m) {
  nb::class_<Seat>(m, "Seat", "a seat a native loop plays: random, or heuristic with eps")
      .def(nb::init<>())
      .def_rw("kind", &Seat::kind)
      .def_rw("eps", &Seat::eps);
  nb::class_<SeededGame>(m, "SeededGame", "one game played by play_seeded")
      .def_ro("actions", &SeededGame::actions)
      .def_ro("returns", &SeededGame::returns)
      .def_ro("end_reason", &SeededGame::end_reason);
  nb::class_<GameRow>(m, "GameRow", "one game played by play_rows: its row for the lab")
      .def_ro("returns", &GameRow::returns)
      .def_ro("scores", &GameRow::scores)
      .def_ro("metrics", &GameRow::metrics)
      .def_ro("trail", &GameRow::trail)
      .def_ro("end_reason", &GameRow::end_reason)
      .def_ro("decisions", &GameRow::decisions)
      .def_ro("rounds", &GameRow::rounds)
      .def_ro("first", &GameRow::first)
      .def_ro("legal", &GameRow::legal);

  // every compiled game, by its submodule (one line each)
  auto sub = [&](const char* name) { return nb::borrow<nb::module_>(m.attr(name)); };
  bind_game<RollGame>(sub("roll"));
  bind_game<YdrGame>(sub("ydr"));
  bind_game<DuckGame>(sub("duck"));
  bind_game<SimplifiedGame>(sub("trs"));
  bind_game<TargetRatsGame>(sub("trf"));
}

}  // namespace ratking
