// The native search as a method of a compiled game's State: a game plugs in with one
// `.def("search", search_method<State, Layout>(observe), SEARCH_ARGS)` in its bind file.
#pragma once
#include <nanobind/nanobind.h>
#include <nanobind/stl/vector.h>

#include <vector>

#include "ismcts.hpp"

namespace ratking {

constexpr const char* SEARCH_DOC =
    "search(turn, layout, settings, rng): the ISMCTS tree for the seat to move (a SearchTree); "
    "`turn`: the states of its turn before this one; `rng`: the bot's generator, drawn on";

// The bound method: `observe(s, seat, layout, out)` writes a seat's observation (as
// position_key reads it) into zeroed `out` of layout.size floats.
template <class S, class L, class Observe>
auto search_method(Observe observe) {
  return [observe](const S& root, const std::vector<S>& turn, const L& layout,
                   const SearchSettings& settings, MersenneTwister& rng) {
    if (root.over) throw nanobind::value_error("the game is over: nothing to search");
    for (const S& p : turn)
      if (p.players != root.players || p.to_move != root.to_move)
        throw nanobind::value_error("a state of the turn is not the mover's in this game");
    if (settings.iters < 0 && settings.ms < 0)
      throw nanobind::value_error("a search needs a budget: iters or ms");
    SearchTree tree;
    {
      nanobind::gil_scoped_release quiet;
      tree = ismcts(root, turn, settings, rng, layout.size,
                    [&](const S& s, int seat, float* out) { observe(s, seat, layout, out); });
    }
    return tree;
  };
}

}  // namespace ratking
