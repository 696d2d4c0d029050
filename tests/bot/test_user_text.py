"""User text inside what the bot sends: cut short, on one line, markdown shown as typed; lists capped."""

from __future__ import annotations

from engine.shelfie import IllegalMove

from bot.presenters.refusals import refusal_text
from bot.presenters.user_text import CONTENT_LIMIT, capped_lines, fit_content, quoted
from bot.service.refusals import UnknownGame


def test_quoted_text_is_cut_kept_on_one_line_and_shows_markdown_as_typed() -> None:
    assert quoted("a" * 500) == "a" * 39 + "…"
    assert quoted("two\nlines   here") == "two lines here"
    assert quoted("**bold**") == "\\*\\*bold\\*\\*"


def test_a_message_never_exceeds_discords_limit() -> None:
    assert len(fit_content("x" * 5000)) == CONTENT_LIMIT
    assert fit_content("short") == "short"


def test_a_long_list_ends_with_how_many_were_left_out() -> None:
    lines = [f"game {n} " + "." * 150 for n in range(30)]
    shown = capped_lines(lines, "…and {count} more.")
    assert len("\n".join(shown)) <= CONTENT_LIMIT
    kept = len(shown) - 1
    assert shown[:kept] == lines[:kept] and shown[-1] == f"…and {30 - kept} more."
    assert capped_lines(lines[:3], "…and {count} more.") == lines[:3]
    assert capped_lines(lines[:3], "…and {count} more.", hidden=2)[-1] == "…and 2 more."


def test_refusals_show_what_was_typed_cut_short() -> None:
    huge = IllegalMove("x", "garbage", text="y" * 5000)
    assert len(refusal_text(huge, "en")) < 500
    unknown = IllegalMove("x" * 5000, "no_such_code_in_the_catalog")
    assert len(refusal_text(unknown, "it")) < 500
    assert len(refusal_text(UnknownGame(10 ** 30), "en")) < 200
