"""Every registered game plays through the protocol alone, and the shared ranking rule ranks as the rules say."""
from __future__ import annotations

import pytest

from engine.protocol import (
    ActionRefused, AnyState, GameDescription, OptionError, OptionSpec, Termination, ranked_outcome,
)
from engine.registry import GAMES, rules_of


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_a_whole_game_plays_through_the_protocol_and_replays_from_its_text_log(kind: str) -> None:
    rules = rules_of(kind)
    options = rules.description.check_options({})
    players = rules.description.min_players + 1
    state = rules.new(players, 7, options)
    log: list[tuple[int, str]] = []
    turn = 0
    while not state.is_over:
        assert state.to_act, "a game not over lets some seat act (several may: any of them would do)"
        seat = min(state.to_act)
        action = rules.choose(state, rules.levels[turn % len(rules.levels[:2])], turn, seat)
        state.check(action, seat)
        text = str(action)
        assert rules.parse_action(text) == action
        state.apply(action, seat)
        log.append((seat, text))
        turn += 1
    assert state.to_act == frozenset()
    outcome = state.outcome()
    assert outcome is not None and set(outcome.ranking) == set(range(players))
    assert outcome.termination == Termination.COMPLETED
    if rules.description.cooperative:
        assert outcome.winners == (frozenset(range(players)) if outcome.shared else frozenset())
    else:
        assert outcome.winners
    assert rules.from_dict(state.to_dict()).to_dict() == state.to_dict()
    replay = rules.new(players, 7, options)
    for seat, text in log:
        replay.apply(rules.parse_action(text), seat)
    assert replay.to_dict() == state.to_dict()


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_hints_come_from_the_strongest_level(kind: str) -> None:
    """README: a hint is the game's strongest computer player (hard answers a decision within 1 s in every game,
    measured in `python -m bench ai`); levels run from the weakest to the strongest, and an expired turn is one."""
    rules = rules_of(kind)
    assert rules.levels[0] == "easy" and rules.hint_level == rules.levels[-1] == "hard"
    assert rules.stand_in in rules.levels


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_seat_zero_plays_first_as_the_start_banner_says(kind: str) -> None:
    """The service shuffles the seats and every start line reads them in seat order ("Turn order: alice, bob"), so
    the first turn taken by one seat alone is seat 0's in every game, whatever its seed (a step that several seats
    take at once, such as keeping secret cards, may come before it)."""
    rules = rules_of(kind)
    options = rules.description.check_options({})
    for players in range(max(2, rules.description.min_players), rules.description.max_players + 1):
        for seed in range(6):
            state = rules.new(players, seed, options)
            together: set[int] = set(state.to_act) if len(state.to_act) > 1 else set()
            while together:
                seat = min(state.to_act & together)
                state.apply(rules.choose(state, rules.levels[0], seed, seat), seat)
                together.discard(seat)
            assert state.to_act == frozenset({0}), f"{players} players, seed {seed}"


def _accepts(state: AnyState, action: object, seat: int) -> bool:
    """Whether the state takes `action` from `seat` (where several seats may act, an action is one seat's)."""
    try:
        state.check(action, seat)
    except ActionRefused:
        return False
    return True


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_a_refused_action_is_an_action_refused_with_a_code_and_changes_nothing(kind: str) -> None:
    rules = rules_of(kind)
    state = rules.new(2, 3, rules.description.check_options({}))
    before = state.to_dict()
    action = state.legal_actions()[0]
    seat = next(s for s in sorted(state.to_act) if _accepts(state, action, s))
    with pytest.raises(ActionRefused) as refused:
        state.apply(action, 1 - seat)
    assert refused.value.code and state.to_dict() == before
    with pytest.raises(ActionRefused):
        rules.parse_action("no such action at all")


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_an_outcome_says_whether_the_rules_resignations_or_nothing_ended_the_game(kind: str) -> None:
    rules = rules_of(kind)
    state = rules.new(2, 5, rules.description.check_options({}))
    assert state.standing().termination == Termination.UNFINISHED, "a game the table stopped is scored as it stood"
    state.resign(0)
    outcome = state.outcome()
    assert outcome is not None and outcome.termination == Termination.RESIGNED


def test_a_game_reads_a_state_the_platform_holds_as_its_own_class_and_no_other() -> None:
    shelfie, dice = rules_of("shelfie"), rules_of("dice")
    state = shelfie.new(2, 1, shelfie.description.check_options({}))
    assert shelfie.state_of(state) is state
    with pytest.raises(TypeError):
        dice.state_of(state)
    with pytest.raises(TypeError):
        shelfie.state_of(None)


def test_later_seat_ties_rank_the_later_seat_first_and_leavers_last() -> None:
    outcome = ranked_outcome([10, 12, 12, 30], left={3}, ties="later_seat", termination=Termination.COMPLETED)
    assert outcome.ranking == (2, 1, 0, 3) and outcome.places == (3, 2, 1, 4) and outcome.winners == {2}


def test_shared_ties_share_places_and_victory() -> None:
    outcome = ranked_outcome([12, 12, 3, 40], left={3}, ties="shared", termination=Termination.COMPLETED)
    assert outcome.ranking == (0, 1, 2, 3) and outcome.places == (1, 1, 3, 4) and outcome.winners == {0, 1}


def test_nobody_wins_when_everybody_left() -> None:
    outcome = ranked_outcome([5, 9], left={0, 1}, ties="later_seat", termination=Termination.UNFINISHED)
    assert outcome.winners == frozenset()


@pytest.mark.parametrize("given, name", [({"nope": 1}, "nope"), ({"refill": "sometimes"}, "refill"),
                                         ({"first_game": 1}, "first_game")])
def test_options_outside_the_description_are_refused_by_name(given: dict, name: str) -> None:
    with pytest.raises(OptionError) as refused:
        rules_of("shelfie").description.check_options(given)
    assert refused.value.name == name


def test_a_game_option_cannot_take_the_name_of_a_lobby_option() -> None:
    with pytest.raises(ValueError, match="players"):
        GameDescription("x", {"en": "X"}, 2, 4, (OptionSpec("players", "bool", False),), False, "nothing")


def test_an_unknown_kind_is_named() -> None:
    with pytest.raises(KeyError, match="chess"):
        rules_of("chess")


def test_a_cooperative_game_names_the_measure_of_its_shared_result_and_only_it_does() -> None:
    from engine.protocol import CoopMeasure

    measure = CoopMeasure({"en": "Cards left", "it": "Carte rimaste"})
    assert GameDescription("c", {"en": "C"}, 2, 4, (), True, "hands", measure=measure).measure.name("it") == "Carte rimaste"
    with pytest.raises(ValueError, match="measure"):
        GameDescription("c", {"en": "C"}, 2, 4, (), True, "hands")
    with pytest.raises(ValueError, match="measure"):
        GameDescription("r", {"en": "R"}, 2, 4, (), False, "nothing", measure=measure)
