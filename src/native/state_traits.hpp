// What a compiled game's State may offer beyond the common interface, told at compile time.
#pragma once
#include <type_traits>
#include <utility>
#include <vector>

namespace ratking {

// Whether a game's State can write its legal actions into a given buffer (legal_into).
template <class S, class = void>
struct fills_legal : std::false_type {};
template <class S>
struct fills_legal<S, std::void_t<decltype(std::declval<const S&>().legal_into(
                          std::declval<std::vector<int>&>()))>> : std::true_type {};

// The legal actions of `s` into `out`: legal_into where the State has it, else legal().
template <class S>
void legal_of(const S& s, std::vector<int>& out) {
  if constexpr (fills_legal<S>::value)
    s.legal_into(out);
  else
    out = s.legal();
}

}  // namespace ratking
