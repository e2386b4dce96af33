// The parts of ratking.native._core, one per concern, joined in module.cpp.
#pragma once
#include <nanobind/nanobind.h>

namespace ratking {

void bind_chance(nanobind::module_& m);  // bind_chance.cpp: the generators
void bind_roll(nanobind::module_& m);    // bind_roll.cpp: Rat-a-Tat Roll

}  // namespace ratking
