"""Interactions a real Discord client would never send, for tests of what the bot does with forged payloads.

simcord's actors send exactly what Discord's client can (options that fit the published command, components
that are on the message). These helpers go one step further, through simcord's own dispatch, the way a
hand-made HTTP request to the bot could: any option value, any custom id.
"""

from __future__ import annotations

import copy
from typing import Any

import simcord
from simcord import actors as simcord_actors
from simcord.backend import serializers
from simcord.components import walk_components
from simcord.enums import AppCommandType, ComponentType, InteractionType


async def forged_slash(actor: Any, channel: simcord.ChannelHandle, name: str,
                       options: list[dict[str, Any]], resolved: dict[str, Any] | None = None) -> Any:
    """`/group sub` with exactly these wire options ({"name", "type", "value"}), whatever they hold."""
    group, sub = name.split()
    root = simcord_actors._resolve_visible_command(actor, channel.id, group, AppCommandType.CHAT_INPUT)
    data: dict[str, Any] = {"id": root["id"], "name": root["name"], "type": AppCommandType.CHAT_INPUT,
                            "options": [{"name": sub, "type": 1, "options": options}]}
    if resolved:
        data["resolved"] = resolved
    return await simcord_actors._dispatch_actor_interaction(actor, InteractionType.APPLICATION_COMMAND, channel, data)


async def forged_click(actor: Any, message: Any, custom_id: str, *, values: list[str] | None = None) -> Any:
    """A click on `message` (one this actor can see) whose component carries `custom_id`: the message payload is
    given that id too, as a client forging both would, so discord.py hands the click to the bot."""
    env = actor._env
    stored = simcord_actors._visible_message(actor, message)
    payload = copy.deepcopy(dict(serializers.message_payload(env.backend, stored)))
    kind = ComponentType.STRING_SELECT if values is not None else ComponentType.BUTTON
    rows = payload.setdefault("components", [])
    component = next((c for c in walk_components(rows) if c.get("type") == kind), None)
    if component is None:
        component = ({"type": kind, "options": [{"label": v, "value": v} for v in values or ["x"]]}
                     if kind is ComponentType.STRING_SELECT else {"type": kind, "style": 2, "label": "x"})
        rows.append({"type": 1, "components": [component]})
    component["custom_id"] = custom_id
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
    if values is not None:
        data["values"] = values
    guild = getattr(actor, "guild", None)
    channel = simcord.ChannelHandle(env, guild, env.backend.get_channel(stored.channel_id))
    return await simcord_actors._dispatch_actor_interaction(
        actor, InteractionType.MESSAGE_COMPONENT, channel, data, extra={"message": payload},
        source_message_id=stored.id)
