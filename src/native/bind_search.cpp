// ratking.native._core's search types: the settings a native search reads and the tree it
// returns (each compiled game's State binds `search` itself, bind_search.hpp).
#include <nanobind/nanobind.h>
#include <nanobind/stl/vector.h>

#include "bind_search.hpp"
#include "bindings.hpp"

namespace nb = nanobind;

namespace ratking {

void bind_search(nb::module_& m) {
  nb::class_<SearchSettings>(m, "SearchSettings", "ismcts.py's SearchSettings, natively")
      .def(nb::init<>())
      .def_rw("iters", &SearchSettings::iters)
      .def_rw("ms", &SearchSettings::ms)
      .def_rw("heuristic_rollout", &SearchSettings::heuristic_rollout)
      .def_rw("eps", &SearchSettings::eps)
      .def_rw("depth", &SearchSettings::depth)
      .def_rw("c", &SearchSettings::c)
      .def_rw("prior", &SearchSettings::prior)
      .def_rw("margin", &SearchSettings::margin)
      .def_rw("evaluate", &SearchSettings::evaluate);

  nb::class_<SearchTree>(m, "SearchTree", "a native search's tree, nodes in the order made")
      .def_ro("players", &SearchTree::players)
      .def_ro("iterations", &SearchTree::iterations)
      .def_ro("best", &SearchTree::best)
      .def_ro("parent", &SearchTree::parent)
      .def_ro("action", &SearchTree::action)
      .def_ro("visits", &SearchTree::visits)
      .def_ro("avail", &SearchTree::avail)
      .def_ro("hint", &SearchTree::hint)
      .def_ro("total", &SearchTree::total)
      .def_ro("pruned_node", &SearchTree::pruned_node)
      .def_ro("pruned_action", &SearchTree::pruned_action);
}

}  // namespace ratking
