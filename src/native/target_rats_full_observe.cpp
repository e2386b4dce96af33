// Target: Rats' observation tensor compiled: observation.py's encode_state (with
// board_tensor.py's write_board and core/spaces.py's turn and ending slices), value for value.
#include <algorithm>

#include "target_rats_full.hpp"

namespace ratking::trf {

namespace {
// core/spaces.py's scaled: value / most, kept in [0, 1]
float scaled(double value, double most) {
  if (most <= 0) return 0.0f;
  const double x = value / most;
  return static_cast<float>(x > 1.0 ? 1.0 : (x < 0.0 ? 0.0 : x));
}

int rel(int other, int start, int players) { return ((other - start) % players + players) % players; }

void flags(float* out, int start, const std::vector<int>& indices) {
  for (int i : indices) out[start + i] = 1.0f;
}

enum Choice { C_KEEP, C_ITEM, C_PUSH, C_SPAWN, C_RETREAT, C_TOKEN, C_EXT, C_USE, C_BREED };

// views.py's pending_choice: what the task on top asks about, its cards and its spaces.
bool pending_choice(const State& s, int& kind, std::vector<int>& cards, std::vector<int>& spaces) {
  const Task& top = s.tasks.back();
  const int size = static_cast<int>(s.game->config().type_of.size());
  auto card = [size](int c) { return c < 0 ? c + size : c; };  // a Python index
  switch (top[0]) {
    case KEEP:
      kind = C_KEEP;
      cards.assign(top.begin() + 3, top.end());
      spaces = {top[2]};
      return true;
    case ITEM:
      kind = C_ITEM;
      cards = {card(s.item[top[1]]), top[2]};
      return true;
    case PUSH:
      kind = C_PUSH;
      spaces = s.push_choices(top[1], top[2], top[3], top[4]);
      return true;
    case SPAWN:
      kind = C_SPAWN;
      spaces = s.spawn_places(top[1]);
      return true;
    case RETREAT:
      kind = C_RETREAT;
      spaces = s.retreat_places(top[1], top[2]);
      return true;
    case TOKEN:
      kind = C_TOKEN;
      spaces = {top[2]};
      return true;
    case RELOCATE:
      kind = C_TOKEN;
      for (int x = 0; x < static_cast<int>(s.token.size()); ++x)
        if (s.token[x] == top[3] && x != top[2]) spaces.push_back(x);
      return true;
    case EXT:
      kind = C_EXT;
      spaces.assign(top.begin() + 2, top.end());
      return true;
    case USE:
      kind = C_USE;
      cards = {card(s.item[top[1]])};
      return true;
    case PAIRS:
      kind = C_BREED;
      spaces = {top[2]};
      return true;
    default:
      return false;
  }
}
}  // namespace

void observe(const State& s, int seat, const ObsLayout& lay, float* out) {
  const Config& r = s.game->config();
  const tr::Board& b = s.game->board();
  const int players = s.players, start = seat < 0 ? 0 : seat;
  const int max_rats = r.max_rats;
  const double unit = 1.0 / max_rats;
  // the turn (write_turn): decisions are numbered by their codes
  if (!s.over) {
    out[lay.to_move + rel(s.to_move, start, players)] = 1.0f;
    out[lay.phase + s.tasks.back()[0]] = 1.0f;
  }
  // the board (write_board, write_faction)
  const int homes = static_cast<int>(b.homes.size());
  for (int k = 0; k < players; ++k) {
    const int p = (start + k) % players;
    const auto& codes = s.rats[p];
    const int first = lay.rats + 2 * k, stride = 2 * players;
    const int home = b.homes[s.nests[p]];
    int fed = 0, at_home = 0;
    std::vector<int> seen;
    for (int c : codes) {
      if (std::find(seen.begin(), seen.end(), c) != seen.end()) continue;
      seen.push_back(c);
      const int n = static_cast<int>(std::count(codes.begin(), codes.end(), c));
      out[first + (c >> 1) * stride + (c & 1)] = static_cast<float>(std::min(1.0, n * unit));
      if (c & 1) fed += n;
      if (c >> 1 == home) at_home += n;
    }
    out[lay.nests + k * homes + s.nests[p]] = 1.0f;
    const int base = lay.factions + k * 4;
    out[base] = scaled(static_cast<double>(codes.size()), max_rats);
    out[base + 1] = scaled(fed, max_rats);
    out[base + 2] = scaled(at_home, max_rats);
    if (s.cheese == p) out[base + 3] = 1.0f;
  }
  if (s.ext >= 0) out[lay.exterminator + s.ext] = 1.0f;
  // the tokens and each faction's nests and item (_tokens)
  std::vector<int> nests(players, 0);
  const int width = 3 + players;
  for (int sp = 0; sp < static_cast<int>(s.token.size()); ++sp) {
    const int tok = s.token[sp];
    if (!tok) continue;
    const int base = lay.tokens + sp * width;
    if (tok >= NEST0) {
      out[base + 2] = 1.0f;
      out[base + 3 + rel(tok - NEST0, start, players)] = 1.0f;
      ++nests[tok - NEST0];
    } else {
      out[base + (tok == FOOD_TOKEN ? 0 : 1)] = 1.0f;
    }
  }
  int items = 0;
  for (int power : r.type_power) items += power >= 0;
  for (int k = 0; k < players; ++k) {
    const int p = (start + k) % players;
    const int block = lay.faction_items + k * (3 + items);
    out[block] = scaled(nests[p], r.max_nests);
    if (s.item_ready[p]) out[block + 1] = 1.0f;
    if (s.pending_win == p) out[block + 2] = 1.0f;
    if (s.item[p] >= 0) out[block + 3 + lay.item_slot[s.item[p]]] = 1.0f;
  }
  // the decks and the tops of their discards
  const int types = static_cast<int>(r.card_ids.size());
  out[lay.decks] = scaled(static_cast<double>(s.surface_deck.size()), r.surface_total);
  out[lay.decks + 1] = scaled(static_cast<double>(s.surface_discard.size()), r.surface_total);
  out[lay.decks + 2] = scaled(static_cast<double>(s.under_deck.size()), r.under_total);
  out[lay.decks + 3] = scaled(static_cast<double>(s.under_discard.size()), r.under_total);
  if (!s.surface_discard.empty()) out[lay.discard_tops + r.type_of[s.surface_discard.back()]] = 1.0f;
  if (!s.under_discard.empty())
    out[lay.discard_tops + types + r.type_of[s.under_discard.back()]] = 1.0f;
  out[lay.turn] = scaled(s.groups_left, r.base_groups + r.max_nests);
  // the moving group
  if (!s.grp_path.empty() && !s.over) {
    int fed = 0;
    for (int i : s.grp_idx) fed += s.rats[s.turn][i] & 1;
    out[lay.group] = scaled(fed, max_rats);
    out[lay.group + 1] = scaled(static_cast<double>(s.grp_idx.size()) - fed, max_rats);
    out[lay.group + 2] = scaled(s.grp_steps, r.move_range);
    out[lay.group_from + s.grp_path[0]] = 1.0f;
    flags(out, lay.group_path, s.grp_path);
  }
  flags(out, lay.action_spaces, s.action_spaces);
  flags(out, lay.done_spaces, s.done_spaces);
  // the pending choice
  if (!s.over && !s.tasks.empty()) {
    int kind = -1;
    std::vector<int> cards, spaces;
    if (pending_choice(s, kind, cards, spaces)) {
      out[lay.choice + kind] = 1.0f;
      for (int c : cards) out[lay.choice_cards + r.type_of[c]] = 1.0f;
      flags(out, lay.choice_spaces, spaces);
    }
  }
  // the last fight
  const LastFight& lf = s.last_fight;
  if (lf.space >= 0) {
    out[lay.fight + lf.space] = 1.0f;
    for (int g = 0; g < players; ++g) {
      const int k = lay.fight_sides + 3 * rel(g, start, players);
      if (lf.sides[g] >= 0) {
        out[k] = scaled(lf.sides[g], max_rats);
        if (lf.winner == g) out[k + 1] = 1.0f;
      }
      if (lf.killed[g] >= 0) out[k + 2] = scaled(lf.killed[g], max_rats);
    }
  }
  // the ending (write_ending)
  if (r.max_rounds > 0) out[lay.round] = scaled(static_cast<double>(s.round), r.max_rounds);
  if (s.over) out[lay.over] = 1.0f;
}

}  // namespace ratking::trf
