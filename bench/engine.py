"""Engine speed: move generation, apply, whole random games (My Shelfie); the Dice Game's legal item sets;
Librarians' legal spots; A Place for All My Books' steps and legal actions."""
from __future__ import annotations

import random
import statistics
import time

from engine.books.ai import choose as books_choose
from engine.books.game import BooksGame
from engine.dice import COLUMNS, MAX_ITEMS, OPEN, ROWS, WILD, legal_item_sets
from engine.librarians import LibrariansGame
from engine.librarians.ai import choose
from engine.shelfie import Game


def _per_call_us(fn, repeat: int) -> float:
    """Median of 5 timed batches, in microseconds per call."""
    batches = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeat):
            fn()
        batches.append((time.perf_counter() - start) / repeat * 1e6)
    return statistics.median(batches)


def _random_game(seed: int, players: int = 4) -> int:
    g = Game.new(players, seed=seed)
    rng = random.Random(seed)
    moves = 0
    while not g.is_over:
        g.apply(rng.choice(g.legal_moves()))
        moves += 1
    return moves


def main() -> None:
    full = Game.new(4, seed=7)
    print(f"legal moves, full 4-player board ({len(full.legal_moves())} moves): "
          f"{_per_call_us(full.legal_moves, 2000):.0f} µs")
    mid = Game.new(4, seed=7)
    rng = random.Random(7)
    for _ in range(20):
        mid.apply(rng.choice(mid.legal_moves()))
    print(f"legal moves, mid-game 4-player ({len(mid.legal_moves())} moves): "
          f"{_per_call_us(mid.legal_moves, 2000):.0f} µs")

    positions = []
    g = Game.new(4, seed=11)
    while not g.is_over:
        move = rng.choice(g.legal_moves())
        positions.append((g.copy(), move))
        g.apply(move)
    copies = [(p.copy(), m) for p, m in positions for _ in range(20)]
    start = time.perf_counter()
    for p, m in copies:
        p.apply(m)
    print(f"apply per move: {(time.perf_counter() - start) / len(copies) * 1e6:.0f} µs")

    _dice_item_sets()
    _librarians_legal_spots()
    _books_steps()

    games = 300
    start = time.perf_counter()
    moves = sum(_random_game(seed) for seed in range(games))
    elapsed = time.perf_counter() - start
    print(f"random 4-player games: {games / elapsed:.0f} games/s "
          f"({elapsed / games * 1000:.1f} ms a game, {moves / games:.0f} moves a game)")


def _dice_item_sets(dice_count: int = 6, rolls: int = 300) -> None:
    """The legal item sets of random rolls on an empty sheet (every item open: the most sets a roll can have),
    per roll: the median roll and the slowest one, since a player waits on whichever they rolled."""
    rng = random.Random(14)
    sheet = OPEN * (ROWS * COLUMNS)
    per_roll = []
    most = 0
    for _ in range(rolls):
        dice = tuple(rng.randint(0, WILD) for _ in range(dice_count))
        per_roll.append(_per_call_us(lambda: legal_item_sets(dice, sheet), 20))
        most = max(most, len(legal_item_sets(dice, sheet)))
    print(f"dice: legal item sets, {dice_count} dice on an empty sheet ({rolls} random rolls, up to {most} sets "
          f"of 1-{MAX_ITEMS} items): median {statistics.median(per_roll):.0f} µs, slowest roll {max(per_roll):.0f} µs")


def _librarians_legal_spots(books: int = 40, positions: int = 30) -> None:
    """The legal spots of every card of a hand of 4 at the start of a turn on a library of `books` or a few more
    cards (positions from games of easy computer teammates), with the library's spot table cold, as after
    every placement a computer player tries: the median position and the slowest."""
    found: list[LibrariansGame] = []
    seed = 0
    while len(found) < positions and seed < 20 * positions:
        g = LibrariansGame.new(2, seed=seed)
        seed += 1
        while not g.is_over:
            if g.phase == "play" and not g.played and len(g.hands[g.current_seat]) == 4 \
                    and g.library.card_count() >= books:
                found.append(g)
                break
            g.apply(choose(g, "easy", seed=g.turn))
    per_position = []
    for g in found:
        hand = g.hands[g.current_seat]
        copies = [g.copy() for _ in range(50)]
        start = time.perf_counter()
        for c in copies:
            for card in hand:
                c.legal_spots(card)
        per_position.append((time.perf_counter() - start) / len(copies) * 1e6)
    sizes = sorted({g.library.card_count() for g in found})
    size = "-".join(str(n) for n in sorted({sizes[0], sizes[-1]}))
    print(f"librarians: legal spots for a hand of 4 on a {size}-card library ({len(found)} "
          f"positions, spot table cold): median {statistics.median(per_position):.0f} µs, "
          f"slowest {max(per_position):.0f} µs")


def _books_steps(games: int = 6) -> None:
    """Books: one step applied (checked on a copy, then kept) at every position of 2-player games of computer
    players (normal and easy), and the legal actions listed at each: the median position and the slowest."""
    positions = []
    for seed in range(games):
        g = BooksGame.new(2, seed=seed)
        step = 0
        while not g.is_over:
            seat = min(g.to_act)
            action = books_choose(g, ("normal", "easy")[seat], seed=step, seat=seat)
            positions.append((g.copy(), action, seat))
            g.apply(action, seat)
            step += 1
    applies, listings = [], []
    for g, action, seat in positions:
        copies = [g.copy() for _ in range(10)]
        start = time.perf_counter()
        for c in copies:
            c.apply(action, seat)
        applies.append((time.perf_counter() - start) / len(copies) * 1e6)
        start = time.perf_counter()
        g.legal_actions()
        listings.append((time.perf_counter() - start) * 1e3)
    print(f"books: a step applied ({len(positions)} positions of {games} two-player games): median "
          f"{statistics.median(applies):.0f} µs, slowest {max(applies):.0f} µs; legal actions listed: median "
          f"{statistics.median(listings):.1f} ms, slowest {max(listings):.1f} ms")
