"""Turn announcements in words: the move with its tile types, tokens, the end-game token and the refill."""

from __future__ import annotations

import random

from engine.shelfie import Game, TurnReport
from engine.shelfie.ai import choose_move, explain_move
from bot.games.shelfie.words import hint_text, placed_kinds, played_turn_lines, your_turn_line
from bot.service.models import GameOptions, PlayedTurn, Seat, Table


def table_of(game: Game, seats: tuple[Seat, ...], refill: str = "isolated") -> Table:
    return Table(game_id=1, kind="shelfie", guild_id=2, channel_id=3, thread_id=None, status="active", end_reason=None,
                 options=GameOptions(players=len(seats), game={"first_game": False, "refill": refill}), host_id=10, seats=seats, game=game,
                 version=1, turn=game.turn, lobby_message_id=None, turn_message_id=None, created_at=0.0,
                 updated_at=0.0)


SEATS = (Seat(0, 10, "alice"), Seat(1, None, "Computer 1", "hard"))


def test_a_move_names_its_tiles_in_placement_order_with_their_types() -> None:
    game = Game.new(2, seed=5)
    move = next(m for m in game.legal_moves() if len(m.tiles) == 2
                and game.board_rows()[m.tiles[0][0]][m.tiles[0][1]] != game.board_rows()[m.tiles[1][0]][m.tiles[1][1]])
    first, second = (game.board_rows()[r][c] for r, c in move.tiles)
    report = game.apply(move)
    assert placed_kinds(game, 0, move) == first + second
    line = played_turn_lines(PlayedTurn(SEATS[0], "move", move, report), table_of(game, SEATS), "en")[0]
    assert line.startswith(f"**alice** took {move.tiles_text} (") and f"into column {move.column + 1}." in line


def test_tokens_end_token_and_refill_are_each_announced_in_english_and_italian() -> None:
    game = Game.new(2, seed=9)
    rng = random.Random(9)
    while not game.is_over and game.current_seat != 1:
        game.apply(rng.choice(game.legal_moves()))
    move = game.legal_moves()[0]
    game.apply(move)
    report = TurnReport(seat=1, move=move, tokens=(("staircase", 8),), end_token=True, refilled=True)
    turn = PlayedTurn(SEATS[1], "auto", move, report)
    english = played_turn_lines(turn, table_of(game, SEATS, refill="four_or_fewer"), "en")
    assert english[0].startswith("🤖 Computer 1 (hard) took")
    assert english[1] == ("🏅 🤖 Computer 1 (hard) completed the common goal “Staircase” "
                          "and wins the 8-point token!")
    assert english[2].startswith("🏁 🤖 Computer 1 (hard) filled their shelf first and takes the end-game token")
    assert english[3] == "🔄 4 or fewer tiles were left, so the board was refilled from the bag."
    italian = played_turn_lines(turn, table_of(game, SEATS), "it")
    assert italian[0].startswith("🤖 Computer 1 (difficile) ha preso")
    assert "«Scala»" in italian[1] and "gettone fine partita" in italian[2]
    assert italian[3].startswith("🔄 Erano rimaste solo tessere isolate")


def test_the_next_person_is_mentioned_but_a_computer_never_is() -> None:
    game = Game.new(2, seed=1)
    assert your_turn_line(table_of(game, SEATS), "en") == (
        "<@10>, it's your turn (turn 1). Press **Take tiles** or use `/shelfie take`.")
    game.apply(game.legal_moves()[0])
    assert your_turn_line(table_of(game, SEATS), "en") is None


def test_names_cannot_break_the_message_formatting() -> None:
    game = Game.new(2, seed=2)
    seats = (Seat(0, 10, "**bold**_x"), Seat(1, 11, "bob"))
    move = game.legal_moves()[0]
    report = game.apply(move)
    line = played_turn_lines(PlayedTurn(seats[0], "move", move, report), table_of(game, seats), "en")[0]
    assert line.startswith(r"**\*\*bold\*\*\_x** took")


def test_a_hint_gives_its_reasons_in_the_readers_language() -> None:
    game = Game.new(2, seed=5)
    move = game.legal_moves()[0]
    why = {"kinds": "CB", "points_now": 9, "adjacency_delta": 2, "personal_matches_gained": 1, "tokens": [("staircase", 8)],
           "end_token": True, "next_player_run": 3}
    english = hint_text(move, why, "en")
    assert english == (f"Suggestion: take **{move.tiles_text}** (cats, books) into column **{move.column + 1}**.\n"
                       "Why: **+9** points this turn; groups +2; 1 more personal goal match; "
                       "the “Staircase” token (8); the end-game token (+1); "
                       "the next player can then take at most 3 alike tiles in a line.")
    quiet = {**why, "points_now": 0, "adjacency_delta": 0, "personal_matches_gained": 0, "tokens": [],
             "end_token": False, "next_player_run": 0}
    assert hint_text(move, quiet, "it").endswith("\nPerché: nessun punto subito, ma prepara la libreria per dopo.")


def test_a_hint_explains_the_real_suggestion() -> None:
    game = Game.new(2, seed=8)
    move = choose_move(game, "normal", seed=1)
    text = hint_text(move, explain_move(game, move), "en")
    assert text.startswith(f"Suggestion: take **{move.tiles_text}**") and "\nWhy: " in text
