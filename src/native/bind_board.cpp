// ratking.native._core.target_rats: the Target: Rats board, shared by both Target: Rats games.
#include <nanobind/nanobind.h>
#include <nanobind/stl/vector.h>

#include "bindings.hpp"
#include "target_rats_board.hpp"

namespace nb = nanobind;

namespace ratking {

void bind_board(nb::module_& m) {
  auto tr = m.def_submodule("target_rats", "the Target: Rats board, shared by both games");
  nb::class_<tr::Board>(tr, "Board")
      .def(nb::init<>())
      .def_rw("surface", &tr::Board::surface)
      .def_rw("underground", &tr::Board::underground)
      .def_rw("city", &tr::Board::city)
      .def_rw("homes", &tr::Board::homes)
      .def_rw("corridor_surface", &tr::Board::corridor_surface)
      .def_rw("corridor_under", &tr::Board::corridor_under)
      .def_rw("home_exit", &tr::Board::home_exit)
      .def_rw("kind", &tr::Board::kind)
      .def_rw("ring_index", &tr::Board::ring_index)
      .def_rw("beneath", &tr::Board::beneath)
      .def_rw("exterminator_spaces", &tr::Board::exterminator_spaces)
      .def_rw("simplified_dumpsters", &tr::Board::simplified_dumpsters)
      .def_rw("adj", &tr::Board::adj)
      .def_rw("dist", &tr::Board::dist)
      .def_rw("quadrants", &tr::Board::quadrants)
      .def_rw("unlimited", &tr::Board::unlimited)
      .def_rw("corridor", &tr::Board::corridor)
      .def_rw("token_slot", &tr::Board::token_slot)
      .def("sewer_link", &tr::Board::sewer_link, nb::arg("space"));
}

}  // namespace ratking
