"""Posting the outbox: every channel announcement of a game, in order, as the game stands when it is posted.

The service records an announcement in the same transaction as each step (start, moves, resign, expired
turn, cancel); here they are posted one game at a time under that game's lock, oldest first, and marked
posted. Only the announcement of the game's current state gets the picture and live buttons; an older
one (its turn has passed, or the game was cancelled meanwhile) posts as its one-line summary. When a new
message is posted, the previous full turn message collapses to its summary, so the channel reads like a
game log with one live turn at the bottom. Pending announcements (and fired reminders, `post_reminder`) left by a
crash or a Discord outage are posted at start and then every `REPOST_EVERY` seconds (the cog's `outbox` loop runs `repost_round`).

A Discord error (5xx), a picture the workers could not draw in time, or a channel that refuses the bot
(Forbidden: permissions changed; given up after `FORBIDDEN_PATIENCE`) leave the announcement pending for the
next pass; only a channel that is gone (NotFound) gives it up at once. A start's secrets (goal DMs) are sent
once, whoever posts the start, and recorded in its announcement.

A person's own step hands its interaction along (`announce`): its message then travels on the interaction's
response or followup where Discord allows it, and the previous turn message collapses through the interaction that
posted it, neither counted against the token's global limit (bot.interaction_routes); the rest goes with the token.

Each message is posted exactly once as far as Discord allows: it is marked "sending" (with a digest of its
text) before it is handed over, by whichever route, with a nonce fixed per announcement that Discord enforces for a
few minutes on the token's route, and an attempt after an interruption between the post and its mark (a crash, a
failed database write) first looks for the message in the channel (`_sent_before`), where every route's message
shows as the bot's. What is left is at-least-once in one corner: a message
Discord took but whose channel shows more than `SENT_SEARCH` newer messages by the next attempt.
"""

from __future__ import annotations

import asyncio
import datetime
import enum
import hashlib
import logging
import weakref
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import discord

from bot.games.registry import face_of
from bot.i18n import lookup, t
from bot.interaction_routes import Route, edit_clicked, edit_posted, token_refused
from bot.live_view import turn_view
from bot.lobby_message import refresh_lobby
from bot.logging_setup import context, game_event
from bot.presenters.user_text import lines_content
from bot.presenters.words import rounded_duration_text, turn_clock, turn_order_text
from bot.replies import reply_private
from bot.secrets import send_secrets
from bot.service import OutboxEvent, TableStatus, background
from bot.service.refusals import CorruptGame
from bot.service.models import Announcement, PlayResult, Seat, Table
from bot.context import channel_locale, pings, place_of, service_of

log = logging.getLogger("shelfie.outbox")

REPOST_EVERY = 60.0
"""How often pending announcements (a Discord outage, a crash) are tried again."""
REPOST_GRACE = 30.0
"""An announcement younger than this is left to the step that recorded it, which posts it at once."""
SENT_SEARCH = 100
"""How many of the channel's messages since an interrupted attempt are searched for its message."""
SENT_CLOCK_SKEW = 10.0
"""Seconds allowed between the bot's clock and Discord's when searching for an interrupted attempt's message."""
FORBIDDEN_PATIENCE = 3600.0
"""How long an announcement the channel refuses (a permission removed, maybe for a moment) is tried again."""

_locks: weakref.WeakValueDictionary[tuple[int, int], asyncio.Lock] = weakref.WeakValueDictionary()


class Delivery(enum.Enum):
    """What became of an announcement: out, waiting for a retry (Discord or the pictures failed, or the channel
    refuses the bot for now), or refused for good."""

    POSTED = "posted"
    RETRY = "retry"
    FORBIDDEN = "forbidden"
    REFUSED = "refused"

    @property
    def pending(self) -> bool:
        return self in (Delivery.RETRY, Delivery.FORBIDDEN)


def _order(client: discord.Client, game_id: int) -> asyncio.Lock:
    key = (id(client), game_id)
    lock = _locks.get(key)
    if lock is None:
        lock = _locks[key] = asyncio.Lock()
    return lock


def _mentions(table: Table, told: Iterable[int] = ()) -> discord.AllowedMentions:
    """Who a game's message may ping: the players who may act while it runs (the turn message, the reminder), every
    person once it is over, and the people a notice of the message is for (`told`: whose DMs are closed); a
    name that looks like a mention pings nobody."""
    seats = table.acting if table.status == TableStatus.ACTIVE else table.seats
    return pings(*(seat.user_id for seat in seats if seat is not None), *told)


