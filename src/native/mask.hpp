// A set of card ids as a bitmask of up to 256 bits (Python's ints in the games' states).
#pragma once
#include <cstdint>

namespace ratking {

struct Mask {
  static constexpr int WORDS = 4;
  uint64_t w[WORDS] = {0, 0, 0, 0};

  static Mask bit(int c) {
    Mask m;
    m.w[c >> 6] = uint64_t{1} << (c & 63);
    return m;
  }
  bool has(int c) const { return (w[c >> 6] >> (c & 63)) & 1U; }
  void set(int c) { w[c >> 6] |= uint64_t{1} << (c & 63); }
  bool any() const { return (w[0] | w[1] | w[2] | w[3]) != 0; }
  int count() const {
    int n = 0;
    for (auto x : w) n += __builtin_popcountll(x);
    return n;
  }
  Mask operator|(const Mask& o) const {
    Mask m;
    for (int i = 0; i < WORDS; ++i) m.w[i] = w[i] | o.w[i];
    return m;
  }
  Mask operator&(const Mask& o) const {
    Mask m;
    for (int i = 0; i < WORDS; ++i) m.w[i] = w[i] & o.w[i];
    return m;
  }
  Mask operator~() const {
    Mask m;
    for (int i = 0; i < WORDS; ++i) m.w[i] = ~w[i];
    return m;
  }
  Mask& operator|=(const Mask& o) { return *this = *this | o; }
  Mask& operator&=(const Mask& o) { return *this = *this & o; }
  bool operator==(const Mask& o) const {
    return w[0] == o.w[0] && w[1] == o.w[1] && w[2] == o.w[2] && w[3] == o.w[3];
  }
};

}  // namespace ratking
