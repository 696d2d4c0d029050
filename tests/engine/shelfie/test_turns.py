"""Turn flow: common goal tokens, the end-game round, resigning and the tie-break."""
import pytest

from engine.shelfie import COMMON_GOALS, PERSONAL_GOALS, TILE_TYPES, Game, IllegalMove

from .positions import move, set_board, set_shelf

TOKENS = {2: (8, 4), 3: (8, 6, 4), 4: (8, 6, 4, 2)}
# Goals that none of the hand-made shelves below meets by accident.
QUIET_GOALS = {"six_pairs", "four_quads", "four_corners", "two_squares", "two_cols_distinct",
               "two_rows_distinct", "staircase"}
FOUR_PICKS = "D5=C E5=B F5=G G5=T D6=P E6=P F6=P G6=P"  # row 5 taken one by one; row 6 keeps tiles touching


def _game_with_goals(players: int, allowed: set[str], must: str | None = None) -> Game:
    """The first seed whose common goals lie within `allowed` (plus `must`, if given), via the public API."""
    for seed in range(5000):
        g = Game.new(players, seed=seed)
        goals = set(g.common_goal_ids)
        if (must is None or must in goals) and goals <= allowed | {must}:
            return g
    raise AssertionError(f"no seed deals common goals within {allowed}")


def _almost_full() -> list[str]:
    """A full shelf of cats, books and games in which no two equal tiles touch, minus its top-left cat."""
    rows = ["".join("CBG"[(r + c) % 3] for c in range(5)) for r in range(6)]
    rows[0] = "." + rows[0][1:]
    return rows


@pytest.mark.parametrize("players", [2, 3, 4])
def test_token_stacks_by_player_count(players: int) -> None:
    g = Game.new(players, seed=players)
    assert len(g.common_goal_ids) == 2 and len(set(g.common_goal_ids)) == 2
    assert set(g.common_goal_ids) <= set(COMMON_GOALS)
    for gid in g.common_goal_ids:
        assert g.tokens_left(gid) == TOKENS[players]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_game_deals_one_common_goal(players: int) -> None:
    g = Game.new(players, seed=7, first_game=True)
    assert len(g.common_goal_ids) == 1 and g.first_game
    assert g.tokens_left(g.common_goal_ids[0]) == TOKENS[players]


def test_tokens_go_top_first_one_per_card_per_player() -> None:
    g = _game_with_goals(3, QUIET_GOALS, must="eight_same")
    set_board(g, FOUR_PICKS)
    for seat, letter in enumerate("CBG"):
        set_shelf(g, seat, [".....", ".....", f"{letter}....", f"{letter}{letter}...", f"{letter}{letter}...",
                            f"{letter}{letter}..."])
    assert g.apply(move("D5 1")).tokens == (("eight_same", 8),)
    assert g.tokens_left("eight_same") == (6, 4)
    assert g.apply(move("E5 1")).tokens == (("eight_same", 6),)
    assert g.apply(move("F5 1")).tokens == (("eight_same", 4),)
    assert g.tokens_left("eight_same") == ()
    assert g.apply(move("G5 2")).tokens == (), "seat 0 already holds a token from this card"
    assert [g.tokens_of(s) for s in range(3)] == [(("eight_same", 8),), (("eight_same", 6),), (("eight_same", 4),)]
    assert [g.score_breakdown(s)["common"] for s in range(3)] == [8, 6, 4]


def test_both_cards_in_one_turn() -> None:
    g = _game_with_goals(2, {"four_corners"}, must="eight_same")
    set_board(g, FOUR_PICKS)
    set_shelf(g, 0, ["C....", "B...B", "G...G", "FC..F", "TC..T", "CCC.C"])
    report = g.apply(move("D5 5"))
    assert sorted(report.tokens) == [("eight_same", 8), ("four_corners", 8)]
    assert g.score_breakdown(0)["common"] == 16
    assert all(g.tokens_left(gid) == (4,) for gid in g.common_goal_ids)


def test_end_round_continues_to_the_seat_before_the_first_player() -> None:
    g = Game.new(3, seed=4)
    set_board(g, FOUR_PICKS)
    set_shelf(g, 1, _almost_full())
    g.apply(move("D5 2"))
    report = g.apply(move("E5 1"))
    assert report.end_token and not report.game_over and report.next_seat == 2
    assert g.end_token_seat == 1 and not g.is_over
    assert g.score_breakdown(1)["end_token"] == 1 and g.score_breakdown(0)["end_token"] == 0
    report = g.apply(move("F5 1"))
    assert report.game_over and report.next_seat is None and g.is_over
    assert g.legal_moves() == []
    with pytest.raises(IllegalMove) as err:
        g.apply(move("G5 1"))
    assert err.value.code == "game_over"


