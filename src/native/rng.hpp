// A game's chance, drawn exactly as core/rng.py draws it.
//
// Rng: CPython's random.Random(seed) (the Mersenne Twister MT19937, seeded from an int's 32-bit
// words as CPython seeds it, doubles from 53 bits), read through a buffer that copies share, so
// a copy and its original read the same stream from their own positions.
// The keyed kind: BLAKE2b in counter mode, block i the digest of "ratking determinize SEED:i"
// read as eight little-endian 64-bit words (a determinization's stream).
#pragma once
#include <algorithm>
#include <cstdint>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "blake2b.hpp"

namespace ratking {

// MT19937 with CPython's seeding (random_seed + init_by_array) and random() (genrand_res53).
class MersenneTwister {
 public:
  explicit MersenneTwister(const std::vector<uint32_t>& key) {
    init(19650218U);
    const size_t len = key.empty() ? 1 : key.size();
    size_t i = 1, j = 0;
    for (size_t k = std::max<size_t>(N, len); k; --k) {
      const uint32_t word = key.empty() ? 0 : key[j];
      mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525U)) + word
               + static_cast<uint32_t>(j);
      if (++i >= N) {
        mt_[0] = mt_[N - 1];
        i = 1;
      }
      if (++j >= len) j = 0;
    }
    for (size_t k = N - 1; k; --k) {
      mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941U))
               - static_cast<uint32_t>(i);
      if (++i >= N) {
        mt_[0] = mt_[N - 1];
        i = 1;
      }
    }
    mt_[0] = 0x80000000U;
  }

  uint32_t next32() {
    if (index_ >= N) twist();
    uint32_t y = mt_[index_++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    return y ^ (y >> 18);
  }

  double random() {
    const uint32_t a = next32() >> 5, b = next32() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
  }

 private:
  static constexpr size_t N = 624, M = 397;

  void init(uint32_t s) {
    mt_[0] = s;
    for (size_t i = 1; i < N; ++i)
      mt_[i] = 1812433253U * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + static_cast<uint32_t>(i);
    index_ = N;
  }

  void twist() {
    for (size_t k = 0; k < N; ++k) {
      const uint32_t y = (mt_[k] & 0x80000000U) | (mt_[(k + 1) % N] & 0x7fffffffU);
      mt_[k] = mt_[(k + M) % N] ^ (y >> 1) ^ ((y & 1U) ? 0x9908b0dfU : 0U);
    }
    index_ = 0;
  }

  uint32_t mt_[N];
  size_t index_ = N;
};

// The 32-bit words CPython seeds a Mersenne Twister with, for a whole-number seed.
inline std::vector<uint32_t> seed_words(int64_t seed) {
  uint64_t n = seed < 0 ? 0 - static_cast<uint64_t>(seed) : static_cast<uint64_t>(seed);
  std::vector<uint32_t> words;
  while (n) {
    words.push_back(static_cast<uint32_t>(n));
    n >>= 32;
  }
  if (words.empty()) words.push_back(0);
  return words;
}

constexpr size_t BLOCK = 64;  // doubles drawn at a time (core/rng.py's BLOCK)

class Rng {
 public:
  Rng() = default;

  // random.Random(seed)'s stream, from `pos`; `text` is the seed as Python writes it.
  static Rng mersenne(const std::vector<uint32_t>& words, std::string text, uint64_t pos = 0) {
    Rng r;
    r.twister_ = std::make_shared<Twisted>(words);
    r.text_ = std::move(text);
    r.pos = pos;
    return r;
  }
  static Rng mersenne(int64_t seed) { return mersenne(seed_words(seed), std::to_string(seed)); }

  // The keyed stream of seed `text` (its decimal digits), from `pos`.
  static Rng keyed(std::string text, uint64_t pos = 0) {
    Rng r;
    r.words_ = std::make_shared<std::vector<uint64_t>>();
    r.text_ = std::move(text);
    r.pos = pos;
    return r;
  }

  bool is_keyed() const { return words_ != nullptr; }
  const std::string& seed_text() const { return text_; }

  double random() {
    const uint64_t at = pos++;
    if (words_) return static_cast<double>(word(at) >> 11) * 0x1p-53;
    return value(at);
  }

  // A whole number in [0, n): int(random() * n), or a keyed word modulo n.
  uint64_t randrange(uint64_t n) {
    const uint64_t at = pos++;
    if (words_) return word(at) % n;
    return static_cast<uint64_t>(value(at) * static_cast<double>(n));
  }

  // Rng.choice's index into n items: int(random() * n), for both kinds.
  size_t choice(size_t n) { return static_cast<size_t>(random() * static_cast<double>(n)); }

  // core/rng.py's shuffle: sort by one key per item, ties in index order.
  template <class T>
  void shuffle(std::vector<T>& items) {
    const size_t n = items.size();
    std::vector<uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0U);
    if (words_) {
      std::vector<uint64_t> keys(n);
      for (auto& k : keys) k = word(pos++);
      std::stable_sort(order.begin(), order.end(),
                       [&](uint32_t a, uint32_t b) { return keys[a] < keys[b]; });
    } else {
      std::vector<double> keys(n);
      for (auto& k : keys) k = value(pos++);
      std::stable_sort(order.begin(), order.end(),
                       [&](uint32_t a, uint32_t b) { return keys[a] < keys[b]; });
    }
    std::vector<T> out(n);
    for (size_t i = 0; i < n; ++i) out[i] = items[order[i]];
    items.swap(out);
  }

  // Take k items from `pool` uniformly, in the order taken; `pool` keeps the rest in order.
  template <class T>
  std::vector<T> deal(std::vector<T>& pool, size_t k) {
    std::vector<T> out;
    out.reserve(k);
    for (size_t i = 0; i < k; ++i) {
      const size_t at = static_cast<size_t>(randrange(pool.size()));
      out.push_back(pool[at]);
      pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(at));
    }
    return out;
  }

  uint64_t pos = 0;

 private:
  struct Twisted {
    explicit Twisted(const std::vector<uint32_t>& words) : mt(words) {}
    MersenneTwister mt;
    std::vector<double> buf;
  };

  double value(uint64_t at) {
    auto& t = *twister_;
    while (t.buf.size() <= at)
      for (size_t i = 0; i < BLOCK; ++i) t.buf.push_back(t.mt.random());
    return t.buf[at];
  }

  uint64_t word(uint64_t at) {
    auto& w = *words_;
    while (w.size() <= at) {
      const std::string msg = "ratking determinize " + text_ + ":" + std::to_string(w.size() / 8);
      uint8_t digest[64];
      blake2b_512(msg.data(), msg.size(), digest);
      for (int i = 0; i < 8; ++i) {
        uint64_t v = 0;
        for (int b = 7; b >= 0; --b) v = (v << 8) | digest[8 * i + b];
        w.push_back(v);
      }
    }
    return w[at];
  }

  std::shared_ptr<Twisted> twister_;
  std::shared_ptr<std::vector<uint64_t>> words_;
  std::string text_;
};

}  // namespace ratking
