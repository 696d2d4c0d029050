"""Turns: starting a game, a person's move or resignation, the computer turns that follow, and hints.

One call's steps (a person's move and every computer turn after it) apply to copies of the game in memory and
commit together: a crash keeps all of them or none.
"""
from __future__ import annotations

import asyncio
import logging
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from engine.protocol import ActionRefused, AnyState
from engine.registry import rules_of

from bot.service.cache import Entry, GameCache
from bot.service.refusals import (
    BoardChanged,
    ComputerBusy,
    GameOver,
    HintsOff,
    IllegalMoveError,
    NotEnoughPlayers,
    NotHost,
    NotInGame,
    NotStarted,
    NotYourTurn,
    StaleTurn,
    StepNotShown,
)
from bot.service.lobbies import require_lobby
from bot.service.models import PlayedTurn, PlayResult, Seat, Standing, StartResult, Table
from bot.service.records import Records
from bot.service.replay import new_game
from bot.service.seats import has_person_left, reindexed, standings
from bot.service.workers import workers
from bot.store import EndReason, MoveRow, OutboxEvent, TableStatus, TurnKind

log = logging.getLogger(__name__)

COMPUTER_STEPS_PER_TURN = 500
"""More actions than any real turn takes (a Librarians turn with every power is a few dozen)."""
SENT_AT_TOLERANCE = 1.0
"""Seconds a typed move's `sent_at` (Discord's clock) may fall before the turn's start (the service's clock):
the two clocks differ, and a bot clock ahead of Discord's must not refuse a move typed just after the turn
began. A burst sent before a change is still refused, by the turn it saw on arrival (`play`)."""


@dataclass(slots=True)
class Chain:
    """The move-log entries one call applies in memory (a person's move and the computer turns that
    follow), committed together: a crash keeps all of them or none."""

    table: Table
    rows: list[MoveRow] = field(default_factory=list)
    turns: list[PlayedTurn] = field(default_factory=list)
    standings: tuple[Standing, ...] = ()


def _derived_seed(seed: int, purpose: str) -> int:
    return random.Random(f"{purpose}:{seed}").getrandbits(63)


def _allows(game: AnyState, move: object, seat: Seat) -> bool:
    """Whether the game accepts `move` from `seat` now (where several seats may act, a legal action may be
    another seat's)."""
    try:
        game.check(move, seat.index)
    except ActionRefused:
        return False
    return True


def _whole_ms(seconds: float) -> int:
    """Milliseconds, the resolution of a Discord snowflake's time."""
    return math.floor(round(seconds * 1000, 3))


def _require_active(table: Table) -> None:
    if table.status == TableStatus.LOBBY:
        raise NotStarted(table.game_id, table.kind)
    if table.status != TableStatus.ACTIVE:
        raise GameOver(table.game_id, table.status)


def _playing_seat(table: Table, user_id: int) -> Seat:
    _require_active(table)
    seat = table.seat_of(user_id)
    if seat is None:
        raise NotInGame(table.game_id, user_id)
    assert table.game is not None
    if not seat.is_human or seat.index in table.game.resigned:
        raise NotInGame(table.game_id, user_id)
    return seat


def _sent_before_turn(table: Table, sent_at: float) -> bool:
    started = table.turn_started_at
    return started is not None and _whole_ms(sent_at) < _whole_ms(started - SENT_AT_TOLERANCE)


def _accept(accepted: asyncio.Event | None) -> None:
    """Tell whoever waits on a step's verdict that its checks passed."""
    if accepted is not None:
        accepted.set()


def _board_changed(table: Table, user_id: int) -> BoardChanged:
    """The refusal of a typed move out of date: it says who acts now (None when the typist does again)."""
    current = table.current_seat
    yours = current is None or any(s.user_id == user_id for s in table.acting)
    return BoardChanged(table.game_id, table.turn - 1, table.turn, None if yours or current is None else current.name)


