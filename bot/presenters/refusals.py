"""A refusal (service error or illegal move) as one specific sentence in the reader's language."""

from __future__ import annotations

from typing import Any

from engine.protocol import ActionRefused

from bot.i18n import lookup, t, template
from bot.presenters.user_text import quoted
from bot.presenters.words import command_text
from bot.service.refusals import BoardChanged, IllegalMoveError, NotHost, NotStarted, ServiceError, StepNotShown


DETAIL_LIMIT = 300
"""Room for a rule's English explanation (`move.illegal`), far below a message's limit."""


class _Params(dict[str, Any]):
    """Format parameters where a missing one reads as blank rather than failing the whole answer."""

    def __missing__(self, key: str) -> str:
        return ""


def _format(key: str, locale: object, params: dict[str, Any]) -> str:
    """Text parameters can hold what a user typed: each is shown cut short, so no refusal outgrows a message."""
    shown = {name: quoted(value, DETAIL_LIMIT) if isinstance(value, str) else value for name, value in params.items()}
    return template(key, locale, params).format_map(_Params(shown))


def _move_refusal(kind: str, code: str, params: dict[str, Any], english: str, locale: object) -> str:
    """A game's own reason under `move.<kind>.<code>`: two games may give one code two different sentences.
    A reason without words (a game that named none yet) reads as the rules' English explanation."""
    key = f"move.{kind}.{code}"
    if not kind or lookup(key, locale) is None:
        return t("move.illegal", locale, detail=quoted(english, DETAIL_LIMIT))
    return _format(key, locale, params)


def not_started_text(kind: str, locale: object) -> str:
    """A game still in its lobby: how to join it and how its host starts it, in this game's own commands."""
    return t("error.not_started", locale, join=command_text(kind, "join", locale),
             start=command_text(kind, "start", locale))


def refusal_text(error: ServiceError | ActionRefused, locale: object) -> str:
    """What to tell the user, in their language, for any game's refusal or the service's; the English exception
    text is only for logs."""
    if isinstance(error, ActionRefused):
        return _move_refusal(error.kind, error.code, error.params, str(error), locale)
    if isinstance(error, IllegalMoveError):
        return _move_refusal(error.kind, error.reason, error.params, str(error), locale)
    params = dict(error.params)
    if isinstance(error, NotHost):
        params["host"] = f"<@{error.params['host_id']}>"
    key = f"error.{error.code}"
    if isinstance(error, BoardChanged) and error.params["mover"] is None:
        key = "error.board_changed_yours"
    if isinstance(error, StepNotShown) and error.params["yours"]:
        key = "error.step_not_shown_yours"
    if isinstance(error, NotStarted):
        return not_started_text(error.params["kind"], locale)
    if lookup(key, locale) is None:
        key = "error.service_error"
    return _format(key, locale, params)
