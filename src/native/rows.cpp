// Each compiled game's part of the lab's rows (rows.hpp): what its standing panel's progress
// and its metrics hook (src/ratking/games/*/standing.py, metrics.py) read from a finished game.
#include "rows.hpp"

#include <algorithm>

namespace ratking {

// --- Rat-a-Tat Roll ---------------------------------------------------------------------------

void roll::progress(const State& s, std::vector<double>& out) {
  for (const auto& hand : s.hands)
    out.push_back(std::min(1.0, static_cast<double>(hand.size()) / s.need));
}

std::vector<std::string> roll::metric_names() {
  return {"winning total", "spread of totals", "plays/re-roll", "plays/swap", "plays/peek",
          "plays/face-up card taken", "plays/card drawn from the pile", "plays/card discarded",
          "face-up reshuffles"};
}

std::vector<double> roll::metrics(const State& s, const std::vector<int>& actions) {
  int64_t rerolls = 0, swaps = 0, peeks = 0, discards = 0;
  const auto& catalogue = s.game->actions();
  for (int a : actions) switch (catalogue[a].kind) {
      case K_REROLL: ++rerolls; break;
      case K_SWAP: ++swaps; break;
      case K_PEEK:
      case K_PEEK_OWN: ++peeks; break;
      case K_DISCARD: ++discards; break;
      default: break;
    }
  const auto totals = s.scores();
  const auto [low, high] = std::minmax_element(totals.begin(), totals.end());
  auto d = [](int64_t n) { return static_cast<double>(n); };
  return {*low, *high - *low, d(rerolls), d(swaps), d(peeks), d(s.tally.take), d(s.tally.draw),
          d(discards), d(s.tally.reshuffle)};
}

// --- You Dirty Rat ---------------------------------------------------------------------------

std::vector<std::string> ydr::metric_names() {
  return {"ended by/Town Stash empty", "ended by/no Heist left", "ended by/deck out",
          "heists done", "Specialists played", "cards drawn", "reshuffles",
          "taken from the Town Stash", "stolen from players", "winning total"};
}

std::vector<double> ydr::metrics(const State& s, const std::vector<int>& actions) {
  int64_t plays = 0, heists = 0;
  const auto& catalogue = s.game->actions();
  for (int a : actions) plays += catalogue[a].kind == K_PLAY;
  for (const auto& won : s.won) heists += static_cast<int64_t>(won.size());
  const auto totals = s.totals();
  const int64_t best = *std::max_element(totals.begin(), totals.end());
  const bool no_heist = *std::max_element(s.tops.begin(), s.tops.end()) < 0;
  auto d = [](int64_t n) { return static_cast<double>(n); };
  return {d(s.stash <= 0), d(no_heist), d(s.deck_out), d(heists), d(plays), d(s.tally.drawn),
          d(s.tally.reshuffle), d(s.tally.stash), d(s.tally.robbed), d(best)};
}

// --- Rat & Duck ------------------------------------------------------------------------------

void duck::progress(const State& s, std::vector<double>& out) {  // the dissent, the government
  const auto& c = s.game->config();
  out.push_back(std::min(1.0, static_cast<double>(s.total_unrest()) / c.unrest_to_win));
  out.push_back(std::min(1.0, static_cast<double>(s.biosci) / c.bio_sci_to_win));
}

std::vector<std::string> duck::metric_names() {
  return {"unrest", "Bio-Sci", "ended by/unrest goal", "ended by/Bio-Sci goal",
          "ended by/round limit", "government actions/arrest", "government actions/control",
          "government actions/target", "government actions/kidnap", "government actions/link",
          "government actions/unlink", "government actions/research", "dissent actions/speak",
          "dissent actions/release"};
}

std::vector<double> duck::metrics(const State& s, const std::vector<int>& actions) {
  int64_t kinds[END + 1] = {};
  const auto& catalogue = s.game->actions();
  for (int a : actions) ++kinds[catalogue[a].kind];
  const bool capped = s.end_reason != "finished";
  const bool government = !capped && s.result[1] == 1.0;  // seat 1 plays for the government
  auto d = [](int64_t n) { return static_cast<double>(n); };
  return {d(s.total_unrest()), d(s.biosci), d(!capped && !government), d(government),
          d(capped), d(kinds[ARREST]), d(kinds[CONTROL]), d(kinds[TARGET]), d(kinds[KIDNAP]),
          d(kinds[LINK]), d(kinds[UNLINK]), d(kinds[RESEARCH]), d(kinds[SPEAK]),
          d(kinds[RELEASE])};
}

// --- Target: Rats Simplified -----------------------------------------------------------------

void trs::progress(const State& s, std::vector<double>& out) {
  // per faction: its rats out of the home nest toward all of them, and the throne
  const int need = s.game->config().max_rats;
  for (int f = 0; f < s.players; ++f) {
    const int home = s.game->board().homes[s.nests[f]];
    int out_of_nest = 0;
    for (int c : s.rats[f]) out_of_nest += c >> 1 != home;
    out.push_back(static_cast<double>(std::min(out_of_nest, need) + (s.cheese == f)) /
                  (need + 1));
  }
}

std::vector<std::string> trs::metric_names() {
  return {"fights in Rat City", "rats lost/in fights", "rats lost/to the Exterminator",
          "rats bred", "rats fed", "Da Big Cheese crowned", "Da Big Cheese lost the throne"};
}

std::vector<double> trs::metrics(const State& s, const std::vector<int>&) {
  const auto& t = s.tally;
  auto d = [](int64_t n) { return static_cast<double>(n); };
  return {d(t.fights), d(t.fight_losses), d(t.exterminated), d(t.bred), d(t.fed), d(t.crowned),
          d(t.dethroned)};
}

// --- Target: Rats ----------------------------------------------------------------------------

void trf::progress(const State& s, std::vector<double>& out) {
  // per faction: its nest tokens toward the goal, and the throne
  const int need = s.game->config().nests_to_win;
  for (int f = 0; f < s.players; ++f)
    out.push_back(static_cast<double>(std::min(s.nests_of(f), need) + (s.cheese == f)) /
                  (need + 1));
}

namespace {
// The card types' names, each once, in order (metrics.py's "card plays" family)
std::vector<std::string> card_names(const trf::Config& c) {
  std::vector<std::string> names = c.card_names;
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}
}  // namespace

std::vector<std::string> trf::metric_names(const Game& game) {
  std::vector<std::string> out = {
      "cards played", "by cards/rats fed", "by cards/rats unfed", "by cards/rats killed",
      "by cards/rats spawned", "by cards/tokens placed", "by cards/items taken",
      "by cards/rats scattered", "by cards/Exterminator called", "fights",
      "nests built or taken"};
  for (const auto& name : card_names(game.config())) out.push_back("card plays/" + name);
  return out;
}

std::vector<double> trf::metrics(const State& s, const std::vector<int>&) {
  CardTally t = s.tally;
  t.close();  // the card still resolving when the game ended
  auto d = [](int64_t n) { return static_cast<double>(n); };
  std::vector<double> out = {d(t.cards)};
  for (int64_t e : t.effects) out.push_back(d(e));
  out.push_back(d(t.fights));
  out.push_back(d(t.nests));
  const Config& c = s.game->config();
  const auto names = card_names(c);
  std::vector<double> plays(names.size(), 0.0);
  for (size_t type = 0; type < t.plays.size(); ++type) {
    const auto at = std::lower_bound(names.begin(), names.end(), c.card_names[type]);
    plays[static_cast<size_t>(at - names.begin())] += d(t.plays[type]);
  }
  out.insert(out.end(), plays.begin(), plays.end());
  return out;
}

}  // namespace ratking
