"""A teammate whose finishing search runs out of budget (Self-Help in force, a split library, a hand of 6-7)
searches by trial: it lays a card, and takes it back when that proves a dead end. The game remembers what was
taken back this turn, so the teammate never lays it again from the same position: its turn always moves on and
ends (it finishes, or concedes and the table loses), never circling back to a position with the same action."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.librarians import Concede, IllegalAction, LibrariansGame, Library, Play, Row, Undo
from engine.librarians import fallback as ai_module
from engine.librarians import search as search_module
from engine.librarians.actions import parse_action
from engine.librarians.ai import choose
from engine.librarians.effects import ANY_STACK
from tests.engine.librarians.positions import build, hand_card

RIGHT = 1


def split_library_with_self_help(seed: int, hand: tuple[int, int] = (6, 7)) -> LibrariansGame:
    """Seat 0 in the middle of its turn with Self-Help in force: 3-5 rows of random books (many apart, as after
    a completion or a power took cards out), a hand of `hand` cards, 1 or 2 cards still to lay. Seeded."""
    rng = random.Random(seed)
    g = LibrariansGame.new(2, seed=seed)
    ids = list(range(66))
    rng.shuffle(ids)
    rows = [Row(shelf, rng.choice((1, -1))) for shelf in range(rng.randint(3, 5))]
    width = rng.randint(2, 4)
    for row in rows:
        for x in range(-width, width + 1):
            if x and rng.random() < 0.55:
                row.cells[x] = [ids.pop()]
    g.library = Library(g.letters, rows)
    g.hands = [[ids.pop() for _ in range(rng.randint(*hand))], [ids.pop() for _ in range(4)]]
    g.held = [[], []]
    g.deck, g.discard = ids[:20], ids[20:]
    g.shelf_pile = list(range(len(rows), 12))
    g.turn_rules = {ANY_STACK}
    g.need = rng.choice((1, 2))
    return LibrariansGame.from_dict(g.to_dict())


def play_turn(game: LibrariansGame, level: str, limit: int) -> list[str]:
    """Seat 0's computer plays until its turn is over (or `limit` actions): the actions, in order. Fails on a
    (state, action) pair seen before in the turn."""
    seen: set[tuple[str, str]] = set()
    actions: list[str] = []
    while not game.is_over and game.to_act == {0} and len(actions) < limit:
        action = choose(game, level, seed=7)  # the platform seeds every step of one turn alike
        pair = (json.dumps(game.to_dict(), sort_keys=True), str(action))
        assert pair not in seen, f"{level} repeated {action} from a position it was in before: {actions}"
        seen.add(pair)
        game.apply(action, 0)
        actions.append(str(action))
    return actions


def test_the_positions_where_the_search_runs_out_of_budget_are_real() -> None:
    for seed in (81, 9):
        result = split_library_with_self_help(seed).finishing_search()
        assert result.plan is None and not result.complete, seed


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_teammate_whose_search_runs_out_finishes_its_turn_in_a_few_actions(level: str) -> None:
    # Both levels used to lay their first card, take it back and lay it again until the service's bound of 500
    # actions resigned the seat.
    game = split_library_with_self_help(81)
    actions = play_turn(game, level, limit=40)
    assert actions[-1] == "end" and not game.is_over and game.to_act == {1}, actions
    assert len(actions) < 20


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_teammate_that_finds_no_finish_concedes_after_a_few_cards_taken_back(level: str,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search_module, "SEARCH_BUDGET", 300)  # a tenth of the budgets: the same story, faster
    monkeypatch.setattr(ai_module, "TRIAL_BUDGET", 30)
    game = split_library_with_self_help(9)
    actions = play_turn(game, level, limit=40)
    assert actions[-1] == "concede" and game.result == "lost" and game.end_reason == "stuck", actions
    assert actions.count("undo") <= ai_module.TRIAL_TAKEBACKS and len(actions) < 20


@pytest.mark.parametrize("level", ["easy", "normal"])
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), hand=st.integers(3, 7))
def test_a_computer_turn_never_repeats_a_position_and_action(level: str, seed: int, hand: int) -> None:
    # With no budget the turn's own search never proves anything and the trial's searches little: every turn is
    # played by trial (about half of them take cards back), so the trial and its memory are what is tested here.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search_module, "SEARCH_BUDGET", 0)
        patch.setattr(ai_module, "TRIAL_BUDGET", 2)
        game = split_library_with_self_help(seed, (hand, hand))
        if game.is_over:
            return
        actions = play_turn(game, level, limit=200)
    assert game.is_over or game.to_act == {1}, f"the turn did not end in 200 actions: {actions}"


def test_what_undo_took_back_is_remembered_until_the_turn_or_a_completion_moves_on() -> None:
    g = build([(RIGHT, {1: "Ag", 2: "Bg", 3: "Cg"}), (RIGHT, {1: "Ar"})], [["Dg", "Eb", "Fy"], ["Ey"]])
    e = hand_card(g, 0, "Eb")
    g.apply(Play(e, (1, 2)), 0)
    g.apply(Undo(), 0)
    assert g.taken_back == [((), (1, 2), 4)] and g.view(1).taken_back == frozenset(g.taken_back)
    assert LibrariansGame.from_dict(g.to_dict()) == g
    g.apply(Play(hand_card(g, 0, "Dg"), (0, 4)), 0)  # A B C D of one colour: completed, nothing to take back
    assert g.taken_back == [] and g.pending is not None


def test_a_state_saved_before_the_memory_existed_is_read() -> None:
    g = build([(RIGHT, {1: "Ar"})], [["Br", "Cg"], ["Dy"]])
    state = g.to_dict()
    del state["taken_back"]
    assert LibrariansGame.from_dict(state) == g


def test_concede_ends_the_game_as_lost_only_while_the_turn_cannot_end() -> None:
    g = build([(RIGHT, {1: "Ar"}), (RIGHT, {})], [["Br", "Cg"], ["Dy"]])
    assert parse_action(" Concede ") == Concede() and Concede() not in g.legal_actions()
    conceded = g.copy()
    report = conceded.apply(Concede(), 0)
    assert report.game_over and (conceded.result, conceded.end_reason) == ("lost", "stuck")
    g.apply(Play(hand_card(g, 0, "Br"), (0, 2)), 0)
    g.apply(Play(hand_card(g, 0, "Cg"), (0, 3)), 0)
    before = g.to_dict()
    with pytest.raises(IllegalAction) as refused:
        g.apply(Concede(), 0)
    assert refused.value.code == "can_end" and g.to_dict() == before
