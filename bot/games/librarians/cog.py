"""The `/librarians` commands: lobby (with a genre per colour), the typed path (`play card spot`, `end`, `undo`,
with autocomplete offering only the asking player's own legal choices), `hand`, `power`, `board`, `rules`,
`hint`, `resign`.

Typing and clicking ask the service for the same actions and the outbox posts the same messages, so a turn can
be played by either, or both in turn.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands
from engine.librarians.actions import EndTurn, Play, Undo
from engine.librarians.data import COLOURS, GENRES
from engine.librarians.game import LibrariansGame

from bot.games.librarians import KIND
from bot.games.librarians.builder import open_builder
from bot.games.librarians.face import LibrariansFace, live_lines
from bot.games.librarians.picks import CHOICE_LIMIT, card_value, matching_cards, playable_cards
from bot.games.librarians.pictures import turn_files
from bot.games.librarians.rules import genre_embed, rules_embed
from bot.games.librarians.turn import act_now, show_hand, turn_view
from bot.games.librarians.words import action_text, card_text, cards_text, librarians_refusal, spot_text
from bot.games.registry import install_face
from bot.i18n import t
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

GROUP_NAME = "librarians"
CARD_OPTION = 40
"""Longest card typed: "F red" and anything a person might add around it, with room."""
MAX_SPOT = 999
GENRE_CHOICES = {colour: [app_commands.Choice(name=t(f"librarians.genre.{genre}"), value=genre)
                          for genre in (*GENRES[colour], "random")] for colour in COLOURS}
"""Each colour's option: its four genres (the first is the default) or random; names translated by value."""
RULES_CHOICES = [app_commands.Choice(name=t(f"librarians.genre.{genre}"), value=genre)
                 for colour in COLOURS for genre in GENRES[colour]]


async def _own_game(interaction: discord.Interaction) -> tuple[LibrariansGame, Seat] | None:
    """This channel's running game and the asking person's seat in it, for autocomplete (which may not answer
    with a message): nobody else's hand is ever offered."""
    table = await service_of(interaction.client).table_in_channel(interaction.channel_id or 0)
    if table is None or table.kind != KIND or table.status != "active" or not isinstance(table.game, LibrariansGame):
        return None
    seat = table.seat_of(interaction.user.id)
    return None if seat is None else (table.game, seat)


