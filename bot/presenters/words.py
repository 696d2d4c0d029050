"""Words every game's messages share, in one language: seats, turn order, durations, a game's name and commands."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any, Literal

from babel.dates import format_timedelta
from discord.utils import escape_markdown

from engine.registry import rules_of

from bot.games.registry import FACES
from bot.i18n import language_of, t
from bot.service import TableStatus, TurnKind
from bot.service.models import PlayedTurn, Seat, Table

Unit = Literal["day", "hour", "minute"]
UNITS: tuple[tuple[Unit, int], ...] = (("day", 86400), ("hour", 3600), ("minute", 60))
"""The units a chosen duration is said in, largest first."""


def seat_label(seat: Seat, locale: object) -> str:
    """A seat as shown to everyone: the person's name, or the computer with its level."""
    name = escape_markdown(seat.name)
    if seat.level is not None and seat.user_id is None:
        return t("seat.computer", locale, name=name, level=t(f"level.{seat.level}", locale))
    return f"**{name}**"


def game_name(kind: str, locale: object) -> str:
    """The game's own name in the reader's language (its engine description's), e.g. "My Shelfie"."""
    return rules_of(kind).description.name(language_of(locale))


def command_text(kind: str, subcommand: str, locale: object) -> str:
    """A game's command as the reader's command picker shows it: `/shelfie new`, `/shelfie nuova` in Italian."""
    face = FACES[kind]
    path = [face.group or kind, subcommand]
    shown = []
    for depth, part in enumerate(path, start=1):
        key = f"cmd.{'.'.join(path[:depth])}.name"
        name = t(key, locale)
        shown.append(part if name == key else name)
    return "/" + " ".join(shown)


def hints_option_text(kind: str, hints: bool, locale: object) -> str:
    """Whether the lobby allows hints, naming this game's own `hint` command (`/dice hint`), for its lobby."""
    if not hints:
        return t("lobby.option.no_hints", locale)
    return t("lobby.option.hints", locale, command=command_text(kind, "hint", locale))


def seat_names(table: Table) -> list[str]:
    """Plain names in seat order, for the pictures."""
    return [seat.name for seat in table.seats]


def duration_text(seconds: float, locale: object) -> str:
    """A chosen duration exactly, in the largest unit that divides it: "1 day", "36 hours", "90 minutes"."""
    unit: Unit = next((name for name, size in UNITS if seconds >= size and seconds % size == 0), "minute")
    return format_timedelta(timedelta(seconds=seconds), granularity=unit, threshold=float("inf"), format="long",
                            locale=language_of(locale))


def rounded_duration_text(seconds: float, locale: object) -> str:
    """A measured time (left on a turn, a lobby's life) rounded to the unit people would say: "5 hours", "1 week"."""
    return format_timedelta(timedelta(seconds=seconds), format="long", locale=language_of(locale))


def turn_order_text(table: Table, locale: object) -> str:
    return ", ".join(seat_label(seat, locale) for seat in table.seats)


def turn_clock(table: Table, locale: object) -> list[str]:
    """When the turn runs out, as Discord's relative timestamp (each reader's client says it in their own language
    and keeps it current: "in 5 hours"); nothing when no deadline runs (a computer to act, the game over)."""
    if table.status != TableStatus.ACTIVE or table.turn_ends_at is None:
        return []
    return [t("turn.clock", locale, when=f"<t:{round(table.turn_ends_at)}:R>")]


def took_over(turns: Sequence[PlayedTurn[Any, Any]]) -> list[bool]:
    """For each step of a result, whether it begins a run of steps the computer played for an absent person (an
    expired turn; several persons' runs follow one another when each had a choice to make): where a game says once
    per person that the computer took over."""
    return [turn.kind == TurnKind.TIMEOUT and (index == 0 or turns[index - 1].kind != TurnKind.TIMEOUT
                                               or turns[index - 1].seat.index != turn.seat.index)
            for index, turn in enumerate(turns)]
