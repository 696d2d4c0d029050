"""Invariants over random games: termination, conservation, exact legality, persistence, determinism, secrecy."""
from __future__ import annotations

import json
import random
from collections import Counter
from itertools import permutations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.shelfie import (
    COMMON_GOALS,
    PERSONAL_GOALS,
    REFILL_RULES,
    TILE_TYPES,
    Bookshelf,
    Game,
    IllegalMove,
    Move,
    adjacency_groups,
    adjacency_score,
)

from .positions import tile_counts

ALL_TILES = Counter({kind: 22 for kind in TILE_TYPES})
SIDES = ((-1, 0), (1, 0), (0, -1), (0, 1))

setups = st.tuples(st.integers(2, 4), st.integers(0, 2**32 - 1), st.booleans(), st.sampled_from(REFILL_RULES))
rngs = st.randoms(use_true_random=False)
few = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _new(setup: tuple[int, int, bool, str]) -> Game:
    players, seed, first_game, refill = setup
    return Game.new(players, seed=seed, first_game=first_game, refill=refill)


def _play(g: Game, rng: random.Random, turns: int) -> list[Move]:
    played = []
    for _ in range(turns):
        if g.is_over:
            break
        m = rng.choice(g.legal_moves())
        g.apply(m)
        played.append(m)
    return played


def _reference_picks(g: Game) -> set[tuple[frozenset[tuple[int, int]], int]]:
    """The pick rules written out independently: straight runs of 1-3 tiles, each with a free side, that fit."""
    rows = g.board_rows()

    def tile(r: int, c: int) -> bool:
        return 0 <= r < 9 and 0 <= c < 9 and rows[r][c] in TILE_TYPES

    def free(r: int, c: int) -> bool:
        return tile(r, c) and any(not (0 <= r + dr < 9 and 0 <= c + dc < 9) or rows[r + dr][c + dc] in ". "
                                  for dr, dc in SIDES)

    shelf = g.shelf(g.current_seat)
    picks = set()
    for r in range(9):
        for c in range(9):
            for dr, dc in ((0, 1), (1, 0)):
                for k in (1, 2, 3):
                    cells = [(r + dr * i, c + dc * i) for i in range(k)]
                    if all(free(*x) for x in cells):
                        picks.update((frozenset(cells), col) for col in range(5) if shelf.free(col) >= k)
    return picks


def _legal_set(g: Game) -> set[tuple[frozenset[tuple[int, int]], int]]:
    return {(frozenset(m.tiles), m.column) for m in g.legal_moves()}


def _types(g: Game, tiles: tuple[tuple[int, int], ...]) -> str:
    rows = g.board_rows()
    return "".join(rows[r][c] for r, c in tiles)


@few
@given(setups, rngs)
def test_random_games_terminate_conserve_tiles_and_follow_the_end_round(setup, rng) -> None:
    g = _new(setup)
    n = g.n_players
    first_full = None
    for turn in range(30 * n + 1):
        if g.is_over:
            break
        assert g.current_seat == turn % n
        moves = g.legal_moves()
        assert moves, "a game that is not over always has a move"
        report = g.apply(rng.choice(moves))
        assert tile_counts(g) == ALL_TILES
        filled_first = first_full is None and g.shelf(report.seat).is_full
        if filled_first:
            first_full = report.seat
        assert report.end_token == filled_first
        assert g.end_token_seat == first_full
        board_empty = not any(ch in TILE_TYPES for row in g.board_rows() for ch in row)
        if first_full is not None and report.seat == n - 1:
            assert report.game_over, "the round ends with the seat before the first player"
        if report.game_over:
            assert (first_full is not None and report.seat == n - 1) or (board_empty and g.bag_size == 0)
    assert g.is_over and g.winner is not None
    totals = [g.score_breakdown(s)["total"] for s in range(n)]
    best = max(totals)
    assert g.winner == max(s for s in range(n) if totals[s] == best)
    assert g.decided_by_tiebreak == (totals.count(best) > 1)


