// Target: Rats' lab counters, kept as the game goes (metrics.py reads the same from the event
// log once the game is over): the event cards played, what each did until it was resolved,
// the fights and the nests built or taken. The rules call `note` where the Python engine logs
// an event, with the event's class; `begin` at each action, saying whether it is one of the
// choices a card leads to (metrics.py's CHOICES).
#pragma once
#include <array>
#include <cstdint>
#include <vector>

namespace ratking::trf {

// What an event is to metrics.py: a card drawn or kept (its type), an effect (metrics.py's
// EFFECTS counted in its EFFECT_NAMES, an amount), a fight or a nest (counted, and a fight ends
// a card's resolution), an event that ends a resolution (metrics.py's ENDS), or another.
enum Event {
  EV_FED, EV_UNFED, EV_KILLED, EV_SPAWNED, EV_TOKENS, EV_ITEMS, EV_SCATTERED, EV_EXTERMINATOR,
  EV_DRAW, EV_KEEP, EV_NEST, EV_FIGHT, EV_ENDS, EV_OTHER
};
constexpr int EFFECTS = EV_EXTERMINATOR + 1;  // in EFFECT_NAMES' order

struct CardTally {
  bool choice = false;  // the action being applied is one of a card's choices
  int64_t step = -1;    // its index (-1: the set-up)
  int card = -1;        // the type of the card being resolved (-1: none)
  int64_t drawn_at = -1;
  int64_t cards = 0, fights = 0, nests = 0;
  std::array<int64_t, EFFECTS> effects{};
  std::vector<int64_t> plays;  // per card type, the cards resolved (closed)

  void begin(bool card_choice) {
    choice = card_choice;
    ++step;
  }
  void close() {
    if (card < 0) return;
    if (plays.size() <= static_cast<size_t>(card)) plays.resize(card + 1, 0);
    ++plays[card];
    ++cards;
    card = -1;
  }
  // metrics.py's card_effects, one event at a time; `x`: the amount, or the card's type
  void note(Event e, int64_t x = 0) {
    if (card >= 0 && (e == EV_FIGHT || e == EV_ENDS || !choice)) close();
    if (e == EV_FIGHT) ++fights;
    if (e == EV_NEST) ++nests;
    if (e == EV_KEEP) {
      if (card >= 0) card = static_cast<int>(x);  // Da Big Cheese's card is the one kept
    } else if (e == EV_DRAW) {
      if (card >= 0 && drawn_at == step) return;  // his second card: the keep decides
      close();
      card = static_cast<int>(x);
      drawn_at = step;
    } else if (card >= 0) {
      if (e == EV_EXTERMINATOR) {  // called once, killing x rats
        ++effects[EV_EXTERMINATOR];
        effects[EV_KILLED] += x;
      } else if (e == EV_NEST) {
        ++effects[EV_TOKENS];
      } else if (e < EFFECTS) {
        effects[e] += x;
      }
    }
  }
};

}  // namespace ratking::trf
