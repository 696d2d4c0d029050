"""A refusal (service error or illegal move) as one specific sentence in the reader's language."""

from __future__ import annotations

from typing import Any

from engine.shelfie import IllegalMove

from bot.i18n import t
from bot.service.errors import IllegalMoveError, NotHost, ServiceError


class _Params(dict[str, Any]):
    """Format parameters where a missing one reads as blank rather than failing the whole answer."""

    def __missing__(self, key: str) -> str:
        return ""


def _format(key: str, locale: object, params: dict[str, Any]) -> str:
    return t(key, locale).format_map(_Params(params))


def move_refusal(code: str, params: dict[str, Any], english: str, locale: object) -> str:
    key = f"move.{code}"
    if t(key, locale) == key:
        return t("move.illegal", locale, detail=english)
    return _format(key, locale, params)


def refusal_text(error: ServiceError | IllegalMove, locale: object) -> str:
    """What to tell the user, in their language; the English exception text is only for logs."""
    if isinstance(error, IllegalMove):
        return move_refusal(error.code, error.params, str(error), locale)
    if isinstance(error, IllegalMoveError):
        return move_refusal(error.reason, error.params, str(error), locale)
    params = dict(error.params)
    if isinstance(error, NotHost):
        params["host"] = f"<@{error.params['host_id']}>"
    key = f"error.{error.code}"
    if t(key, locale) == key:
        key = "error.service_error"
    return _format(key, locale, params)