@few
@given(setups, rngs)
def test_scores_and_tokens_stay_consistent(setup, rng) -> None:
    g = _new(setup)
    _play(g, rng, rng.randrange(10, 80))
    given_out = Counter()
    for seat in range(g.n_players):
        held = g.tokens_of(seat)
        assert len({gid for gid, _ in held}) == len(held), "one token per card per player"
        given_out.update(points for _, points in held)
        parts = g.score_breakdown(seat)
        assert parts["total"] == parts["common"] + parts["personal"] + parts["adjacency"] + parts["end_token"]
        assert parts["personal"] == PERSONAL_GOALS[g.personal_goal_index(seat)].score(g.shelf(seat))
    stacks = {2: (8, 4), 3: (8, 6, 4), 4: (8, 6, 4, 2)}[g.n_players]
    left = Counter(p for gid in g.common_goal_ids for p in g.tokens_left(gid))
    assert given_out + left == Counter(p for _ in g.common_goal_ids for p in stacks)
    for gid in g.common_goal_ids:
        assert g.tokens_left(gid) == stacks[len(stacks) - len(g.tokens_left(gid)):], "taken from the top"


@few
@given(setups, rngs)
def test_legal_moves_match_the_rules_written_out(setup, rng) -> None:
    g = _new(setup)
    _play(g, rng, rng.randrange(0, 60))
    if g.is_over:
        assert g.legal_moves() == []
        return
    moves = g.legal_moves()
    assert _legal_set(g) == _reference_picks(g)
    assert len(set(moves)) == len(moves)
    orders: dict[tuple[frozenset, int], set[str]] = {}
    for m in moves:
        key = (frozenset(m.tiles), m.column)
        kinds = _types(g, m.tiles)
        assert kinds not in orders.setdefault(key, set()), "one move per distinct type order"
        orders[key].add(kinds)
    for (cells, _), kinds in orders.items():
        assert len(kinds) == len({"".join(p) for p in permutations(_types(g, tuple(cells)))})


@few
@given(setups, rngs)
def test_every_legal_move_is_accepted(setup, rng) -> None:
    g = _new(setup)
    _play(g, rng, rng.randrange(0, 60))
    before = g.to_dict()
    moves = g.legal_moves()
    for m in rng.sample(moves, min(40, len(moves))):
        trial = g.copy()
        report = trial.apply(m)
        assert report.seat == g.current_seat and report.move == m
        assert tile_counts(trial) == ALL_TILES
    assert g.to_dict() == before, "trying moves on copies leaves the game alone"


cells = st.tuples(st.integers(0, 8), st.integers(0, 8))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups, rngs, st.data())
def test_every_other_pick_is_refused_and_changes_nothing(setup, rng, data) -> None:
    g = _new(setup)
    _play(g, rng, rng.randrange(0, 60))
    legal = _legal_set(g)
    before = g.to_dict()
    for _ in range(30):
        if data.draw(st.booleans()) and legal:
            base, _ = rng.choice(sorted(legal, key=str))
            picked = list(base)
            k = rng.randrange(len(picked))
            r, c = picked[k]
            picked[k] = (r + rng.choice((-1, 0, 1)), c + rng.choice((-1, 0, 1)))
            picked = [x for x in picked if 0 <= x[0] < 9 and 0 <= x[1] < 9] or [(r, c)]
            if rng.random() < 0.3:
                picked.append(rng.choice(picked))
        else:
            picked = data.draw(st.lists(cells, min_size=0, max_size=4))
        column = data.draw(st.integers(-1, 5))
        seat = data.draw(st.sampled_from([None, g.current_seat, (g.current_seat + 1) % g.n_players]))
        rng.shuffle(picked)
        m = Move(tuple(picked), column)
        out_of_turn = seat is not None and seat != g.current_seat
        if not out_of_turn and len(set(picked)) == len(picked) and (frozenset(picked), column) in legal:
            trial = g.copy()
            trial.apply(m, seat=seat)
            continue
        try:
            g.apply(m, seat=seat)
        except IllegalMove as err:
            assert err.code and str(err)
            if g.is_over:
                assert err.code == "game_over"
            else:
                assert (err.code == "not_your_turn") == out_of_turn
        else:
            raise AssertionError(f"{picked} in column {column} was accepted but is not legal")
        assert g.to_dict() == before


