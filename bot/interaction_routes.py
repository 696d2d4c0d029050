"""Turn messages carried by an interaction instead of the bot token: the token's global limit left for what has none.

Discord allows a bot token 50 requests a second across its API, but its interaction endpoints (the first response,
the followups, and edits of those messages through the interaction's token) are not bound by that limit. A person's
step is an interaction, so its turn message can travel on it:

- a typed command's response is the turn message itself (a "thinking" message everyone sees first, completed by
  the turn, when the move's own save, posting it — the game's outbox, the pictures — or a typed start's work
  outlasts the grace of `bot.quick_answers`): it says what the move was, under Discord's line naming who typed the
  command, so no private answer is needed;
- a click on a message everyone sees (the turn message, the lobby) is answered by a followup carrying the turn,
  shown as a reply to the clicked message;
- a message whose interaction answered privately (an ephemeral builder, a private "thinking") is not followed up:
  a followup replies to its interaction's first answer, and everyone else would see it reply to a message they
  cannot load. Those turns go with the token.

A message posted through an interaction is edited through it too (collapsing it when the next turn is posted) while
its token lives (`TOKEN_LIFETIME`, less `TOKEN_MARGIN`); later, or after a restart (the tokens are kept in memory
only, never stored or logged), the token's routes take over. What has no interaction (computer turns, expired
turns, reminders, the outbox's repost after a crash) always goes with the token.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import discord

from bot.quick_answers import Deferral, in_time
from bot.replies import deferred_publicly

log = logging.getLogger("shelfie.outbox")

T = TypeVar("T")

THINKING = discord.InteractionResponseType.deferred_channel_message
TOKEN_LIFETIME = 15 * 60.0
"""Seconds an interaction's token is valid for its followups and edits, from the interaction's creation."""
TOKEN_MARGIN = 60.0
"""Seconds before the end of a token's life from which it is no longer used: the step was stamped after the
interaction was created (its 3 s answer), and the bot's clock and Discord's may differ."""

UNAUTHORIZED = 401
"""The HTTP status of Discord's answer to an interaction token it no longer takes ("Invalid Webhook Token")."""
UNKNOWN_MESSAGE = 10008
"""Discord's error code for a message that does not exist (deleted)."""


@dataclass(frozen=True)
class Posted:
    """A message posted through an interaction, and when its step began (on the service's clock)."""

    interaction: discord.Interaction
    original: bool
    since: float


_posted: weakref.WeakKeyDictionary[discord.Client, dict[int, Posted]] = weakref.WeakKeyDictionary()


class Route:
    """A person's step whose turn message may travel on its interaction; `since`: when the step began."""

    def __init__(self, interaction: discord.Interaction, clock: Callable[[], float]) -> None:
        self.interaction = interaction
        self.clock = clock
        self.since = clock()
        self.answered = False  # whether the command's own answer is the turn message
        self._answering = asyncio.Lock()  # the turn as the answer, or the "thinking" defer: one of them
        # the "thinking" message everyone sees is waiting for the turn (one a typed start made before it, too)
        self._thinking = deferred_publicly(interaction)

    @property
    def fresh(self) -> bool:
        return _token_usable(self.since, self.clock())

    @property
    def answers(self) -> bool:
        """Whether the turn message can be the interaction's own response: a typed command not answered yet."""
        return (self.interaction.type is discord.InteractionType.application_command
                and not self.interaction.response.is_done())

    async def in_time(self, work: Awaitable[T]) -> T:
        """The work that posts the turn (the game's outbox, its pictures): when it outlasts the grace of
        bot.quick_answers, a "thinking" message everyone sees answers Discord in time and the turn completes it."""
        if not self.answers:
            return await work
        self._thinking = True
        return await in_time(self.interaction, work, Deferral.PUBLIC, answering=self._answering)

    async def post(self, content: str, **send: Any) -> discord.Message | None:
        """The message posted through the interaction, or None when it cannot carry it (answered privately, a
        token too old, an interaction Discord no longer knows or takes): the caller posts it with the bot token."""
        async with self._answering:
            return await self._post(content, **send)

    async def _post(self, content: str, **send: Any) -> discord.Message | None:
        interaction = self.interaction
        if not self.fresh:
            return None
        message: object
        try:
            if self.answers:
                callback = await interaction.response.send_message(content, **send)
                message, original = callback.resource, True
                if not isinstance(message, discord.Message):  # posted, but Discord's answer did not include it
                    message = await interaction.original_response()
            elif self._thinking and interaction.response.type is THINKING:  # the followup completes it
                message, original = await interaction.followup.send(content, wait=True, **send), True
            elif _clicked_in_public(interaction):  # shown as a reply to the clicked message
                message, original = await interaction.followup.send(content, wait=True, **send), False
            else:
                return None
        except discord.HTTPException as error:
            if not token_refused(error):
                raise
            log.info("an interaction could not carry its turn message; the token posts it: %s", error)
            for file in send.get("files") or ():
                file.reset()
            return None
        self._thinking = False
        self.answered = self.answered or original
        assert isinstance(message, discord.Message)
        _posted.setdefault(interaction.client, {})[message.id] = Posted(interaction, original, self.since)
        return message


