"""The end of a game: the Sun's last space, finishing the round and one more turn each; scoring by part; the
tie-breaks; solo against Penelope; resigning."""
from __future__ import annotations

from engine.books.actions import Leave, Library, Rest, Take
from engine.books.game import BooksGame
from engine.protocol import Termination
from tests.engine.books.play import empty, kept, lay


def _whole_turn(game: BooksGame) -> None:
    """The current seat plays its turn's steps (the first legal each time) until the turn passes."""
    turn = game.turn
    while game.turn == turn and not game.is_over:
        game.apply(game.legal_actions()[0])


def test_the_sun_ends_the_round_then_each_seat_plays_one_more_turn() -> None:
    game = kept(3, seed=4)
    game.village.sun = 1
    game.current = (game.first + 1) % 3
    seat = game.current
    game.players[seat].battery = 20
    game.apply(Leave(), seat)
    assert game.end_triggered and game.village.sun == 0
    game.apply(Library(), seat)
    game.apply(Take(((game.pending.books[0], "P1"),)), seat)  # type: ignore[union-attr]
    turns = 0
    while not game.is_over:
        _whole_turn(game)
        turns += 1
    assert turns == 1 + 3, "the third seat finishes the round, then one more turn each"


def test_later_sun_moves_do_nothing() -> None:
    game = kept(2, seed=4)
    game.village.sun = 0
    game.end_triggered = True
    seat = game.current
    game.players[seat].battery = 20
    game.apply(Leave(), seat)
    assert game.village.sun == 0


def test_the_score_counts_books_with_the_backpack_projects_neat_majors_battery_lamp_and_end_cards() -> None:
    game = kept(2, seed=6)
    seat = game.current
    empty(game, seat)
    lay(game, seat, {"A1": "RRR", "B2": "G"})
    player = game.players[seat]
    player.apartment.backpack = ["YY", ""]
    player.apartment.lamp = "A1"
    player.scored = ["LP01", "LP02"]
    player.neat = ["NS01", "NS17"]
    player.kitties = 2
    player.battery = 11
    major = game.village.majors[0]
    player.majors = [major]
    game.village.claims[major] = [1 - seat, seat]
    parts = game.score_breakdown(seat)
    later = {"MA1": 3, "MA2": 3, "MA3": 3, "MA4": 2, "MA5": 3, "MA6": 2, "MA7": 4, "MA8": 3, "MA9": 2}[major]
    assert parts == {"books": 6, "projects": 4, "neat": 2, "majors": later, "battery": 2, "cat_tree": 4,
                     "lamp": 3, "total": 6 + 4 + 2 + later + 2 + 4 + 3}


def test_a_tie_goes_to_the_most_books_then_the_victory_is_shared() -> None:
    game = kept(3, seed=2)
    for seat in range(3):
        empty(game, seat)
        game.players[seat].battery = 0
    lay(game, 0, {"A1": "RR"})
    game.players[0].scored = []
    lay(game, 1, {"A1": "R", "B1": "G", "C1": "B", "D1": "Y"})
    lay(game, 2, {"A1": "GG"})
    game.players[0].battery = 8
    game.players[2].battery = 8
    game.over = True
    outcome = game.outcome()
    assert outcome is not None and outcome.scores == (4, 4, 4)
    assert outcome.winners == {1} and outcome.places == (2, 1, 2)


def test_solo_loses_at_once_when_penelope_must_draw_from_an_empty_rival_deck() -> None:
    game = kept(1, seed=3)
    assert game.penelope is not None
    game.penelope.queue += game.penelope.deck
    game.penelope.deck = []
    game.apply(Rest(), 0)
    while game.pending is not None:
        game.apply(game.legal_actions()[0])
    assert game.is_over and game.lost
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == frozenset() and outcome.places == (2,)


def test_penelope_plays_after_each_solo_turn() -> None:
    game = kept(1, seed=3)
    assert game.penelope is not None
    deck = len(game.penelope.deck)
    report = game.apply(Rest(), 0)
    assert game.pending is None and len(report.rival) == 1 and report.rival[0].card == game.penelope.queue[-1]
    assert len(game.penelope.deck) == deck - 1 - len(report.rival[0].queued)


def test_a_resigned_seat_leaves_the_board_and_the_last_seat_left_ends_the_game() -> None:
    game = kept(3, seed=9)
    seat = game.current
    report = game.resign(seat)
    assert report.turn_over and game.current != seat and game.players[seat].location is None
    game.resign(game.current)
    outcome = game.outcome()
    assert outcome is not None and outcome.termination == Termination.RESIGNED and len(outcome.winners) == 1