async def post_turn(client: discord.Client, result: PlayResult) -> Delivery:
    """Announce a step the service just committed (with its reports), after any older announcement of the game
    still pending. The move is saved whatever this returns."""
    return await flush_game(client, result.table.game_id, live=result)


async def announce(interaction: discord.Interaction, result: PlayResult, *, intro: list[str] | None = None,
                   told: str | None = None) -> None:
    """post_turn for a person's own step, its message carried by the interaction where Discord allows it (not
    counted against the token's global limit: bot.interaction_routes); `told`, the person's private answer, unless
    the turn message answered the command itself. If the channel message could not go out, the person learns
    why."""
    route = Route(interaction, service_of(interaction.client).clock)
    try:
        delivery = await route.in_time(flush_game(interaction.client, result.table.game_id, live=result, intro=intro,
                                                  route=route))
        if told is not None and not route.answered:
            await reply_private(interaction, told)
        if delivery is Delivery.REFUSED:
            await reply_private(interaction, t("reply.cannot_post", interaction.locale))
        elif delivery is Delivery.RETRY:
            await reply_private(interaction, t("reply.post_delayed", interaction.locale))
        elif delivery is Delivery.FORBIDDEN:
            await reply_private(interaction, t("reply.post_forbidden", interaction.locale))
    except discord.HTTPException as error:  # Discord gave up on the interaction (its 3 s, its token's 15 minutes)
        if not token_refused(error):
            raise
        log.info("an interaction expired before its answer; its turn went with the bot token: %s", error)


async def flush_game(client: discord.Client, game_id: int, *, live: PlayResult | None = None,
                     intro: list[str] | None = None, route: Route | None = None) -> Delivery:
    """Post the game's pending announcements in order; returns what became of `live`'s own announcement
    (POSTED when there is none, or another call already posted it). `route`: the interaction of `live`'s step,
    which may carry its message."""
    service = service_of(client)
    async with _order(client, game_id):
        with background():  # the step is saved and answered: moves people are waiting on reach the database first
            outbox = await service.outbox(game_id)
            shown = outbox.live
            mine = None if live is None else live.table.version
            outcome = Delivery.RETRY if any(a.version == mine for a in outbox.pending) else Delivery.POSTED
            for announcement in outbox.pending:
                own = announcement.version == mine
                delivery, shown = await _post(client, announcement, shown, live if own else None,
                                              intro if own else None, route if own else None)
                if own:
                    outcome = delivery
                if delivery.pending:
                    break  # keep the order: later ones wait for this one
            return outcome


async def repost_pending(client: discord.Client, created_before: float) -> None:
    """Post every announcement and fired reminder recorded before `created_before` that is still pending, game by
    game."""
    service = service_of(client)
    for game_id in await service.games_to_announce(created_before):
        try:
            if await service.claim_outbox(game_id):  # else another process serving this shard posts them
                await flush_game(client, game_id)
                await post_reminder(client, game_id)
        except Exception:
            log.exception("could not post a pending announcement", extra=context(game_id, None, None))


async def repost_round(client: discord.Client, *, first: bool) -> None:
    """One pass of the periodic repost: at start everything pending from before, later whatever a Discord
    failure left behind (older than the grace the live step has to post it itself). Never raises."""
    try:
        now = service_of(client).clock()
        await repost_pending(client, now if first else now - REPOST_GRACE)
    except Exception:
        log.exception("the outbox pass failed; the next one retries")


async def post_reminder(client: discord.Client, game_id: int) -> None:
    """The game's fired reminder, posted in the game's order if its turn is still the one being played, then marked
    posted (a channel that is gone gives it up); one a failure left waiting is posted by the next outbox pass."""
    service = service_of(client)
    async with _order(client, game_id):
        with background():
            reminder = await service.pending_reminder(game_id)
            if reminder is None:
                return
            table = reminder.table
            locale = channel_locale(client, table)
            left = rounded_duration_text(max(60.0, reminder.expires_at - service.clock()), locale)
            text = t("turn.final_reminder" if reminder.final else "turn.reminder", locale,
                     mention=f"<@{reminder.seat.user_id}>", left=left)
            try:
                channel = await place_of(client, table)
                await channel.send(text, nonce=f"g{game_id}t{table.turn}{'f' if reminder.final else 'r'}",
                                   allowed_mentions=_mentions(table))
            except discord.NotFound as error:
                log.warning("could not post a reminder (channel gone): %s", error,
                            extra=context(game_id, table.guild_id, None))
            await service.reminder_posted(reminder)