@few
@given(setups, rngs)
def test_state_round_trips_through_json_and_plays_on_the_same(setup, rng) -> None:
    g = _new(setup)
    _play(g, rng, rng.randrange(0, 80))
    clone = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert clone.to_dict() == g.to_dict() and clone == g
    assert clone.legal_moves() == g.legal_moves()
    copy = g.copy()
    state = rng.getstate()
    _play(g, rng, 200)
    rng.setstate(state)
    _play(clone, rng, 200)
    rng.setstate(state)
    _play(copy, rng, 200)
    assert clone.to_dict() == g.to_dict() == copy.to_dict()


@few
@given(setups, rngs)
def test_replaying_seed_and_moves_gives_the_same_game(setup, rng) -> None:
    g = _new(setup)
    played = _play(g, rng, rng.randrange(0, 200))
    again = _new(setup)
    for m in played:
        again.apply(Move.parse(str(m)))
    assert again.to_dict() == g.to_dict()
    assert [again.board_rows(), [again.shelf_rows(s) for s in range(again.n_players)]] == \
        [g.board_rows(), [g.shelf_rows(s) for s in range(g.n_players)]]


@few
@given(setups, rngs, st.integers(0, 3))
def test_a_seat_view_hides_other_goals_and_the_bag_order(setup, rng, seat_pick) -> None:
    g = _new(setup)
    _play(g, rng, rng.randrange(0, 60))
    seat = seat_pick % g.n_players
    other = g.copy()
    rng.shuffle(other.bag)
    unused = [i for i in range(12) if i not in other.personal]
    for s in range(g.n_players):
        if s != seat:
            other.personal[s] = unused.pop(rng.randrange(len(unused)))
    other.rng = random.Random(rng.random())
    other.seed = g.seed + 1
    assert other.view(seat) == g.view(seat)
    view = g.view(seat)
    assert view.personal_goal == g.personal_goal_index(seat)
    mine = g.copy()
    mine.personal[seat] = unused[0]
    assert mine.view(seat) != view, "the view does show the seat its own card"
    sampled = view.sample(random.Random(rng.random()))
    assert sampled.view(seat) == view
    assert tile_counts(sampled) == ALL_TILES
    assert sampled.legal_moves() == g.legal_moves()


@few
@given(setups, rngs)
def test_games_with_resignations_end_with_an_active_winner(setup, rng) -> None:
    g = _new(setup)
    for _ in range(30 * g.n_players + g.n_players):
        if g.is_over:
            break
        if rng.random() < 0.05:
            g.resign(rng.choice(g.active_seats))
        else:
            report = g.apply(rng.choice(g.legal_moves()))
            assert report.seat not in g.resigned
        assert g.current_seat not in g.resigned or g.is_over
        assert tile_counts(g) == ALL_TILES
    assert g.is_over
    assert g.winner in g.active_seats


def _reference_goals(rows: list[str]) -> dict[str, bool]:
    """Every common goal written out again from its card text, independently of the engine."""
    at = {(r, c): rows[r][c] for r in range(6) for c in range(5) if rows[r][c] != "."}
    group_of: dict[tuple[int, int], int] = {}
    sizes: list[int] = []
    for start in at:
        if start in group_of:
            continue
        group_of[start] = len(sizes)
        todo, size = [start], 0
        while todo:
            r, c = todo.pop()
            size += 1
            for dr, dc in SIDES:
                nxt = (r + dr, c + dc)
                if at.get(nxt) == at[start] and nxt not in group_of:
                    group_of[nxt] = len(sizes)
                    todo.append(nxt)
        sizes.append(size)
    lines_rows = [[at.get((r, c)) for c in range(5)] for r in range(6)]
    lines_cols = [[at.get((r, c)) for r in range(6)] for c in range(5)]

    def full_with(lines, test) -> int:
        return sum(1 for line in lines if None not in line and test(len(set(line))))

    squares = {group_of[(r, c)] for r in range(5) for c in range(4)
               if (r, c) in at and all(at.get(x) == at[(r, c)] for x in ((r + 1, c), (r, c + 1), (r + 1, c + 1)))}
    diagonals = [[at.get((r + k, c + k * dc)) for k in range(5)]
                 for r in range(6) for c in range(5) for dc in (1, -1)
                 if 0 <= r + 4 < 6 and 0 <= c + 4 * dc < 5]
    xs = [[at.get((r + dr, c + dc)) for dr, dc in ((0, 0), (-1, -1), (-1, 1), (1, -1), (1, 1))]
          for r in range(1, 5) for c in range(1, 4)]
    heights = [sum(1 for r in range(6) if (r, c) in at) for c in range(5)]
    steps = {heights[k + 1] - heights[k] for k in range(4)}
    corners = [at.get(x) for x in ((0, 0), (0, 4), (5, 0), (5, 4))]
    counts = Counter(at.values())
    return {
        "six_pairs": sum(s >= 2 for s in sizes) >= 6,
        "four_quads": sum(s >= 4 for s in sizes) >= 4,
        "four_corners": None not in corners and len(set(corners)) == 1,
        "two_squares": len(squares) >= 2,
        "three_cols_max3": full_with(lines_cols, lambda k: k <= 3) >= 3,
        "eight_same": max(counts.values(), default=0) >= 8,
        "diagonal5": any(None not in d and len(set(d)) == 1 for d in diagonals),
        "four_rows_max3": full_with(lines_rows, lambda k: k <= 3) >= 4,
        "two_cols_distinct": full_with(lines_cols, lambda k: k == 6) >= 2,
        "two_rows_distinct": full_with(lines_rows, lambda k: k == 5) >= 2,
        "x_shape": any(None not in x and len(set(x)) == 1 for x in xs),
        "staircase": (steps == {1} and heights[0] in (1, 2)) or (steps == {-1} and heights[4] in (1, 2)),
    }


