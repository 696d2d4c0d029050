"""What the dice turn offers (select, buttons, autocomplete) is exactly what the rules allow, best first."""

from __future__ import annotations

import random

from engine.dice import ITEM_VALUES, Circle, Cross, DiceGame, Reroll, Roll

from bot.games.dice.picks import SET_LIMIT, crossable_rows, keep_choices, offered_sets
from bot.games.dice.words import set_choice_text, turn_prompt
from bot.service.models import GameOptions, Seat, Table
from tests.engine.dice.positions import OPEN_SHEET, position, sheet


def _games(count: int) -> list[DiceGame]:
    """Games at many moments of play: after the first roll of a turn, seeded random legal play before it."""
    found = []
    for seed in range(count):
        game = DiceGame.new(2 + seed % 3, seed=seed, dice=(5, 6)[seed % 2])
        rng = random.Random(seed)
        for _ in range(rng.randrange(60)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        if not game.is_over:
            if game.phase == "roll":
                game.apply(Roll())
            found.append(game)
    return found


def test_the_offered_sets_are_the_legal_ones_most_points_first() -> None:
    """Most points added now first (what circling the set really scores), then the most face value."""
    for game in _games(40):
        sets = offered_sets(game)
        assert sorted(sets) == sorted(game.legal_item_sets())
        order = [(game.gain(items), sum(ITEM_VALUES[c] for _, c in items)) for items in sets]
        assert order == sorted(order, reverse=True)
        for items in sets[:SET_LIMIT]:
            before = game.score(game.current_seat)
            played = game.copy()
            played.apply(Circle(items))
            assert played.score(game.current_seat) - before == game.gain(items)


def test_a_set_is_labelled_with_what_it_scores_now_not_its_face_value() -> None:
    """A set once labelled "+5 points" (cats ×5 on an empty row) scored 0; one completing a row scored +6."""
    game = position([sheet("oo...", ".....", ".....", ".....", "....."), OPEN_SHEET], "pppcc", rolls=3)
    labels = {items: set_choice_text(n, items, game.gain(items), "en")
              for n, items in enumerate(offered_sets(game), start=1)}
    assert labels[((0, 2),)].endswith("🪴 plants ×3 (+6 points now)")
    assert labels[((4, 1),)].endswith("🐱 cats ×2")
    assert "point" not in labels[((0, 2), (4, 1))].replace("+6 points now", "")
    assert offered_sets(game)[0] in {((0, 2),), ((0, 2), (4, 1))}
    assert set_choice_text(1, ((0, 2),), 1, "it").endswith("(+1 punto ora)")


def test_rows_to_cross_only_when_nothing_can_be_circled_and_every_one_is_legal() -> None:
    for game in _games(40):
        rows = crossable_rows(game)
        assert bool(rows) != bool(game.legal_item_sets())
        for row in rows:
            game.check(Cross(row))


def test_dice_to_keep_are_legal_re_rolls_and_never_every_die() -> None:
    for game in _games(40):
        keeps = keep_choices(game)
        assert bool(keeps) == bool(game.rerolls_left)
        for keep in keeps:
            assert len(keep) < game.dice_count
            game.check(Reroll(keep))


def test_the_keep_prompt_says_where_stop_leads() -> None:
    """It offered "Stop to circle" with dice that circle nothing, where Stop leads to crossing out a row."""
    seats = tuple(Seat(i, i + 1, f"p{i}") for i in range(4))
    told = set()
    for game in _games(60):
        if not game.rerolls_left:
            continue
        table = Table(game_id=1, kind="dice", guild_id=1, channel_id=1, thread_id=None, status="active",
                      end_reason=None, options=GameOptions(players=game.n_players), host_id=1,
                      seats=seats[:game.n_players], game=game, version=1, turn=0, lobby_message_id=None,
                      turn_message_id=None, created_at=0.0, updated_at=0.0)
        prompt = turn_prompt(table, "en") or ""
        circles = bool(game.legal_item_sets())
        assert ("**Stop** to circle" in prompt) == circles and ("circle nothing" in prompt) != circles, prompt
        told.add(circles)
    assert told == {True, False}, "both kinds of roll were seen"