async def adopt_turn_message(client: discord.Client, table: Table, message: discord.Message) -> None:
    """`/shelfie board` shows the current turn again at the bottom of the channel: that message becomes the
    live one and the turn message above collapses to its summary, so the channel still has one live turn.
    A board drawn while the turn moved on only loses its buttons."""
    service = service_of(client)
    async with _order(client, table.game_id):
        current = await service.table(table.game_id)
        live = await service.live_announcement(table.game_id)
        channel = message.channel
        if current.version != table.version or live is None or live.version != current.version:
            await _collapse(client, channel, message.id, None, current)
            return
        await _collapse(client, channel, live.message_id, live.summary, current)
        await service.announcement_moved(live, message.id)
        await service.set_turn_message(table.game_id, message.id)


async def _post(client: discord.Client, announcement: Announcement, previous: Announcement | None,
                live: PlayResult | None, intro: list[str] | None,
                route: Route | None) -> tuple[Delivery, Announcement | None]:
    """Post one announcement after `previous`, the live one (its message still shown in full); returns what became
    of it and the live one after it."""
    service = service_of(client)
    try:
        table = await service.table(announcement.game_id)
    except CorruptGame:  # nothing true can be said about a game that cannot be read: give its notices up
        await service.announcement_posted(announcement, None, None)
        return Delivery.REFUSED, previous
    unknown = table.turn_message_id if previous is None else None  # a turn posted before the outbox existed
    if route is not None and route.interaction.channel_id != table.place_id:
        route = None  # a step typed elsewhere (a thread game's parent channel): its answer is not the game's place
    try:
        channel = await place_of(client, table)
        message, summary = await _send(client, channel, announcement, table, live, intro, route)
    except discord.NotFound as error:
        log.warning("could not post an announcement (channel gone): %s", error,
                    extra=context(table.game_id, table.guild_id, None))
        await service.announcement_posted(announcement, None, None)
        return Delivery.REFUSED, previous
    except discord.Forbidden as error:
        if service.clock() - announcement.created_at < FORBIDDEN_PATIENCE:
            log.warning("the channel refuses an announcement (permissions?); it is tried again later: %s", error,
                        extra=context(table.game_id, table.guild_id, None))
            return Delivery.FORBIDDEN, previous
        log.error("gave up an announcement the channel refused for %g s: %s", FORBIDDEN_PATIENCE, error,
                  extra=context(table.game_id, table.guild_id, None))
        await service.announcement_posted(announcement, None, None)
        return Delivery.REFUSED, previous
    except (discord.HTTPException, TimeoutError) as error:  # a Discord failure, or a picture stuck in a worker
        log.warning("an announcement could not go out now; it is posted again later: %r", error,
                    extra=context(table.game_id, table.guild_id, None))
        return Delivery.RETRY, previous
    # The previous turn collapses before the marks, so all of them are one commit: if that commit fails, the next
    # attempt finds this message in the channel, collapses the previous one again (the same edit) and marks both.
    if previous is not None:
        await _collapse(client, channel, previous.message_id, previous.summary, table, route)
    elif unknown is not None and unknown != message.id:
        await _collapse(client, channel, unknown, None, table, route)
    try:
        await service.turn_posted(announcement, message.id, summary, previous)
    except Exception:  # the message is out: the next attempt finds it in the channel instead of posting it again
        log.exception("an announcement was posted but could not be marked so", extra=context(table.game_id,
                                                                                            table.guild_id, None))
        return Delivery.POSTED, previous  # what the store still holds: the marks were rolled back
    if (table.status != TableStatus.ACTIVE and isinstance(channel, discord.Thread)
            and announcement.version == table.version):
        await _archive(channel, table)
    shown = replace(announcement, posted_at=service.clock(), message_id=message.id, summary=summary)
    return Delivery.POSTED, shown if summary is not None else None


