"""The `/shelfie` commands: lobby, play by typing (with autocomplete), goals, rules, stats.

Commands stay thin: they find the channel's game, ask the service, and hand the result
to the same message code the buttons use (bot/lobby, bot/clicks, bot/outbox), so typing and clicking always
produce the same messages.
"""

from __future__ import annotations

import asyncio
import re

import discord
from discord import app_commands
from discord.ext import commands
from engine.shelfie import COMMON_GOALS, IllegalMove, Move
from engine.shelfie.ai import explain_move
from engine.shelfie.moves import MAX_NOTATION

import bot.games.shelfie.builder  # noqa: F401 - registers the move builder's button handlers
from bot.games.registry import install_face
from bot.games.shelfie import KIND
from bot.games.shelfie.face import ShelfieFace
from bot.games.shelfie.goals import goal_cards_in_dm
from bot.games.shelfie.picks import cells_text, columns_for, suggested_moves
from bot.games.shelfie.pictures import common_goal_picture, turn_pictures
from bot.games.shelfie.rules import rules_embed
from bot.games.shelfie.turn import show_goal, show_shelves, turn_view
from bot.games.shelfie.words import hint_text, pick_choice_text, your_turn_line
from bot.i18n import t
from bot.presenters.refusals import refusal_text
from bot.presenters.user_text import quoted
from bot.presenters.words import seat_names
from bot.quick_answers import Deferral, in_time
from bot.replies import defer_privately, reply_private
from bot.service.errors import ServiceError
from bot.service.models import Seat, Table
from bot.context import channel_locale, service_of
from bot.game_commands import (
    TIME_OPTION,
    LobbyVerbs,
    open_lobby_here,
    option_descriptions,
    resign_here,
    started_table_here,
    table_here,
)
from bot.outbox import adopt_turn_message, announce
from bot.clicks.seats import seat_for_click


AUTOCOMPLETE_LIMIT = 25
"""Discord shows at most 25 autocomplete choices."""
GROUP_NAME = "shelfie"
MENTION = re.compile(r"<@!?([0-9]{15,21})>", re.ASCII)
SEAT_NUMBER = re.compile(r"[0-9]{1,2}", re.ASCII)
"""What autocomplete sends for a seat; ASCII only (str.isdigit also takes superscripts, which int() refuses)."""
TEXT_OPTION = 100
"""Longest name or goal typed into an option; Discord's client stops the typing there."""