async def edit_posted(client: discord.Client, message_id: int, clock: Callable[[], float], **fields: Any) -> bool:
    """Edit a message an interaction posted, through that interaction while its token lives; False when the
    caller must use the bot token (not posted so, token too old, or the edit refused). A message that is gone
    raises NotFound."""
    posted = _forget_old(client, clock).pop(message_id, None)
    if posted is None:
        return False
    if posted.original:
        return await _edited(posted.interaction.edit_original_response(**fields))
    return await _edited(posted.interaction.followup.edit_message(message_id, **fields))


async def edit_clicked(route: Route | None, message_id: int, **fields: Any) -> bool:
    """Edit the message whose button made this step, through the click's own answer (free of the global limit);
    False when `message_id` is not that message or the click was answered otherwise."""
    if route is None or not route.fresh:
        return False
    interaction = route.interaction
    if interaction.type is not discord.InteractionType.component or interaction.message is None \
            or interaction.message.id != message_id:
        return False
    if not interaction.response.is_done():
        return await _edited(interaction.response.edit_message(**fields))
    if interaction.response.type in (discord.InteractionResponseType.deferred_message_update,
                                     discord.InteractionResponseType.message_update):
        return await _edited(interaction.edit_original_response(**fields))
    return False


async def _edited(edit: Awaitable[Any]) -> bool:
    """Whether an edit through an interaction went through; a refusal (an expired or unknown interaction) leaves it
    to the bot token, and a message that is gone raises NotFound (no route can edit it)."""
    try:
        await edit
    except discord.HTTPException as error:
        if error.code == UNKNOWN_MESSAGE:
            raise
        log.info("a message could not be edited through its interaction; the token edits it: %s", error)
        return False
    return True


def token_refused(error: discord.HTTPException) -> bool:
    """Whether Discord refused the interaction itself, so nothing was posted and the bot token may post it at once:
    an interaction it does not know (404), or a token it no longer takes (401, after its 15 minutes, which the bot's
    clock may not yet count as passed)."""
    return isinstance(error, discord.NotFound) or error.status == UNAUTHORIZED


def _clicked_in_public(interaction: discord.Interaction) -> bool:
    """A click on a message everyone sees, answered by acknowledging it or editing that message: a followup then
    replies to the clicked message."""
    return (interaction.type is discord.InteractionType.component and interaction.message is not None
            and not interaction.message.flags.ephemeral
            and interaction.response.type in (discord.InteractionResponseType.deferred_message_update,
                                              discord.InteractionResponseType.message_update))


def _token_usable(since: float, now: float) -> bool:
    """Whether the token of an interaction whose step began at `since` may still be used at `now`."""
    return now - since < TOKEN_LIFETIME - TOKEN_MARGIN


def _forget_old(client: discord.Client, clock: Callable[[], float]) -> dict[int, Posted]:
    """The client's messages posted through interactions whose tokens may still be used (older ones dropped)."""
    posted = _posted.setdefault(client, {})
    now = clock()
    while posted:
        oldest = next(iter(posted))
        if _token_usable(posted[oldest].since, now):
            break
        del posted[oldest]
    return posted
