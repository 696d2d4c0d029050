"""A replica of the part of Discord's HTTP API and gateway the bot uses, served on a loopback port so a real bot
process (`SHELFIE_DISCORD_API=http://127.0.0.1:PORT/api/v10`) talks to it over real HTTP and a real WebSocket:
`python -m bench wire` and tests/bot/test_wire.py.

One guild with text channels and members, made before the bot connects; with `shards`, one such guild in each shard
(its id puts it there), and a gateway connection per shard process: each IDENTIFY names its shard, its READY says
so (`shard`) and lists that shard's guild, and each guild's events go to the connection of its shard (DMs to
shard 0's, as Discord does). REST: the bot user, GET /gateway/bot,
command sync (bulk overwrite), interaction callbacks (with `with_response`), the interaction webhooks (followups,
@original and edits of the interaction's own messages, for 15 minutes), channel messages (JSON or multipart with
payload_json and files[n]) and their history (after / before / limit), DM channels. Gateway: HELLO,
IDENTIFY -> READY -> GUILD_CREATE, heartbeat ACKs, zlib-stream (one compressor per connection, a Z_SYNC_FLUSH per
message), INTERACTION_CREATE for the slash commands `slash` sends, and MESSAGE_CREATE / MESSAGE_UPDATE for the
bot's own channel messages, as Discord sends them to a bot with the guild-messages intent. Whatever else the bot
asks is answered 404 and logged at ERROR, so a gap shows.

Like Discord: the first callback of an interaction must arrive within 3 s (later: 404 Unknown interaction), a
second one is refused (400, already acknowledged), and the first followup after a "thinking" defer edits the
original. Rate limits as Discord keeps them for a bot token (requests without it, interaction callbacks and
webhooks, count toward neither):
- a channel's bucket for new messages (POST /channels/{id}/messages, DM channels included): `CHANNEL_LIMIT` in a
  window of `CHANNEL_PERIOD` seconds that opens with its first request, its headers saying what is left and when it
  resets, and a request beyond it refused 429 (`"global": false`, scope `user`). Interaction answers and followups
  are not in it: Discord counts a route's limit per top-level resource and authentication, and theirs is the
  interaction's webhook and token, not the channel and the bot token;
- with `global_limit`, the global limit: a request beyond `global_limit` in the last second is refused 429 with
  `"global": true`.
`limited` counts the 429s by bucket. Other routes answer with headers that always leave requests to spare. Unlike
Discord, and so kinder to the bot: nothing crosses a network (loopback, no TLS), attachments are not stored or
served, and only the latest messages are kept (PATCH of an older one is a loud 404).
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import math
import re
import secrets
import time
import zlib
from collections import Counter, OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from aiohttp import WSMsgType, web

API = "/api/v10"
DISCORD_EPOCH_MS = 1_420_070_400_000
ANSWER_WITHIN = 3.0  # seconds Discord gives an interaction's first callback
TOKEN_LIFETIME = 15 * 60.0  # seconds an interaction's token opens its webhook (followups, edits of its messages)
HISTORY_LIMIT = 100  # messages a channel's history answers at most, as Discord
KEPT_MESSAGES = 20_000  # the latest messages, for edits and deletes
KEPT_INTERACTIONS = 20_000  # the latest interactions, for their callbacks and followups
HEARTBEAT_MS = 41_250
EPHEMERAL = 1 << 6
LOADING = 1 << 7
PRESENCES_INTENT = 1 << 8
GUILD_MESSAGES_INTENT = 1 << 9
DIRECT_MESSAGES_INTENT = 1 << 12
# What @everyone may do in the replica's guild: what the bot needs (bot.client.REQUIRED_PERMISSIONS) and more.
PERMISSIONS = sum(1 << bit for bit in (6, 10, 11, 14, 15, 16, 18, 31, 35, 38))
RATE_HEADERS = {"X-RateLimit-Limit": "50", "X-RateLimit-Remaining": "49", "X-RateLimit-Reset-After": "1.000"}
CHANNEL_LIMIT = 5  # new messages a bot token may post in one channel per window (Discord's: 5 in 5 s)
CHANNEL_PERIOD = 5.0
GLOBAL, CHANNEL = "global", "per-channel"  # the buckets `Replica.limited` counts 429s of

_TOKEN_FREE = (f"{API}/interactions/", f"{API}/webhooks/")  # an interaction's token is its credential
_HEADER = re.compile(r"^([^:\r\n]+):\s*(.*?)\r?$", re.MULTILINE)
_DISPOSITION = re.compile(r'(\w+)="([^"]*)"')

log = logging.getLogger("bench.replica")


def fake_token(application_id: int) -> str:
    """A well-formed bot token for `application_id` (its first part is the id in base64, as Discord's are)."""
    first = base64.b64encode(str(application_id).encode()).decode().rstrip("=")
    return f"{first}.{secrets.token_urlsafe(5)}.{secrets.token_urlsafe(27)}"


class Snowflakes:
    """Discord ids: milliseconds since Discord's epoch, shifted, plus a counter."""

    def __init__(self) -> None:
        self._count = 0

    def __call__(self) -> int:
        self._count += 1
        return (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22 | (self._count & 0x3FFFFF)


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat()


@dataclass
class Sent:
    """An interaction the replica sent to the bot, and what the bot answered."""

    id: int
    token: str
    channel_id: int
    user_id: int
    sent_at: float = 0.0
    first_callback_at: float | None = None
    original_id: int | None = None
    followup_ids: set[int] = field(default_factory=set)  # messages its followups posted (its webhook edits these)
    loading: bool = False
    late: bool = False  # reached the bot after Discord's 3 s: its callback is refused, as Discord does
    replies: list[dict[str, Any]] = field(default_factory=list)  # messages the bot answered with, in order
    answered: asyncio.Event = field(default_factory=asyncio.Event)  # set at the first message of an answer


@dataclass
class Connection:
    """One gateway connection: its socket, its zlib stream and sequence, and what its IDENTIFY asked for."""

    ws: web.WebSocketResponse
    zlib: Any = field(default_factory=zlib.compressobj)
    sequence: int = 0
    shard: tuple[int, int] = (0, 1)  # (shard id, shard count); an unsharded client is shard 0 of 1
    intents: int = 0


@dataclass
class Upload:
    filename: str
    content_type: str
    data: bytes


class Replica:
    """The replica: call `start()`, give the bot `api_base`, then `await connected` and send slash commands."""

    def __init__(self, *, channels: int = 1, people: tuple[str, ...] = ("ann", "ben", "cat", "dan"),
                 global_limit: int | None = None, shards: int = 1) -> None:
        self.ids = Snowflakes()
        self.application_id = self.ids()
        self.token = fake_token(self.application_id)
        self.bot_user = self._user(self.application_id, "Shelfie", bot=True)
        self.shard_count = shards
        self.guild_ids = [self._guild_id_in(shard) for shard in range(shards)]  # guild_ids[n] is in shard n
        self.guild_id = self.guild_ids[0]
        self.guild_of: dict[int, int] = {self.ids(): guild_id for guild_id in self.guild_ids for _ in range(channels)}
        self.channel_ids = list(self.guild_of)  # `channels` in each guild, shard 0's first
        self.people = {self.ids(): name for name in people}
        self.users = {int(user["id"]): user for user in
                      [self.bot_user, *(self._user(uid, name) for uid, name in self.people.items())]}
        self.dm_channels: dict[int, int] = {}  # DM channel id -> the person
        self.commands: dict[str, dict[str, Any]] = {}  # by name, as the bot synced them (with their ids)
        self.interactions: OrderedDict[str, Sent] = OrderedDict()  # by token
        self.messages: OrderedDict[int, dict[str, Any]] = OrderedDict()
        self.requests: Counter[str] = Counter()  # "METHOD route" -> how many
        self.failures: Counter[str] = Counter()  # "METHOD route STATUS" -> how many answered >= 400
        self.global_limit = global_limit  # the bot token's requests per second (None: not enforced)
        self.token_requests = 0  # requests that needed the bot token (all but interaction callbacks and webhooks)
        self._token_requests: deque[float] = deque()  # when the last second's accepted token requests arrived
        self.limited: Counter[str] = Counter()  # 429s by bucket: GLOBAL, CHANNEL
        self._channel_windows: dict[int, tuple[float, int]] = {}  # channel -> (its window's end, messages in it)
        self.callback_types: Counter[int] = Counter()  # an interaction's first callback: 4 message, 5 defer...
        self.pictures: dict[int, bytes] = {}  # channel -> the latest picture posted there (not ephemeral)
        self.on_picture: Callable[[int, float], None] = lambda channel_id, at: None
        self.on_callback: Callable[[Sent], None] = lambda sent: None
        self.connected = asyncio.Event()  # set once every guild's READY and GUILD_CREATE are sent
        self.connections: dict[int, Connection] = {}  # by shard id, once identified
        self._shard_connected: dict[int, asyncio.Event] = {}
        self.intents = 0  # what the bot last asked for in IDENTIFY; events outside them are not sent
        # Commands whose interactions reach the bot too late to be answered (a gateway lagging 3 s behind): Discord
        # refuses their callbacks (404 Unknown interaction), so the bot posts what they made with its token.
        self.late: set[str] = set()
        self._held: dict[str, tuple[asyncio.Event, asyncio.Event]] = {}  # route key -> (reached, released)
        self._runner: web.AppRunner | None = None
        self.base = ""

    # -- serving -------------------------------------------------------------------------------------------------

    def hold(self, key: str) -> tuple[asyncio.Event, asyncio.Event]:
        """Requests of `key` ("GET /gateway/bot") wait, unanswered, until the second event is set; the first is set
        when one arrives: a test can stop the bot at that point of its start."""
        self._held[key] = held = (asyncio.Event(), asyncio.Event())
        return held

    @property
    def api_base(self) -> str:
        return self.base + API

    async def start(self, port: int = 0) -> str:
        app = web.Application(client_max_size=64 * 2**20, middlewares=[self._account])
        for method, path, handler in (
            ("GET", "/users/@me", self._me), ("GET", "/users/{user_id}", self._get_user),
            ("GET", "/oauth2/applications/@me", self._application),
            ("GET", "/gateway/bot", self._gateway_bot), ("GET", "/gateway", self._gateway_bot),
            ("PUT", "/applications/{app}/commands", self._sync), ("PUT", "/applications/{app}/guilds/{guild}/commands", self._sync),
            ("POST", "/interactions/{interaction}/{token}/callback", self._callback),
            ("POST", "/webhooks/{app}/{token}", self._followup),
            ("GET", "/webhooks/{app}/{token}/messages/{message}", self._webhook_message),
            ("PATCH", "/webhooks/{app}/{token}/messages/{message}", self._webhook_message),
            ("DELETE", "/webhooks/{app}/{token}/messages/{message}", self._webhook_message),
            ("POST", "/channels/{channel}/messages", self._post_message),
            ("GET", "/channels/{channel}/messages", self._history),
            ("GET", "/channels/{channel}/messages/{message}", self._channel_message),
            ("PATCH", "/channels/{channel}/messages/{message}", self._channel_message),
            ("DELETE", "/channels/{channel}/messages/{message}", self._channel_message),
            ("GET", "/channels/{channel}", self._get_channel),
            ("POST", "/users/@me/channels", self._open_dm),
        ):
            app.router.add_route(method, API + path, handler)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/{tail:.*}", self._unknown)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        host, bound = site._server.sockets[0].getsockname()[:2]  # type: ignore[union-attr]
        self.base = f"http://{host}:{bound}"
        return self.api_base

    async def close(self) -> None:
        for connection in list(self.connections.values()):
            await connection.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @web.middleware
    async def _account(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """Checks the bot's token where Discord does (not on interaction webhooks) and its rate limits, counts every
        request by route and every refusal; each answer carries rate-limit headers: a channel's bucket for new
        messages says what is left of it, the others always leave requests to spare."""
        route = request.match_info.route.resource
        known = route is not None and "tail" not in request.match_info
        key = f"{request.method} {route.canonical.removeprefix(API) if known else request.path}"  # type: ignore[union-attr]
        self.requests[key] += 1
        if key in self._held:
            reached, released = self._held[key]
            reached.set()
            await released.wait()
        try:
            with_token = request.path.startswith(API) and not request.path.startswith(_TOKEN_FREE)
            self.token_requests += with_token
            channel = _new_message_channel(request) if with_token else None
            bucket: dict[str, str] = {}  # the headers of the channel's bucket for new messages, when it is one
            if with_token and request.headers.get("Authorization") != f"Bot {self.token}":
                response = _error(401, 0, "401: Unauthorized")
            elif with_token and (wait := self._over_global_limit()) is not None:
                self.limited[GLOBAL] += 1
                response = _globally_limited(wait)
            else:
                accepted, bucket = (True, {}) if channel is None else self._channel_bucket(channel)
                if accepted:
                    response = await handler(request)
                else:
                    self.limited[CHANNEL] += 1
                    response = _limited_in_channel(bucket)
        except web.HTTPException as refused:
            response = refused
        except Exception:  # noqa: BLE001 - a replica bug: answered 500 and counted, as any refusal
            log.exception("replica: %s %s failed", request.method, request.path)
            response = _error(500, 0, "500: the replica failed")
        if response.status >= 400:
            self.failures[f"{key} {response.status}"] += 1
            log.warning("replica answered %s %s with %s: %s", request.method, request.path, response.status,
                        getattr(response, "text", ""))
        if not isinstance(response, web.WebSocketResponse):
            response.headers.update(RATE_HEADERS)
            response.headers["X-RateLimit-Bucket"] = key.replace(" ", "-")
            response.headers["X-RateLimit-Reset"] = f"{time.time() + 1:.3f}"
            response.headers.update(bucket)
        return response

    def _channel_bucket(self, channel_id: int) -> tuple[bool, dict[str, str]]:
        """Whether a new message in the channel is within its bucket as Discord keeps it (counted if so: a window
        opens with the first message after the last window ended and takes CHANNEL_LIMIT), and the bucket's
        headers."""
        now = time.monotonic()
        end, count = self._channel_windows.get(channel_id, (0.0, 0))
        if now >= end:
            end, count = now + CHANNEL_PERIOD, 0
        accepted = count < CHANNEL_LIMIT
        if accepted:
            count += 1
            self._channel_windows[channel_id] = (end, count)
        return accepted, {"X-RateLimit-Limit": str(CHANNEL_LIMIT), "X-RateLimit-Remaining": str(CHANNEL_LIMIT - count),
                          "X-RateLimit-Reset-After": f"{end - now:.3f}",
                          "X-RateLimit-Reset": f"{time.time() + end - now:.3f}"}

    def _over_global_limit(self) -> float | None:
        """Seconds until the bot token may make another request, or None (and the request is counted) if it may now:
        at most `global_limit` accepted in any second, as they arrive here."""
        if self.global_limit is None:
            return None
        now = time.monotonic()
        while self._token_requests and self._token_requests[0] + 1.0 <= now:
            self._token_requests.popleft()
        if len(self._token_requests) >= self.global_limit:
            return self._token_requests[0] + 1.0 - now
        self._token_requests.append(now)
        return None

    async def _unknown(self, request: web.Request) -> web.Response:
        log.error("replica: no route for %s %s (the bot asked for something the replica does not serve)",
                  request.method, request.path)
        return _error(404, 0, "404: Not Found (not in the replica)")

    # -- REST: users, gateway, commands ------------------------------------------------------------------------

    def _user(self, user_id: int, name: str, *, bot: bool = False) -> dict[str, Any]:
        return {"id": str(user_id), "username": name, "discriminator": "0", "global_name": name, "avatar": None,
                "bot": bot, "system": False, "public_flags": 0, "flags": 0, "verified": True, "mfa_enabled": False,
                "locale": "en-US"}

    async def _me(self, request: web.Request) -> web.Response:
        return _json(self.bot_user)

    async def _application(self, request: web.Request) -> web.Response:
        """What discord.py's login reads (Client.application_info)."""
        return _json({"id": str(self.application_id), "name": "Shelfie", "description": "", "icon": None,
                      "bot_public": True, "bot_require_code_grant": False, "owner": self.users[next(iter(self.people))],
                      "team": None, "verify_key": secrets.token_hex(32), "flags": 0, "summary": "",
                      "interactions_endpoint_url": None, "bot": self.bot_user})

    async def _get_user(self, request: web.Request) -> web.Response:
        user = self.users.get(int(request.match_info["user_id"]))
        return _json(user) if user is not None else _error(404, 10013, "Unknown User")

    async def _gateway_bot(self, request: web.Request) -> web.Response:
        return _json({
            "url": self.base.replace("http", "ws", 1) + "/gateway", "shards": self.shard_count,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 86_400_000,
                                    "max_concurrency": 1}})

    async def _sync(self, request: web.Request) -> web.Response:
        """Bulk overwrite: the commands as sent, each with its id (kept for the slash commands `slash` builds)."""
        synced = []
        for command in await request.json():
            known = self.commands.get(command["name"])
            command = {**command, "id": known["id"] if known else str(self.ids()),
                       "application_id": str(self.application_id), "version": str(self.ids())}
            if "guild" in request.match_info:
                command["guild_id"] = request.match_info["guild"]
            self.commands[command["name"]] = command
            synced.append(command)
        return _json(synced)

    # -- REST: messages ------------------------------------------------------------------------------------------

    async def _body(self, request: web.Request) -> tuple[dict[str, Any], list[Upload]]:
        """A JSON body, or a multipart one (payload_json and files[n]), split by hand: aiohttp's multipart reader
        costs ~0.25 ms a part in this process, which shares the bot's two cores."""
        if not request.content_type.startswith("multipart/"):
            return (await request.json() if request.can_read_body else {}), []
        boundary = b"--" + request.headers["Content-Type"].partition("boundary=")[2].strip('"').encode()
        body: dict[str, Any] = {}
        uploads = []
        for part in (await request.read()).split(boundary)[1:-1]:
            head, _, data = part[2:-2].partition(b"\r\n\r\n")
            headers = {name.lower(): value for name, value in _HEADER.findall(head.decode())}
            disposition = dict(_DISPOSITION.findall(headers.get("content-disposition", "")))
            if disposition.get("name") == "payload_json":
                body = json.loads(data)
            else:
                uploads.append(Upload(disposition.get("filename", "file"), headers.get("content-type", ""), data))
        return body, uploads

    def _message(self, channel_id: int, body: dict[str, Any], uploads: list[Upload], *,
                 sent: Sent | None = None, flags: int = 0) -> dict[str, Any]:
        message_id = self.ids()
        message = {"id": str(message_id), "channel_id": str(channel_id), "author": self.bot_user,
                   "content": body.get("content") or "", "timestamp": now_iso(), "edited_timestamp": None,
                   "tts": False, "mention_everyone": False, "mentions": [], "mention_roles": [],
                   "attachments": self._attachments(channel_id, body, uploads, []),
                   "embeds": body.get("embeds") or [], "components": body.get("components") or [],
                   "pinned": False, "type": 0 if sent is None else 20, "flags": flags | (body.get("flags") or 0)}
        if channel_id not in self.dm_channels:
            message["guild_id"] = str(self.guild_of[channel_id])
        if sent is not None:
            message["interaction_metadata"] = {"id": str(sent.id), "type": 2, "user": self.users[sent.user_id]}
            message["webhook_id"] = str(self.application_id)
        self._keep(message)
        self._announce("MESSAGE_CREATE", message, uploads)
        return message

    def _attachments(self, channel_id: int, body: dict[str, Any], uploads: list[Upload],
                     kept: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The uploads as Discord describes them (ids, CDN urls), after the earlier attachments the body keeps."""
        keep = {str(item.get("id")) for item in body.get("attachments") or []}
        attachments = [item for item in kept if item["id"] in keep]
        for upload in uploads:
            attachment_id = self.ids()
            url = f"https://cdn.discordapp.com/attachments/{channel_id}/{attachment_id}/{upload.filename}"
            attachments.append({"id": str(attachment_id), "filename": upload.filename, "size": len(upload.data),
                                "url": url, "proxy_url": url.replace("cdn", "media", 1),
                                "content_type": upload.content_type or "application/octet-stream"})
        return attachments

    def _edit(self, message: dict[str, Any], body: dict[str, Any], uploads: list[Upload]) -> dict[str, Any]:
        for key in ("content", "embeds", "components", "flags"):
            if key in body:
                message[key] = body[key] if body[key] is not None else ("" if key == "content" else [])
        if "attachments" in body or uploads:
            message["attachments"] = self._attachments(int(message["channel_id"]), body, uploads,
                                                       message["attachments"])
        message["flags"] = (message.get("flags") or 0) & ~LOADING
        message["edited_timestamp"] = now_iso()
        self._announce("MESSAGE_UPDATE", message, uploads)
        return message

    def _keep(self, message: dict[str, Any]) -> None:
        self.messages[int(message["id"])] = message
        while len(self.messages) > KEPT_MESSAGES:
            self.messages.popitem(last=False)

    def _announce(self, event: str, message: dict[str, Any], uploads: list[Upload]) -> None:
        """The gateway event Discord sends for a visible message, and the turn-picture hook for one with a picture."""
        if message["flags"] & EPHEMERAL:
            return
        channel_id = int(message["channel_id"])
        pictures = [upload.data for upload in uploads if _is_picture(upload.data)]
        if pictures and channel_id not in self.dm_channels:
            self.pictures[channel_id] = pictures[0]
            self.on_picture(channel_id, time.perf_counter())
        intent = DIRECT_MESSAGES_INTENT if channel_id in self.dm_channels else GUILD_MESSAGES_INTENT
        connection = self._connection_of(channel_id)
        if connection is not None and connection.intents & intent:
            self.dispatch(event, message, connection)

    async def _post_message(self, request: web.Request) -> web.Response:
        channel_id = int(request.match_info["channel"])
        if channel_id not in self.dm_channels and channel_id not in self.guild_of:
            return _error(404, 10003, "Unknown Channel")
        body, uploads = await self._body(request)
        return _json(self._message(channel_id, body, uploads))

    async def _history(self, request: web.Request) -> web.Response:
        """A channel's messages everyone sees, newest first, as Discord answers them: the `limit` just after `after`,
        or just before `before`, or the latest."""
        channel = request.match_info["channel"]
        limit = min(int(request.query.get("limit", 50)), HISTORY_LIMIT)
        shown = [message for message in self.messages.values()
                 if message["channel_id"] == channel and not message["flags"] & EPHEMERAL]
        if "after" in request.query:
            after = int(request.query["after"])
            found = [message for message in shown if int(message["id"]) > after][:limit]
            return _json(found[::-1])
        before = int(request.query.get("before", 1 << 63))
        return _json([message for message in shown if int(message["id"]) < before][::-1][:limit])

    async def _channel_message(self, request: web.Request) -> web.Response:
        message = self.messages.get(int(request.match_info["message"]))
        if message is None or message["channel_id"] != request.match_info["channel"]:
            return _error(404, 10008, "Unknown Message")
        return await self._message_verb(request, message)

    async def _message_verb(self, request: web.Request, message: dict[str, Any]) -> web.Response:
        if request.method == "GET":
            return _json(message)
        if request.method == "DELETE":
            self.messages.pop(int(message["id"]), None)
            return web.Response(status=204)
        body, uploads = await self._body(request)
        return _json(self._edit(message, body, uploads))

    async def _get_channel(self, request: web.Request) -> web.Response:
        channel_id = int(request.match_info["channel"])
        if channel_id in self.dm_channels:
            return _json(self._dm_payload(channel_id))
        if channel_id in self.guild_of:
            return _json(self._channel_payload(channel_id))
        return _error(404, 10003, "Unknown Channel")

    async def _open_dm(self, request: web.Request) -> web.Response:
        person = int((await request.json())["recipient_id"])
        if person not in self.people:
            return _error(400, 50007, "Cannot send messages to this user")
        channel_id = next((cid for cid, uid in self.dm_channels.items() if uid == person), None) or self.ids()
        self.dm_channels[channel_id] = person
        return _json(self._dm_payload(channel_id))

    def _dm_payload(self, channel_id: int) -> dict[str, Any]:
        return {"id": str(channel_id), "type": 1, "last_message_id": None,
                "recipients": [self.users[self.dm_channels[channel_id]]]}

    # -- REST: interactions --------------------------------------------------------------------------------------

    def _interaction(self, request: web.Request) -> Sent | None:
        """The interaction whose token the request carries, while the token lives."""
        sent = self.interactions.get(request.match_info["token"])
        if sent is None or ("interaction" in request.match_info and request.match_info["interaction"] != str(sent.id)):
            return None
        if time.perf_counter() - sent.sent_at > TOKEN_LIFETIME:
            return None
        return sent

    async def _callback(self, request: web.Request) -> web.Response:
        now = time.perf_counter()
        sent = self._interaction(request)
        if sent is None or sent.late or (sent.first_callback_at is None and now - sent.sent_at > ANSWER_WITHIN):
            return _error(404, 10062, "Unknown interaction")
        if sent.first_callback_at is not None:
            return _error(400, 40060, "Interaction has already been acknowledged.")
        body, uploads = await self._body(request)
        kind, data = body.get("type"), body.get("data") or {}
        if not isinstance(kind, int):  # Discord refuses a callback without a type and acknowledges nothing
            return _error(400, 50035, "Invalid Form Body: a callback needs a type")
        sent.first_callback_at = now
        self.callback_types[kind] += 1
        self.on_callback(sent)
        flags = data.get("flags") or 0
        answer: dict[str, Any] = {"interaction": {"id": str(sent.id), "type": 2, "activity_instance_id": None,
                                                  "response_message_id": None, "response_message_loading": False,
                                                  "response_message_ephemeral": bool(flags & EPHEMERAL)}}
        if kind == 4:  # a message
            message = self._message(sent.channel_id, data, uploads, sent=sent)
            self._answered(sent, message)
            answer["resource"] = {"type": 4, "message": message}
        elif kind == 5:  # thinking...: the original message, loading until a followup or an edit completes it
            message = self._message(sent.channel_id, {"flags": flags | LOADING}, [], sent=sent)
            sent.loading = True
            answer["interaction"]["response_message_loading"] = True
        elif kind in (6, 8):  # deferred update, autocomplete choices: no message
            sent.answered.set()
            return _json(answer)
        else:
            return _error(400, 50035, f"Invalid Form Body: callback type {kind} is not in the replica")
        sent.original_id = int(message["id"])
        answer["interaction"]["response_message_id"] = message["id"]
        return _json(answer)

    def _answered(self, sent: Sent, message: dict[str, Any]) -> None:
        sent.replies.append(message)
        sent.answered.set()

    async def _followup(self, request: web.Request) -> web.Response:
        sent = self._interaction(request)
        if sent is None or request.match_info["app"] != str(self.application_id):
            return _error(404, 10015, "Unknown Webhook")
        if sent.first_callback_at is None:
            return _error(404, 10015, "Unknown Webhook")  # no followup before the interaction is acknowledged
        body, uploads = await self._body(request)
        original = sent.original_id if sent.loading else None
        if original is not None and original in self.messages:  # the first followup completes the thinking original
            sent.loading = False
            message = self._edit(self.messages[original], body, uploads)
        else:
            message = self._message(sent.channel_id, body, uploads, sent=sent)
            sent.followup_ids.add(int(message["id"]))
        self._answered(sent, message)
        return _json(message)

    async def _webhook_message(self, request: web.Request) -> web.Response:
        sent = self._interaction(request)
        wanted = request.match_info["message"]
        message_id = (sent.original_id if wanted == "@original" else int(wanted)) if sent is not None else None
        message = self.messages.get(message_id) if message_id is not None else None
        if message is None or sent is None or (message_id != sent.original_id and message_id not in sent.followup_ids):
            # an interaction's token opens its own messages only
            return _error(404, 10008, "Unknown Message")
        response = await self._message_verb(request, message)
        if request.method == "PATCH":
            assert sent is not None
            sent.loading = False
            self._answered(sent, message)
        return response

    # -- gateway -------------------------------------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        if request.query.get("compress") != "zlib-stream" or request.query.get("encoding") != "json":
            log.error("replica: the bot asked for a gateway the replica does not speak: %s", request.query_string)
        ws = web.WebSocketResponse(compress=False, max_msg_size=0, autoping=True)
        await ws.prepare(request)
        connection = Connection(ws)
        await self._send(connection, {"op": 10, "d": {"heartbeat_interval": HEARTBEAT_MS, "_trace": ["replica"]}})
        async for frame in ws:
            if frame.type is not WSMsgType.TEXT and frame.type is not WSMsgType.BINARY:
                break
            message = json.loads(frame.data)
            if message["op"] == 1:
                await self._send(connection, {"op": 11})
            elif message["op"] == 2:
                await self._ready(connection, message["d"])
            else:
                log.error("replica: gateway op %s is not in the replica", message["op"])
        if self.connections.get(connection.shard[0]) is connection:
            del self.connections[connection.shard[0]]
            self.shard_connected(connection.shard[0]).clear()
            self.connected.clear()
        return ws

    async def _ready(self, connection: Connection, identify: dict[str, Any]) -> None:
        if identify.get("token") != self.token:
            await connection.ws.close(code=4004, message=b"Authentication failed.")
            return
        shard = tuple(identify.get("shard") or (0, 1))
        if len(shard) != 2 or not 0 <= shard[0] < shard[1]:
            await connection.ws.close(code=4010, message=b"Invalid shard.")
            return
        connection.shard, connection.intents = (int(shard[0]), int(shard[1])), int(identify.get("intents") or 0)
        self.intents = connection.intents
        self.connections[connection.shard[0]] = connection
        guilds = self._guilds_of(connection)
        ready = {"v": 10, "user": self.bot_user, "guilds": [{"id": str(gid), "unavailable": True} for gid in guilds],
                 "session_id": secrets.token_hex(16),
                 "resume_gateway_url": self.base.replace("http", "ws", 1) + "/gateway",
                 "application": {"id": str(self.application_id), "flags": 0}, "private_channels": [],
                 "_trace": ["replica"]}
        if "shard" in identify:
            ready["shard"] = list(connection.shard)  # Discord's READY names the shard a sharded client identified as
        await self._event(connection, "READY", ready)
        for guild_id in guilds:
            await self._event(connection, "GUILD_CREATE", self._guild_payload(guild_id, connection.intents))
        self.shard_connected(connection.shard[0]).set()
        if all(self._connection_of_guild(guild_id) is not None for guild_id in self.guild_ids):
            self.connected.set()

    def shard_connected(self, shard: int) -> asyncio.Event:
        """Set while a bot process is connected as `shard` (its READY and GUILD_CREATEs sent)."""
        return self._shard_connected.setdefault(shard, asyncio.Event())

    def _guild_id_in(self, shard: int) -> int:
        """A new guild id in `shard` of `shard_count`: Discord routes a guild to shard (id >> 22) % count."""
        fresh = self.ids()
        stamp = fresh >> 22
        return (stamp - (stamp - shard) % self.shard_count) << 22 | (fresh & 0x3FFFFF)

    def _guilds_of(self, connection: Connection) -> list[int]:
        shard, count = connection.shard
        return [guild_id for guild_id in self.guild_ids if (guild_id >> 22) % count == shard]

    def _connection_of_guild(self, guild_id: int) -> Connection | None:
        return next((c for c in self.connections.values() if guild_id in self._guilds_of(c) and not c.ws.closed),
                    None)

    def _connection_of(self, channel_id: int) -> Connection | None:
        """The connection a channel's events go to: its guild's shard's, and a DM's to shard 0's."""
        if channel_id in self.dm_channels:
            connection = self.connections.get(0)
            return connection if connection is not None and not connection.ws.closed else None
        return self._connection_of_guild(self.guild_of[channel_id])

    def _guild_payload(self, guild_id: int, intents: int) -> dict[str, Any]:
        """Without the presences intent (the bot's case) Discord lists only the bot among the members."""
        owner = next(iter(self.people))
        listed = self.users.values() if intents & PRESENCES_INTENT else [self.bot_user]
        members: list[dict[str, Any]] = [
            {"user": user, "roles": [], "nick": None, "joined_at": now_iso(), "premium_since": None, "deaf": False,
             "mute": False, "pending": False, "flags": 0, "avatar": None, "communication_disabled_until": None}
            for user in listed]
        channels = [channel_id for channel_id, guild in self.guild_of.items() if guild == guild_id]
        return {"id": str(guild_id), "name": "Replica", "owner_id": str(owner), "icon": None, "splash": None,
                "discovery_splash": None, "banner": None, "description": None, "afk_channel_id": None,
                "afk_timeout": 300, "verification_level": 0, "default_message_notifications": 0,
                "explicit_content_filter": 0, "mfa_level": 0, "premium_tier": 0, "premium_subscription_count": 0,
                "preferred_locale": "en-US", "system_channel_id": None, "system_channel_flags": 0,
                "rules_channel_id": None, "public_updates_channel_id": None, "vanity_url_code": None,
                "application_id": None, "features": [], "emojis": [], "stickers": [],
                "roles": [{"id": str(guild_id), "name": "@everyone", "permissions": str(PERMISSIONS),
                           "position": 0, "color": 0, "hoist": False, "managed": False, "mentionable": False,
                           "flags": 0, "icon": None, "unicode_emoji": None}],
                "member_count": len(self.users), "large": False, "unavailable": False, "joined_at": now_iso(),
                "members": members, "channels": [self._channel_payload(cid) for cid in channels],
                "threads": [], "presences": [], "voice_states": [], "stage_instances": [],
                "guild_scheduled_events": [], "soundboard_sounds": [], "premium_progress_bar_enabled": False}

    def _channel_payload(self, channel_id: int) -> dict[str, Any]:
        position = self.channel_ids.index(channel_id)
        return {"id": str(channel_id), "type": 0, "guild_id": str(self.guild_of[channel_id]),
                "name": f"games-{position}", "position": position,
                "permission_overwrites": [], "parent_id": None, "topic": None, "rate_limit_per_user": 0,
                "last_message_id": None, "nsfw": False}

    async def _send(self, connection: Connection, message: dict[str, Any]) -> None:
        """One gateway message, compressed on the connection's zlib stream (compress and write with no await
        between them, so concurrent senders keep the stream's order)."""
        if connection.ws.closed:
            raise ConnectionError("the bot is not connected to the replica's gateway")
        raw = json.dumps(message, separators=(",", ":")).encode()
        await connection.ws.send_bytes(connection.zlib.compress(raw) + connection.zlib.flush(zlib.Z_SYNC_FLUSH))

    async def _event(self, connection: Connection, name: str, data: dict[str, Any]) -> None:
        connection.sequence += 1
        await self._send(connection, {"op": 0, "t": name, "s": connection.sequence, "d": data})

    def dispatch(self, name: str, data: dict[str, Any], connection: Connection) -> None:
        """A gateway event from a REST handler: sent at once, in order, without waiting for the socket to drain."""
        if not connection.ws.closed:
            asyncio.get_running_loop().create_task(self._event(connection, name, data))

    # -- people ------------------------------------------------------------------------------------------------

    async def slash(self, user_id: int, channel_id: int, name: str, **options: Any) -> Sent:
        """A person types `/name options` in a channel: INTERACTION_CREATE, shaped like Discord's (and simcord's),
        for a command as the bot synced it. Returns once the event is written to the socket; `sent_at` is
        when it was handed to it."""
        words = name.split()
        command = self.commands[words[0]]
        node, nested = command, []
        for word in words[1:]:
            node = next(option for option in node.get("options") or [] if option["name"] == word)
            nested.append(node)
        specs = {option["name"]: option for option in node.get("options") or []}
        given = [{"name": key, "type": specs[key]["type"], "value": value} for key, value in options.items()]
        for parent in reversed(nested):
            given = [{"name": parent["name"], "type": parent["type"], "options": given}]
        sent = Sent(self.ids(), secrets.token_urlsafe(48), channel_id, user_id, late=name in self.late)
        self.interactions[sent.token] = sent
        while len(self.interactions) > KEPT_INTERACTIONS:
            self.interactions.popitem(last=False)
        member: dict[str, Any] = {
            "user": self.users[user_id], "roles": [], "nick": None, "joined_at": now_iso(), "premium_since": None,
            "deaf": False, "mute": False, "pending": False, "flags": 0, "avatar": None,
            "communication_disabled_until": None, "permissions": str(PERMISSIONS)}
        guild_id = self.guild_of[channel_id]
        connection = self._connection_of(channel_id)
        if connection is None:
            raise ConnectionError(f"no bot is connected to the shard of guild {guild_id}")
        sent.sent_at = time.perf_counter()
        await self._event(connection, "INTERACTION_CREATE", {
            "id": str(sent.id), "application_id": str(self.application_id), "type": 2, "token": sent.token,
            "version": 1, "data": {"id": command["id"], "name": command["name"], "type": 1, "options": given,
                                   "guild_id": str(guild_id)},
            "guild_id": str(guild_id), "channel_id": str(channel_id), "channel": self._channel_payload(channel_id),
            "member": member, "locale": "en-US", "guild_locale": "en-US", "app_permissions": str(PERMISSIONS),
            "entitlements": [], "authorizing_integration_owners": {"0": str(guild_id)}, "context": 0,
            "attachment_size_limit": 26_214_400})
        return sent


def _is_picture(data: bytes) -> bool:
    """A PNG or a WebP (Discord shows both inline; the bench must not depend on which the bot encodes)."""
    return data.startswith(b"\x89PNG\r\n\x1a\n") or (data[:4] == b"RIFF" and data[8:12] == b"WEBP")


def _json(data: Any, status: int = 200) -> web.Response:
    """A JSON answer typed exactly as Discord types it: discord.py parses a body only when the content type is
    `application/json`, with no charset (aiohttp's json_response adds one)."""
    return web.Response(body=json.dumps(data, separators=(",", ":")).encode(), status=status,
                        headers={"Content-Type": "application/json"})


def _globally_limited(retry_after: float) -> web.Response:
    """Discord's answer past the global limit. discord.py takes a 429 without a Via header for Cloudflare's ban (and
    gives up): Discord's own come through Google's front end, and say so."""
    response = _json({"message": "You are being rate limited.", "retry_after": round(retry_after, 3), "global": True},
                     status=429)
    response.headers.update({"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global", "Via": "1.1 google",
                             "Retry-After": str(math.ceil(retry_after))})
    return response


def _limited_in_channel(bucket: dict[str, str]) -> web.Response:
    """Discord's answer past a channel's bucket for new messages: the bot's own limit on that route (scope `user`),
    with the bucket's headers (added by the middleware) and when to try again."""
    retry_after = float(bucket["X-RateLimit-Reset-After"])
    response = _json({"message": "You are being rate limited.", "retry_after": round(retry_after, 3), "global": False},
                     status=429)
    response.headers.update({"X-RateLimit-Scope": "user", "Via": "1.1 google",
                             "Retry-After": str(math.ceil(retry_after))})
    return response


_NEW_MESSAGE = re.compile(rf"^{API}/channels/(\d+)/messages$")


def _new_message_channel(request: web.Request) -> int | None:
    """The channel a request posts a new message in (POST /channels/{id}/messages), or None."""
    found = _NEW_MESSAGE.match(request.path) if request.method == "POST" else None
    return int(found.group(1)) if found else None


def _error(status: int, code: int, message: str) -> web.Response:
    return _json({"code": code, "message": message}, status=status)
