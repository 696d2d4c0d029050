"""Starting a game: options, seeds and the saved state."""
import json

import pytest

from engine.shelfie import Game


@pytest.mark.parametrize("players", [0, 1, 5, "3"])
def test_player_count_outside_2_to_4_is_refused(players) -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        Game.new(players, seed=1)


def test_unknown_refill_rule_is_refused() -> None:
    with pytest.raises(ValueError, match="isolated, four_or_fewer"):
        Game.new(2, seed=1, refill="sometimes")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_seat_gets_its_own_secret_card(players: int) -> None:
    g = Game.new(players, seed=12)
    cards = [g.personal_goal_index(s) for s in range(players)]
    assert len(set(cards)) == players and all(0 <= c < 12 for c in cards)
    assert g.current_seat == 0 and g.turn == 0 and not g.is_over and g.winner is None
    assert all(g.shelf_rows(s) == ["....."] * 6 for s in range(players))


def test_the_seed_decides_everything() -> None:
    a, b = Game.new(4, seed=77), Game.new(4, seed=77)
    assert a.to_dict() == b.to_dict()
    deals = {(tuple(Game.new(4, seed=s).board_rows()), Game.new(4, seed=s).common_goal_ids) for s in range(5)}
    assert len(deals) == 5


def test_options_are_kept_in_the_state() -> None:
    g = Game.new(3, seed=2, first_game=True, refill="four_or_fewer")
    clone = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert (clone.n_players, clone.first_game, clone.refill) == (3, True, "four_or_fewer")
    assert clone.common_goal_ids == g.common_goal_ids


def test_state_of_another_version_is_refused() -> None:
    d = Game.new(2, seed=1).to_dict()
    d["version"] = d["version"] + 1
    with pytest.raises(ValueError, match="version"):
        Game.from_dict(d)


def _damaged(**changes: object) -> dict:
    d = Game.new(3, seed=4).to_dict()
    for key, value in changes.items():
        if value is KeyError:
            del d[key]
        else:
            d[key] = value
    return d


@pytest.mark.parametrize("state, named", [
    (None, "not a My Shelfie state"),
    ([], "not a My Shelfie state"),
    ("shelfie", "not a My Shelfie state"),
    (_damaged(board=KeyError), "board"),
    (_damaged(rng=KeyError), "rng"),
    (_damaged(n_players=7), "player count"),
    (_damaged(shelves=["." * 30, "." * 30, "." * 29]), "shelves"),
    (_damaged(shelves=["." * 30, "." * 30]), "shelves"),
    (_damaged(shelves=None), "shelves"),
    (_damaged(board="X" * 81), "board"),
    (_damaged(board="." * 80), "board"),
    (_damaged(bag="CBZ"), "bag"),
    (_damaged(common=["six_pairs", "no_such_goal"]), "common goals"),
    (_damaged(stacks=[]), "readable"),
    (_damaged(won=[[], [], [["no_such_goal", 8]]]), "tokens won"),
    (_damaged(personal=[0, 1, 12]), "personal goals"),
    (_damaged(current_seat=7), "seat to move"),
    (_damaged(current_seat=-1), "seat to move"),
    (_damaged(end_token_seat=3), "end token"),
    (_damaged(resigned=[5]), "resigned"),
    (_damaged(refill="never"), "refill"),
    (_damaged(turn="3"), "turn"),
])
def test_a_damaged_state_is_refused_with_a_clear_value_error(state: object, named: str) -> None:
    with pytest.raises(ValueError, match=named):
        Game.from_dict(state)  # type: ignore[arg-type]
