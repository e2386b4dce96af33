"""Bot levels at a table search within a time budget; elsewhere by their iterations alone."""

import pytest

import ratking
from ratking.bots import make_bot
from ratking.bots.specs import level_spec
from ratking.server.pool.budgets import TABLE_MS, table_spec


@pytest.mark.parametrize("game_id", [info.id for info in ratking.list_games()])
def test_searching_levels_get_their_budget_at_a_table(game_id):
    game = ratking.make(game_id)
    for level, ms in TABLE_MS.items():
        spec = table_spec(level, game)
        assert spec == f"{level_spec(game, level)}:ms={ms}"
        bot = make_bot(spec, 1)  # a spec the bots accept, with its iterations kept
        assert bot.settings.ms == ms
        assert bot.settings.iters == make_bot(level_spec(game, level), 1).settings.iters
    for other in ("easy", "normal", "heuristic", "random", "ismcts:iters=5",
                  "ismcts:iters=5:ms=20"):
        assert table_spec(other, game) == other
