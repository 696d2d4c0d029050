"""The sandbox page in a real browser: headless Chromium, driven by Playwright with the mouse and keyboard, as a person
plays at a desk (1400×900) and on a phone (412 px wide), a turn's deadlines reached with the page's Skip to next
deadline (the sandbox's clock moved to each, not minutes of waiting).

Chromium is Debian's (`make test` installs it when missing, as root: the Makefile's `browser` target); Playwright only
drives it. Every wait is for something the page shows, bounded by PATIENCE.
"""

from __future__ import annotations

import asyncio
import re
import shutil
from collections.abc import AsyncIterator
from datetime import datetime
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, async_playwright

from tests.bot.test_sandbox import PreviewClient, Sandbox
from tests.patience import PATIENCE

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# No sandbox (CI runs as root), no GPU, and nothing that reaches for the network (this machine has none).
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--no-first-run"]
DESK = {"width": 1400, "height": 900}
PHONE = {"width": 412, "height": 915}
WAIT_MS = PATIENCE * 1000


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    assert CHROMIUM, "Chromium is not installed: `make test` installs it (apt-get install chromium, as root)"
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            yield launched
        finally:
            await launched.close()


@pytest.fixture
async def sandbox(tmp_path: Path) -> AsyncIterator[Sandbox]:
    running = await asyncio.to_thread(Sandbox, ("sandbox",), tmp_path)
    try:
        yield running
    finally:
        await asyncio.to_thread(running.stop)


async def open_page(browser: Browser, sandbox: Sandbox, size: dict[str, int], errors: list[str]) -> Page:
    """The page at `size`, showing the channel; what its console reports as errors goes to `errors`."""
    page = await browser.new_page(viewport=size)  # type: ignore[arg-type]
    page.set_default_timeout(WAIT_MS)
    page.on("console", lambda message: message.type == "error" and errors.append(f"{message.text} {message.location}"))
    await page.goto(f"{sandbox.client.base}/#{sandbox.client.capability}")
    await page.wait_for_selector("#channel-layout:not([hidden])")
    await ready(page)
    return page


async def ready(page: Page) -> None:
    """Wait until the page takes input: no action of its own pending (an Enter pressed before is dropped)."""
    await page.wait_for_function("() => window.simcordPreview?.ready && !window.simcordPreview.pendingAction")


async def become(page: Page, name: str) -> None:
    """Pick `name` in "Viewing as" and wait until the page shows the channel as that member."""
    await page.select_option("#viewer-picker", label=name)
    await page.wait_for_function(
        "name => document.querySelector('#viewer-picker').selectedOptions[0]?.text === name"
        " && document.querySelector('#preview-app').getAttribute('aria-busy') === 'false'", arg=name)


async def last_message(page: Page, text: str) -> None:
    """Wait until the newest message in the conversation shows `text`."""
    await page.wait_for_function(
        "text => [...document.querySelectorAll('#channel-message-list .channel-message')].at(-1)"
        "?.innerText.includes(text)", arg=text)


async def pick_tiles_by_mouse(page: Page) -> None:
    """Take tiles, then choose the first tiles the builder's dropdown offers, with the mouse."""
    await page.get_by_role("button", name="Take tiles").last.click()
    await last_message(page, "Choose 1 to 3 tiles")
    latest = page.locator("#new-messages")
    if await latest.is_visible():
        await latest.click()
    trigger = page.locator("#channel-message-list .channel-message").last.locator(".select-trigger")
    await trigger.click()
    dropdown = page.locator(".preview-select.is-open .select-list")
    await dropdown.wait_for()
    options = dropdown.get_by_role("option")
    first = (await options.first.inner_text()).split(" · ")[0]
    await options.first.click()
    assert await page.locator(".preview-select.is-open").count() == 1, "the dropdown stays open while choosing"
    await dropdown.get_by_role("button", name="Apply").click()
    await last_message(page, f"Selected: {first}")


