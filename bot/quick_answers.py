"""A turn action answered by its result in one response when the work is quick, deferred only when it is slow.

Discord wants a first response to an interaction within 3 seconds. Deferring before the work always costs a request
of its own (the private "thinking" message, or the silent acknowledgement of a click) before the answer follows;
most moves are saved in milliseconds, so the work starts first and the interaction is deferred only when the work
is still running after `QUICK_GRACE`. A quick action costs one request (the response that carries its answer), a
slow one two, as before. The answers (`bot.replies.reply_private`, `answer_by_edit`) go through the response while it
is unused, else through the followup webhook, so the caller writes each answer once.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import enum
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

from bot.replies import defer_privately

T = TypeVar("T")

log = logging.getLogger("shelfie.answers")

UNKNOWN_INTERACTION = 10062
"""Discord's error code for an interaction it no longer takes answers for (it reached the bot after its 3 s)."""

QUICK_GRACE = 0.05
"""Seconds the work may run before the interaction is deferred. A move's commit takes milliseconds on an idle bot, but
on a busy one it waits for the database (bot/store/priority.py puts it before the outbox's work) and for turns of
the event loop, so the grace sets how late a first answer can be. Through the real wire (`bench wire`, quiet machine,
interleaved runs at 80 closed-loop games, before that priority): 0.05 s deferred 23-27% of moves and kept the first
answer's p99 at 69-75 ms with 111-116 moves/s; 0.15 s deferred 13-15% and let it reach 169-203 ms with 106-114
moves/s. With the priority, 2-3% of moves outlast 0.05 s and the p99 is 30-38 ms."""
ANSWER_BUDGET = 2.0
"""Seconds after Discord created the interaction by which it is deferred at the latest: an interaction that reached
a busy bot late gets a shorter grace, leaving a second of Discord's 3 for the defer's own request and a difference
between the bot's clock and Discord's."""


class Deferral(enum.Enum):
    """What the interaction is deferred with when the work is slow; the answer must be of the same kind."""

    PRIVATE = "private"
    """A "thinking" message only the user sees, which the answer (`bot.replies.reply_private`) then
    completes."""
    PUBLIC = "public"
    """A "thinking" message everyone sees, which the channel's turn message then completes
    (`bot.interaction_routes`)."""
    UPDATE = "update"
    """A silent acknowledgement of a click: the answer edits the clicked message (`answer_by_edit`), or adds a
    private message (`reply_private`), or is nothing at all (`acknowledge`)."""


def grace(interaction: discord.Interaction) -> float:
    """How long the work may run before the interaction is deferred: `QUICK_GRACE`, less when the interaction is
    already old (a busy loop reached it late)."""
    return min(QUICK_GRACE, _budget(interaction))


def _budget(interaction: discord.Interaction) -> float:
    """Seconds left until `ANSWER_BUDGET` after Discord created the interaction."""
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    return max(0.0, ANSWER_BUDGET - age)


async def in_time(interaction: discord.Interaction, work: Awaitable[T], deferral: Deferral, *,
                  answering: asyncio.Lock | None = None, accepted: asyncio.Event | None = None) -> T:
    """The work's result (or its exception), the interaction deferred first if the work outlasts its `grace`.
    `answering`: held by work that may answer the interaction itself, so the defer never races its answer.
    `accepted`: set by the work once its checks have passed (a service step, before its save). A public "thinking"
    shows to everyone and its first followup completes it whatever its flags, so a refusal after it could not stay
    private: the public defer waits for that verdict, a refusal is answered privately without one, and a verdict
    not come by `ANSWER_BUDGET` thinks privately instead. One refusal can still follow it: a save that meets another
    process's change (PostgreSQL shards) decides the step again on the stored game, which may refuse it; the
    public thinking then becomes a short note, deleted after the private answer (`bot.replies.reply_private`).

    The work is never cancelled by a failed defer: a move once started is saved or refused whatever becomes of the
    answer (the outbox posts a saved move's turn on its own), and its outcome is awaited before the defer's error
    is raised. An interaction Discord no longer knows (it reached the bot too late) is no error: the work's result
    is returned, its answers fail alike, and what it changed goes with the bot token (bot.interaction_routes)."""
    task = asyncio.ensure_future(work)
    try:
        quick = await _done_within(task, grace(interaction))
        if not quick and deferral is Deferral.PUBLIC and accepted is not None:
            quick = await _judged_within(task, accepted, _budget(interaction))
            if not quick and not accepted.is_set():
                deferral = Deferral.PRIVATE
    except asyncio.CancelledError:
        task.cancel()  # the handler is cancelled (the bot stops): so is its work, as when it ran in the handler
        raise
    if not quick and not interaction.response.is_done():
        try:
            async with answering or contextlib.nullcontext():
                if not interaction.response.is_done():
                    await _defer(interaction, deferral)
        except BaseException as error:
            if not (isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION):
                await asyncio.wait({task})
                if not task.cancelled():
                    task.exception()  # retrieved: the defer's failure is the one reported
                raise
            log.info("an interaction reached the bot too late to be answered; its work goes on: %s", error)
    return await task


async def step_in_time(interaction: discord.Interaction, step: Callable[[asyncio.Event], Awaitable[T]],
                       deferral: Deferral) -> T:
    """`in_time` for a service step that tells its verdict: `step(accepted)` starts it with the event it sets once its
    checks have passed (`in_time`'s `accepted`)."""
    accepted = asyncio.Event()
    return await in_time(interaction, step(accepted), deferral, accepted=accepted)


async def _done_within(task: asyncio.Future[Any], seconds: float) -> bool:
    """Whether the task finished within `seconds` of wall-clock time."""
    await _first_within({task}, seconds)
    return task.done()


async def _judged_within(task: asyncio.Future[Any], accepted: asyncio.Event, seconds: float) -> bool:
    """Whether the task finished, rather than only being accepted, when the first of the two came within `seconds`
    of wall-clock time."""
    verdict = asyncio.ensure_future(accepted.wait())
    try:
        await _first_within({task, verdict}, seconds)
    finally:
        verdict.cancel()
    return task.done()


async def _first_within(awaited: set[asyncio.Future[Any]], seconds: float) -> None:
    """Until the first of `awaited` is done, or `seconds` of wall-clock time have passed. The timer is set in an
    empty context, outside whatever clock a test harness gives the bot's own tasks: simcord's virtual clock moves
    only while the bot is otherwise idle, so it would never let the time end while the work is still running."""
    loop = asyncio.get_running_loop()
    expired: asyncio.Future[None] = loop.create_future()
    timer = contextvars.Context().run(loop.call_later, seconds, _expire, expired)
    try:
        await asyncio.wait({*awaited, expired}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        timer.cancel()


def _expire(expired: asyncio.Future[None]) -> None:
    if not expired.done():
        expired.set_result(None)


async def _defer(interaction: discord.Interaction, deferral: Deferral) -> None:
    if deferral is Deferral.PRIVATE:
        await defer_privately(interaction)
    elif deferral is Deferral.PUBLIC:
        await interaction.response.defer(thinking=True)
    else:
        await interaction.response.defer()


async def answer_by_edit(interaction: discord.Interaction, **fields: Any) -> None:
    """The clicked message edited to the answer: by the response itself, else after the silent defer."""
    if interaction.response.is_done():
        await interaction.edit_original_response(**fields)
    else:
        await interaction.response.edit_message(**fields)


async def acknowledge(interaction: discord.Interaction) -> None:
    """A click whose answer is the channel's next message: acknowledged silently, unless the defer already did."""
    if not interaction.response.is_done():
        await interaction.response.defer()
