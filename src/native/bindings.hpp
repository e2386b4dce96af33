// The parts of ratking.native._core, one per concern, joined in module.cpp.
#pragma once
#include <nanobind/nanobind.h>

namespace ratking {

void bind_chance(nanobind::module_& m);  // bind_chance.cpp: the generators
void bind_roll(nanobind::module_& m);    // bind_roll.cpp: Rat-a-Tat Roll
void bind_duck(nanobind::module_& m);    // bind_duck.cpp: Rat & Duck

// Refuse an action that is not legal in state `s` (a ValueError), before anything changes.
template <class S>
void check_action(const S& s, int action) {
  for (int a : s.legal())
    if (a == action) return;
  throw nanobind::value_error("that action is not legal now");
}

}  // namespace ratking
