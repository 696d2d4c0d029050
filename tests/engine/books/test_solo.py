"""Penelope Eveready on her own: each Rival card's three lines (where she goes, what she takes, the extras), the
bump to the Park, the loss on an empty Rival deck, the removal of queue cards, and her score."""
from __future__ import annotations

import random
from dataclasses import FrozenInstanceError, replace

import pytest

from engine.books.actions import Admire, Discard, Home, Leave, Read, Remove
from engine.books.data import RIVALS
from engine.books.game import BooksGame, Report
from engine.books.revision import CURRENT, FIRST
from engine.books.setup import deal
from engine.books.solo import bumped, line_of, penelope_turn, remove, score, scored, wins
from engine.books.state import Penelope, Shelf, Tabletop
from engine.protocol import Termination

from .play import bumped_to_24, started

RIVAL_TABLE = {
    # books.md's table: card -> its lines for a queue of 1-3, 4-5, 6+ (☀ written "sun")
    "A": ("Cf", "Lb", "Bk"),
    "B": ("Ex", "Lb +b", "Bk sun"),
    "C": ("Cf", "Sh", "Bk +b"),
    "D": ("Lb", "Ex +b", "Sh +LP"),
    "E": ("Ex sun", "Bk", "Lb +2b sun"),
    "F": ("Pk", "Cf +b", "Bk +LP sun"),
    "G": ("Lb", "Bk", "Sh +2b"),
    "H": ("Bk", "Pk +b", "Sh +b sun"),
    "I": ("Cf", "Ex +LP", "Bk +2b"),
    "J": ("Sh", "Lb sun", "Pk +2b"),
    "K": ("Bk sun", "Sh +b", "Bk +LP +b sun"),
    "L": ("Lb +b", "Bk +b -2", "Sh +LP sun"),
    "M": ("Ex +b", "Pk +LP", "Bk +2b sun"),
    "N": ("Bk +b sun", "Sh +2b -2", "Pk +LP +2b sun"),
}
SPACE = {"Bk": "bookstore", "Lb": "library", "Sh": "shoppes", "Ex": "exchange", "Cf": "cafe", "Pk": "park"}
QUEUE_SIZES = (1, 4, 6)
"""A queue size that reads each line."""


def solo_table(card: str, queue_size: int = 1) -> Tabletop:
    """A solo game at its start with `card` on top of the Rival deck and `queue_size - 1` cards already queued;
    the shelves hold 2, 3 and 1 books (the centre one is the largest) and the Shoppes show a 1 VP card and a
    "?" card."""
    table = Tabletop()
    deal(table, 1, seed=7, level=5)
    others = [other for other in sorted(RIVALS) if other != card]
    table.penelope = Penelope(5, deck=others[queue_size - 1:queue_size + 2] + [card], queue=others[:queue_size - 1])
    table.village.shelves = [Shelf("RG", "LP01"), Shelf("BYB", "LP02"), Shelf("R", "LP03")]
    for project in ("LP01", "LP02", "LP03"):
        if project in table.lp_deck:
            table.lp_deck.remove(project)
    table.village.shoppes = ["NS04", "NS17"]
    for card_id in ("NS04", "NS17"):
        if card_id in table.ns_deck:
            table.ns_deck.remove(card_id)
    table.players[0].battery = 10
    table.players[0].location = "rest"
    return table


def test_the_queue_size_picks_the_line() -> None:
    assert [line_of(size) for size in range(1, 9)] == [0, 0, 0, 1, 1, 2, 2, 2]


def test_the_rival_cards_are_the_rules_table() -> None:
    def words(line: tuple[str, ...]) -> str:
        return " ".join("-2" if part == "-2battery" else part for part in line)
    assert {card: tuple(words(line) for line in RIVALS[card].lines) for card in RIVALS} == RIVAL_TABLE


