"""Private answers to an interaction, however it was answered before: what error reporting and every view send.

Not a view itself, so `bot.error_reporting` (which every view's callbacks use) and the views both import it.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.i18n import t
from bot.presenters.user_text import fit_content

log = logging.getLogger("shelfie.messages")

_DEFERRED_PRIVATELY = "deferred_privately"
"""Set in `interaction.extras` by `defer_privately`: its answer needs no look at the thinking message (a GET of the
original response) to know it is private."""


async def defer_privately(interaction: discord.Interaction) -> None:
    """A "thinking" message only the user sees, which `reply_private` then completes without asking Discord what
    kind of thinking it was."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    interaction.extras[_DEFERRED_PRIVATELY] = True


def deferred_privately(interaction: discord.Interaction) -> bool:
    """Whether the interaction's "thinking" message is the private one of `defer_privately`."""
    return bool(interaction.extras.get(_DEFERRED_PRIVATELY))


def deferred_publicly(interaction: discord.Interaction) -> bool:
    """Whether the interaction was deferred with a "thinking" message everyone sees."""
    return interaction.response.type is discord.InteractionResponseType.deferred_channel_message \
        and not deferred_privately(interaction)


async def reply_private(interaction: discord.Interaction, content: str, *, secret: bool = False,
                        **kwargs: Any) -> None:
    """An ephemeral answer, whether or not the interaction was already answered or deferred, within Discord's limit.

    After a public "thinking" defer, Discord makes the first followup complete that public message whatever
    flags it carries, so the answer would show to everyone: the thinking message first becomes a neutral note,
    the answer follows as its own ephemeral message, and the note is deleted. When Discord cannot say what the
    thinking message is now, a `secret` answer (a hand, which its game's own button shows again) is not sent at all:
    as a followup it could complete a public thinking, and the note could overwrite the turn message that completed
    it; any other answer goes as a followup, at worst shown to everyone."""
    content = fit_content(content)
    if not interaction.response.is_done():
        await interaction.response.send_message(content, ephemeral=True, **kwargs)
        return
    public = await _thinking_in_public(interaction)
    if public is None and secret:
        log.info("a secret answer was not sent: its interaction's thinking message could not be read")
        return
    if public:
        await interaction.edit_original_response(content=t("reply.answered_privately", interaction.locale))
    await interaction.followup.send(content, ephemeral=True, **kwargs)
    if public:
        try:
            await interaction.delete_original_response()
        except discord.HTTPException:
            log.info("could not delete a public thinking message after a private answer")


async def _thinking_in_public(interaction: discord.Interaction) -> bool | None:
    """Whether the interaction was deferred with a public "thinking" message that no answer has completed yet; None
    when that message could not be read (it may be either)."""
    if not deferred_publicly(interaction):
        return False
    try:
        original = await interaction.original_response()
    except discord.HTTPException:
        return None
    return original.flags.loading and not original.flags.ephemeral


async def guild_only(interaction: discord.Interaction) -> bool:
    """False (after saying so) when the command came from a DM: these commands read one server's games."""
    if interaction.guild_id is None:
        await reply_private(interaction, t("error.no_private_messages", interaction.locale))
        return False
    return True
