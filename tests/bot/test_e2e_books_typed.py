"""A Place for All My Books by typing: `/books play` autocomplete offers only the asking seat's own legal parts,
steps typed in English or Italian are played, a step by the wrong person or one the rules refuse changes nothing
and says why; `/books rules card:` and `/books projects`; a player whose DMs are closed is told where to look."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from books_driver import ids_with, start_books, stored, turn_message
from test_game_driver import assert_move_answered, channel_messages, game_here, private_answer

if TYPE_CHECKING:
    from conftest import Table

SEED = 7


@pytest.fixture
def bot_settings() -> dict[str, Any]:
    return {"seeds": lambda: SEED}


async def test_typed_steps_offer_only_your_own_legal_parts_and_refusals_change_nothing(table: Table) -> None:
    alice, bob, carol = table.alice, table.bob, table.carol
    await start_books(table, people=2)
    game = await stored(table)
    here = await game_here(table)
    seat_of = {person.id: here.seat_of(person.id).index for person in (alice, bob)}

    assert await carol.autocomplete(table.channel, "books play", "step", "") == []
    for person, other in ((alice, bob), (bob, alice)):
        offered = await person.autocomplete(table.channel, "books play", "step", "keep ")
        own, theirs = game.players[seat_of[person.id]].dealt, game.players[seat_of[other.id]].dealt
        assert {choice["value"] for choice in offered} == {f"keep {card}" for card in own}
        assert not any(card in choice["name"] for choice in offered for card in set(theirs) - set(own))
    bad = await alice.slash(table.channel, "books play", step="keep LP99 LP98 LP97")
    assert bad.response.ephemeral and "is not a card id" in bad.response.content
    for person in (alice, bob):
        cards = game.players[seat_of[person.id]].dealt[:3]
        kept = await person.slash(table.channel, "books play", step="tieni " + " ".join(cards).lower())
        assert_move_answered(kept, "Done:", table.channel)
    assert not any(player.dealt for player in (await stored(table)).players)

    game = await stored(table)
    mover = alice if seat_of[alice.id] == game.current else bob
    waiter = bob if mover is alice else alice
    version = (await game_here(table)).version
    assert await waiter.autocomplete(table.channel, "books play", "step", "") == []
    wrong = await waiter.slash(table.channel, "books play", step="rest")
    assert f"It's {mover.name}'s turn, not yours" in private_answer(wrong).content
    garbage = await mover.slash(table.channel, "books play", step="xyzzy")
    assert garbage.response.ephemeral and '"xyzzy" is not an action' in garbage.response.content
    nowhere = await mover.slash(table.channel, "books play", step="sort Z9 > R:A1")
    assert "is not a space of the apartment" in private_answer(nowhere).content
    assert (await game_here(table)).version == version, "refused steps change nothing"

    first = await mover.autocomplete(table.channel, "books play", "step", "")
    assert {"gather", "sort", "rest", "read", "admire"} <= {choice["value"] for choice in first}
    sources = await mover.autocomplete(table.channel, "books play", "step", "gather ")
    stacks = (await stored(table)).players[seat_of[mover.id]].apartment.stacks
    assert {choice["value"] for choice in sources} == {f"gather {space}" for space, stack in stacks.items() if stack}
    rested = await mover.slash(table.channel, "books play", step="riposa")
    assert_move_answered(rested, "Done:", table.channel)
    assert "rested" in rested.response.content
    assert any("rested and drew Little Projects" in m.content for m in channel_messages(table.channel))


async def test_rules_of_one_card_and_your_projects_privately(table: Table) -> None:
    alice, carol = table.alice, table.carol
    card = await carol.slash(table.channel, "books rules", card="LP07")
    embed = card.response.embeds[0]
    assert card.response.ephemeral and embed.title == "LP07 Lived-in Rooms"
    assert "Every room has at least 2 stacks" in embed.description and "the bot's own" in embed.footer.text
    suggested = await carol.autocomplete(table.channel, "books rules", "card", "blan")
    assert [choice["value"] for choice in suggested] == ["NS05"]
    unknown = await carol.slash(table.channel, "books rules", card="zzz")
    assert unknown.response.ephemeral and "No card is called zzz" in unknown.response.content
    whole = await carol.slash(table.channel, "books rules")
    assert "this bot's own original set" in whole.response.embeds[0].description

    await start_books(table, people=2)
    own = await alice.slash(table.channel, "books projects")
    assert own.response.ephemeral or own.followups[-1].ephemeral
    shown = own.followups[-1] if own.followups else own.response
    assert shown.content.startswith("Dealt to you — keep 3 of these 5")
    assert [a.filename for a in shown.attachments] == ["projects.png"]
    stranger = await carol.slash(table.channel, "books projects")
    assert stranger.response.ephemeral and "not playing in this game" in stranger.response.content


async def test_closed_dms_do_not_stop_the_game_and_are_told_without_the_projects(table: Table) -> None:
    alice, bob = table.alice, table.bob
    table.env.inject_error("POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403, code=50007,
                           message="Cannot send messages to this user", times=None)
    await start_books(table, people=2)
    assert (await game_here(table)).status == "active"
    first = turn_message(table.channel)
    assert f"{bob.mention}, I couldn't send you your Little Projects" in first.content
    assert "**My projects**" in first.content and "projects.png" not in [a.filename for a in first.attachments]
    assert len(alice.user.dm_channel.history()) == 1
    clicked = await bob.click(first, custom_id=ids_with(first, "projects")[0])
    shown = clicked.followups[-1] if clicked.followups else clicked.response
    assert shown.ephemeral and shown.content.startswith("Dealt to you — keep 3 of these 5")
    assert [a.filename for a in shown.attachments] == ["projects.png"]


async def test_a_hint_and_an_expired_turn_played_by_the_computer(table: Table) -> None:
    alice, bob = table.alice, table.bob
    await start_books(table, people=2, turn_timeout="10m", hints=True)
    game = await stored(table)
    here = await game_here(table)
    for person in (alice, bob):
        cards = game.players[here.seat_of(person.id).index].dealt[:3]
        await person.slash(table.channel, "books play", step="keep " + " ".join(cards))
    game = await stored(table)
    absent = alice if here.seat_of(alice.id).index == game.current else bob
    hint = await absent.slash(table.channel, "books hint")
    shown = hint.followups[-1] if hint.followups else hint.response
    assert shown.ephemeral and shown.content.startswith("💡 Suggestion: `"), shown.content

    await table.env.advance_time(600 + 1)
    told = "\n".join(message.content for message in channel_messages(table.channel)[-3:])
    assert f"**{absent.name}**'s time ran out: the computer plays for them." in told
    assert (await stored(table)).current != game.current, "the computer played the absent player's whole turn"


async def test_in_the_keep_phase_a_hint_keeps_your_own_and_an_expiry_keeps_for_everyone_who_has_not(
        table: Table) -> None:
    """At the start every seat keeps 3 of its 5 privately, in any order: `/books hint` answers each person with a
    keep of their own dealt projects, and a turn that runs out keeps for every person who has not kept (then plays
    the first seat's turn), never into the next seat's turn."""
    alice, bob, carol = table.alice, table.bob, table.carol
    await start_books(table, people=3, turn_timeout="10m", hints=True)
    game = await stored(table)
    here = await game_here(table)
    dealt = {person.id: game.players[here.seat_of(person.id).index].dealt for person in (alice, bob, carol)}
    for person in (alice, bob, carol):
        hint = await person.slash(table.channel, "books hint")
        shown = hint.followups[-1] if hint.followups else hint.response
        assert shown.ephemeral and shown.content.startswith("💡 Suggestion: `keep "), shown.content
        suggested = shown.content.split("`")[1].split()[1:]
        assert len(suggested) == 3 and set(suggested) <= set(dealt[person.id]), "three of the asker's own five"
    first = game.current
    keeper = next(p for p in (alice, bob, carol) if here.seat_of(p.id).index != first)
    await keeper.slash(table.channel, "books play", step="keep " + " ".join(dealt[keeper.id][:3]))

    await table.env.advance_time(600 + 1)
    game = await stored(table)
    assert not any(player.dealt for player in game.players), "everyone has kept"
    assert game.players[here.seat_of(keeper.id).index].hand[:3] == dealt[keeper.id][:3], "the keeper's own choice"
    assert game.turn == 1 and game.current != first, "the first seat's turn was played, and only it"
    told = "\n".join(message.content for message in channel_messages(table.channel)[-3:])
    for person in (alice, bob, carol):
        if person is not keeper:
            assert f"**{person.name}**'s time ran out" in told
