"""The text form of actions: exact round trip, lenient reading, and distinct errors for unreadable text."""
from __future__ import annotations

import pytest

from engine.dice import (
    Circle,
    Cross,
    DiceError,
    DiceGame,
    IllegalAction,
    InvalidNotation,
    Reroll,
    Roll,
    parse_action,
)


def test_every_legal_action_round_trips_through_its_text() -> None:
    g = DiceGame.new(2, seed=11, dice=6)
    seen = 0
    while not g.is_over and seen < 400:
        for action in g.legal_actions():
            assert parse_action(str(action)) == action
        g.apply(g.legal_actions()[-1])
        seen += 1
    assert g.is_over


@pytest.mark.parametrize(("text", "action"), [
    ("roll", Roll()),
    ("  ROLL ", Roll()),
    ("tira", Roll()),
    ("keep 1 3 5", Reroll((0, 2, 4))),
    ("keep 5,1", Reroll((0, 4))),
    ("tieni 2", Reroll((1,))),
    ("keep none", Reroll(())),
    ("reroll", Reroll(())),
    ("rilancia tutti", Reroll(())),
    ("circle plants:3 cats:1", Circle(((0, 2), (4, 0)))),
    ("circle cats 1, plant=3", Circle(((0, 2), (4, 0)))),
    ("cerchia piante:3 gatti:1", Circle(((0, 2), (4, 0)))),
    ("circle trophies2", Circle(((3, 1),))),
    ("cross books", Cross(2)),
    ("cross 3", Cross(2)),
    ("barra libri", Cross(2)),
])
def test_lenient_but_exact_reading(text: str, action: object) -> None:
    assert parse_action(text) == action


@pytest.mark.parametrize(("text", "code"), [
    ("", "empty"),
    ("jump", "unknown_verb"),
    ("roll 3", "roll_args"),
    ("keep", "no_dice"),
    ("keep all", "keep_all"),
    ("keep 0", "bad_die"),
    ("keep 2 2", "die_twice"),
    ("circle", "no_items"),
    ("circle dogs:2", "bad_item"),
    ("circle plants", "bad_item"),
    ("circle plants:6", "bad_column"),
    ("circle plants:2 plant:2", "item_twice"),
    ("cross", "one_row"),
    ("cross books cats", "one_row"),
    ("cross 6", "bad_row"),
])
def test_unreadable_text_is_invalid_notation_not_an_illegal_action(text: str, code: str) -> None:
    with pytest.raises(InvalidNotation) as err:
        parse_action(text)
    assert err.value.code == code and not isinstance(err.value, IllegalAction)
    assert isinstance(err.value, DiceError) and isinstance(err.value, ValueError)


def test_a_readable_action_the_rules_refuse_is_an_illegal_action() -> None:
    g = DiceGame.new(2, seed=1)
    with pytest.raises(IllegalAction) as err:
        g.apply(parse_action("circle cats:1"))
    assert err.value.code == "roll_first" and not isinstance(err.value, InvalidNotation)


def test_errors_carry_params_for_translation() -> None:
    with pytest.raises(InvalidNotation) as err:
        parse_action("circle plants:9")
    assert err.value.params == {"column": 9}
