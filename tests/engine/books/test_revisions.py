"""The rules revisions (engine.books.revision): a game plays by the revision it was created with. The first
revision's games, stored before revisions existed, play on and replay their move logs as they were played; the
current one claims a Major Accomplishment at once, whatever completes it."""
from __future__ import annotations

import json

import pytest

from engine.books import RULES
from engine.books.actions import Discard, IllegalAction, Keep, Read, Remove, Rest, parse_action
from engine.books.game import BooksGame
from engine.books.revision import CURRENT, FIRST, REVISIONS
from engine.protocol import REVISION

from .play import first_revision_game, met_by_the_next_seat, random_play


def replayed(revision: int) -> BooksGame:
    stored = first_revision_game()
    game = BooksGame.new(1, seed=stored["seed"], level=stored["options"]["level"], revision=revision)
    for seat, move in stored["moves"]:
        game.apply(parse_action(move), seat)
    return game


def test_a_game_stored_before_revisions_replays_its_log_to_its_stored_state() -> None:
    stored = first_revision_game()
    assert "revision" not in stored["state"] and REVISION not in stored["options"]
    assert BooksGame.from_dict(stored["state"]).revision == FIRST
    assert replayed(FIRST).to_dict() == stored["state"], "replayed as it was played, written as it was stored"


def test_the_stored_log_is_not_one_the_current_rules_accept() -> None:
    """Move 21 claims MA2, whose drawn Desk Lamp is a 4th Other Neat Stuff: the current rules claim MA6 right after
    (another removal to choose), where the log goes on with Penelope's turn and the player's next move."""
    with pytest.raises(IllegalAction) as refusal:
        replayed(CURRENT)
    assert refusal.value.code == "wrong_step" and refusal.value.params == {"expected": "remove"}


def test_the_platform_starts_a_game_by_the_revision_it_names_and_by_the_current_one_otherwise() -> None:
    options = RULES.description.check_options({})
    assert RULES.description.revision == CURRENT == max(REVISIONS)
    assert RULES.new(1, 5, options).revision == CURRENT
    assert RULES.new(1, 5, {**options, REVISION: FIRST}).revision == FIRST
    with pytest.raises(ValueError, match="revision"):
        BooksGame.new(1, seed=5, revision=CURRENT + 1)


@pytest.mark.parametrize("revision", REVISIONS)
def test_a_state_keeps_its_revision_through_json(revision: int) -> None:
    game = BooksGame.new(2, seed=3, revision=revision)
    random_play(game, 60, seed=3)
    stored = json.loads(json.dumps(game.to_dict()))
    assert ("revision" in stored) == (revision != FIRST), "a first-revision state is written as before revisions"
    again = BooksGame.from_dict(stored)
    assert again.revision == revision and again == game


def test_a_state_of_an_unknown_revision_is_refused() -> None:
    stored = BooksGame.new(1, seed=3).to_dict() | {"revision": CURRENT + 1}
    with pytest.raises(ValueError, match="revision"):
        BooksGame.from_dict(stored)


def mono_six(revision: int) -> BooksGame:
    """A solo game whose player has 3 lasting Other Neat Stuff and a one-colour stack of 6 (MA2, whose first reward
    draws a card: the Blanket, a 4th, meeting MA6), on the Rest space, Penelope's deck A, H."""
    game = BooksGame.new(1, seed=9, revision=revision)
    game.apply(Keep(tuple(game.players[0].dealt[:3])), 0)
    assert game.penelope is not None
    game.penelope.deck = ["A", "H"]
    game.village.majors = ["MA2", "MA6", "MA1"]
    game.village.claims = {major: [] for major in game.village.majors}
    player = game.players[0]
    player.location, player.neat = "rest", ["NS01", "NS02", "NS03"]
    taken = {*player.neat, "NS05"}
    game.ns_deck = [card for card in game.ns_deck if card not in taken] + ["NS05"]
    game.village.shoppes = [card for card in game.village.shoppes if card not in taken]
    for book in player.apartment.stacks["D4"]:
        game.bag[book] += 1
    game.bag["R"] -= 6
    player.apartment.stacks["D4"] = "RRRRRR"
    return game


def test_an_accomplishment_a_claim_s_reward_completes_is_claimed_at_once() -> None:
    game = mono_six(CURRENT)
    first = game.apply(Read("B3", 1), 0)
    assert first.claimed == ((0, "MA2"),) and game.players[0].neat[-1] == "NS05" and not first.rival
    second = game.apply(Remove("R"), 0)
    assert second.claimed == ((0, "MA6"),) and not second.rival, "claimed before Penelope's turn"
    assert game.pending is not None and game.pending.kind == "remove"
    last = game.apply(Remove("B"), 0)
    assert len(last.rival) == 1 and last.turn_over and game.players[0].majors == ["MA2", "MA6"]


def test_the_first_revision_claims_it_at_the_end_of_the_next_turn() -> None:
    game = mono_six(FIRST)
    game.apply(Read("B3", 1), 0)
    after = game.apply(Remove("R"), 0)
    assert after.claimed == () and len(after.rival) == 1 and after.turn_over
    assert game.players[0].majors == ["MA2"]
    game.apply(Rest(), 0)  # 3 Little Projects with the Blanket: a 6th to discard first
    assert game.apply(Discard((game.players[0].hand[0],)), 0).claimed == ((0, "MA6"),)


def test_a_resignation_ends_the_turn_with_its_check_of_the_others_accomplishments() -> None:
    game, other = met_by_the_next_seat(CURRENT)
    report = game.resign(game.current)
    assert report.turn_over and report.claimed == ((other, "MA2"),) and game.players[other].majors == ["MA2"]


def test_the_first_revision_leaves_them_to_the_next_turn_s_end() -> None:
    game, other = met_by_the_next_seat(FIRST)
    report = game.resign(game.current)
    assert report.turn_over and report.claimed == () and game.players[other].majors == []