class Turns:
    """The play of started games: each call's chain of steps, the computers' turns, and hints."""

    def __init__(self, cache: GameCache, records: Records, *, clock: Callable[[], float]) -> None:
        self._cache = cache
        self._records = records
        self._clock = clock

    async def start(self, game_id: int, by_user_id: int, *, accepted: asyncio.Event | None = None) -> StartResult:
        """Host only. Seats are shuffled with the game's seed; seat 0 is the first player. Computer seats
        that come before the first person play at once and are reported in `turns`. `accepted`: set once the start
        can no longer be refused (as a move's)."""
        async def decide(entry: Entry, refreshed: bool) -> StartResult:
            table = entry.table
            require_lobby(table)
            if by_user_id != table.host_id:
                raise NotHost(game_id, by_user_id, table.host_id)
            needed = rules_of(table.kind).description.min_players
            if len(table.seats) < needed:
                raise NotEnoughPlayers(game_id, len(table.seats), needed)
            _accept(accepted)
            order = list(table.seats)
            random.Random(_derived_seed(entry.seed, "seats")).shuffle(order)
            game = new_game(table.kind, len(order), entry.seed, table.options)
            chain = Chain(replace(table, status=TableStatus.ACTIVE, seats=reindexed(order), game=game))
            await self._play_computers(chain, entry.seed)
            saved = await self._commit_chain(entry, chain, OutboxEvent.START)
            return StartResult(saved.table, tuple(chain.turns), chain.standings)

        async with self._cache.lock(game_id):
            return await self._cache.decided(game_id, decide)

    async def play(self, game_id: int, user_id: int, move: object, *, turn: int | None = None,
                   sent_at: float | None = None, seen_turn: int | None = None,
                   accepted: asyncio.Event | None = None) -> PlayResult:
        """Apply a person's move (the game's action, or its text, parsed by the game), then every computer turn
        that follows. `accepted`: set once the move's checks have passed, before the computers' answers and the
        save (only a save that meets another process's change can still refuse it), so the bot knows whether its
        answer will be a refusal (bot.quick_answers).

        A typed move has no turn to quote: `sent_at` (epoch seconds, e.g. the creation time of the Discord
        interaction) refuses it as `BoardChanged` when the board changed after it was sent, so a burst of typed
        moves cannot play on boards the player never saw. Two checks: the turn changed while the move waited
        for the game (a burst: exact, one clock; `seen_turn` is the turn when the move arrived, read by the
        caller before it awaited anything else, else read here), or it was sent more than `SENT_AT_TOLERANCE`
        before the turn began (Discord's clock against the service's, in whole milliseconds, a snowflake's
        resolution)."""
        seen = seen_turn
        if sent_at is not None and seen is None:
            seen = (await self._cache.load(game_id)).table.turn

        async def decide(entry: Entry, refreshed: bool) -> PlayResult:
            table = entry.table
            seat = _playing_seat(table, user_id)
            if turn is not None and turn != table.turn:
                raise await self.stale_click(table, user_id, turn)
            # Decided again on the stored game, the turn seen on arrival was a stale copy's: the sending time judges.
            arrived = table.turn if refreshed else seen
            if sent_at is not None and (arrived != table.turn or _sent_before_turn(table, sent_at)):
                raise _board_changed(table, user_id)
            if sent_at is not None and await self._sent_before_shown(table, sent_at):
                raise await self._not_shown(table, user_id)
            current = table.current_seat
            assert current is not None and table.game is not None
            if seat not in table.acting:
                raise NotYourTurn(game_id, user_id, current.user_id, current.name)
            try:
                parsed = rules_of(table.kind).parse_action(move) if isinstance(move, str) else move
                table.game.check(parsed, seat.index)
            except ActionRefused as exc:
                raise IllegalMoveError(table.kind, exc.code, str(exc), exc.params) from exc
            _accept(accepted)
            chain = Chain(table)
            self._step(chain, seat, TurnKind.MOVE, parsed, replace(seat, expired_turns=0))
            return await self.finish(entry, chain, OutboxEvent.MOVE)

        async with self._cache.lock(game_id):
            return await self._cache.decided(game_id, decide)

    async def stale_click(self, table: Table, user_id: int, turn: int) -> StaleTurn:
        """The refusal of a click quoting `turn` on a game that has moved on: `StepNotShown` (and the bot asked to
        post the waiting announcement) when the channel does not show the game's latest step yet, after a crash
        between its commit and its post; else `StaleTurn`."""
        shown = await self._cache.shown_at(table.game_id, table.version)
        if shown is not None and math.isinf(shown):
            return await self._not_shown(table, user_id)
        return StaleTurn(table.game_id, turn, table.turn)

    async def _sent_before_shown(self, table: Table, sent_at: float) -> bool:
        """Whether a typed step was sent before the channel began to show the game as it stands (its announcement
        still waiting, after a crash between a step's commit and its post): judged against a state the sender
        was never shown."""
        shown = await self._cache.shown_at(table.game_id, table.version)
        return shown is not None and (math.isinf(shown) or _whole_ms(sent_at) < _whole_ms(shown - SENT_AT_TOLERANCE))

    async def _not_shown(self, table: Table, user_id: int) -> StepNotShown:
        """The refusal of a step typed before the channel showed the last one, which the bot is asked to post now."""
        self._cache.announcement_wanted(table.game_id)
        row = await self._cache.store.move_at(table.game_id, table.turn)
        seat = table.seats[row.seat] if row is not None and row.seat < len(table.seats) else None
        step = (row.move or row.kind) if row is not None else ""
        return StepNotShown(table.game_id, table.turn, step, seat.name if seat else "",
                            seat is not None and seat.user_id == user_id)

    async def resign(self, game_id: int, user_id: int, *, accepted: asyncio.Event | None = None) -> PlayResult:
        """Leave a started game for good; it goes on without the seat (ending when one seat remains, or
        as "abandoned" when only computers are left). `accepted`: as a move's."""
        async def decide(entry: Entry, refreshed: bool) -> PlayResult:
            seat = _playing_seat(entry.table, user_id)
            _accept(accepted)
            chain = Chain(entry.table)
            self._step(chain, seat, TurnKind.RESIGN, None, seat)
            return await self.finish(entry, chain, OutboxEvent.RESIGN)

        async with self._cache.lock(game_id):
            return await self._cache.decided(game_id, decide)

    async def hint(self, game_id: int, user_id: int) -> object:
        """A suggested action for the person asking, when their lobby allowed hints and they may act now: the
        game's computer player at its hint level (`GameRules.hint_level`: its strongest answering within 1 s),
        seeded by the turn (asking again suggests the same), in a worker process. Nothing changes; a worker stuck past its time limit (killed and restarted) is
        `ComputerBusy`, since unlike a computer's own turn a hint has no random legal move to fall back on."""
        async def decide(entry: Entry, refreshed: bool) -> tuple[Table, Seat]:
            table = entry.table
            seat = _playing_seat(table, user_id)
            if not table.options.hints:
                raise HintsOff(game_id)
            current = table.current_seat
            if current is None or seat not in table.acting:
                raise NotYourTurn(game_id, user_id, current.user_id if current else None,
                                  current.name if current else "")
            return table, seat

        table, seat = await self._cache.decided(game_id, decide)
        rules = rules_of(table.kind)
        try:
            return await workers().think(rules.choose, table.game, rules.hint_level, table.turn, seat.index)
        except TimeoutError as stuck:
            raise ComputerBusy(game_id) from stuck

    async def finish(self, entry: Entry, chain: Chain, event: OutboxEvent) -> PlayResult:
        """Let the computers answer, then commit the whole chain of moves (announced as `event`) at once."""
        await self._play_computers(chain, entry.seed)
        saved = await self._commit_chain(entry, chain, event)
        return PlayResult(saved.table, tuple(chain.turns), chain.standings)

    def _step(self, chain: Chain, seat: Seat, kind: TurnKind, move: object | None, seat_after: Seat) -> None:
        """Apply one move-log entry to a copy of the game (the game handed out before stays untouched)."""
        table = chain.table
        assert table.game is not None
        game = table.game.copy()
        report = game.resign(seat.index) if move is None else game.apply(move, seat.index)
        seats = tuple(seat_after if s.index == seat.index else s for s in table.seats)
        status, reason = TableStatus.ACTIVE, None
        cooperative = rules_of(table.kind).description.cooperative
        if game.is_over:
            status, reason = TableStatus.FINISHED, EndReason.COMPLETED
            chain.standings = standings(game, seats, cooperative)
        elif not has_person_left(game, seats):
            status, reason = TableStatus.CANCELLED, EndReason.ABANDONED
            chain.standings = standings(game, seats, cooperative)  # every person left: each is scored a loss
        chain.table = replace(table, game=game, seats=seats, status=status, end_reason=reason, turn=table.turn + 1)
        chain.rows.append(MoveRow(chain.table.turn, seat.index, None if move is None else str(move), kind,
                                  self._clock()))
        chain.turns.append(PlayedTurn(seat, kind, move, report))

    async def _commit_chain(self, entry: Entry, chain: Chain, event: OutboxEvent) -> Entry:
        table = chain.table
        seats_changed = table.seats != entry.table.seats
        if not chain.standings:
            return await self._cache.save(entry, table, moves=tuple(chain.rows), seats_changed=seats_changed,
                                          announce=event)
        return await self._records.save_finished(entry, table, chain.standings, moves=tuple(chain.rows),
                                                 seats_changed=seats_changed, announce=event)

    async def _computer_move(self, table: Table, seat: Seat, seed: int, level: str) -> object:
        """The computer player's action for `seat`, chosen in a worker process; a failing computer player or
        worker falls back to a seeded legal action."""
        game = table.game
        assert game is not None
        seed = _derived_seed(seed, f"ai:{table.turn}")
        rules = rules_of(table.kind)
        try:
            move = await workers().think(rules.choose, game, level, seed, seat.index)
            game.check(move, seat.index)
            return move
        except Exception:
            log.exception("game %s: computer (%s) failed to move; playing a random legal move", table.game_id, level)
            return random.Random(seed).choice([move for move in game.legal_actions() if _allows(game, move, seat)])

    async def _play_computers(self, chain: Chain, seed: int) -> None:
        """Computer seats act until only people may act or the game stops."""
        while chain.table.status == TableStatus.ACTIVE:
            game = chain.table.game
            assert game is not None
            seat = next((s for s in chain.table.acting if s.level is not None and s.index not in game.resigned), None)
            if seat is None or seat.level is None:
                break
            await self.computer_turn(chain, seat, seed, seat.level, TurnKind.AUTO, seat)

    async def expired_turn(self, chain: Chain, seats: Sequence[Seat], seed: int, level: str,
                           after: Mapping[int, Seat]) -> None:
        """The computer plays for the persons whose time ran out (`seats`, those acting; `after` each seat as it
        becomes): when several may act at once, first one step each, so a choice they all make (a hand kept at
        the start) is made for every one still to make it; then on until the expired turn is over, never into the
        next turn."""
        game = chain.table.game
        assert game is not None
        turn = game.turn
        for seat in seats if len(seats) > 1 else ():
            if chain.table.status == TableStatus.ACTIVE and seat.index in {s.index for s in chain.table.acting}:
                move = await self._computer_move(chain.table, seat, seed, level)
                self._step(chain, seat, TurnKind.TIMEOUT, move, after[seat.index])
        for seat in seats:
            if chain.table.game is None or chain.table.game.turn != turn:
                return
            await self.computer_turn(chain, seat, seed, level, TurnKind.TIMEOUT, after[seat.index])

    async def computer_turn(self, chain: Chain, seat: Seat, seed: int, level: str, kind: TurnKind,
                            seat_after: Seat) -> None:
        """`seat` acts by the computer player at `level` until its turn is over, never into its next one (a seat
        that plays again at once, as one alone does, must not have its next turns played for an expired one). A
        computer player that has not ended one turn after COMPUTER_STEPS_PER_TURN actions resigns the seat: a game's
        computer that never finishes a turn must not spin the table, and the process serving it, forever."""
        assert chain.table.game is not None
        steps, turn = 0, chain.table.game.turn
        while (chain.table.status == TableStatus.ACTIVE and seat.index in {s.index for s in chain.table.acting}
               and chain.table.game.turn == turn):
            steps += 1
            if steps > COMPUTER_STEPS_PER_TURN:
                log.error("game %s: the computer (%s) of seat %d took %d actions without ending its turn; it resigns",
                          chain.table.game_id, level, seat.index, COMPUTER_STEPS_PER_TURN)
                self._step(chain, seat, TurnKind.RESIGN, None, seat_after)
                return
            move = await self._computer_move(chain.table, seat, seed, level)
            self._step(chain, seat, kind, move, seat_after)