@pytest.mark.parametrize("card, line", [(card, line) for card in sorted(RIVAL_TABLE) for line in range(3)])
def test_each_line_of_each_rival_card(card: str, line: int) -> None:
    where, *extras = RIVAL_TABLE[card][line].split()
    table = solo_table(card, QUEUE_SIZES[line])
    penelope, player = table.penelope, table.players[0]
    assert penelope is not None
    top_project = table.lp_deck[-1]
    sun, deck = table.village.sun, len(penelope.deck)

    turn = penelope_turn(table)

    assert (turn.card, turn.line, turn.lost) == (card, line, False)
    assert penelope.location == turn.location == SPACE[where]
    assert penelope.queue[QUEUE_SIZES[line] - 1] == card
    books = {"+b": 1, "+2b": 2}
    extra_books = sum(books.get(extra, 0) for extra in extras)
    extra_projects = extras.count("+LP")
    shelves = [len(shelf.books) for shelf in table.village.shelves]
    if where == "Bk":
        assert penelope.books[:3] == "BYB" and penelope.projects[0] == "LP02"
        assert len(penelope.books) == 3 + extra_books and len(penelope.projects) == 1 + extra_projects
        assert shelves == [3, 1, 2] and table.village.shelves[1].project == top_project
    elif where == "Lb":
        assert len(penelope.books) == 1 + extra_books and len(penelope.projects) == extra_projects
        assert shelves == [3, 4, 2]
    elif where == "Sh":
        assert penelope.neat == ["NS17"]
        assert "NS04" in table.ns_discard and len(table.village.shoppes) == 2
        assert len(penelope.books) == extra_books and len(penelope.projects) == extra_projects
    elif where == "Ex":
        assert len(penelope.books) == 2 + extra_books and len(penelope.projects) == extra_projects
    elif where == "Cf":
        assert penelope.projects[0] == top_project
        assert len(penelope.books) == extra_books and len(penelope.projects) == 1 + extra_projects
    else:
        assert len(turn.queued) == 1 and penelope.queue[-1] == turn.queued[0]
        assert len(penelope.queue) == QUEUE_SIZES[line] + 1
        assert len(penelope.books) == extra_books and len(penelope.projects) == extra_projects
    if where != "Sh":
        assert penelope.neat == []
    if where not in ("Bk", "Lb"):
        assert shelves == [2, 3, 1]
    assert len(penelope.deck) == deck - 1 - (where == "Pk")
    assert table.village.sun == sun - extras.count("sun")
    assert player.battery == 10 - 2 * extras.count("-2")
    assert player.location == "rest"


def test_she_bumps_the_player_to_the_park() -> None:
    table = solo_table("D")
    table.players[0].location = "library"
    turn = penelope_turn(table)
    assert turn.bumped and table.players[0].location == "park" and table.players[0].battery == 12


def test_headphones_make_her_bump_give_four() -> None:
    table = solo_table("D")
    table.players[0].location, table.players[0].neat = "library", ["NS04"]
    penelope_turn(table)
    assert table.players[0].battery == 14


def test_the_cafe_and_the_park_bump_nobody() -> None:
    for card in ("A", "F"):
        table = solo_table(card)
        table.players[0].location = "park"
        turn = penelope_turn(table)
        assert not turn.bumped and table.players[0].location == "park" and table.players[0].battery == 10


def test_the_battery_never_goes_below_zero() -> None:
    table = solo_table("L", 4)
    table.players[0].battery = 1
    assert penelope_turn(table).battery_lost == 1
    assert table.players[0].battery == 0


def test_the_sun_stops_at_its_last_space_and_triggers_the_end() -> None:
    table = solo_table("E")
    table.village.sun = 1
    penelope_turn(table)
    assert table.village.sun == 0 and table.end_triggered


def test_her_sun_on_its_last_space_is_not_told_as_moved() -> None:
    """books.md "End": later Sun moves do nothing, so her turn's words must not say "Sun +1"."""
    table = solo_table("E")
    table.village.sun, table.end_triggered = 0, True
    turn = penelope_turn(table)
    assert turn.location == "exchange" and table.village.sun == 0
    assert turn.sun == 0


def test_an_empty_rival_deck_loses_the_game_at_once() -> None:
    table = solo_table("A")
    assert table.penelope is not None
    table.penelope.deck = []
    turn = penelope_turn(table)
    assert turn.lost and table.lost and table.over
    assert table.penelope.queue == []


def test_her_park_draw_from_an_empty_deck_loses_too() -> None:
    table = solo_table("F")
    assert table.penelope is not None
    table.penelope.deck = ["F"]
    turn = penelope_turn(table)
    assert turn.card == "F" and turn.lost and table.lost


def test_taking_her_space_sends_her_to_the_park_with_its_draw() -> None:
    table = solo_table("A")
    assert table.penelope is not None
    table.penelope.location = "exchange"
    turn = bumped(table)
    assert table.penelope.location == "park" and turn.queued == ("A",) and table.penelope.queue[-1] == "A"
    table.penelope.deck = []
    assert bumped(table).lost and table.lost


def queued(*cards: str) -> Tabletop:
    table = solo_table("N")
    assert table.penelope is not None
    table.penelope.queue = list(cards)
    table.penelope.deck = ["N"]
    return table


