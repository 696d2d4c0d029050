"""The 12 common goal cards, each with shelves that meet it and near misses that do not."""
import pytest

from engine.shelfie import COMMON_GOALS

from .positions import shelf

CASES = {
    "six_pairs": [
        (True, "six pairs of mixed types, touching other types",
         [".....", ".....", ".....", "CCBBG", "FFTTG", "CCBBP"]),
        (True, "a big group counts once, plus five pairs",
         ["CCCCC", "CCCCC", "BBFFT", "GGPPT", "CBGFP", "FCBGT"]),
        (False, "a big group counts once: 10 cats and four pairs are five groups",
         [".....", ".....", "CCCCC", "CCCCC", "BBFFT", "GGPPC"]),
        (False, "pairs of one type that touch merge into one group",
         [".....", ".....", ".....", "CCBBG", "CCBBG", "FTFTF"]),
        (False, "a full shelf of one type is one group",
         ["CCCCC"] * 6),
        (False, "empty shelf", ["....."] * 6),
        (False, "five pairs and singles",
         [".....", ".....", ".....", "CCBBG", "FFTTG", "CBCBP"]),
    ],
    "four_quads": [
        (True, "four groups of four of different types, touching each other",
         [".....", ".....", "CCBBB", "CCFFB", "GGFFT", "GGTTT"]),
        (True, "groups bigger than four count, each once",
         ["CCCCC", "BBBBB", "GGGGG", "FFFFF", ".....", "....."]),
        (False, "two groups of four of one type that touch are one group",
         [".....", ".....", "CCCCB", "CCCCB", "GGFFB", "GGTFB"]),
        (False, "a big group counts once",
         ["CCCCC", "CCCCC", "CCCCC", "BBBBF", "GGGFF", "TTTPF"]),
        (False, "three groups of four",
         [".....", ".....", "CCBBP", "CCBBT", "GGFPT", "GGTFP"]),
    ],
    "four_corners": [
        (True, "four cats in the corners", ["C...C", ".....", ".....", ".....", "BGFTP", "CBGFC"]),
        (True, "a full shelf with matching corners", ["TBGFT", "CBGFP", "CBGFP", "CBGFP", "CBGFP", "TBGFT"]),
        (False, "one corner of another type", ["C...B", "BBBBB", "BBBBB", "BBBBB", "BBBBB", "CBBBC"]),
        (False, "an empty corner", ["C....", "CCCCC", "CCCCC", "CCCCC", "CCCCC", "CCCCC"]),
        (False, "empty shelf", ["....."] * 6),
    ],
    "two_squares": [
        (True, "two squares of different types in separate groups",
         [".....", ".....", "CC...", "CCBB.", "..BB.", "....."]),
        (True, "two squares of one type kept apart",
         [".....", ".....", "CCBCC", "CCBCC", "GFTPG", "PTFGB"]),
        (True, "squares of different types side by side",
         [".....", ".....", ".....", ".....", "CCBB.", "CCBB."]),
        (False, "both squares inside one big group (a 2x4 block)",
         [".....", ".....", ".....", ".....", "CCCC.", "CCCC."]),
        (False, "both squares inside one big group joined by a bridge",
         [".....", ".....", "CCCCC", "CCBCC", "CCBCC", "GFTPG"]),
        (False, "a 3x3 block holds four overlapping squares but is one group",
         [".....", ".....", ".....", "CCC..", "CCC..", "CCC.."]),
        (False, "only one square", [".....", ".....", ".....", ".....", "CCBB.", "CCBT."]),
        (False, "a square needs one type", [".....", ".....", ".....", ".....", "CCBB.", "CBBB."]),
    ],
    "three_cols_max3": [
        (True, "three full columns of at most three types",
         ["CBTGP", "CBTFC", "BCTBB", "BCGCG", "FFGTF", "FFCPT"]),
        (True, "a single-type column counts",
         ["C.C.C", "C.C.C", "C.C.C", "C.C.C", "CBCBC", "CBCBC"]),
        (False, "a column of four types does not count",
         ["CBTGP", "CBTFC", "BCTBB", "BCGCG", "FFGTF", "TFCPT"]),
        (False, "columns must be full",
         [".BTGP", "CBTFC", "BCTBB", "BCGCG", "FFGTF", "FFCPT"]),
        (False, "two good columns only",
         ["C.C..", "C.C..", "C.C..", "C.C..", "CBCBC", "CBCBC"]),
    ],
    "eight_same": [
        (True, "eight cats scattered", ["C....", "B.C..", "CGF.C", "TCP.B", "CBCGF", "BFCTP"]),
        (True, "more than eight", ["CCCCC"] * 6),
        (False, "seven cats and seven books", ["CB...", "CB...", "CB...", "CB...", "CBC..", "BCB.."]),
        (False, "empty shelf", ["....."] * 6),
    ],
    "diagonal5": [
        (True, "top-left down to the right", ["C....", "BC...", "FBC..", "GFBC.", "TGFBC", "PTGFB"]),
        (True, "one row lower, down to the right", [".....", "C....", "BC...", "BBC..", "BBBC.", "BBBBC"]),
        (True, "top-right down to the left", ["....C", "...CB", "..CBB", ".CBBB", "CBBBB", "BBBBB"]),
        (True, "one row lower, down to the left", [".....", "....T", "...TB", "..TBB", ".TBBB", "TBBBB"]),
        (False, "one tile of another type breaks it", ["C....", "BC...", "FGB..", "GFBC.", "TGFBC", "PTGFB"]),
        (False, "a diagonal of four", [".....", ".....", "...C.", "..CB.", ".CBB.", "CBBB."]),
        (False, "a diagonal of mixed types", ["C....", "BB...", "FGF..", "GFBG.", "TGFBT", "PTGFB"]),
    ],
    "four_rows_max3": [
        (True, "four full rows of at most three types",
         [".....", ".....", "CCBBG", "CBGCB", "FFFFF", "TPTPT"]),
        (False, "a row of four types does not count",
         [".....", ".....", "CCBBG", "CBGCF", "FFFFF", "TPTPT"]),
        (False, "rows must be full",
         [".....", "CCBB.", "CCBBG", "CBGCB", "FFFFF", "TPGFC"]),
        (False, "three good rows and a rainbow row",
         [".....", ".....", "CBGFT", "CBGCB", "FFFFF", "TPTPT"]),
    ],
    "two_cols_distinct": [
        (True, "two rainbow columns", ["CC.BC", "BB.CB", "GG.GG", "FF.FF", "TTCTT", "PPCPP"]),
        (False, "a repeated type spoils a column", ["CC...", "BB...", "GG...", "FF...", "TT...", "PC..."]),
        (False, "one rainbow column and one short column", [".C...", "BB...", "GG...", "FF...", "TT...", "PP..."]),
    ],
    "two_rows_distinct": [
        (True, "two rainbow rows", [".....", ".....", ".....", "C....", "CBGFT", "PTFGB"]),
        (False, "one rainbow row", [".....", ".....", ".....", ".....", "CBGFT", "PTFGP"]),
        (False, "a row of five needs all five spaces", [".....", ".....", ".....", ".....", "CBGFT", "PTFG."]),
    ],
    "x_shape": [
        (True, "an X in the bottom-left window", [".....", ".....", ".....", "C.C..", "BCB..", "CBC.."]),
        (True, "an X in the top-right window", ["..G.G", "..CGC", "..GCG", "..CBC", "..BCB", "..FFF"]),
        (True, "an X inside a larger block of the type", ["CCCCC"] * 6),
        (False, "a plus sign is not an X", [".....", ".....", ".....", ".C...", "CCC..", ".CB.."]),
        (False, "the centre is another type", [".....", ".....", ".....", "C.C..", "BBB..", "CBC.."]),
        (False, "a corner is another type", [".....", ".....", ".....", "C.C..", "BCB..", "CBB.."]),
    ],
    "staircase": [
        (True, "1-2-3-4-5 rising to the right", [".....", "....C", "...CB", "..CBG", ".CBGF", "CBGFT"]),
        (True, "5-4-3-2-1 falling to the right", [".....", "C....", "BC...", "GBC..", "FGBC.", "TFGBC"]),
        (True, "2-3-4-5-6 rising to the right", ["....C", "...CB", "..CBG", ".CBGF", "CBGFT", "BGFTP"]),
        (True, "6-5-4-3-2 falling to the right", ["C....", "BC...", "GBC..", "FGBC.", "TFGBC", "PTFGB"]),
        (False, "1-2-3-4-6 is one too tall", ["....C", "....C", "...CB", "..CBG", ".CBGF", "CBGFT"]),
        (False, "0-1-2-3-4 has an empty column", [".....", ".....", "....C", "...CB", "..CBG", ".CBGF"]),
        (False, "steps of two", ["....C", "....C", "...CB", "...BG", ".CBGF", ".BGFT"]),
        (False, "1-2-3-5-4 out of order", [".....", "...C.", "...BC", "..CBG", ".CBGF", "CBGFT"]),
        (False, "full shelf", ["CBGFT"] * 6),
    ],
}


