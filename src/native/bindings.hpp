// The parts of ratking.native._core, one per concern, joined in module.cpp.
#pragma once
#include <nanobind/nanobind.h>

#include <cstdint>
#include <vector>

#include "mask.hpp"

namespace ratking {

void bind_chance(nanobind::module_& m);  // bind_chance.cpp: the generators
void bind_roll(nanobind::module_& m);    // bind_roll.cpp: Rat-a-Tat Roll
void bind_ydr(nanobind::module_& m);     // bind_ydr.cpp: You Dirty Rat
void bind_duck(nanobind::module_& m);    // bind_duck.cpp: Rat & Duck
void bind_board(nanobind::module_& m);   // bind_board.cpp: the Target: Rats board
void bind_trf(nanobind::module_& m);     // bind_trf.cpp: Target: Rats, the full game
void bind_trs(nanobind::module_& m);     // bind_trs.cpp: Target: Rats Simplified
void bind_loops(nanobind::module_& m);   // bind_loops.cpp: every compiled game's native loops
void bind_search(nanobind::module_& m);  // bind_search.cpp: the native search's types

// A mask as the little-endian 64-bit words of the Python int it stands for, and back.
inline std::vector<uint64_t> mask_words(const Mask& m) { return {m.w, m.w + Mask::WORDS}; }

inline Mask words_mask(const std::vector<uint64_t>& words) {
  if (words.size() > Mask::WORDS)
    throw nanobind::value_error("a card mask holds at most 256 cards");
  Mask m;
  for (size_t i = 0; i < words.size(); ++i) m.w[i] = words[i];
  return m;
}

// ValueError unless `action` is legal in `s` (any compiled game's state), nothing changed.
template <class S>
void check_action(const S& s, int action) {
  for (int a : s.legal())
    if (a == action) return;
  throw nanobind::value_error("that action is not legal now");
}

}  // namespace ratking
