"""The static description of the Dice Game: what a lobby needs before any state exists."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .data import DEFAULT_DICE, DICE_COUNTS, MAX_PLAYERS, MIN_PLAYERS


@dataclass(frozen=True)
class OptionSpec:
    """One lobby option: its type ("choice" of ints or "bool"), default and, for a choice, the values."""

    name: str
    type: str
    default: int | bool
    choices: tuple[int, ...] = ()


@dataclass(frozen=True)
class GameDescription:
    key: str
    names: dict[str, str]
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    cooperative: bool
    secret: str
    """What no seat may see; the views leave it out."""

    def check_options(self, given: dict[str, Any]) -> dict[str, Any]:
        """Every option with its default filled in; an unknown name or a bad value raises ValueError naming it."""
        specs = {spec.name: spec for spec in self.options}
        unknown = sorted(set(given) - set(specs))
        if unknown:
            raise ValueError(f"unknown option {unknown[0]!r}; options are {', '.join(specs)}")
        out: dict[str, Any] = {}
        for name, spec in specs.items():
            value = given.get(name, spec.default)
            if spec.type == "bool" and not isinstance(value, bool):
                raise ValueError(f"option {name} must be true or false, not {value!r}")
            if spec.type == "choice" and (isinstance(value, bool) or value not in spec.choices):
                raise ValueError(f"option {name} must be one of {', '.join(map(str, spec.choices))}, not {value!r}")
            out[name] = value
        return out


DESCRIPTION = GameDescription(
    key="dice",
    names={"en": "My Shelfie: The Dice Game", "it": "My Shelfie: Il gioco di dadi"},
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=(
        OptionSpec("dice", "choice", DEFAULT_DICE, DICE_COUNTS),
        OptionSpec("row_lock", "bool", False),
    ),
    cooperative=False,
    secret="future rolls",
)