def _params():
    for goal_id, cases in CASES.items():
        for expected, why, rows in cases:
            yield pytest.param(goal_id, expected, rows, id=f"{goal_id}-{expected}-{why}")


@pytest.mark.parametrize("goal_id, expected, rows", list(_params()))
def test_common_goal(goal_id: str, expected: bool, rows: list[str]) -> None:
    assert COMMON_GOALS[goal_id].is_met(shelf(*rows)) is expected


def test_every_goal_has_true_and_false_cases() -> None:
    assert set(CASES) == set(COMMON_GOALS)
    for goal_id, cases in CASES.items():
        assert {expected for expected, _, _ in cases} == {True, False}, goal_id


def test_goal_cards_are_numbered_1_to_12_with_text() -> None:
    assert sorted(goal.number for goal in COMMON_GOALS.values()) == list(range(1, 13))
    for goal_id, goal in COMMON_GOALS.items():
        assert goal.id == goal_id
        assert goal.title and goal.description


@pytest.mark.parametrize("goal_id", sorted(CASES))
def test_mirrored_shelf_keeps_symmetric_goals(goal_id: str) -> None:
    """Every card is symmetric left-right, so mirroring a shelf never changes the answer."""
    for expected, _, rows in CASES[goal_id]:
        assert COMMON_GOALS[goal_id].is_met(shelf(*[row[::-1] for row in rows])) is expected
