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
#include <utility>
#include <vector>

#include "blake2b.hpp"

namespace ratking {

// MT19937 with CPython's seeding (random_seed + init_by_array) and random() (genrand_res53).
class MersenneTwister {
 public:
  explicit MersenneTwister(const std::vector<uint32_t>& key)
      : MersenneTwister(key.data(), key.size()) {}

  // Seeded from `len` 32-bit words, lowest first (none: the seed 0).
  MersenneTwister(const uint32_t* key, size_t len) {
    const uint32_t zero = 0;
    const uint32_t* words = len ? key : &zero;
    if (!len) len = 1;
    uint32_t* mt = mt_;
    // CPython's init_genrand(19650218) then init_by_array, its index wrapping (i runs 1..N-1,
    // then mt[0] = mt[N-1] and i = 1 again) unrolled into straight runs
    size_t i = 1, j = 0, k = std::max<size_t>(N, len);
    if (len <= N) {  // the first run fused with init_genrand: each word made once
      uint32_t start = 19650218U, last = start;
      mt[0] = start;
      for (; i < N; ++i) {
        start = 1812433253U * (start ^ (start >> 30)) + static_cast<uint32_t>(i);
        last = (start ^ ((last ^ (last >> 30)) * 1664525U)) + words[j]
               + static_cast<uint32_t>(j);
        mt[i] = last;
        if (++j >= len) j = 0;
      }
      k -= N - 1;
      mt[0] = mt[N - 1];
      i = 1;
    } else {
      init(19650218U);
    }
    while (k) {
      const size_t run = std::min(k, N - i);
      for (size_t r = 0; r < run; ++r, ++i) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + words[j]
                + static_cast<uint32_t>(j);
        if (++j >= len) j = 0;
      }
      k -= run;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    for (k = N - 1; k;) {
      const size_t run = std::min(k, N - i);
      for (size_t r = 0; r < run; ++r, ++i)
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U))
                - static_cast<uint32_t>(i);
      k -= run;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    mt[0] = 0x80000000U;
  }

  uint32_t next32() {
    if (index_ >= ready_) twist_some();
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

  // random.getrandbits(k) for k in 1..64: 32-bit words from the lowest, the last one's low
  // bits dropped.
  uint64_t getrandbits(int k) {
    if (k <= 32) return next32() >> (32 - k);
    const uint64_t low = next32();
    return (static_cast<uint64_t>(next32() >> (64 - k)) << 32) | low;
  }

  static constexpr size_t N = 624;  // words of state

  // random.Random.setstate's state: the N words and the index of the next one to read.
  void set_state(const uint32_t* words, size_t index) {
    std::copy(words, words + N, mt_);
    index_ = index;
    ready_ = N;
  }

  // getstate's: the words (the twist under way finished, as CPython twists all at once) into
  // `words`; returns the index.
  size_t get_state(uint32_t* words) {
    while (ready_ < N) twist_some();
    std::copy(mt_, mt_ + N, words);
    return index_;
  }

 private:
  static constexpr size_t M = 397, CHUNK = 128;

  void init(uint32_t s) {
    mt_[0] = s;
    for (size_t i = 1; i < N; ++i)
      mt_[i] = 1812433253U * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + static_cast<uint32_t>(i);
  }

  // The twist, CHUNK words at a time as they are needed: word k of the new state reads the
  // old words k and k + 1 and word k + M (new, once k + M wraps past N), so computing the
  // words in order, only as far as they are read, gives the very words the whole twist
  // would (a game reads a few hundred words; a whole twist makes 624).
  void twist_some() {
    if (ready_ == N) ready_ = index_ = 0;
    const size_t end = std::min(N, ready_ + CHUNK);
    uint32_t* mt = mt_;
    for (size_t k = ready_; k < end; ++k) {
      const size_t next = k + 1 == N ? 0 : k + 1;
      const size_t far = k + M < N ? k + M : k + M - N;
      const uint32_t y = (mt[k] & 0x80000000U) | (mt[next] & 0x7fffffffU);
      mt[k] = mt[far] ^ (y >> 1) ^ ((y & 1U) ? 0x9908b0dfU : 0U);
    }
    ready_ = end;
  }

  uint32_t mt_[N];  // every word written by the seeding
  size_t index_ = N, ready_ = N;  // the next word to read; the words twisted so far
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
  static Rng mersenne(int64_t seed) {
    Rng r;
    r.reseed(seed);
    return r;
  }

  // Start random.Random(seed)'s stream again from its beginning, in place: the loops play
  // game after game on one generator, without allocating one for each.
  void reseed(int64_t seed) {
    const uint64_t n = seed < 0 ? 0 - static_cast<uint64_t>(seed) : static_cast<uint64_t>(seed);
    const uint32_t words[2] = {static_cast<uint32_t>(n), static_cast<uint32_t>(n >> 32)};
    const MersenneTwister fresh(words, n >> 32 ? 2 : 1);
    if (twister_ && twister_.use_count() == 1) {  // no copy shares it: start it again
      twister_->mt = fresh;
      twister_->buf.clear();
    } else {
      twister_ = std::make_shared<Twisted>(fresh);
    }
    words_.reset();
    text_ = std::to_string(seed);
    pos = 0;
  }

  // A stream that reads `values` first (a test's scripted chance), then random.Random(0)'s
  // numbers from where they end.
  static Rng scripted(std::vector<double> values) {
    Rng r = mersenne(std::vector<uint32_t>{0}, "0");
    r.twister_->buf = std::move(values);
    return r;
  }

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
    if (words_)
      sort_by_keys(items, [this] { return word(pos++); });
    else
      sort_by_keys(items, [this] { return value(pos++); });
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
    explicit Twisted(const std::vector<uint32_t>& words) : mt(words) { buf.reserve(BLOCK); }
    explicit Twisted(const MersenneTwister& seeded) : mt(seeded) { buf.reserve(BLOCK); }
    MersenneTwister mt;
    std::vector<double> buf;
  };

  // Sort items by one key each, drawn in item order; equal keys keep the items' order (the
  // index breaks ties), as Python's stable sort does.
  template <class T, class Draw>
  static void sort_by_keys(std::vector<T>& items, Draw draw) {
    using Key = decltype(draw());
    std::vector<std::pair<Key, uint32_t>> keyed(items.size());
    for (uint32_t i = 0; i < keyed.size(); ++i) keyed[i] = {draw(), i};
    std::sort(keyed.begin(), keyed.end());
    std::vector<T> out(items.size());
    for (size_t i = 0; i < keyed.size(); ++i) out[i] = items[keyed[i].second];
    items.swap(out);
  }

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
