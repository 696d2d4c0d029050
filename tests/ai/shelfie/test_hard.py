"""Hard in the end game: it plays the last turns out, so it does not hand a rival a decisive last turn."""
from __future__ import annotations

import pytest

from engine.shelfie import Game
from engine.shelfie.ai import choose_move

ROW = 4
"""The board row holding the only tiles left: G B T T B C G in columns B-H."""


def filling_with_a_rival_one_cat_short() -> Game:
    """Seat 0 (to move) can fill its shelf: two free cells, both in column 1, on top of four trophies, so the two
    trophies on the board would make a group of six (+5) and take the end token. Seat 1 holds seven cats and one
    goal is eight tiles of one type; the board's last cat (G5) is all it needs, and the bag holds no cat. Filling
    with the trophies leaves seat 1 a last turn worth 8; taking the cat (alone or with a neighbour) does not."""
    state = Game.new(2, seed=5).to_dict()
    board = [" " if ch == " " else "." for ch in state["board"]]
    for col, kind in zip(range(1, 8), "GBTTBCG"):
        board[ROW * 9 + col] = kind
    mine = "".join("." if r < 2 and c == 0 else "T" if c == 0 else "BGFP"[(r + c) % 4]
                   for r in range(6) for c in range(5))
    theirs = "." * 15 + "CGC.." + "FCPCT" + "CBCGC"
    state.update(board="".join(board), bag="BGFTP" * 10, shelves=[mine, theirs],
                 common=["eight_same", "four_corners"], stacks={"eight_same": [8, 4], "four_corners": [8, 4]},
                 won=[[], []], personal=[0, 1], current_seat=0, turn=40, end_token_seat=None)
    return Game.from_dict(state)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hard_takes_the_tile_that_would_give_the_rival_its_goal_on_the_last_turn(seed: int) -> None:
    game = filling_with_a_rival_one_cat_short()
    move = choose_move(game, "hard", seed=seed)
    assert (ROW, 6) in move.tiles
    after = game.copy()
    after.apply(move)
    for reply in after.legal_moves():
        last = after.copy()
        last.apply(reply)
        assert not last.won[1]
