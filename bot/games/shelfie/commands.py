"""My Shelfie's own commands: play by typing (`take`, with autocomplete), a player's shelf and your personal goal.
The platform adds the rest of `/shelfie` (bot.game_group).

Commands stay thin: they find the channel's game, ask the service, and hand the result to the same message code
the buttons use (bot/clicks, bot/outbox, the game's turn.py), so typing and clicking always produce the same
messages.
"""

from __future__ import annotations

import re

import discord
from discord import app_commands
from engine.numbers import read_number
from engine.shelfie import RULES, IllegalMove, Move
from engine.shelfie.moves import MAX_NOTATION

from bot.games.shelfie.kind import KIND
from bot.games.shelfie.goals import goal_cards_in_dm
from bot.games.shelfie.picks import cells_text, columns_for, suggested_moves
from bot.games.shelfie.turn import show_goal, show_shelves
from bot.games.shelfie.words import pick_choice_text
from bot.i18n import t
from bot.presenters.matching import ranked
from bot.presenters.user_text import quoted
from bot.replies import reply_private
from bot.service.models import Seat, Table
from bot.context import service_of
from bot.game_commands import live_table, option_descriptions, play_typed, seat_here, started_table_here, table_here
from bot.game_group import GameCommands


AUTOCOMPLETE_LIMIT = 25
"""Discord shows at most 25 autocomplete choices."""
GROUP_NAME = "shelfie"
MENTION = re.compile(r"<@!?([0-9]{15,21})>", re.ASCII)
SEAT_NUMBER = re.compile(r"[0-9]{1,2}", re.ASCII)
"""What autocomplete sends for a seat."""
TEXT_OPTION = 100
"""Longest name or goal typed into an option; Discord's client stops the typing there."""


def seat_named(table: Table, text: str) -> Seat | None:
    """The seat typed or chosen in `/shelfie shelf player:`: its number (what autocomplete sends),
    a mention, or a name (exact, else the only one that starts with the text), ignoring case."""
    typed = text.strip()
    if SEAT_NUMBER.fullmatch(typed):
        return next((seat for seat in table.seats if seat.index + 1 == read_number(typed)), None)
    mention = MENTION.fullmatch(typed)
    user_id = read_number(mention.group(1)) if mention else None
    if user_id is not None:
        return table.seat_of(user_id)
    wanted = typed.casefold()
    exact = [seat for seat in table.seats if seat.name.casefold() == wanted]
    starting = [seat for seat in table.seats if seat.name.casefold().startswith(wanted)]
    found = exact or starting
    return found[0] if wanted and len(found) == 1 else None


class ShelfieCommands(GameCommands):
    @app_commands.command(name="take", description="Take 1-3 tiles and put them in a shelf column")
    @app_commands.describe(**option_descriptions(GROUP_NAME, "take", "tiles", "column"))
    async def take(self, interaction: discord.Interaction, tiles: app_commands.Range[str, 1, MAX_NOTATION],
                   column: app_commands.Range[int, 1, 5]) -> None:
        table = await table_here(interaction, KIND)
        if table is not None:
            await play_typed(interaction, table, lambda: Move(Move.parse_tiles(tiles), column - 1), lambda move: t(
                "reply.played", interaction.locale, tiles=cells_text(move.tiles), column=column))

    @take.autocomplete("tiles")
    async def take_tiles(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Legal picks that fit what was typed, each in its placement orders; then the typed text as is."""
        table = await live_table(interaction, KIND)
        if table is None or table.game is None:
            return []
        game, locale = RULES.state_of(table.game), interaction.locale
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
        table = await live_table(interaction, KIND)
        if table is None or table.game is None:
            return []
        game = RULES.state_of(table.game)
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
        table = await service_of(interaction.client).table_in_channel(interaction.channel_id or 0)
        if table is None:
            return []
        locale = interaction.locale
        choices = []
        for seat in table.seats:
            name = (t("seat.computer", locale, name=seat.name, level=t(f"level.{seat.level}", locale))
                    if seat.is_computer else seat.name)
            choices.append(app_commands.Choice(name=f"{seat.index + 1}. {name}"[:100], value=str(seat.index + 1)))
        return ranked(current, choices, AUTOCOMPLETE_LIMIT)

    @app_commands.command(name="goal", description="See your secret personal goal, privately")
    async def goal(self, interaction: discord.Interaction) -> None:
        if interaction.guild_id is None:
            await goal_cards_in_dm(interaction)
            return
        found = await seat_here(interaction, KIND)
        if found is not None:
            await show_goal(interaction, *found)
