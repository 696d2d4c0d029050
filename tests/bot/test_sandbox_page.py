"""What the sandbox's page understands beyond simcord's own: a whole command line typed and sent."""

from __future__ import annotations

from typing import Any

from bot.sandbox_page import typed_command


def test_the_whole_command_line_is_read_as_the_page_sends_it() -> None:
    catalog: list[dict[str, Any]] = [
        {"commandId": "1", "path": ["shelfie", "new"], "schemaFingerprint": "n",
         "options": [{"name": "players"}, {"name": "turn_timeout"}]},
        {"commandId": "1", "path": ["shelfie", "take"], "schemaFingerprint": "t",
         "options": [{"name": "tiles"}, {"name": "column"}]},
        {"commandId": "2", "path": ["games", "help"], "schemaFingerprint": "h", "options": []},
    ]
    assert typed_command("/shelfie new players:2 turn_timeout:5m", catalog) == {
        "command_id": "1", "path": ["shelfie", "new"], "schema_fingerprint": "n",
        "options": {"players": "2", "turn_timeout": "5m"}}
    assert typed_command('/shelfie take tiles:"E4 E5" column:3', catalog)["options"] == {  # type: ignore[index]
        "tiles": "E4 E5", "column": "3"}
    assert typed_command("/shelfie take tiles:E4 E5 column:3", catalog)["options"]["tiles"] == "E4 E5"  # type: ignore[index]
    assert typed_command("/games help", catalog)["options"] == {}  # type: ignore[index]
    for chat in ("hello", "/shelfie", "/shelfie new 2", "/shelfie new colour:red", "/games help me",
                 "/shelfie new players:2 players:3", "/dice new"):
        assert typed_command(chat, catalog) is None, chat
