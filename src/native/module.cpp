// ratking.native._core: the compiled core's Python face (nanobind). The Python glue in
// src/ratking/native/ builds its objects from the games' own objects and states.
#include <nanobind/nanobind.h>

#include "bindings.hpp"

NB_MODULE(_core, m) {
  m.doc() = "ratking's compiled core: chance, the compiled games' rules and native loops";
  ratking::bind_chance(m);
  ratking::bind_search(m);
  ratking::bind_roll(m);
  ratking::bind_ydr(m);
  ratking::bind_duck(m);
  ratking::bind_board(m);
  ratking::bind_trs(m);
  ratking::bind_trf(m);
  ratking::bind_loops(m);  // after the games: it adds to their submodules
}