async def _send(client: discord.Client, channel: discord.abc.Messageable, announcement: Announcement, table: Table,
                live: PlayResult | None, intro: list[str] | None,
                route: Route | None) -> tuple[discord.Message, str | None]:
    """Send one announcement; returns the message and the summary it collapses to later (None: it stays)."""
    locale = channel_locale(client, table)
    if announcement.event == OutboxEvent.CANCEL:
        return await _deliver(client, channel, announcement, table, t("lobby.cancelled", locale), route,
                              allowed_mentions=_mentions(table)), None
    result = live or await service_of(client).replayed_result(announcement)
    _log_events(result, ended=announcement.version == table.version and table.status != TableStatus.ACTIVE)
    event_lines = _event_lines(announcement, result, locale)
    # A start's notice of closed DMs may ping exactly those people: the start handler recorded them before
    # posting, or the rebuilt notices just sent the secrets.
    told: Iterable[int] = announcement.closed_dms if announcement.event == OutboxEvent.START else ()
    if intro is None:
        notices, closed = await _rebuilt_notices(client, announcement, table, locale)
        intro, told = event_lines + notices, [seat.user_id for seat in closed if seat.user_id is not None]
    mentions = _mentions(table, told)
    face = face_of(table.kind)
    summary = lines_content([*event_lines, *face.result_lines(result, locale)])
    if announcement.version != table.version:
        return await _deliver(client, channel, announcement, table, summary, route, allowed_mentions=mentions), None
    more, files = await face.turn_message(table, result, locale)
    view = turn_view(table, locale)
    lines = [*intro, *face.result_lines(result, locale), *more, *turn_clock(table, locale)]
    message = await _deliver(client, channel, announcement, table, lines_content(lines), route, files=files,
                             allowed_mentions=mentions, **({"view": view} if view is not None else {}))
    return message, summary if table.status == TableStatus.ACTIVE else None


async def _deliver(client: discord.Client, channel: discord.abc.Messageable, announcement: Announcement,
                   table: Table, content: str, route: Route | None, **send: Any) -> discord.Message:
    """Post an announcement's message once, however often it is tried: through the step's interaction when it
    can carry it (`route`), else with the bot token. An earlier attempt may have reached Discord without being
    marked posted (a crash, a failed database write): the channel is searched for it, whichever route it took
    (and within minutes Discord itself returns a message the token posted for the announcement's nonce). The
    text posted now replaces a found one that showed more (a turn since played collapses to its summary)."""
    found = await _sent_before(client, channel, announcement)
    if found is not None:
        log.info("an announcement was already out; not posting it again", extra=context(table.game_id,
                                                                                        table.guild_id, None))
        if found.content != content and not send.get("files") and send.get("view") is None:
            await _collapse(client, channel, found.id, content, table)
        return found
    await service_of(client).announcement_sending(announcement, _digest(content))
    posted = None if route is None else await route.post(content, **send)
    return posted or await channel.send(content, nonce=_nonce(announcement), **send)


def _nonce(announcement: Announcement) -> str:
    """The same for every attempt at one announcement (Discord's limit: 25 characters)."""
    return f"g{announcement.game_id}v{announcement.version}"


def _digest(content: str) -> str:
    """Recognises a message's text (Discord trims the ends of what it is given)."""
    return hashlib.sha256(content.strip().encode()).hexdigest()[:32]


async def _sent_before(client: discord.Client, channel: discord.abc.Messageable,
                       announcement: Announcement) -> discord.Message | None:
    """The message an earlier attempt posted though it was never marked posted: the bot's, in the channel
    since the first attempt, with the text last handed to Discord."""
    if announcement.sending_at is None or announcement.sent_digest is None or client.user is None:
        return None
    since = datetime.datetime.fromtimestamp(announcement.sending_at - SENT_CLOCK_SKEW, tz=datetime.timezone.utc)
    async for message in channel.history(after=since, limit=SENT_SEARCH, oldest_first=True):
        if message.author.id == client.user.id and _digest(message.content) == announcement.sent_digest:
            return message
    return None


def _event_lines(announcement: Announcement, result: PlayResult, locale: object) -> list[str]:
    """What the step itself was, beyond its moves: the start and its turn order, every seat taken over."""
    if announcement.event == OutboxEvent.START:
        return [t("turn.game_start", locale, order=turn_order_text(result.table, locale))]
    return [t("turn.replaced", locale, name=seat.name) for seat in result.taken_over]


