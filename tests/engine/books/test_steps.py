"""The steps that answer a choice within a turn: gains placed (a Wild, a Gift Card's random books saved before
the choice, a Free Library's named book), a token put, Major Accomplishments claimed at once with first and
later rewards, the solo removal, and the keep-3's refusals."""
from __future__ import annotations

from engine.books.actions import Discard, Keep, Leave, Put, Remove, Rest, Shoppes, Take
from engine.books.game import BooksGame
from tests.engine.books.play import empty, kept, lay, refused


def _shopping(card: str, players: int = 2) -> tuple[BooksGame, int]:
    """The current seat has left the house and finds `card` on the Shoppes' left."""
    game = kept(players, seed=12)
    seat = game.current
    for pile in (game.ns_deck, game.ns_discard, game.village.shoppes):
        if card in pile:
            pile.remove(card)
    game.ns_discard += game.village.shoppes[:1]
    game.village.shoppes[:1] = [card]
    game.players[seat].battery = 20
    game.apply(Leave(), seat)
    return game, seat


def test_a_wild_is_placed_in_the_backpack_in_the_village() -> None:
    game, seat = _shopping("NS09")
    wilds = game.supply.wilds
    game.apply(Shoppes("left"), seat)
    assert game.pending is not None and game.pending.kind == "take" and game.pending.books == "W"
    refused(game, Take((("W", "B2"),)), seat, "bad_destination")
    refused(game, Rest(), seat, "wrong_step")
    report = game.apply(Take((("W", "P2"),)), seat)
    assert game.players[seat].apartment.backpack[1] == "W" and game.supply.wilds == wilds - 1
    assert report.turn_over


def test_a_gift_cards_random_books_are_drawn_and_saved_before_they_are_placed() -> None:
    game, seat = _shopping("NS13")
    game.apply(Shoppes("left"), seat)
    pending = game.pending
    assert pending is not None and pending.kind == "take" and len(pending.books) == 2
    assert BooksGame.from_dict(game.to_dict()).pending == pending
    first, second = pending.books
    game.apply(Take(((second, "P1"), (first, "P1"))), seat)
    assert game.players[seat].apartment.backpack[0] == second + first


def test_a_free_library_book_is_named_from_what_the_bag_holds() -> None:
    game, seat = _shopping("NS14")
    game.apply(Shoppes("left"), seat)
    assert game.pending is not None and game.pending.kind == "name" and game.pending.count == 1
    refused(game, Take((("W", "P1"),)), seat, "name_a_colour")
    refused(game, Take((("R", "P1"), ("G", "P1"))), seat, "name_count")
    game.bag["Y"] = 0
    refused(game, Take((("Y", "P1"),)), seat, "none_in_bag")
    blue = game.bag["B"]
    game.apply(Take((("B", "P1"),)), seat)
    assert game.players[seat].apartment.backpack[0] == "B" and game.bag["B"] == blue - 1


def test_the_bookend_is_put_on_a_space_and_lets_it_hold_eight() -> None:
    game, seat = _shopping("NS07")
    game.apply(Shoppes("left"), seat)
    assert game.pending is not None and game.pending.kind == "put" and game.pending.token == "bookend"
    game.apply(Put("C3"), seat)
    apartment = game.players[seat].apartment
    assert apartment.bookend == "C3" and apartment.limit("C3") == 8 and not game.supply.bookend


def test_a_card_whose_token_is_gone_gives_two_battery() -> None:
    game, seat = _shopping("NS08")
    game.supply.lamp = False
    game.apply(Shoppes("left"), seat)
    assert game.pending is None and game.players[seat].battery == 20 - 5 - 4 + 2


def _in_game(game: BooksGame, major: str) -> None:
    """`major` is one of the game's three Major Accomplishments."""
    if major not in game.village.majors:
        game.village.claims.pop(game.village.majors[0])
        game.village.majors[0] = major
        game.village.claims[major] = []


def test_a_met_major_accomplishment_is_claimed_at_the_turns_end_first_then_later_rewards() -> None:
    game = kept(2, seed=12)
    _in_game(game, "MA1")
    first = game.current
    empty(game, first)
    lay(game, first, {space: "R" for space in game.players[first].apartment.stacks})
    report = game.apply(Rest(), first)
    assert (first, "MA1") in report.claimed and game.village.claims["MA1"] == [first]
    second = game.current
    empty(game, second)
    lay(game, second, {space: "G" for space in game.players[second].apartment.stacks})
    game.apply(Rest(), second)
    assert game.village.claims["MA1"] == [first, second]
    assert game.score_breakdown(first)["majors"] == 6 and game.score_breakdown(second)["majors"] == 3


def test_solo_a_claimed_major_asks_which_rival_cards_it_removes_before_penelopes_turn() -> None:
    game = kept(1, seed=2)
    penelope = game.penelope
    assert penelope is not None
    _in_game(game, "MA4")
    for card in ("B", "C"):
        penelope.deck.remove(card)
        penelope.queue.append(card)
    game.players[0].reach = 24
    game.apply(Rest(), 0)
    assert game.pending is not None and game.pending.kind == "remove"
    assert {str(a) for a in game.legal_actions()} == {
        "remove R", "remove G", "remove B", "remove Y", "remove colourless"}
    report = game.apply(Remove("R"), 0)
    penelope = game.penelope
    assert penelope is not None and penelope.queue[0] == "C" and len(penelope.queue) == 2, "B left, her card joined"
    assert report.rival and report.rival[0].card == penelope.queue[1], "then Penelope's turn"


def test_keep_refusals_and_the_discard_at_the_turns_end() -> None:
    game = BooksGame.new(2, seed=3)
    seat = game.first
    dealt = game.players[seat].dealt
    refused(game, Keep(tuple(dealt[:2])), seat, "keep_count")
    refused(game, Keep((dealt[0], dealt[0], dealt[1])), seat, "keep_count")
    refused(game, Keep(tuple(game.players[1 - seat].dealt[:3])), seat, "not_dealt")
    game.apply(Keep(tuple(dealt[:3])), seat)
    refused(game, Keep(tuple(dealt[:3])), seat, "already_kept")
    refused(game, Discard((dealt[0],)), seat, "wrong_step")
