"""The computer players' one table: the row every game's bench module yields, the arena that plays a row's games
through the registry's protocol (so every game and every level is measured the same way), and the figures of a
row (Wilson interval, percentiles).

A game's bench module (`bench.<kind>_ai`) has `rows(pool, games) -> Iterator[Row]`: `level_rows` gives its
levels against each lower level (or, co-operative, a table of each level), read from the registry, so a new level
gets its rows without a change here; the module adds its references (`Reference` players, or a row of its own
options, e.g. a solo game against an automa level). `python -m bench ai` prints every game's rows (bench/ai.py).
"""
from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.protocol import AnyState
from engine.registry import rules_of

from bench.figures import percentile, wilson

Timing = tuple[float, float]
"""(wall, CPU) seconds of one decision."""
Per = Literal["step", "move", "turn"]
"""What one decision is: a `step` or `move` is one `choose` call; a `turn` is every call one seat makes until the
game's `turn` counter moves (a Librarians turn of cards, powers and a gift)."""


@dataclass(frozen=True)
class Reference:
    """A player that is not one of the game's levels (an outside reference): `choose(state, seed, seat)` must be a
    module-level function, so the arena's worker processes can receive it."""

    name: str
    choose: Callable[[Any, int, int], Any]


Player = str | Reference
"""A seat's player in the arena: one of the game's levels by name, or a reference."""


def _name(player: Player) -> str:
    return player if isinstance(player, str) else player.name


@dataclass(frozen=True)
class Row:
    """One line of the table: `level` (its games' subject) against `against`, `wins` of `games` (a victory shared
    by k seats counts 1/k; a co-operative table counts its shared win), the subject's decisions' times, and a
    short `note` (mean scores...)."""

    game: str
    level: str
    against: str
    games: int
    wins: float
    per: Per
    times: tuple[Timing, ...] = field(repr=False)
    note: str = ""

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def line(self) -> str:
        low, high = self.interval
        wall = [w for w, _ in self.times]
        cpu = [c for _, c in self.times]
        return (f"{self.game:<11} {self.level:<7} {self.against:<14} {self.games:>5} {self.wins / self.games:>6.1%} "
                f"{f'{low:.1%}-{high:.1%}':>13} {self.per:<5} {percentile(wall, 0.5) * 1000:>8.1f} "
                f"{percentile(wall, 0.95) * 1000:>8.1f} {percentile(cpu, 0.95) * 1000:>8.1f}  {self.note}")


HEADER = (f"{'game':<11} {'level':<7} {'against':<14} {'games':>5} {'wins':>6} {'95% interval':>13} {'per':<5} "
          f"{'p50 ms':>8} {'p95 ms':>8} {'p95 CPU':>8}  note")


@dataclass(frozen=True)
class Match:
    """One game of a row: `players` by seat, `subject` the seats whose decisions are timed and whose result counts."""

    kind: str
    players: tuple[Player, ...]
    subject: frozenset[int]
    seed: int
    options: tuple[tuple[str, Any], ...]
    per: Per


@dataclass(frozen=True)
class Played:
    share: float
    """The subject's share of the victory (co-operative: 1 when the table won)."""
    scores: tuple[int, ...]
    result: int | None
    """A co-operative table's result by its game's measure (cards left...)."""
    times: tuple[Timing, ...]


def play(match: Match) -> Played:
    """Plays one game to its end through the registry's protocol, timing the subject's decisions."""
    rules = rules_of(match.kind)
    state: AnyState = rules.new(len(match.players), match.seed, rules.description.check_options(dict(match.options)))
    rng = random.Random(match.seed)
    times: list[Timing] = []
    open_turn: dict[int, Timing] = {}
    while not state.is_over:
        seat = min(state.to_act)
        player = match.players[seat]
        seed = rng.getrandbits(32)
        start, cpu = time.perf_counter(), time.process_time()
        action = (rules.choose(state, player, seed, seat) if isinstance(player, str)
                  else player.choose(state, seed, seat))
        spent = (time.perf_counter() - start, time.process_time() - cpu)
        turn = state.turn
        state.apply(action, seat)
        if seat not in match.subject:
            continue
        if match.per != "turn":
            times.append(spent)
            continue
        wall, used = open_turn.get(seat, (0.0, 0.0))
        open_turn[seat] = (wall + spent[0], used + spent[1])
        if state.turn != turn or state.is_over:
            times.extend(open_turn.values())
            open_turn = {}
    outcome = state.outcome()
    assert outcome is not None
    if outcome.shared is not None:
        share = float(outcome.shared)
    else:
        won = outcome.winners & match.subject
        share = len(won) / len(outcome.winners) if won else 0.0
    return Played(share, outcome.scores, outcome.result, tuple(times))