def test_a_scored_project_removes_the_cards_sharing_a_colour() -> None:
    table = queued("A", "B", "G", "J", "L")
    assert table.penelope is not None
    assert scored(table, ["LP18"]) == ["B", "G", "L"]
    assert table.penelope.queue == ["A", "J"]
    assert sorted(table.penelope.deck) == ["B", "G", "L", "N"]


def test_a_two_colour_project_removes_either_colour_and_a_colourless_one_the_colourless_cards() -> None:
    table = queued("A", "B", "C", "F", "H", "M")
    assert table.penelope is not None
    assert scored(table, ["LP35"]) == ["C", "H", "M"]
    assert scored(table, ["LP03"]) == ["A", "F"]
    assert table.penelope.queue == ["B"]


def test_a_claimed_accomplishment_removes_one_colour_or_the_colourless() -> None:
    table = queued("A", "B", "G", "J", "K")
    assert table.penelope is not None
    assert remove(table, "B") == ["G", "J"]
    assert remove(table, "") == ["A", "K"]
    assert remove(table, "Y") == []
    assert table.penelope.queue == ["B"]


def test_her_score_and_who_wins() -> None:
    penelope = Penelope(1, books="RGBYR", projects=["LP01", "LP20"], neat=["NS04", "NS17", "NS12"])
    assert score(penelope) == {"books": 5, "projects": 4, "neat": 6, "total": 15}
    assert wins(15, penelope) and not wins(14, penelope)


def play_turn(game: BooksGame, rng: random.Random) -> Report:
    """Random legal steps of the solo player until its turn (and Penelope's after it) is over."""
    while True:
        report = game.apply(rng.choice(game.legal_actions()), 0)
        if report.turn_over or report.game_over:
            return report


def test_a_solo_game_ends_a_round_after_the_sun_then_one_more_turn_each() -> None:
    game = BooksGame.new(1, seed=11, level=1)
    rng = random.Random(11)
    game.apply(game.legal_actions()[0], 0)
    assert game.penelope is not None
    game.penelope.deck = ["C", "B", "A"]
    game.players[0].battery, game.village.sun = 20, 1

    first = game.apply(Leave(), 0)
    assert game.village.sun == 0 and game.end_triggered and not first.turn_over
    report = play_turn(game, rng)
    assert [turn.card for turn in report.rival] == ["A"] and not game.over
    report = play_turn(game, rng)
    assert [turn.card for turn in report.rival] == ["B"] and report.game_over and game.over
    assert not game.lost and game.penelope.queue == ["A", "B"]
    outcome = game.outcome()
    assert outcome is not None and outcome.termination == Termination.COMPLETED
    player_total = game.score_breakdown(0)["total"]
    assert (outcome.winners == frozenset({0})) == (player_total >= score(game.penelope)["total"])


@pytest.mark.parametrize("seed", range(3))
def test_a_solo_game_played_at_random_ends(seed: int) -> None:
    game = BooksGame.new(1, seed=seed, level=5)
    rng = random.Random(seed)
    for _ in range(40):
        if play_turn(game, rng).game_over:
            break
    assert game.over and game.outcome() is not None
    assert game.penelope is not None
    if game.lost:
        assert not game.penelope.deck and game.outcome() is not None and game.outcome().winners == frozenset()



def lay(game: BooksGame, space: str, stack: str) -> None:
    """`stack` onto `space` from the bag, the books there before back into it (128 books still)."""
    stacks = game.players[0].apartment.stacks
    for book in stacks[space]:
        game.bag[book] += 1
    for book in stack:
        game.bag[book] -= 1
    stacks[space] = stack


def test_admiring_a_red_project_in_the_game_removes_the_red_queue_cards() -> None:
    game = started(5, ["D", "A"])
    assert game.penelope is not None
    game.penelope.queue = ["B", "C", "G"]
    player = game.players[0]
    for place in (game.lp_deck, game.lp_discard, player.hand):
        if "LP18" in place:
            place.remove("LP18")
    game.lp_discard += player.hand
    player.hand = ["LP18"]
    lay(game, "A3", "RRRRR")
    lay(game, "B3", "RRRR")
    report = game.apply(Admire(), 0)
    assert report.admired == ("LP18",)
    (turn,) = report.rival
    assert game.penelope.queue == ["C", turn.card]
    assert sorted(game.penelope.deck + [turn.card]) == ["A", "B", "D", "G"]