async def _rebuilt_notices(client: discord.Client, announcement: Announcement, table: Table,
                           locale: object) -> tuple[list[str], list[Seat]]:
    """A start posted without its handler's lines (after a crash, a Discord failure, a slow start) may have
    lost the rest of its work too: the lobby message may still show its buttons and the goal DMs may never have
    gone. Redo the lobby, send the DMs unless they went out already, and say whose DMs are closed (returned
    too, as the people the notices may ping)."""
    if announcement.event != OutboxEvent.START:
        return [], []
    await refresh_lobby(client, table)
    if table.status != TableStatus.ACTIVE:
        return [], []
    closed = await _secrets_once(client, announcement, table)
    return closed_dm_notices(closed, table.kind, locale), closed


def dms_closed_text(kind: str, mention: str, locale: object) -> str:
    """Whose DMs refused their secrets and where to see them instead: the game's own words
    (`turn.dms_closed.<kind>`, naming its private button and command) when its catalog has them."""
    own = lookup(f"turn.dms_closed.{kind}", locale, mention=mention)
    return own if own is not None else t("turn.dms_closed", locale, mention=mention)


def closed_dm_notices(closed: list[Seat], kind: str, locale: object) -> list[str]:
    """The channel's lines naming whose DMs refused their secrets."""
    return [dms_closed_text(kind, f"<@{seat.user_id}>", locale) for seat in closed]


async def start_secrets(client: discord.Client, table: Table) -> list[Seat]:
    """The just-started game's secrets by DM, unless the outbox posting its start sent them already; returns the
    seats whose DMs are closed."""
    async with _order(client, table.game_id):
        announcement = await service_of(client).announcement(table.game_id, table.version)
        assert announcement is not None and announcement.event == OutboxEvent.START, "a start records its announcement"
        return await _secrets_once(client, announcement, table)


async def _secrets_once(client: discord.Client, announcement: Announcement, table: Table) -> list[Seat]:
    """Send the step's secrets unless its announcement says they went out (the caller holds the game's order
    lock, so two posters never both send); returns the seats whose DMs are closed."""
    if announcement.secrets_sent:
        return [seat for seat in table.seats if seat.user_id in announcement.closed_dms]
    closed = await send_secrets(client, table)
    await service_of(client).secrets_sent(announcement, [seat.user_id for seat in closed if seat.user_id is not None])
    return closed


def _log_events(result: PlayResult, *, ended: bool) -> None:
    table = result.table
    for played in result.turns:
        game_event(played.kind, game=table.game_id, guild=table.guild_id, user=played.seat.user_id,
                   seat=played.seat.index, move=str(played.move or "-"))
    if ended:
        winner = next((s.seat for s in result.standings if s.won), None)
        game_event("finished", game=table.game_id, guild=table.guild_id, user=None, reason=table.end_reason,
                   winner=winner.index if winner else "-")


async def _collapse(client: discord.Client, channel: discord.abc.Messageable, message_id: int | None,
                    summary: str | None, table: Table, route: Route | None = None) -> None:
    """The previous turn message becomes its one-line summary, without picture or buttons (with no summary
    known, it only loses its buttons): through the click that made this step when it was on that message, or
    through the interaction that posted it while its token lives, else with the bot token. A failed edit (message
    deleted, Discord down) only leaves an old message as it was: the game goes on."""
    if message_id is None:
        return
    fields: dict[str, Any] = {"view": None}
    if summary:
        fields.update(content=summary, attachments=[], allowed_mentions=discord.AllowedMentions.none())
    try:
        if not (await edit_clicked(route, message_id, **fields)
                or await edit_posted(client, message_id, service_of(client).clock, **fields)):
            await channel.get_partial_message(message_id).edit(**fields)  # type: ignore[attr-defined]
    except discord.NotFound:  # deleted, or in a channel that did not keep it (the sandbox's, after a restart)
        log.info("the previous turn message is gone; nothing to collapse", extra=context(table.game_id,
                                                                                         table.guild_id, None))
    except discord.HTTPException as error:
        log.warning("could not collapse the previous turn message: %s", error,
                    extra=context(table.game_id, table.guild_id, None))


async def _archive(thread: discord.Thread, table: Table) -> None:
    try:
        await thread.edit(archived=True)
    except discord.HTTPException as error:
        log.warning("could not archive the finished game's thread: %s", error,
                    extra=context(table.game_id, table.guild_id, None))
