"""Custom ids name the game kind: `<kind>:<game_id>:<action>[:<arg>...]`, read back only for kinds with a face."""
from __future__ import annotations

import pytest

from bot.custom_ids import CUSTOM_ID_LIMIT, ComponentId, custom_id, parse_custom_id


def test_an_id_reads_back_as_its_kind_game_action_and_arguments() -> None:
    text = custom_id("shelfie", 42, "ok", 3, "E4E5", 1)
    assert text == "shelfie:42:ok:3:E4E5:1"
    assert parse_custom_id(text) == ComponentId("shelfie", 42, "ok", ("3", "E4E5", "1"))
    assert parse_custom_id(custom_id("dice", 7, "toggle", 4, 5, 0)) == ComponentId("dice", 7, "toggle", ("4", "5", "0"))
    assert parse_custom_id(custom_id("librarians", 9, "pickspot1", 12, 40)) == \
        ComponentId("librarians", 9, "pickspot1", ("12", "40"))


@pytest.mark.parametrize("text", ["backgammon:42:join", "chess:1:join", "shelfie:x:join", "shelfie:42:Join", "",
                                  "shelfie:42:join:" + "a" * CUSTOM_ID_LIMIT, "42:join"])
def test_an_id_of_a_kind_without_a_face_or_that_the_bot_could_not_make_reads_as_none(text: str) -> None:
    assert parse_custom_id(text) is None


def test_the_bot_never_makes_an_id_it_would_not_read() -> None:
    with pytest.raises(ValueError):
        custom_id("chess", 1, "join")