def test_first_player_filling_lets_everyone_else_play_once() -> None:
    g = Game.new(4, seed=4)
    set_board(g, FOUR_PICKS)
    set_shelf(g, 0, _almost_full())
    set_shelf(g, 2, _almost_full())
    assert g.apply(move("D5 1")).end_token
    assert not g.apply(move("E5 1")).game_over
    report = g.apply(move("F5 1"))
    assert not report.end_token and not report.game_over, "only the first shelf to fill takes the end token"
    assert g.end_token_seat == 0 and g.score_breakdown(2)["end_token"] == 0
    assert g.apply(move("G5 1")).game_over


@pytest.mark.parametrize("players", [2, 3, 4])
def test_last_seat_filling_ends_the_game_at_once(players: int) -> None:
    g = Game.new(players, seed=8)
    set_board(g, FOUR_PICKS)
    last = players - 1
    set_shelf(g, last, _almost_full())
    for k in range(last):
        assert not g.apply(move(f"{'DEF'[k]}5 1")).game_over
    report = g.apply(move("G5 1"))
    assert report.end_token and report.game_over and g.is_over and g.end_token_seat == last


def test_a_seat_that_resigns_is_skipped() -> None:
    g = Game.new(3, seed=6)
    set_board(g, FOUR_PICKS)
    report = g.resign(1)
    assert report.move is None and not report.game_over and g.current_seat == 0
    assert g.resigned == frozenset({1})
    assert g.apply(move("D5 1")).next_seat == 2
    assert g.apply(move("E5 1")).next_seat == 0
    with pytest.raises(IllegalMove) as err:
        g.resign(1)
    assert err.value.code == "not_playing"


def test_resigning_on_your_turn_passes_it_and_the_last_seat_standing_wins() -> None:
    g = Game.new(3, seed=6)
    assert g.resign(0).next_seat == 1 and g.current_seat == 1
    report = g.resign(1)
    assert report.game_over and g.is_over and g.winner == 2
    with pytest.raises(IllegalMove) as err:
        g.resign(2)
    assert err.value.code == "game_over"


def test_end_round_skips_a_resigned_last_seat() -> None:
    g = Game.new(3, seed=6)
    set_board(g, FOUR_PICKS)
    set_shelf(g, 0, _almost_full())
    g.resign(2)
    assert g.apply(move("D5 1")).end_token
    assert g.apply(move("E5 1")).game_over, "seat 1 is now the last seat before the first player"


def _tie_position(seat2_letter_joins: bool) -> tuple[Game, str]:
    """3 players: seat 0 fills a low-scoring shelf; seats 1 and 2 each finish a group of six of one type."""
    g = _game_with_goals(3, QUIET_GOALS)
    cards = [PERSONAL_GOALS[g.personal_goal_index(s)] for s in (1, 2)]
    group = {(5, c) for c in range(5)} | {(4, 0)}
    letter = next(t for t in TILE_TYPES if not any((r, c) in group for card in cards for r, c, k in card.cells
                                                     if k == t))
    other = next(t for t in TILE_TYPES if t != letter)
    set_board(g, f"D5=C E5={letter} F5={letter if seat2_letter_joins else other} G5={other}")
    set_shelf(g, 0, _almost_full())
    for seat in (1, 2):
        set_shelf(g, seat, ["....."] * 5 + [letter * 5])
    return g, letter


def test_tie_goes_to_the_tied_seat_latest_in_order() -> None:
    g, _ = _tie_position(seat2_letter_joins=True)
    g.apply(move("D5 1"))
    g.apply(move("E5 1"))
    assert g.apply(move("F5 1")).game_over
    totals = [g.score_breakdown(s)["total"] for s in range(3)]
    assert totals[1] == totals[2] > totals[0], totals
    assert g.winner == 2 and g.decided_by_tiebreak


def test_clear_winner_is_not_a_tiebreak() -> None:
    g, _ = _tie_position(seat2_letter_joins=False)
    g.apply(move("D5 1"))
    g.apply(move("E5 1"))
    g.apply(move("F5 3"))
    totals = [g.score_breakdown(s)["total"] for s in range(3)]
    assert totals[1] > max(totals[0], totals[2]), totals
    assert g.winner == 1 and not g.decided_by_tiebreak


def test_score_breakdown_adds_up() -> None:
    g, _ = _tie_position(seat2_letter_joins=True)
    g.apply(move("D5 1"))
    parts = g.score_breakdown(0)
    assert parts["end_token"] == 1
    assert parts["total"] == parts["common"] + parts["personal"] + parts["adjacency"] + parts["end_token"]
    assert g.public_score(0) == parts["total"] - parts["personal"]
    assert g.winner is None, "no winner before the game is over"
