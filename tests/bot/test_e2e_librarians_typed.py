"""Librarians by typed commands: `/librarians play` from autocomplete, refusals of a card or spot that does not fit
(nothing changes), end, undo, hand, rules; and the game in Italian."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from engine.librarians.cards import letter_text
from librarians_driver import acting, start_librarians, turn_message
from test_game_driver import assert_move_answered, channel_messages, game_here, private_answer

if TYPE_CHECKING:
    from conftest import Table


async def _unchanged(table: Table, before) -> None:
    now = await game_here(table)
    assert (now.version, now.turn, now.game.to_dict()) == before


async def test_typed_cards_and_spots_that_do_not_fit_are_refused_and_change_nothing(table: Table) -> None:
    await start_librarians(table, people=2, computers=0, hints=True)
    player, game = await acting(table)
    other = table.bob if player is table.alice else table.alice
    hint = await player.slash(table.channel, "librarians hint")
    assert hint.response.ephemeral and hint.response.content.startswith("Suggestion: **play "), hint.response.content
    seat = game.current_seat
    stored = await game_here(table)
    before = (stored.version, stored.turn, stored.game.to_dict())

    missing = next(letter_text(n) for n in range(26) if all(game.letters[c] != n for c in game.hands[seat]))
    refused = await player.slash(table.channel, "librarians play", card=missing, spot=1)
    assert f"You have no card {missing} in your hand" in private_answer(refused).content
    far = await player.slash(table.channel, "librarians play", card=game.card(game.hands[seat][0]).letter_text
                             + " " + game.card(game.hands[seat][0]).colour_name, spot=99)
    assert "There is no spot 99: the spots are numbered 1 to" in private_answer(far).content
    early = await player.slash(table.channel, "librarians end")
    assert "Lay 2 more cards before ending the turn." in private_answer(early).content
    nothing = await player.slash(table.channel, "librarians undo")
    assert "There is no card of this turn to take back" in private_answer(nothing).content
    not_yours = await other.slash(table.channel, "librarians play", card="A", spot=1)
    assert "not yours" in private_answer(not_yours).content
    await _unchanged(table, before)

    cards = await player.autocomplete(table.channel, "librarians play", "card", "")
    spots = await player.autocomplete(table.channel, "librarians play", "spot", "", card=cards[0]["value"])
    assert spots and all(" · row " in choice["name"] for choice in spots)
    played = await player.slash(table.channel, "librarians play", card=cards[0]["value"], spot=spots[0]["value"])
    assert_move_answered(played, "Done: ", table.channel)
    assert "put " in channel_messages(table.channel)[-1].content

    stored = await game_here(table)
    game = stored.game
    before = (stored.version, stored.turn, game.to_dict())
    misfit = next(((card, n) for card in game.hands[seat] for n in range(1, len(game.spots()) + 1)
                   if n not in game.legal_spots(card)), None)
    assert misfit is not None, "after one card some spot refuses some card of a hand of three"
    card, number = misfit
    wrong = await player.slash(table.channel, "librarians play",
                               card=f"{game.card(card).letter_text} {game.card(card).colour_name}", spot=number)
    said = private_answer(wrong).content
    assert not said.startswith("Done"), said
    assert any(words in said for words in ("does not fit there", "cannot go on top of",
                                                             "too far from the library"))
    await _unchanged(table, before)

    undone = await player.slash(table.channel, "librarians undo")
    assert_move_answered(undone, "Taken back.", table.channel)
    assert len((await game_here(table)).game.hands[seat]) == 4
    hand = await player.slash(table.channel, "librarians hand")
    assert hand.response.ephemeral and hand.response.content.startswith("Your hand (4 cards)")
    assert [a.filename for a in hand.response.attachments] == ["hand.png"]
    stranger = await table.carol.slash(table.channel, "librarians hand")
    assert "Your hand" not in stranger.response.content
    assert await table.carol.autocomplete(table.channel, "librarians play", "spot", "") == []
    rules = await table.carol.slash(table.channel, "librarians rules", genre="thriller")
    assert "Thriller" in str(rules.response.embeds[0].to_dict())


async def test_a_typed_letter_offers_the_cards_of_that_letter_first(table: Table) -> None:
    """Every card's label says "(N spots)": typing a card's letter offered it last, after every card whose label
    merely held the letter; the cards named by it now come first, in the order the hand shows them."""
    await start_librarians(table, people=2, computers=0)
    player, game = await acting(table)
    everything = await player.autocomplete(table.channel, "librarians play", "card", "")
    assert len(everything) >= 2
    for offered in everything:
        letter = offered["value"].split()[0]
        typed = await player.autocomplete(table.channel, "librarians play", "card", letter.lower())
        named = [choice for choice in everything if choice["value"].split()[0] == letter]
        assert typed[:len(named)] == named, (letter, typed)


async def test_undo_takes_back_one_card_per_use_the_last_one_first_as_the_help_says(table: Table) -> None:
    await start_librarians(table, people=2, computers=0)
    player, game = await acting(table)
    seat = game.current_seat
    laid = []
    for _ in range(2):
        card = (await player.autocomplete(table.channel, "librarians play", "card", ""))[0]["value"]
        spot = (await player.autocomplete(table.channel, "librarians play", "spot", "", card=card))[0]["value"]
        played = await player.slash(table.channel, "librarians play", card=card, spot=spot)
        assert_move_answered(played, "Done", table.channel)
        laid.append(card)
    undone = await player.slash(table.channel, "librarians undo")
    assert_move_answered(undone, "Taken back.", table.channel)
    assert len((await game_here(table)).game.hands[seat]) == 3, "only the last card came back"
    last = channel_messages(table.channel)[-1].content
    assert " took " in last and laid[1] in last and (laid[0] == laid[1] or laid[0] not in last), last
    await player.slash(table.channel, "librarians undo")
    assert len((await game_here(table)).game.hands[seat]) == 4
    help_text = await player.slash(table.channel, "games help")
    assert "**Undo** takes back your last card of this turn" in str([e.to_dict() for e in help_text.response.embeds])


async def test_an_italian_player_reads_the_librarians_lobby_turn_and_builder_in_italian(table: Table,
                                                                                       user_locale) -> None:
    italian = table.env.create_guild("Club italiano", preferred_locale="it")
    channel = italian.create_text_channel("biblioteca")
    alice, bob = italian.add_member(table.alice.user), italian.add_member(table.bob.user)
    user_locale(alice, "it")
    user_locale(bob, "it")
    lobby = (await alice.slash(channel, "librarians new", players=2, black="crime")).response
    assert lobby.content.startswith("**Librarians — nuova partita**")
    assert "🟥 Horror · 🟩 Romanzo rosa · 🟦 Thriller · 🟪 Fantasy · 🟨 Biografia · ⬛ Noir" in lobby.content
    await bob.click(lobby, label="Entra")
    await alice.click(lobby, label="Avvia")
    first = turn_message(channel)
    assert "tocca a te: premi **Gioca**" in first.content and "Carte in mano:" in first.content
    game = await table.bot.service.table_in_channel(channel.id)
    mover = alice if game.current_seat.user_id == alice.id else bob
    builder = (await mover.click(first, label="Gioca")).response
    assert builder.content.startswith("La tua mano (4 carte):")
    dm = mover.user.dm_channel.history()[-1]
    assert "La tua mano segreta per Librarians in **Club italiano** #biblioteca" in dm.content


async def test_closed_dms_leave_the_game_going_and_point_to_my_hand(table: Table) -> None:
    table.env.inject_error("POST", f"/channels/{table.bob.user.dm_channel.id}/messages", status=403, code=50007,
                           message="Cannot send messages to this user", times=None)
    await start_librarians(table, people=2, computers=0)
    first = turn_message(table.channel)
    assert f"{table.bob.mention}, I couldn't send you your hand because your direct messages are closed. " \
           "Press **My hand** or use `/librarians hand`" in first.content
    shown = await table.bob.click(first, label="My hand")
    assert shown.response.ephemeral and shown.response.content.startswith("Your hand (4 cards)")


async def test_games_help_says_how_a_librarians_turn_goes(table: Table) -> None:
    shown = await table.alice.slash(table.channel, "games help")
    (field,) = [f for f in shown.response.embeds[0].fields if f.name == "Librarians"]
    assert "**Play**" in field.value and "**End turn**" in field.value and "`/librarians play`" in field.value


async def test_a_hand_is_never_shown_in_public_when_the_public_thinking_cannot_be_read(
        table: Table, request: pytest.FixtureRequest) -> None:
    """A slow typed End turn thinks in public; its turn went with the bot token (the interaction refused it) and the
    thinking message could not be read: the drawn hand is not sent (a followup would complete that public thinking,
    showing the hand to everyone); **My hand** still shows it."""
    await start_librarians(table, people=2, computers=0)
    player, _ = await acting(table)
    for _ in range(2):
        card = (await player.autocomplete(table.channel, "librarians play", "card", ""))[0]["value"]
        spot = (await player.autocomplete(table.channel, "librarians play", "spot", "", card=card))[0]["value"]
        await player.slash(table.channel, "librarians play", card=card, spot=spot)
    before = (await game_here(table)).game.current_seat
    request.getfixturevalue("slow_steps")  # from here on
    table.env.inject_error("POST", "/webhooks/*", status=404, code=10062, message="Unknown interaction", times=1)
    table.env.inject_error("GET", "/webhooks/*/messages/@original", times=1)
    ended = await player.slash(table.channel, "librarians end")
    assert (await game_here(table)).game.current_seat != before, "the turn ended"
    shown = [*channel_messages(table.channel), *(m for m in ended.followups if not m.ephemeral)]
    if ended.response is not None and not ended.response.ephemeral:
        shown.append(ended.response)
    assert shown and not any("Your hand" in (m.content or "") for m in shown), [m.content for m in shown]
    hand = await player.slash(table.channel, "librarians hand")
    assert hand.response.ephemeral and hand.response.content.startswith("Your hand")
