"""Rule options: typed, validated, with clear errors naming the rule."""

import pytest

import ratking
from ratking.core import MAX_ROUNDS, Rules, RulesError, RuleSpec

SPECS = (
    RuleSpec("count", 3, int, "a number", minimum=1, maximum=5),
    RuleSpec("flag", False, bool, "a switch"),
    RuleSpec("mode", "a", str, "a choice", choices=("a", "b")),
    MAX_ROUNDS,
)


def test_defaults_and_attribute_access():
    rules = Rules(SPECS)
    assert rules.count == 3 and rules["flag"] is False and rules.mode == "a"
    assert rules.max_rounds is None
    assert rules.as_dict() == {"count": 3, "flag": False, "mode": "a", "max_rounds": None}


def test_overrides_are_coerced_from_text():
    rules = Rules(SPECS, {"count": "4", "flag": "yes", "max_rounds": "none"})
    assert rules.count == 4 and rules.flag is True and rules.max_rounds is None
    assert Rules(SPECS, {"max_rounds": "12"}).max_rounds == 12


@pytest.mark.parametrize("overrides, words", [
    ({"nope": 1}, "unknown rule 'nope'"),
    ({"count": 0}, "'count' must be at least 1"),
    ({"count": 6}, "'count' must be at most 5"),
    ({"count": 2.5}, "'count' must be a whole number"),
    ({"count": True}, "'count' must be a whole number"),
    ({"count": "many"}, "'count' must be a whole number"),
    ({"flag": "maybe"}, "'flag' must be true or false"),
    ({"flag": 1}, "'flag' must be true or false"),
    ({"mode": "c"}, "'mode' must be one of a, b"),
    ({"count": None}, "'count' may not be empty"),
    ({"max_rounds": 0}, "'max_rounds' must be at least 1"),
])
def test_bad_rules_name_the_rule(overrides, words):
    with pytest.raises(RulesError, match=words):
        Rules(SPECS, overrides)


def test_rules_are_read_only():
    rules = Rules(SPECS)
    with pytest.raises(AttributeError):
        rules.count = 4
    assert rules.count == 3


def test_custom_check():
    spec = RuleSpec("even", 2, int, "an even number",
                    check=lambda v: None if v % 2 == 0 else "must be even")
    assert Rules([spec], {"even": 4}).even == 4
    with pytest.raises(RulesError, match="'even': must be even"):
        Rules([spec], {"even": 3})


def test_describe_is_json_ready():
    described = [s.describe() for s in SPECS]
    assert described[0] == {"name": "count", "default": 3, "type": "int", "help": "a number",
                            "label": "Count", "min": 1, "max": 5}
    assert described[2]["choices"] == ["a", "b"]
    assert described[3]["optional"] is True


def test_make_rejects_bad_rules_for_a_real_game():
    with pytest.raises(RulesError, match="unknown rule 'dice'"):
        ratking.make("rat-a-tat-roll", dice=4)
    with pytest.raises(RulesError, match="'number_dice' must be at most 6"):
        ratking.make("rat-a-tat-roll", number_dice=7)
