// ratking.native._core's chance: core/rng.py's generators, for the tests that hold them equal.
#include <nanobind/nanobind.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.hpp"
#include "rng.hpp"

namespace nb = nanobind;

namespace ratking {
namespace {

Rng make_rng(const std::vector<uint32_t>& words, const std::string& text, uint64_t pos,
             bool keyed) {
  return keyed ? Rng::keyed(text, pos) : Rng::mersenne(words, text, pos);
}

}  // namespace

void bind_chance(nb::module_& m) {
  nb::class_<MersenneTwister>(m, "MersenneTwister",
                              "random.Random(seed)'s generator, seeded from the seed's words")
      .def(nb::init<const std::vector<uint32_t>&>(), nb::arg("words"))
      .def("random", &MersenneTwister::random)
      .def("getrandbits",
           [](MersenneTwister& mt, int k) {
             if (k < 1 || k > 64) throw nb::value_error("getrandbits takes 1 to 64 bits here");
             return mt.getrandbits(k);
           },
           nb::arg("k"))
      .def("setstate",
           [](MersenneTwister& mt, const std::vector<uint32_t>& words, size_t index) {
             if (words.size() != MersenneTwister::N || index > MersenneTwister::N)
               throw nb::value_error("a state is 624 words and an index up to 624");
             mt.set_state(words.data(), index);
           },
           nb::arg("words"), nb::arg("index"),
           "as random.Random.setstate((3, (*words, index), None))")
      .def("getstate",
           [](MersenneTwister& mt) {
             std::vector<uint32_t> words(MersenneTwister::N);
             const size_t index = mt.get_state(words.data());
             return std::make_pair(words, index);
           },
           "(words, index), as random.Random.getstate()[1] split");

  nb::class_<Rng>(m, "Rng", "core/rng.py's Rng (keyed=False) or KeyedRng (keyed=True)")
      .def(nb::new_(&make_rng), nb::arg("words"), nb::arg("text"), nb::arg("pos"),
           nb::arg("keyed"))
      .def_static("scripted", &Rng::scripted, nb::arg("values"),
                  "a stream that reads `values` first, then random.Random(0)'s numbers")
      .def_rw("pos", &Rng::pos)
      .def_prop_ro("keyed", &Rng::is_keyed)
      .def_prop_ro("seed_text", &Rng::seed_text)
      .def("random", &Rng::random)
      .def("randrange", &Rng::randrange, nb::arg("n"))
      .def("choice",
           [](Rng& r, const std::vector<int64_t>& items) {
             if (items.empty()) throw nb::index_error("cannot choose from an empty list");
             return items[r.choice(items.size())];
           },
           nb::arg("items"))
      .def("shuffle",
           [](Rng& r, std::vector<int64_t> items) {
             r.shuffle(items);
             return items;
           },
           "the items shuffled (a new list)")
      .def("deal",
           [](Rng& r, std::vector<int64_t> pool, size_t k) {
             if (k > pool.size()) throw nb::value_error("cannot deal more items than the pool");
             auto taken = r.deal(pool, k);
             return std::make_pair(taken, pool);
           },
           "(the k items taken in order, the pool left)");

}

}  // namespace ratking
