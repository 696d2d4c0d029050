"""A stored game played again from its kind, seed, options and move log (the audit and the outbox rely on it)."""
from __future__ import annotations

from typing import Any

from engine.protocol import AnyState, GameRules
from engine.registry import rules_of

from bot.service.models import GameOptions
from bot.store import MoveRow


def new_game(kind: str, n_players: int, seed: int, options: GameOptions) -> AnyState:
    """The game a stored kind, seed and (checked) options start from, by the rules revision it was created with;
    replaying its move log reaches the stored state."""
    return rules_of(kind).new(n_players, seed, options.rules_options())


def apply_entry(rules: GameRules[Any, Any], game: AnyState, row: MoveRow) -> Any:
    """Apply one move-log entry again (its text read by the game); raises what the engine raises if it does not
    apply."""
    return game.resign(row.seat) if row.move is None else game.apply(rules.parse_action(row.move), row.seat)
