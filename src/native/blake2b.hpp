// BLAKE2b (RFC 7693), unkeyed, for the keyed determinization stream (core/rng.py's KeyedRng).
#pragma once
#include <cstddef>
#include <cstdint>

namespace ratking {

// The 64-byte BLAKE2b digest of `len` bytes at `data`.
void blake2b_512(const void* data, size_t len, uint8_t out[64]);

}  // namespace ratking
