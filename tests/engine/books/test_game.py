"""A whole game of Books through its protocol: setup per player count, several seats keeping at once, refusals
that change nothing, the JSON round trip mid-step and the replay of the text log."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.books.actions import Gather, IllegalAction, Keep, Rest, parse_action
from engine.books.data import BOOKS_PER_COLOUR, COLOURS, GOLD_DOTS, SUN_STEPS
from engine.books.game import BooksGame
from tests.engine.books.play import kept, random_play


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_deals_shelves_cards_and_the_start_books_on_the_gold_dots(players: int) -> None:
    game = BooksGame.new(players, seed=11)
    assert [len(shelf.books) for shelf in game.village.shelves] == [3, 2, 1]
    assert all(shelf.project for shelf in game.village.shelves)
    assert len(game.village.shoppes) == 2 and len(game.village.majors) == 3
    assert game.village.sun == SUN_STEPS[players]
    batteries = {(seat - game.first) % players: p.battery for seat, p in enumerate(game.players)}
    assert [batteries[place] for place in range(players)] == ([3] if players == 1 else [3, 4, 5, 6][:players])
    assert len({p.colour for p in game.players}) == players
    for player in game.players:
        assert {space: len(stack) for space, stack in player.apartment.stacks.items() if stack} == GOLD_DOTS
        assert Counter("".join(player.apartment.stacks.values())) == {colour: 3 for colour in COLOURS}
        assert len(player.dealt) == 5 and player.hand == [] and player.location is None
    assert sum(game.bag.values()) == 4 * BOOKS_PER_COLOUR - 6 - 12 * players
    assert (game.penelope is not None) == (players == 1)


def test_every_seat_keeps_privately_in_any_order_before_its_first_action() -> None:
    game = BooksGame.new(3, seed=5)
    assert game.to_act == {0, 1, 2}
    last = (game.first + 2) % 3
    game.apply(Keep(tuple(game.players[last].dealt[1:4])), last)
    assert last not in game.to_act and game.players[last].hand and len(game.lp_discard) == 2
    with pytest.raises(IllegalAction) as refused:
        game.apply(Rest(), game.first)
    assert refused.value.code == "keep_first"
    view = game.view(last)
    assert view.hand == tuple(game.players[last].hand) and view.players[game.first].dealt == []
    assert view.dealt_counts[game.first] == 5


def test_a_refused_step_changes_nothing() -> None:
    game = kept(2, seed=3)
    before = game.to_dict()
    seat = game.current
    for action, code in [(Gather(("A1",), "B2"), "empty_space"), (Rest(kitty=True), "kitty_not_needed"),
                         (Rest(), "not_your_turn")]:
        with pytest.raises(IllegalAction) as refused:
            game.apply(action, seat if code != "not_your_turn" else 1 - seat)
        assert refused.value.code == code
        assert game.to_dict() == before


@pytest.mark.parametrize("players", [1, 2, 4])
def test_a_game_saved_mid_step_reads_back_and_its_log_replays_to_the_same_state(players: int) -> None:
    game = BooksGame.new(players, seed=21)
    log = random_play(game, 80, seed=players)
    saved = game.to_dict()
    assert BooksGame.from_dict(saved).to_dict() == saved
    replay = BooksGame.new(players, seed=21)
    for seat, text in log:
        replay.apply(parse_action(text), seat)
    assert replay.to_dict() == saved


def test_a_damaged_state_is_refused() -> None:
    saved = kept(2, seed=1).to_dict()
    saved["bag"]["R"] += 1
    with pytest.raises(ValueError, match="32"):
        BooksGame.from_dict(saved)
    saved = kept(2, seed=1).to_dict()
    saved["players"][0]["battery"] = 21
    with pytest.raises(ValueError, match="battery"):
        BooksGame.from_dict(saved)
    with pytest.raises(ValueError):
        BooksGame.from_dict({"game": "dice"})
