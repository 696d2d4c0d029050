"""A Place for All My Books' turn words at the start, as a newcomer reads them."""

from __future__ import annotations

from engine.books.revision import CURRENT
from engine.registry import rules_of

from bot.games.books.words import played_turn_lines, turn_prompt
from bot.service.models import GameOptions, PlayedTurn, Seat, Table
from bot.store import TurnKind
from tests.engine.books.play import bumped_to_24, met_by_the_next_seat

SEATS = (Seat(0, 1, "alice"), Seat(1, 2, "bob"))


def test_the_first_player_is_told_they_play_first_once_they_kept_their_projects() -> None:
    """It said "@bob goes on: keep 3 of your 5 Little Projects" before anyone had played."""
    rules = rules_of("books")
    game = rules.new(2, 5, rules.description.check_options({}))
    table = Table(game_id=1, kind="books", guild_id=1, channel_id=1, thread_id=None, status="active", end_reason=None,
                  options=GameOptions(players=2), host_id=1, seats=SEATS, game=game, version=1, turn=0,
                  lobby_message_id=None, turn_message_id=None, created_at=0.0, updated_at=0.0)
    first, other = SEATS[game.current], SEATS[1 - game.current]
    lines = (turn_prompt(table, "en", ping=True) or "").splitlines()
    assert lines == [f"Waiting for **{other.name}** to keep 3 of their 5 Little Projects: press **Keep projects**.",
                     f"<@{first.user_id}> plays first, once they have kept 3 of their 5 Little Projects: press "
                     "**Keep projects**."], lines
    assert "gioca per primo" in (turn_prompt(table, "it", ping=False) or "")


def test_an_accomplishment_her_turn_completes_is_told_after_her_turn_and_its_removal_asked() -> None:
    """Her bump takes alice with the Headphones from 20 to 24 (MA4): the channel reads her turn, then the claim,
    then alice is asked which Rival cards it removes."""
    game, report = bumped_to_24(CURRENT)
    alice = SEATS[0]
    table = Table(game_id=1, kind="books", guild_id=1, channel_id=1, thread_id=None, status="active", end_reason=None,
                  options=GameOptions(players=1), host_id=1, seats=(alice,), game=game, version=1, turn=1,
                  lobby_message_id=None, turn_message_id=None, created_at=0.0, updated_at=0.0)
    lines = played_turn_lines(game, table.seats, PlayedTurn(alice, TurnKind.MOVE, report.action, report), "en")
    assert len(lines) == 3 and lines[1].startswith("**Penelope** drew Rival H") and "MA4" in lines[2], lines
    assert "alice" in lines[2] and "MA4" not in lines[1]
    prompt = turn_prompt(table, "en", ping=False) or ""
    assert prompt == "**alice** goes on: choose the colour that leaves Penelope's queue", prompt


def test_a_resignation_tells_what_its_turn_s_end_claimed_for_another_seat() -> None:
    game, other = met_by_the_next_seat(CURRENT)
    seats = (Seat(0, 1, "alice"), Seat(1, 2, "bob"), Seat(2, 3, "cleo"))
    leaving = seats[game.current]
    report = game.resign(game.current)
    lines = played_turn_lines(game, seats, PlayedTurn(leaving, TurnKind.RESIGN, None, report), "en")
    assert len(lines) == 2 and leaving.name in lines[0] and "MA2" not in lines[0], lines
    assert seats[other].name in lines[1] and "MA2" in lines[1], lines
