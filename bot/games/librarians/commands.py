"""Librarians' own commands: the typed path (`play card spot`, `end`, `undo`, with autocomplete offering only the
asking player's own legal choices), `power` and `hand`. The platform adds the rest of `/librarians`
(bot.game_group).

Typing and clicking ask the service for the same actions and the outbox posts the same messages, so a turn can
be played by either, or both in turn.
"""

from __future__ import annotations

import discord
from discord import app_commands
from engine.librarians import RULES
from engine.librarians.actions import EndTurn, Play, Undo
from engine.librarians.game import LibrariansGame

from bot.games.librarians.kind import KIND
from bot.games.librarians.builder import open_builder
from bot.games.librarians.picks import CHOICE_LIMIT, card_value, matching_cards, playable_cards
from bot.games.librarians.turn import act_now, show_hand
from bot.games.librarians.words import card_text, cards_text, spot_text
from bot.i18n import t
from bot.presenters.matching import ranked
from bot.presenters.user_text import quoted
from bot.replies import reply_private
from bot.service.models import Seat
from bot.game_commands import live_table, option_descriptions, play_typed, seat_here
from bot.game_group import GameCommands

GROUP_NAME = "librarians"
CARD_OPTION = 40
"""Longest card typed: "F red" and anything a person might add around it, with room."""
MAX_SPOT = 999


async def _own_game(interaction: discord.Interaction) -> tuple[LibrariansGame, Seat] | None:
    """This channel's running game and the asking person's seat in it, for autocomplete (which may not answer
    with a message): nobody else's hand is ever offered."""
    table = await live_table(interaction, KIND)
    if table is None or not isinstance(table.game, LibrariansGame):
        return None
    seat = table.seat_of(interaction.user.id)
    return None if seat is None else (table.game, seat)


class LibrariansCommands(GameCommands):
    # ---- playing by typing ------------------------------------------------------------------------

    @app_commands.command(name="play", description="Play a card from your hand onto a numbered spot of the library")
    @app_commands.describe(**option_descriptions(GROUP_NAME, "play", "card", "spot"))
    async def play(self, interaction: discord.Interaction, card: app_commands.Range[str, 1, CARD_OPTION],
                   spot: app_commands.Range[int, 1, MAX_SPOT]) -> None:
        """Read the card among the player's own and the spot by its number, play it, say privately what was done;
        a card or spot that does not fit is refused with nothing changed."""
        found = await seat_here(interaction, KIND, must_move=True)
        if found is None:
            return
        table, seat = found
        game = RULES.state_of(table.game)
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
        await play_typed(interaction, table, lambda: Play(chosen, spots[spot - 1]), lambda _: t(
            "librarians.reply.played", locale, card=card_text(game.card(chosen), locale),
            spot=spot_text(game, spot, locale)))

    @play.autocomplete("card")
    async def play_card(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The asking player's own cards that have a spot now (on their turn), with how many spots each has."""
        found = await _own_game(interaction)
        if found is None:
            return []
        game, seat = found
        locale = interaction.locale
        choices = [app_commands.Choice(name=t("librarians.card_choice", locale, card=card_text(game.card(card), locale),
                                              count=len(game.legal_places(card)))[:100],
                                       value=card_value(game, card, locale))
                   for card in playable_cards(game, seat.index)]
        return ranked(current, choices, CHOICE_LIMIT)

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
        found = await seat_here(interaction, KIND, must_move=True)
        if found is not None:
            await act_now(interaction, *found, action, typed=True)

    @app_commands.command(name="end", description="End your turn (the library must be one connected group)")
    async def end(self, interaction: discord.Interaction) -> None:
        await self._typed(interaction, EndTurn())

    @app_commands.command(name="undo", description="Take back the last card you played this turn (again for the one before)")
    async def undo(self, interaction: discord.Interaction) -> None:
        await self._typed(interaction, Undo())

    @app_commands.command(name="power", description="Use a genre power you hold")
    async def power(self, interaction: discord.Interaction) -> None:
        """The builder at its powers (or at the choice to make): a power's steps are clicked there."""
        found = await seat_here(interaction, KIND, must_move=True)
        if found is not None:
            await open_builder(interaction, *found, powers=True)

    # ---- information ------------------------------------------------------------------------------

    @app_commands.command(name="hand", description="See your secret hand, privately")
    async def hand(self, interaction: discord.Interaction) -> None:
        found = await seat_here(interaction, KIND)
        if found is not None:
            await show_hand(interaction, *found)
