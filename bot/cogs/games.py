"""`/games`: the server-wide commands of every game — your games, stats, history, replays, leaderboard, settings
and help.

They reach the games only through the registries: a game kind is offered here once it has a Discord face
(bot.games.registry); its name comes from its engine description.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from engine.registry import rules_of

from bot.games.registry import FACES
from bot.history import finished_choices, show_history
from bot.i18n import t
from bot.presenters.coop import coop_leaderboard_embed, coop_stats_embed, solo_leaderboard_embed, solo_stats_embed
from bot.presenters.embeds import leaderboard_embed, stats_embed
from bot.presenters.words import game_name
from bot.presenters.user_text import CONTENT_LIMIT, capped_lines, quoted
from bot.replays import post_replay
from bot.replies import guild_only, reply_private
from bot.context import display_name, service_of
from bot.service import TableStatus
from bot.service.models import LARGEST_ID

GROUP_NAME = "games"
AUTOCOMPLETE_LIMIT = 25
"""Discord shows at most 25 autocomplete choices."""


def _descriptions(command: str, *options: str) -> dict[str, str]:
    """The English descriptions of a command's options, from the catalog that also holds their Italian ones."""
    return {option: t(f"cmd.{GROUP_NAME}.{command}.{option}.description") for option in options}


GAME_CHOICES = [app_commands.Choice(name=locale_str(rules_of(kind).description.names["en"], key=f"choice.{kind}"),
                                    value=kind) for kind in FACES]
"""Only the games the bot has a face for."""


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
@app_commands.allowed_installs(guilds=True, users=False)
class GamesCog(commands.GroupCog, group_name=GROUP_NAME,
               group_description="Your games, stats and leaderboards of every game, server settings, help"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="list", description="Your active games of every kind and whose turn it is")
    async def list_games(self, interaction: discord.Interaction) -> None:
        if not await guild_only(interaction):
            return
        locale = interaction.locale
        tables = await service_of(self.bot).tables_of(interaction.user.id, interaction.guild_id)
        if not tables:
            await reply_private(interaction, t("games.none", locale))
            return
        lines = [f"**{t('games.title', locale)}**"]
        for table in tables:
            place = f"<#{table.place_id}>"
            name = f"**{game_name(table.kind, locale)}** · "
            if table.status == TableStatus.LOBBY:
                lines.append(name + t("games.lobby", locale, place=place, count=len(table.seats),
                                      players=table.options.players))
                continue
            link = (f"https://discord.com/channels/{table.guild_id}/{table.place_id}/{table.turn_message_id}"
                    if table.turn_message_id else "")
            current = table.current_seat
            if any(seat.user_id == interaction.user.id for seat in table.acting):
                lines.append(name + t("games.your_turn", locale, place=place, turn=table.turn + 1, link=link))
            else:
                lines.append(name + t("games.active", locale, place=place, turn=table.turn + 1,
                                      name=current.name if current else "-", link=link))
        title, *games = lines
        shown = capped_lines(games, t("list.more", locale), CONTENT_LIMIT - len(title) - 1)
        await reply_private(interaction, "\n".join([title, *shown]))

    @app_commands.command(name="stats", description="A player's results in this server, per game")
    @app_commands.describe(**_descriptions("stats", "game", "player"))
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(self, interaction: discord.Interaction, game: str | None = None,
                    player: discord.Member | None = None) -> None:
        if not await guild_only(interaction):
            return
        locale = interaction.locale
        who = player or interaction.user
        assert interaction.guild_id is not None
        service = service_of(self.bot)
        if game is None:
            rows = {row.kind: row for row in await service.stats_by_game(interaction.guild_id, who.id)
                    if row.kind in FACES}
            kinds = [*rows, *(kind for kind in FACES if kind not in rows and rules_of(kind).description.solo)]
        else:
            row = await service.stats(interaction.guild_id, who.id, game)
            rows = {game: row} if row is not None and row.games else {}
            kinds = [game]
        name = display_name(who)
        embeds = []
        for kind in kinds:
            description = rules_of(kind).description
            found = rows.get(kind)
            if description.solo:  # games against others rated, solo games kept per setup beside them
                records = await service.coop_records(interaction.guild_id, who.id, kind)
                embed = solo_stats_embed(found, records, kind, name, locale) if records or found else None
            elif found is None:
                embed = None
            elif description.cooperative:
                embed = coop_stats_embed(found, await service.coop_records(interaction.guild_id, who.id, kind),
                                         name, locale)
            else:
                embed = stats_embed(found, name, locale)
            if embed is not None:
                embed.set_author(name=game_name(kind, locale))
                embeds.append(embed)
        if not embeds:
            await reply_private(interaction, t("stats.none", locale, name=quoted(name)))
            return
        await reply_private(interaction, "", embeds=embeds)

    @app_commands.command(name="history", description="Finished games in this server, newest first, with links to "
                                                       "their ends")
    @app_commands.describe(**_descriptions("history", "player", "game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def history(self, interaction: discord.Interaction, player: discord.Member | None = None,
                      game: str | None = None) -> None:
        if not await guild_only(interaction):
            return
        await show_history(interaction, 0, user_id=None if player is None else player.id, kind=game,
                           name=None if player is None else display_name(player))

    @app_commands.command(name="replay", description="A finished game replayed as one animated picture, with its "
                                                      "move log")
    @app_commands.describe(**_descriptions("replay", "game"))
    @app_commands.autocomplete(game=finished_choices)
    async def replay(self, interaction: discord.Interaction,
                     game: app_commands.Range[int, 1, LARGEST_ID] | None = None) -> None:
        if not await guild_only(interaction):
            return
        assert interaction.guild_id is not None
        game_id = game if game is not None else await service_of(self.bot).last_finished(
            interaction.guild_id, interaction.channel_id or 0)
        if game_id is None:
            locale = interaction.locale
            group = t(f"cmd.{GROUP_NAME}.name", locale)
            await reply_private(interaction, t("replay.none_here", locale,
                                               command=f"/{group} {t(f'cmd.{GROUP_NAME}.replay.name', locale)}",
                                               history=f"/{group} {t(f'cmd.{GROUP_NAME}.history.name', locale)}"))
            return
        await post_replay(interaction, game_id)

    @app_commands.command(name="leaderboard", description="The best players of this server, by rating, per game")
    @app_commands.describe(**_descriptions("leaderboard", "game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction, game: str | None = None) -> None:
        if not await guild_only(interaction):
            return
        locale = interaction.locale
        assert interaction.guild_id is not None
        service = service_of(self.bot)
        embeds = []
        for kind in [game] if game is not None else list(FACES):
            if rules_of(kind).description.cooperative:  # played together: the best results, no rating
                bests = await service.coop_bests(interaction.guild_id, kind)
                embed = coop_leaderboard_embed(kind, bests, locale) if bests else None
            else:
                rows = await service.leaderboard(interaction.guild_id, kind, order="rating")
                embed = leaderboard_embed(rows, locale) if rows else None
            if embed is not None:
                embed.set_author(name=game_name(kind, locale))
                embeds.append(embed)
            if rules_of(kind).description.solo:  # solo games are not rated: their best results per setup
                solos = await service.coop_bests(interaction.guild_id, kind)
                if solos:
                    embeds.append(solo_leaderboard_embed(kind, solos, locale))
                    embeds[-1].set_author(name=game_name(kind, locale))
        if not embeds:
            await reply_private(interaction, t("leaderboard.empty", locale))
            return
        await reply_private(interaction, "", embeds=embeds)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GamesCog(bot))