def test_a_claimed_accomplishment_removes_the_colour_the_player_names() -> None:
    game = started(6, ["D", "C"])
    assert game.penelope is not None
    game.village.majors[0] = "MA4"
    game.village.claims = {major: [] for major in game.village.majors}
    game.penelope.queue = ["A", "B", "J"]
    game.players[0].reach = 24
    game.apply(Read("B3", 1), 0)
    assert game.pending is not None and game.pending.kind == "remove"
    assert {"remove R", "remove B", "remove G", "remove Y", "remove colourless"} <= {
        str(action) for action in game.legal_actions()}
    report = game.apply(Remove("B"), 0)
    assert game.players[0].majors == ["MA4"]
    (turn,) = report.rival
    assert game.penelope.queue == ["A", "B", turn.card]
    assert sorted(game.penelope.deck + [turn.card]) == ["C", "D", "J"]


def test_an_accomplishment_her_turn_completes_is_claimed_at_its_end_with_the_removal_and_the_discard() -> None:
    """books.md "A turn": a met Major Accomplishment is claimed at once, at the end of each turn, hers too. The
    claim leads where a claim after the player's own turn does: its reward (MA4's card: the Notebook, 2 Little
    Projects), the removal the player chooses, the discard down to 5, then the next turn."""
    game, report = bumped_to_24(CURRENT)
    assert report.claimed == ((0, "MA4"),) and game.players[0].majors == ["MA4"]
    assert game.players[0].neat[-1] == "NS16" and len(game.players[0].hand) == 7
    assert not report.turn_over and game.turn == 0 and not game.over
    assert game.pending is not None and game.pending.kind == "remove" and game.to_act == frozenset({0})
    assert game.penelope is not None and game.penelope.queue == ["H"]
    removal = game.apply(Remove("G"), 0)
    assert not removal.turn_over and not removal.rival
    assert game.penelope.queue == [] and "H" in game.penelope.deck, "H (green, yellow) went back into the deck"
    assert game.pending is not None and game.pending.kind == "discard" and game.pending.count == 2
    after = game.apply(Discard(tuple(game.players[0].hand[:2])), 0)
    assert after.turn_over and not after.rival and game.turn == 1 and len(game.players[0].hand) == 5
    assert game.pending is None and game.current == 0 and not game.over


def test_an_accomplishment_her_last_turn_completes_still_counts() -> None:
    game, report = bumped_to_24(CURRENT, last=True)
    assert report.claimed == ((0, "MA4"),) and not game.over, "the claim's choices come before the end"
    game.apply(Remove("Y"), 0)
    final = game.apply(Discard(tuple(game.players[0].hand[:2])), 0)
    assert final.game_over and game.over and not game.lost
    parts = game.score_breakdown(0)
    assert parts["majors"] == 4 and parts["total"] == sum(v for k, v in parts.items() if k != "total")


def test_the_first_revision_claims_it_at_the_end_of_the_next_turn_or_never() -> None:
    """A game created before the rules revision CLAIMED_AT_ONCE plays on as it did (its move log replays): what her
    turn completes waits for the end of the player's next turn, and is lost after the game's last."""
    game, report = bumped_to_24(FIRST)
    assert report.claimed == () and report.turn_over and game.pending is None and game.players[0].majors == []
    game.apply(Home((("P1", "A1"),)), 0)
    later = game.apply(Read("B3", 1), 0)
    assert later.claimed == ((0, "MA4"),) and game.pending is not None and game.pending.kind == "remove"

    game, report = bumped_to_24(FIRST, last=True)
    assert report.claimed == () and report.game_over and game.players[0].majors == []
    assert game.score_breakdown(0)["majors"] == 0


def test_her_sun_reaching_its_end_gives_one_more_turn_each() -> None:
    game = started(8, ["D", "C", "E"])
    assert game.penelope is not None
    game.village.sun = 1
    report = game.apply(Read("B3", 1), 0)
    assert [turn.card for turn in report.rival] == ["E"] and report.rival[0].sun == 1
    assert game.village.sun == 0 and game.end_triggered and not game.over
    report = play_turn(game, random.Random(8))
    assert [turn.card for turn in report.rival] == ["C"] and game.over and not game.lost


def test_her_reported_turn_is_frozen_like_the_report_that_carries_it() -> None:
    """A Report is told to the channel after it is saved: nothing in it, Penelope's turns included, can change."""
    game = started(8, ["D", "C", "E"])
    report = game.apply(Read("B3", 1), 0)
    (turn,) = report.rival
    with pytest.raises(FrozenInstanceError):
        turn.books = ""  # type: ignore[misc]
    assert all(isinstance(part, tuple) for part in (turn.projects, turn.neat, turn.queued))
    assert hash(report) == hash(replace(report)), "every part of the report is immutable, so it hashes"