TABLE_SEED = 20_000
"""The first seed of the table's two-player games (game k is dealt with TABLE_SEED + k)."""


def row_name(level: str, lower: str) -> str:
    """A two-player row's name ("hard-normal"), as `level_rows`' `only` and the benches' --row read it."""
    return f"{level}-{lower}"


def duel(kind: str, a: Player, b: Player, games: int, pool: Executor, *, per: Per, base_seed: int = TABLE_SEED,
         options: Mapping[str, Any] | None = None, report: Callable[[int, Played], None] | None = None,
         first: int = 0) -> Row:
    """`a` against `b` over games `first`..`games`-1 of a deal set, seats alternated (a first in even games). With
    `report`, each game k is reported as it ends, so a long row's partial count survives an interruption, and
    `first` plays the rest of a row cut short (the same deals and seats as the whole row)."""
    if not 0 <= first < games:
        raise ValueError(f"the first game to play, {first}, must be one of the row's games 0-{games - 1}")
    ks = range(first, games)
    matches = [Match(kind, (a, b) if k % 2 == 0 else (b, a), frozenset({k % 2}), base_seed + k,
                     tuple((options or {}).items()), per) for k in ks]
    if report is None:
        played = list(pool.map(play, matches, chunksize=2))
    else:
        futures = {pool.submit(play, match): k for k, match in zip(ks, matches)}
        ended: dict[int, Played] = {}
        for future in as_completed(futures):
            k = futures[future]
            ended[k] = future.result()
            report(k, ended[k])
        played = [ended[k] for k in ks]
    mine = [p.scores[k % 2] for k, p in zip(ks, played)]
    theirs = [p.scores[1 - k % 2] for k, p in zip(ks, played)]
    return Row(kind, _name(a), _name(b), len(ks), sum(p.share for p in played), per,
               tuple(t for p in played for t in p.times),
               f"mean score {statistics.fmean(mine):.1f} / {statistics.fmean(theirs):.1f}")


def table(kind: str, level: str, seats: int, games: int, pool: Executor, *, per: Per, against: str,
          base_seed: int = 30_000, options: Mapping[str, Any] | None = None) -> Row:
    """`seats` seats all at `level` over `games` games: a co-operative table's shared wins, or a solo seat's wins
    (against an automa its `options` choose)."""
    matches = [Match(kind, (level,) * seats, frozenset(range(seats)), base_seed + k, tuple((options or {}).items()),
                     per) for k in range(games)]
    played = list(pool.map(play, matches, chunksize=2))
    measure = rules_of(kind).description.measure
    note = (f"mean {measure.name('en').lower()} {statistics.fmean(p.result or 0 for p in played):.1f}" if measure
            else f"mean score {statistics.fmean(statistics.fmean(p.scores) for p in played):.1f}")
    return Row(kind, level, against, games, sum(p.share for p in played), per,
               tuple(t for p in played for t in p.times), note)


def level_rows(kind: str, games: int, pool: Executor, *, per: Per, coop_seats: int = 4, base_seed: int = TABLE_SEED,
               only: Collection[str] = ()) -> Iterator[Row]:
    """Every level of the game against each lower level (strongest first), or for a co-operative game a table of
    `coop_seats` seats at each level: the rows every game has, read from the registry's levels. Two-player games
    start at `base_seed`; `only` (names like "hard-normal") plays just those rows, to screen a change quickly."""
    rules = rules_of(kind)
    levels = rules.levels
    if rules.description.cooperative:
        for level in reversed(levels):
            yield table(kind, level, coop_seats, games, pool, per=per, against=f"table of {coop_seats}")
        return
    for i in reversed(range(len(levels))):
        for j in reversed(range(i)):
            if not only or row_name(levels[i], levels[j]) in only:
                yield duel(kind, levels[i], levels[j], games, pool, per=per, base_seed=base_seed)