def seat_named(table: Table, text: str) -> Seat | None:
    """The seat typed or chosen in `/shelfie shelf player:`: its number (what autocomplete sends),
    a mention, or a name (exact, else the only one that starts with the text), ignoring case."""
    typed = text.strip()
    if SEAT_NUMBER.fullmatch(typed):
        return next((seat for seat in table.seats if seat.index == int(typed) - 1), None)
    mention = MENTION.fullmatch(typed)
    if mention:
        return table.seat_of(int(mention.group(1)))
    wanted = typed.casefold()
    exact = [seat for seat in table.seats if seat.name.casefold() == wanted]
    starting = [seat for seat in table.seats if seat.name.casefold().startswith(wanted)]
    found = exact or starting
    return found[0] if wanted and len(found) == 1 else None


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
@app_commands.allowed_installs(guilds=True, users=False)
class ShelfieCog(LobbyVerbs, commands.GroupCog, group_name=GROUP_NAME,
                 group_description="Play My Shelfie with the people in this channel"):
    kind = KIND

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # ---- lobby ------------------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a My Shelfie lobby in this channel")
    @app_commands.describe(**option_descriptions(GROUP_NAME, "new", "players", "first_game", "refill", "turn_timeout",
                                                 "thread", "hints"))
    @app_commands.choices(refill=[
        app_commands.Choice(name="when only isolated tiles remain (rulebook)", value="isolated"),
        app_commands.Choice(name="when 4 or fewer tiles remain", value="four_or_fewer"),
    ])
    async def new(self, interaction: discord.Interaction, players: app_commands.Range[int, 2, 4] = 4,
                  first_game: bool = False, refill: str = "isolated",
                  turn_timeout: app_commands.Range[str, 1, TIME_OPTION] | None = None,
                  thread: bool = False, hints: bool = False) -> None:
        await open_lobby_here(interaction, KIND, players=players, turn_timeout=turn_timeout, thread=thread,
                              hints=hints, game={"first_game": first_game, "refill": refill})

    # ---- playing ----------------------------------------------------------------------------------

    @app_commands.command(name="take", description="Take 1-3 tiles and put them in a shelf column")
    @app_commands.describe(**option_descriptions(GROUP_NAME, "take", "tiles", "column"))
    async def take(self, interaction: discord.Interaction, tiles: app_commands.Range[str, 1, MAX_NOTATION],
                   column: app_commands.Range[int, 1, 5]) -> None:
        table = await table_here(interaction, KIND)
        if table is None:
            return
        locale = interaction.locale
        try:
            move = Move(Move.parse_tiles(tiles), column - 1)
            # Typed before the current turn began (a burst, or a board the player never saw): out of date.
            sent_at = discord.utils.snowflake_time(interaction.id).timestamp()
            result = await in_time(interaction, service_of(self.bot).play(
                table.game_id, interaction.user.id, move, sent_at=sent_at, seen_turn=table.turn), Deferral.PRIVATE)
        except (ServiceError, IllegalMove) as refusal:
            await reply_private(interaction, refusal_text(refusal, locale))
            return
        await reply_private(interaction, t("reply.played", locale, tiles=cells_text(move.tiles), column=column))
        await announce(interaction, result)

    @take.autocomplete("tiles")
    async def take_tiles(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Legal picks that fit what was typed, each in its placement orders; then the typed text as is."""
        table = await service_of(self.bot).table_in_channel(interaction.channel_id or 0)
        if table is None or table.kind != KIND or table.game is None or table.status != "active":
            return []
        game, locale = table.game, interaction.locale
        choices = [
            app_commands.Choice(name=pick_choice_text(game, m.tiles, locale)[:100], value=m.tiles_text)
            for m in suggested_moves(game, current, AUTOCOMPLETE_LIMIT)
        ]
        typed = current.strip()
        if typed and all(choice.value != typed.upper() for choice in choices):
            echo = typed[:MAX_NOTATION]  # the option takes no more; Discord refuses a longer choice value
            choices = [*choices[: AUTOCOMPLETE_LIMIT - 1], app_commands.Choice(name=echo, value=echo)]
        return choices

    @take.autocomplete("column")
    async def take_column(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        """Only the shelf columns where the chosen tiles fit."""
        table = await service_of(self.bot).table_in_channel(interaction.channel_id or 0)
        if table is None or table.kind != KIND or table.game is None or table.status != "active":
            return []
        game = table.game
        try:
            picked = Move.parse_tiles(str(getattr(interaction.namespace, "tiles", "") or ""))
            columns = columns_for(game, picked)
        except IllegalMove:
            columns = ()
        if not columns:
            seat = game.current_seat
            columns = tuple(c for c in range(5) if game.shelf(seat).free(c) > 0)
        return [app_commands.Choice(name=t("button.column", interaction.locale, n=c + 1), value=c + 1)
                for c in columns if not current or str(c + 1).startswith(str(current))]

    @app_commands.command(name="board", description="Show the table again")
    async def board(self, interaction: discord.Interaction) -> None:
        table = await started_table_here(interaction, KIND)
        if table is None or table.game is None:
            return
        await interaction.response.defer(thinking=True)
        locale = channel_locale(self.bot, table)
        pictures = await turn_pictures(table.game, seat_names(table), locale, table.game.last_report.move
                                       if table.game.last_report else None)
        content = your_turn_line(table, locale) or t("error.game_over", locale)
        view = turn_view(table, locale)
        shown = await interaction.followup.send(content, files=pictures,
                                                allowed_mentions=discord.AllowedMentions.none(),
                                                wait=True, **({"view": view} if view else {}))
        if table.status == "active":
            await adopt_turn_message(self.bot, table, shown)

    @app_commands.command(name="shelf", description="Show a player's bookshelf (a person or a computer)")
    @app_commands.describe(**option_descriptions(GROUP_NAME, "shelf", "player"))
    async def shelf(self, interaction: discord.Interaction,
                    player: app_commands.Range[str, 1, TEXT_OPTION] | None = None) -> None:
        """Without `player`: your own shelf, or every shelf when you are not playing here."""
        table = await started_table_here(interaction, KIND)
        if table is None or table.game is None:
            return
        if player is None:
            own = table.seat_of(interaction.user.id)
            await show_shelves(interaction, table, [own] if own is not None else table.seats)
            return
        seat = seat_named(table, player)
        if seat is None:
            await reply_private(interaction, t("reply.no_such_seat", interaction.locale,
                                               name=quoted(player)))
            return
        await show_shelves(interaction, table, [seat])

    @shelf.autocomplete("player")
    async def shelf_player(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Every seat of this channel's game, people and computers, by number and name."""
        table = await service_of(self.bot).table_in_channel(interaction.channel_id or 0)
        if table is None:
            return []
        locale, typed = interaction.locale, current.strip().casefold()
        choices = []
        for seat in table.seats:
            name = (t("seat.computer", locale, name=seat.name, level=t(f"level.{seat.level}", locale))
                    if seat.is_computer else seat.name)
            label = f"{seat.index + 1}. {name}"[:100]
            if typed in label.casefold():
                choices.append(app_commands.Choice(name=label, value=str(seat.index + 1)))
        return choices[:AUTOCOMPLETE_LIMIT]

    @app_commands.command(name="goal", description="See your secret personal goal, privately")
    async def goal(self, interaction: discord.Interaction) -> None:
        if interaction.guild_id is None:
            await goal_cards_in_dm(interaction)
            return
        table = await table_here(interaction, KIND)
        if table is None:
            return
        found = await seat_for_click(interaction, table.game_id)
        if found is not None:
            await show_goal(interaction, *found)

    @app_commands.command(name="resign", description="Leave the game you are playing here for good")
    async def resign(self, interaction: discord.Interaction) -> None:
        await resign_here(interaction, KIND)

    @app_commands.command(name="hint", description="A suggested move (if the lobby allowed hints)")
    async def hint(self, interaction: discord.Interaction) -> None:
        table = await table_here(interaction, KIND)
        if table is None:
            return
        locale = interaction.locale
        if not table.options.hints:
            await reply_private(interaction, t("reply.no_hints", locale))
            return
        found = await seat_for_click(interaction, table.game_id, must_move=True)
        if found is None or table.game is None:
            return
        await defer_privately(interaction)
        try:
            move = await service_of(self.bot).hint(table.game_id, interaction.user.id)
        except ServiceError as refusal:
            await reply_private(interaction, refusal_text(refusal, locale))
            return
        why = await asyncio.to_thread(explain_move, table.game, move)
        await interaction.followup.send(hint_text(move, why, locale), ephemeral=True)

    # ---- information ------------------------------------------------------------------------------

    @app_commands.command(name="rules", description="The rules, or one common goal explained")
    @app_commands.describe(**option_descriptions(GROUP_NAME, "rules", "goal"))
    async def rules(self, interaction: discord.Interaction,
                    goal: app_commands.Range[str, 1, TEXT_OPTION] | None = None) -> None:
        locale = interaction.locale
        if goal is None:
            await reply_private(interaction, "", embed=rules_embed(locale))
            return
        goal_id = goal if goal in COMMON_GOALS else next(
            (g for g in COMMON_GOALS if t(f"goal.{g}", locale).lower() == goal.strip().lower()), None)
        if goal_id is None:
            await reply_private(interaction, t("rules.unknown_goal", locale, goal=quoted(goal)))
            return
        await defer_privately(interaction)
        text = t("rules.goal", locale, title=t(f"goal.{goal_id}", locale), number=COMMON_GOALS[goal_id].number,
                 text=t(f"goal.{goal_id}.text", locale))
        await interaction.followup.send(text, file=await common_goal_picture(goal_id, locale), ephemeral=True)

    @rules.autocomplete("goal")
    async def rules_goal(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        locale = interaction.locale
        typed = current.strip().lower()
        return [
            app_commands.Choice(name=t(f"goal.{goal_id}", locale), value=goal_id)
            for goal_id in COMMON_GOALS
            if typed in t(f"goal.{goal_id}", locale).lower() or typed in goal_id
        ][:AUTOCOMPLETE_LIMIT]


async def setup(bot: commands.Bot) -> None:
    install_face(KIND, ShelfieFace())
    await bot.add_cog(ShelfieCog(bot))
