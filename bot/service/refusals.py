"""Refusals the service gives, each with a stable `code` and `params` the bot translates.

The English `str()` is for logs and tests; users see the bot's catalog text for `code`.
Every refusal changes nothing.
"""
from __future__ import annotations

from typing import Any, ClassVar


class ServiceError(Exception):
    code: ClassVar[str] = "service_error"

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message)
        self.params: dict[str, Any] = params


class UnknownGame(ServiceError):
    code = "unknown_game"

    def __init__(self, game_id: int) -> None:
        super().__init__(f"There is no game {game_id}.", game_id=game_id)


class NotFinished(ServiceError):
    """Only a finished game has a whole story to replay (and shows what its end revealed)."""

    code = "not_finished"

    def __init__(self, game_id: int) -> None:
        super().__init__(f"Game {game_id} has not finished.", game_id=game_id)


class CorruptGame(ServiceError):
    code = "corrupt_game"

    def __init__(self, game_id: int, reason: str) -> None:
        super().__init__(f"Game {game_id} cannot be read back ({reason}).", game_id=game_id, reason=reason)


class ChannelBusy(ServiceError):
    code = "channel_busy"

    def __init__(self, place_id: int, game_id: int | None) -> None:
        super().__init__(f"This channel already has an open game ({game_id}).", place_id=place_id, game_id=game_id)


class InvalidOption(ServiceError):
    code = "invalid_option"

    def __init__(self, name: str, value: Any, allowed: str) -> None:
        super().__init__(f"{name}={value!r} is not allowed: {allowed}.", name=name, value=value, allowed=allowed)


class NotInGame(ServiceError):
    code = "not_in_game"

    def __init__(self, game_id: int, user_id: int) -> None:
        super().__init__(f"User {user_id} has no seat in game {game_id}.", game_id=game_id, user_id=user_id)


class NotHost(ServiceError):
    code = "not_host"

    def __init__(self, game_id: int, user_id: int, host_id: int) -> None:
        super().__init__(f"Only the host (user {host_id}) may do that.", game_id=game_id, user_id=user_id,
                         host_id=host_id)


class AlreadyJoined(ServiceError):
    code = "already_joined"

    def __init__(self, game_id: int, user_id: int) -> None:
        super().__init__(f"User {user_id} is already seated in game {game_id}.", game_id=game_id, user_id=user_id)


class LobbyFull(ServiceError):
    code = "lobby_full"

    def __init__(self, game_id: int, seats: int) -> None:
        super().__init__(f"Game {game_id} already has its {seats} seats filled.", game_id=game_id, seats=seats)


class NotEnoughPlayers(ServiceError):
    code = "not_enough_players"

    def __init__(self, game_id: int, seated: int, needed: int = 2) -> None:
        super().__init__(f"Game {game_id} needs at least {needed} players; {seated} seated.", game_id=game_id,
                         seated=seated, needed=needed)


class NotStarted(ServiceError):
    """Still a lobby: the answer says how to join and start it, with the game's own commands (`kind`)."""

    code = "not_started"

    def __init__(self, game_id: int, kind: str) -> None:
        super().__init__(f"Game {game_id} has not started yet.", game_id=game_id, kind=kind)


class AlreadyStarted(ServiceError):
    code = "already_started"

    def __init__(self, game_id: int) -> None:
        super().__init__(f"Game {game_id} has already started.", game_id=game_id)


class GameOver(ServiceError):
    code = "game_over"

    def __init__(self, game_id: int, status: str) -> None:
        super().__init__(f"Game {game_id} is {status}.", game_id=game_id, status=status)


class NotYourTurn(ServiceError):
    code = "not_your_turn"

    def __init__(self, game_id: int, user_id: int, current_user_id: int | None, current_name: str) -> None:
        super().__init__(f"It is {current_name}'s turn, not user {user_id}'s.", game_id=game_id, user_id=user_id,
                         current_user_id=current_user_id, current_name=current_name)


class ComputerBusy(ServiceError):
    """The computer player did not answer in time (its worker was stuck and has been restarted): asking again in
    a moment works; nothing changed."""

    code = "computer_busy"

    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id}: the computer player did not answer in time", game_id=game_id)


class HintsOff(ServiceError):
    """The lobby did not allow hints (the host chose so when opening it)."""

    code = "hints_off"

    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id} was opened without hints", game_id=game_id)


class StaleTurn(ServiceError):
    """The click or command was made on an older turn than the one being played now."""

    code = "stale_turn"

    def __init__(self, game_id: int, seen: int, current: int) -> None:
        super().__init__(f"Turn {seen} of game {game_id} is already played (now turn {current}).", game_id=game_id,
                         seen=seen, current=current)


class BoardChanged(StaleTurn):
    """A typed move sent before the current turn began (a burst, or a board the player never saw): nothing to
    click again, so its words say to look at the new board and type again. `mover` is who acts now, None when
    it is the same person again."""

    code = "board_changed"

    def __init__(self, game_id: int, seen: int, current: int, mover: str | None) -> None:
        super().__init__(game_id, seen, current)
        self.params["mover"] = mover


class StepNotShown(StaleTurn):
    """A typed step sent before the game's channel showed where the game stands: the step before it (often the
    same person's, whose answer a crash lost) went through, and its announcement was not yet out when this was
    typed. `step` is that step as the move log holds it, `player` who took it, `yours` whether it was the sender."""

    code = "step_not_shown"

    def __init__(self, game_id: int, current: int, step: str, player: str, yours: bool) -> None:
        super().__init__(game_id, current, current)
        self.params.update(step=step, player=player, yours=yours)


class IllegalMoveError(ServiceError):
    """The engine refused the move; `kind`, `reason` and `params` are the engine's `ActionRefused.kind`,
    `.code` and `.params` (a reason is its game's own: two games may use one code for two reasons)."""

    code = "illegal_move"

    def __init__(self, kind: str, reason: str, message: str, params: dict[str, Any]) -> None:
        super().__init__(message, **{**params, "reason": reason})
        self.kind = kind
        self.reason = reason


class Conflict(ServiceError):
    """Another process changed the game at the same moment; retrying reads the new state."""

    code = "conflict"

    def __init__(self, game_id: int) -> None:
        super().__init__(f"Game {game_id} changed meanwhile; try again.", game_id=game_id)


class NotSaved(ServiceError):
    """The database failed the write: it was rolled back, so the step did not happen and may simply be tried again."""

    code = "not_saved"

    def __init__(self, game_id: int) -> None:
        super().__init__(f"Game {game_id}: the step could not be saved; nothing changed.", game_id=game_id)
