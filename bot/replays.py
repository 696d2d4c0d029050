"""Replay: a finished game's whole story, posted in its channel as one animated picture and its move log.

The end message's **Replay** button and `/games replay [game]` (the game finished last in the channel without one)
post the same message: the game played again from its seed and move log, every step drawn as the game's own public
replay frame (render.replay, in a picture worker), each captioned with the words the channel showed for that step,
and the move log in those words as a text file. Both are public in the channel, like the game itself, so they show
only what the channel saw: a secret appears only where the end revealed it (the game's frame decides), and the log
holds the channel's words, never an action's own text (a Librarians card passed hand to hand stays unnamed).
"""

from __future__ import annotations

import datetime
import io
import logging
from dataclasses import replace

import discord
from discord.utils import remove_markdown

from render.replay import Replay, Step, render_replay

from bot.clicks.routing import Origin, handles
from bot.context import channel_locale, service_of
from bot.games.registry import face_of
from bot.i18n import language_of, t
from bot.logging_setup import context
from bot.presenters.refusals import refusal_text
from bot.presenters.user_text import clipped, fit_content
from bot.presenters.words import game_name, seat_names, turn_order_text
from bot.replies import reply_private
from bot.service import PlayResult, ServiceError, TableStatus
from bot.service.models import GameReplay, ReplayedStep, Table
from bot.service.workers import workers

log = logging.getLogger("shelfie.replays")

_drawing: set[tuple[int, int]] = set()
"""(client, game) of the replays being drawn: a second click meanwhile (two people at once, a double click) is told
the replay is on its way instead of drawing it twice."""

WORDS_LIMIT = 300
"""The longest caption of one step (the picture cuts it to its width anyway)."""


def plain(lines: list[str]) -> str:
    """Lines the channel showed, as plain text for a picture or a file: markdown and escapes gone, one line."""
    return " · ".join(remove_markdown(line).replace("\\", "") for line in lines if line)


def step_words(replay: GameReplay, step: ReplayedStep, locale: object) -> str:
    """What one step did, in the words the channel showed for it (the game as it stood right after it)."""
    result = PlayResult(replace(replay.table, game=step.game), (step.turn,))
    return plain(face_of(replay.table.kind).result_lines(result, locale))


def replay_steps(replay: GameReplay, locale: object) -> list[Step]:
    """The start (captioned with the turn order), then every step with its words."""
    start = Step(replay.start, plain([t("turn.game_start", locale, order=turn_order_text(replay.table, locale))]))
    return [start, *(Step(step.game, clipped(step_words(replay, step, locale), WORDS_LIMIT)) for step in replay.steps)]


def _when(at: float) -> str:
    return datetime.datetime.fromtimestamp(at, tz=datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")


def move_log(replay: GameReplay, steps: list[Step], locale: object) -> str:
    """The move log anyone can read: the game, its players, then each step numbered with its time and words."""
    table = replay.table
    lines = [f"{game_name(table.kind, locale)} · {t('replay.game_number', locale, id=table.game_id)}",
             plain([t("turn.game_start", locale, order=turn_order_text(table, locale))]), ""]
    lines += [f"{n:>4}  {_when(step.at)}  {words.words}"
              for n, (step, words) in enumerate(zip(replay.steps, steps[1:]), start=1)]
    return "\n".join(lines) + "\n"


@handles("replay", Origin.TURN)
async def _replay_clicked(interaction: discord.Interaction, game_id: int, args: tuple[str, ...],
                          values: tuple[str, ...]) -> None:
    """The end message's Replay button."""
    await post_replay(interaction, game_id)


async def post_replay(interaction: discord.Interaction, game_id: int) -> None:
    """Post the replay of this finished game of the interaction's server in its channel, or say privately why not."""
    client = interaction.client
    service = service_of(client)
    try:
        table = await service.table(game_id)
    except ServiceError as refusal:
        await reply_private(interaction, refusal_text(refusal, interaction.locale))
        return
    if table.guild_id != interaction.guild_id:  # another server's game is not confirmed to exist
        await reply_private(interaction, t("error.unknown_game", interaction.locale))
        return
    if table.status != TableStatus.FINISHED:
        await reply_private(interaction, t("error.not_finished", interaction.locale))
        return
    key = (id(client), game_id)
    if key in _drawing:
        await reply_private(interaction, t("replay.busy", interaction.locale))
        return
    _drawing.add(key)
    try:
        await interaction.response.defer(thinking=True)
        await _post(interaction, table)
    finally:
        _drawing.discard(key)


async def _post(interaction: discord.Interaction, table: Table) -> None:
    """Replay, draw and post (the interaction deferred in public)."""
    client = interaction.client
    game_id = table.game_id
    try:
        replay = await service_of(client).replay(game_id, table.guild_id)
    except ServiceError as refusal:
        await reply_private(interaction, refusal_text(refusal, interaction.locale))
        return
    locale = channel_locale(client, table)
    steps = replay_steps(replay, locale)
    try:
        drawn: Replay = await workers().draw(render_replay, table.kind, steps, seat_names(table), language_of(locale))
    except TimeoutError:
        log.warning("a replay took too long to draw", extra=context(game_id, table.guild_id, interaction.user.id))
        await reply_private(interaction, t("replay.failed", interaction.locale))
        return
    moves = len(replay.steps)
    text = t("replay.posted", locale, game=game_name(table.kind, locale), id=game_id, moves=moves)
    if len(drawn.shown) < len(steps):
        text += "\n" + t("replay.sampled", locale, shown=len(drawn.shown), total=len(steps))
    files = [discord.File(io.BytesIO(drawn.gif), filename=f"replay-{game_id}.gif"),
             discord.File(io.BytesIO(move_log(replay, steps, locale).encode()), filename=f"moves-{game_id}.txt")]
    await interaction.followup.send(fit_content(text), files=files, allowed_mentions=discord.AllowedMentions.none())


CLICKS = (_replay_clicked,)
"""The button every finished game's end message carries beside Rematch."""