async def _my_turn_here(interaction: discord.Interaction) -> tuple[Table, Seat] | None:
    """This channel's game and the person's seat when they act now; else None after saying why."""
    table = await table_here(interaction, KIND)
    if table is None:
        return None
    return await seat_for_click(interaction, table.game_id, must_move=True)


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
@app_commands.allowed_installs(guilds=True, users=False)
class LibrariansCog(LobbyVerbs, commands.GroupCog, group_name=GROUP_NAME,
                    group_description="Play Librarians together with the people in this channel"):
    kind = KIND

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # ---- lobby ------------------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a Librarians lobby in this channel (a co-operative game)")
    @app_commands.describe(**option_descriptions(GROUP_NAME, "new", "players", *COLOURS, "turn_timeout", "thread",
                                                 "hints"))
    @app_commands.choices(**GENRE_CHOICES)
    async def new(self, interaction: discord.Interaction, players: app_commands.Range[int, 2, 6] = 4,
                  red: str | None = None, green: str | None = None, blue: str | None = None,
                  purple: str | None = None, yellow: str | None = None, black: str | None = None,
                  turn_timeout: app_commands.Range[str, 1, TIME_OPTION] | None = None,
                  thread: bool = False, hints: bool = False) -> None:
        chosen = {"red": red, "green": green, "blue": blue, "purple": purple, "yellow": yellow, "black": black}
        await open_lobby_here(interaction, KIND, players=players, turn_timeout=turn_timeout, thread=thread,
                              hints=hints, game={colour: genre for colour, genre in chosen.items() if genre})

    # ---- playing by typing ------------------------------------------------------------------------

    @app_commands.command(name="play", description="Play a card from your hand onto a numbered spot of the library")
    @app_commands.describe(**option_descriptions(GROUP_NAME, "play", "card", "spot"))
    async def play(self, interaction: discord.Interaction, card: app_commands.Range[str, 1, CARD_OPTION],
                   spot: app_commands.Range[int, 1, MAX_SPOT]) -> None:
        """Read the card among the player's own and the spot by its number, play it, say privately what was done;
        a card or spot that does not fit is refused with nothing changed."""
        found = await _my_turn_here(interaction)
        if found is None:
            return
        table, seat = found
        game = table.game
        assert isinstance(game, LibrariansGame)
        locale = interaction.locale
        cards = matching_cards(game, seat.index, card)
        if len(cards) != 1:
            key = "librarians.reply.which_card" if cards else "librarians.reply.no_such_card"
            await reply_private(interaction, t(key, locale, typed=quoted(card),
                                               cards=cards_text((game.card(c) for c in cards or
                                                                 sorted(game.hands[seat.index])), locale)))
            return
        (chosen,) = cards
        spots = game.spots()
        if spot > len(spots):
            await reply_private(interaction, t("librarians.reply.no_such_spot", locale, spot=spot, last=len(spots)))
            return
        try:
            result = await in_time(interaction, service_of(self.bot).play(
                table.game_id, interaction.user.id, Play(chosen, spots[spot - 1]),
                sent_at=discord.utils.snowflake_time(interaction.id).timestamp(), seen_turn=table.turn),
                Deferral.PRIVATE)
        except ServiceError as refusal:
            await reply_private(interaction, librarians_refusal(refusal, locale))
            return
        await reply_private(interaction, t("librarians.reply.played", locale, card=card_text(game.card(chosen), locale),
                                           spot=spot_text(game, spot, locale)))
        await announce(interaction, result)

    @play.autocomplete("card")
    async def play_card(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The asking player's own cards that have a spot now (on their turn), with how many spots each has."""
        found = await _own_game(interaction)
        if found is None:
            return []
        game, seat = found
        locale, typed = interaction.locale, current.strip().casefold()
        choices = []
        for card in playable_cards(game, seat.index):
            name = t("librarians.card_choice", locale, card=card_text(game.card(card), locale),
                     count=len(game.legal_places(card)))[:100]
            value = card_value(game, card, locale)
            if not typed or typed in name.casefold() or value.casefold().startswith(typed):
                choices.append(app_commands.Choice(name=name, value=value))
        return choices[:CHOICE_LIMIT]

    @play.autocomplete("spot")
    async def play_spot(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        """The legal spots of the card chosen in `card`, saying where each is; before a card is chosen, the spots
        of every card of the player's that can go somewhere."""
        found = await _own_game(interaction)
        if found is None:
            return []
        game, seat = found
        playable = playable_cards(game, seat.index)
        named = [c for c in matching_cards(game, seat.index, str(getattr(interaction.namespace, "card", "") or ""))
                 if c in playable]
        numbers = sorted({n for card in (named or playable) for n in game.legal_spots(card)})
        typed = str(current).strip()
        return [app_commands.Choice(name=spot_text(game, n, interaction.locale), value=n)
                for n in numbers if str(n).startswith(typed)][:CHOICE_LIMIT]

    async def _typed(self, interaction: discord.Interaction, action: EndTurn | Undo) -> None:
        """End the turn or take back a card by typing, as the turn message's buttons do."""
        found = await _my_turn_here(interaction)
        if found is not None:
            await act_now(interaction, *found, action, typed=True)

    @app_commands.command(name="end", description="End your turn (the library must be one connected group)")
    async def end(self, interaction: discord.Interaction) -> None:
        await self._typed(interaction, EndTurn())

    @app_commands.command(name="undo", description="Take back the cards you played this turn")
    async def undo(self, interaction: discord.Interaction) -> None:
        await self._typed(interaction, Undo())

    @app_commands.command(name="power", description="Use a genre power you hold")
    async def power(self, interaction: discord.Interaction) -> None:
        """The builder at its powers (or at the choice to make): a power's steps are clicked there."""
        found = await _my_turn_here(interaction)
        if found is not None:
            await open_builder(interaction, *found, powers=True)

    # ---- information ------------------------------------------------------------------------------

    @app_commands.command(name="hand", description="See your secret hand, privately")
    async def hand(self, interaction: discord.Interaction) -> None:
        table = await started_table_here(interaction, KIND)
        if table is None:
            return
        found = await seat_for_click(interaction, table.game_id)
        if found is not None:
            await show_hand(interaction, *found)

    @app_commands.command(name="board", description="Show the library, hand sizes and powers again")
    async def board(self, interaction: discord.Interaction) -> None:
        """The live turn message again at the bottom of the channel (it takes over the buttons)."""
        table = await started_table_here(interaction, KIND)
        if table is None or not isinstance(table.game, LibrariansGame):
            return
        await interaction.response.defer(thinking=True)
        locale = channel_locale(self.bot, table)
        files = await turn_files(table.game, seat_names(table), locale)
        view = turn_view(table, locale)
        content = "\n".join(live_lines(table, None, locale)) or t("error.game_over", locale)
        shown = await interaction.followup.send(content, files=files, allowed_mentions=discord.AllowedMentions.none(),
                                                wait=True, **({"view": view} if view else {}))
        if table.status == "active":
            await adopt_turn_message(self.bot, table, shown)

    @app_commands.command(name="rules", description="How Librarians is played, and what each genre's power does")
    @app_commands.describe(**option_descriptions(GROUP_NAME, "rules", "genre"))
    @app_commands.choices(genre=RULES_CHOICES)
    async def rules(self, interaction: discord.Interaction, genre: str | None = None) -> None:
        embed = genre_embed(genre, interaction.locale) if genre else rules_embed(interaction.locale)
        await reply_private(interaction, "", embed=embed)

    @app_commands.command(name="hint", description="The computer's suggestion for your turn (if the lobby allowed hints)")
    async def hint(self, interaction: discord.Interaction) -> None:
        table = await table_here(interaction, KIND)
        if table is None:
            return
        locale = interaction.locale
        if not table.options.hints:
            await reply_private(interaction, t("librarians.no_hints", locale))
            return
        found = await seat_for_click(interaction, table.game_id, must_move=True)
        if found is None or not isinstance(table.game, LibrariansGame):
            return
        seat = found[1]
        await defer_privately(interaction)
        try:
            action = await service_of(self.bot).hint(table.game_id, interaction.user.id)
        except ServiceError as refusal:
            await interaction.followup.send(librarians_refusal(refusal, locale), ephemeral=True)
            return
        text = action_text(table.game, table.seats, action, locale, seat=seat.index)
        await interaction.followup.send(t("librarians.hint", locale, action=text), ephemeral=True)

    @app_commands.command(name="resign", description="Leave the game you are playing here for good")
    async def resign(self, interaction: discord.Interaction) -> None:
        await resign_here(interaction, KIND)


async def setup(bot: commands.Bot) -> None:
    install_face(KIND, LibrariansFace())
    await bot.add_cog(LibrariansCog(bot))