@st.composite
def shelves(draw) -> list[str]:
    """Shelves that obey gravity, drawn in styles that make every goal come up: random cells from few
    types, same-type blocks, or rainbow rows/columns; often full, sometimes shaped as a staircase."""
    style = draw(st.sampled_from(["cells", "blocks", "rainbow_cols", "rainbow_rows"]))
    kinds = draw(st.sampled_from(["C", "CB", "CBG", "CBGF", TILE_TYPES]))
    if style == "cells":
        grid = [[draw(st.sampled_from(kinds)) for _ in range(5)] for _ in range(6)]
    elif style == "blocks":
        tall, wide = draw(st.sampled_from([(2, 2), (2, 3), (3, 2), (1, 5), (6, 1)]))
        block = {(r, c): draw(st.sampled_from(TILE_TYPES)) for r in range(0, 6, tall) for c in range(0, 5, wide)}
        grid = [[block[(r - r % tall, c - c % wide)] for c in range(5)] for r in range(6)]
    elif style == "rainbow_cols":
        cols = [draw(st.permutations(TILE_TYPES)) for _ in range(5)]
        grid = [[cols[c][r] for c in range(5)] for r in range(6)]
    else:
        grid = [list(draw(st.permutations(TILE_TYPES)))[:5] for _ in range(6)]
    for _ in range(draw(st.integers(0, 3))):
        grid[draw(st.integers(0, 5))][draw(st.integers(0, 4))] = draw(st.sampled_from(TILE_TYPES))
    stairs = [(1, 2, 3, 4, 5), (2, 3, 4, 5, 6), (5, 4, 3, 2, 1), (6, 5, 4, 3, 2)]
    heights = draw(st.sampled_from([None] * 4 + stairs)) or [
        draw(st.sampled_from([0, 1, 2, 3, 4, 5, 6, 6, 6, 6, 6, 6])) for _ in range(5)]
    return ["".join(grid[r][c] if r >= 6 - heights[c] else "." for c in range(5)) for r in range(6)]


@settings(max_examples=400, deadline=None)
@given(shelves())
def test_common_goals_agree_with_their_card_text(rows) -> None:
    expected = _reference_goals(rows)
    s = Bookshelf.from_rows(rows)
    assert {gid: goal.is_met(s) for gid, goal in COMMON_GOALS.items()} == expected


@settings(max_examples=200, deadline=None)
@given(shelves())
def test_adjacency_score_agrees_with_group_sizes(rows) -> None:
    s = Bookshelf.from_rows(rows)
    sizes = [len(cells) for _, cells in adjacency_groups(s)]
    assert sum(sizes) == sum(ch != "." for row in rows for ch in row)
    assert adjacency_score(s) == sum({3: 2, 4: 3, 5: 5}.get(n, 8 if n >= 6 else 0) for n in sizes)