async def put_in_a_column(page: Page) -> None:
    """Put the chosen tiles in the first column the builder offers, and confirm (the builder need not be the newest
    message: a reminder may have come since)."""
    conversation = page.locator("#channel-message-list")
    await conversation.get_by_role("button", name=re.compile(r"^Column \d$")).first.click()
    await conversation.get_by_role("button", name="Confirm").last.click()


def message_time(client: PreviewClient, text: str) -> datetime:
    """When the newest message of the channel holding `text` was posted, as the page's API tells."""
    page = client.state()
    (found,) = [page["messages"][i] for i in page["timeline"] if text in (page["messages"][i]["content"] or "")][-1:]
    return datetime.fromisoformat(found["timestamp"])


async def shows(page: Page, text: str) -> None:
    """Wait until the page shows `text` anywhere."""
    await page.wait_for_function("text => document.body.innerText.includes(text)", arg=text)


async def skip_to_next_deadline(page: Page, fired: str) -> None:
    """Click the toolbar's Skip to next deadline and wait until the conversation shows what the deadline `fired`."""
    await page.get_by_role("button", name="Skip to next deadline").click()
    await shows(page, fired)


async def test_a_game_by_mouse_at_a_desk_and_on_a_phone_with_its_turn_reminded_and_expired_on_the_sandbox_clock(
    browser: Browser, sandbox: Sandbox
) -> None:
    errors: list[str] = []
    desk = await open_page(browser, sandbox, DESK, errors)
    icon = await desk.evaluate("fetch(document.querySelector('link[rel=icon]').href).then(answer => answer.status)")
    assert icon == 200, "the tab's icon is served"

    # The whole command line, typed and sent, opens the lobby with its options.
    await desk.locator("#channel-composer-input").click()
    await desk.keyboard.type("/shelfie new players:2 turn_timeout:5m")
    await ready(desk)
    await desk.keyboard.press("Enter")
    await last_message(desk, "opened a game for up to 2 players")
    await last_message(desk, "5 minutes per turn")
    await become(desk, "bob")
    await desk.get_by_role("button", name="Join").last.click()
    await shows(desk, "Seats (2/2)")
    await become(desk, "alice")
    await desk.get_by_role("button", name="Start").last.click()
    await last_message(desk, "it's your turn (turn 1)")

    first = re.search(r"@(\w+), it's your turn \(turn 1\)", await desk.locator(
        "#channel-message-list .channel-message").last.inner_text())
    assert first is not None
    second = "alice" if first.group(1) == "bob" else "bob"
    await become(desk, first.group(1))
    await pick_tiles_by_mouse(desk)
    await put_in_a_column(desk)
    await last_message(desk, f"@{second}, it's your turn (turn 2)")
    client = sandbox.client
    client.open_page()
    turn_2 = message_time(client, "it's your turn (turn 2)")

    # Nobody acts: the skips move the sandbox's clock to each deadline of the turn, which fires at its own time.
    await skip_to_next_deadline(desk, "it's still your turn in this game")
    reminded = message_time(client, "it's still your turn in this game")
    assert abs((reminded - turn_2).total_seconds() - 150) < 1, "reminded at half time"
    assert "clock +" in await desk.locator("#shelfie-clock").inner_text(), "the page says the clock runs ahead"
    await skip_to_next_deadline(desk, "then the computer plays for you")
    await skip_to_next_deadline(desk, f"{second}'s time ran out, so the computer played for them")
    expired = message_time(client, "'s time ran out")
    assert abs((expired - turn_2).total_seconds() - 300) < 1, "expired at the end of the 5 minutes"
    await last_message(desk, f"@{first.group(1)}, it's your turn (turn 3)")

    # On a phone the game goes on, the builder's menu chosen by mouse.
    phone = await open_page(browser, sandbox, PHONE, errors)
    assert await phone.get_by_role("button", name="Skip to next deadline").is_visible()
    await become(phone, first.group(1))
    await pick_tiles_by_mouse(phone)
    await put_in_a_column(phone)
    await shows(phone, f"@{second}, it's your turn (turn 4)")
    assert not [error for error in errors if "favicon" in error], "the browser asks for no icon the page lacks"
