"""The sandbox page when the bot answers later than the page waits (a busy machine, a process's first picture, the
DMs of a game's start): the bot's work still shows, and the page takes the next action."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from bot.sandbox import serve_sandbox
from tests.bot.test_sandbox import PreviewClient
from tests.patience import PATIENCE, POLL, eventually

READY = re.compile(r"Sandbox ready: open (http://127\.0\.0\.1:\d+)/#(\S+)")


def _shown(client: PreviewClient, text: str) -> bool:
    """Whether the page, read afresh, is current and shows a message holding `text`."""
    page = client.state()
    client.revision = page["publishedRevision"]
    return page["status"] == "current" and any(text in json.dumps(page["messages"][i]) for i in page["timeline"])


async def _until_shown(client: PreviewClient, text: str) -> None:
    """Read the page (off the event loop, which serves it) until it shows `text`; fail after PATIENCE."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + PATIENCE
    while not await asyncio.to_thread(_shown, client, text):
        assert loop.time() < give_up, f"the page never showed {text!r}"
        await asyncio.sleep(POLL)


async def test_an_answer_later_than_the_page_waits_still_shows_and_the_page_takes_the_next_action() -> None:
    lines: list[str] = []
    stop = asyncio.Event()
    # No patience at all: every action that leaves the bot any work outlasts it, as a slow one does on a busy machine.
    running = asyncio.create_task(serve_sandbox(announce=lines.append, stop=stop, patience=0.0))
    try:
        await eventually(lambda: any(READY.search(line) for line in lines), "the sandbox's start")
        match = next(READY.search(line) for line in lines if READY.search(line))
        assert match is not None
        client = PreviewClient(match.group(1), match.group(2))
        await asyncio.to_thread(client.open_page)

        async def act(then: str, command: str, **options: str) -> dict[str, Any]:
            result = await asyncio.to_thread(client.run_command, command, **options)
            assert not result["rejected"], result  # admitted, never "unavailable in the current page"
            await _until_shown(client, then)
            return result

        opened = await act("opened a game for up to 2 players", "shelfie new", players="2")
        assert opened["settlement"] == "timeout", "the page stopped waiting before the bot answered"
        await asyncio.to_thread(client.become, "bob")
        await act("Seats (2/2)", "shelfie join")
        await asyncio.to_thread(client.become, "alice")
        await act("it's your turn (turn 1)", "shelfie start")
        await act("How to take a turn", "games help")  # the page keeps taking actions
    finally:
        stop.set()
        await running
