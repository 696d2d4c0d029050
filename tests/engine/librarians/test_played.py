"""The places laid this turn (framed in the pictures) follow their cards: when a shelf row is added or removed
above them, and when a power moves, swaps or takes the card."""
from __future__ import annotations

from engine.librarians import RIGHT, Choose, LibrariansGame, Play
from engine.librarians.powers import POWERS

from .positions import build, hand_card
from .power_setup import choose, holding, use


def _laid(rows: int = 2) -> tuple[LibrariansGame, int]:
    """Seat 0 has laid B at row 1, x 2 (right of A) this turn."""
    g = build([(RIGHT, {1: "Ar"})] * rows, [["Bg", "Cg"], ["Dy"]])
    b = hand_card(g, 0, "Bg")
    g.apply(Play(b, (0, 2)))
    assert g.played == [(0, 2)]
    return g, b


def test_a_shelf_added_above_moves_the_frame_down_with_the_card() -> None:
    for genre in ("comedy", "graphic_novel"):
        g, b = _laid()
        holding(g, 0, genre)
        use(g, genre)
        g.apply(Choose("top"))
        assert g.played == [(1, 2)] and g.library.top((1, 2)) == b, genre


def test_a_shelf_removed_above_moves_the_frame_up_with_the_card() -> None:
    g = build([(RIGHT, {1: "Ar"}), (RIGHT, {1: "Ag"})], [["Bg", "Cg"], ["Dy"]])
    b = hand_card(g, 0, "Bg")
    g.apply(Play(b, (1, 2)))
    g.queue.insert(0, POWERS["detective"].begin(g, 0))  # a completed red genre's power, at once
    g.apply(Choose("row:1"))
    assert g.played == [(0, 2)] and g.library.top((0, 2)) == b


def test_a_moved_or_swapped_card_keeps_its_frame_and_a_card_taken_away_loses_it() -> None:
    g, b = _laid()
    holding(g, 0, "thriller")
    use(g, "thriller")
    choose(g, "place:1:2", "place:2:2", "done")
    assert g.played == [(1, 2)] and g.library.top((1, 2)) == b

    g, b = _laid()
    holding(g, 0, "action")
    use(g, "action")
    choose(g, "place:1:2", "place:2:1")
    assert g.played == [(1, 1)] and g.library.top((1, 1)) == b

    g, b = _laid()
    holding(g, 0, "mythology")
    use(g, "mythology")
    choose(g, "place:1:2", "done")
    assert g.played == [] and b in g.hands[0] and g.turn_need() == 1, "the card still counts as laid"


def test_the_frames_survive_saving() -> None:
    g, b = _laid()
    assert LibrariansGame.from_dict(g.to_dict()).played == [(0, 2)]
    old = g.to_dict()
    old["played"] = [[0, 2]]  # a state saved before the frames followed their cards
    assert LibrariansGame.from_dict(old).played_cards == [b]
