"""My Shelfie's replay frame: a turn's frame is the turn message's board and shelves pictures (the same bytes),
and no frame shows a personal goal before the end's score sheet reveals them all."""
from __future__ import annotations

from engine.shelfie import Game, Move
from render.shelfie import PICTURES, render_frame, render_scores, render_turn_pictures

from .conftest import NAMES, play


def test_a_turns_frame_is_its_board_and_shelves_pictures(mid_game: tuple[Game, Move]) -> None:
    game, last = mid_game
    names = NAMES[:game.n_players]
    assert PICTURES.frame is render_frame
    assert render_frame(game, names, "it") == list(render_turn_pictures(game, seat_names=names, last_move=last,
                                                                         locale="it"))


def test_no_frame_before_the_end_depends_on_the_personal_goals(mid_game: tuple[Game, Move]) -> None:
    game, _ = mid_game
    names = NAMES[:game.n_players]
    twin = game.copy()
    twin.personal = [(goal + 1) % 12 for goal in game.personal]
    assert render_frame(twin, names, "en") == render_frame(game, names, "en")


def test_the_last_frame_is_the_final_score_sheet_with_the_goals_revealed(finished_4p: Game) -> None:
    assert render_frame(finished_4p, NAMES, "en") == [render_scores(finished_4p, seat_names=NAMES, locale="en")]
    twin = finished_4p.copy()
    twin.personal = [(goal + 1) % 12 for goal in finished_4p.personal]
    assert render_frame(twin, NAMES, "en") != render_frame(finished_4p, NAMES, "en")


def test_the_first_frame_is_the_board_before_any_move() -> None:
    game = Game.new(2, seed=5)
    play(game, 0, seed=0)
    assert render_frame(game, NAMES[:2], "en") == list(render_turn_pictures(game, seat_names=NAMES[:2]))
